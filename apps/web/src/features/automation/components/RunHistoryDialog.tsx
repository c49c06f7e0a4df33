import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
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

const fecha = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'medium' });

/** The execution history: each run (the one without an end date is the current one) and its log. */
export function RunHistoryDialog({ programa, onClose }: { programa: Programa; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle>
        {mensajes.historialEjecuciones}: {programa.nombre}
      </DialogTitle>
      <DialogContent>
        {programa.historial.length === 0 && (
          <Typography color="text.secondary">Todavía no se ejecutó.</Typography>
        )}
        {programa.historial.map((run, i) => (
          <Accordion key={run.id} defaultExpanded={i === 0} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />}>
              <Typography>
                {fecha.format(run.fechaInicio)} →{' '}
                {run.fechaFinalizacion === null ? 'En curso' : fecha.format(run.fechaFinalizacion)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <List dense>
                {run.logs.map((log) => (
                  <ListItem key={log.id} disableGutters>
                    <ListItemText
                      primary={log.tarea ? `${log.tarea.nombre}: ${log.descripcion}` : log.descripcion}
                      secondary={fecha.format(log.fecha)}
                    />
                  </ListItem>
                ))}
              </List>
            </AccordionDetails>
          </Accordion>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{mensajes.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
