import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { formatFechaHora } from '../../../shared/format/fechas';
import type { ObjetoAuditado } from '../api/adminApi';
import { useAuditoria } from '../api/adminQueries';

/** Who changed this object, what and when (the audit log), newest first. */
export function AuditoriaDialog({
  objeto,
  id,
  titulo,
  onClose,
}: {
  objeto: ObjetoAuditado;
  id: number;
  titulo: string;
  onClose: () => void;
}) {
  const entradas = useAuditoria(objeto, id);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Historial de cambios: {titulo}</DialogTitle>
      <DialogContent>
        {entradas.isSuccess && entradas.data.length === 0 && (
          <Typography color="textSecondary">Sin cambios registrados.</Typography>
        )}
        <List dense aria-label="Historial de cambios">
          {(entradas.data ?? []).map((entrada) => (
            <ListItem key={entrada.id} disableGutters>
              <ListItemText
                primary={
                  <>
                    <strong>{entrada.accion}</strong>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {' '}
                      · {entrada.usuario || 'sistema'} · {formatFechaHora(entrada.fecha)}
                    </Box>
                  </>
                }
                secondary={entrada.detalle}
                slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
