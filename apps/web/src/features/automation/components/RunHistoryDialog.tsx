import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { mensajes, type Programa } from '@nexo/contracts';
import { formatFechaHora } from '../../../shared/format/fechas';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';

type Run = Programa['historial'][number];

/** The execution history: each run (the one without an end date is the current one), its log in the row's detail. */
export function RunHistoryDialog({ programa, onClose }: { programa: Programa; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle>
        {mensajes.historialEjecuciones}: {programa.nombre}
      </DialogTitle>
      <DialogContent>
        <ResponsiveTable<Run>
          bare
          label={mensajes.historialEjecuciones}
          rows={programa.historial}
          rowKey={(run) => run.id}
          emptyText="Todavía no se ejecutó."
          defaultSort={{ column: 'inicio', direction: 'desc' }}
          columns={[
            {
              id: 'inicio',
              label: 'Inicio',
              phone: 'title',
              nowrap: true,
              value: (run) => run.fechaInicio,
              render: (run) => formatFechaHora(run.fechaInicio),
            },
            {
              id: 'fin',
              label: 'Fin',
              nowrap: true,
              value: (run) => run.fechaFinalizacion ?? Number.MAX_SAFE_INTEGER,
              render: (run) =>
                run.fechaFinalizacion === null ? 'En curso' : formatFechaHora(run.fechaFinalizacion),
            },
            { id: 'registros', label: 'Registros', align: 'right', value: (run) => run.logs.length },
          ]}
          detailLabel={(run, open) =>
            `${open ? mensajes.ocultarDetalle : mensajes.verDetalle} de la ejecución del ${formatFechaHora(run.fechaInicio)}`
          }
          detail={(run) =>
            run.logs.length === 0 ? (
              <Typography variant="body2" color="textSecondary" sx={{ py: 1 }}>
                Sin registros.
              </Typography>
            ) : (
              <List dense>
                {run.logs.map((log) => (
                  <ListItem key={log.id} disableGutters>
                    <ListItemText
                      primary={log.tarea ? `${log.tarea.nombre}: ${log.descripcion}` : log.descripcion}
                      secondary={formatFechaHora(log.fecha)}
                    />
                  </ListItem>
                ))}
              </List>
            )
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{mensajes.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
