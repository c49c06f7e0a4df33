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
} from '@mui/material';
import { type Evento, mensajes } from '@nexo/contracts';
import { formatFechaHora } from '../../../shared/format/fechas';
import { describeAction, describeWhen } from './eventText';

/** The event's info modal: when it acts, each action and, for a scheduled one, its next run. */
export function EventInfoDialog({ evento, onClose }: { evento: Evento; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{evento.nombre}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          {evento.tipoEvento.descripcion}: {describeWhen(evento)}
        </Typography>
        {evento.proximaEjecucion !== null && (
          <Typography color="textSecondary" gutterBottom>
            {mensajes.proximaEjecucion}: {formatFechaHora(evento.proximaEjecucion)}
          </Typography>
        )}
        {!evento.habilitado && <Typography color="warning.main">Deshabilitado</Typography>}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {mensajes.pasoAcciones}
        </Typography>
        <List dense>
          {evento.acciones.map((a) => (
            <ListItem key={a.id} disableGutters>
              <ListItemText
                primary={describeAction(a)}
                secondary={
                  a.minutosEspera !== null ? `${mensajes.minutosEspera}: ${a.minutosEspera}` : undefined
                }
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{mensajes.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
