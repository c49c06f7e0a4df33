import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import { Box, Button, Card, Chip, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { type Evento, mensajes, momentosAccion, type Tarea } from '@nexo/contracts';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { describeAction, describeWhen } from './eventText';

/** '1 día 2 h 30 min', or '0 min'. */
export function duracionTexto(t: Pick<Tarea, 'duracionDias' | 'duracionHoras' | 'minutos'>): string {
  const parts = [
    t.duracionDias > 0 ? `${t.duracionDias} ${t.duracionDias === 1 ? 'día' : 'días'}` : '',
    t.duracionHoras > 0 ? `${t.duracionHoras} h` : '',
    t.minutos > 0 ? `${t.minutos} min` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : '0 min';
}

/**
 * A task of the program detail: order number, duration, its actions and events. While the
 * program runs nothing can be changed, and the order arrow is not offered on the last task.
 */
export function TaskCard({
  tarea,
  esUltima,
  bloqueada,
  onSwap,
  onEdit,
  onDelete,
  onActions,
  onAddEvent,
  onEditEvent,
  onDeleteEvent,
}: {
  tarea: Tarea;
  esUltima: boolean;
  /** The program is running or paused. */
  bloqueada: boolean;
  onSwap: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onActions: (momento: number) => void;
  onAddEvent: () => void;
  onEditEvent: (evento: Evento) => void;
  onDeleteEvent: (evento: Evento) => void;
}) {
  const lista = (titulo: string, items: string[]) =>
    items.length > 0 && (
      <Box>
        <Typography variant="caption" color="textSecondary">
          {titulo}
        </Typography>
        {items.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the descriptions are read-only and keep their order
          <Typography key={i} variant="body2">
            {text}
          </Typography>
        ))}
      </Box>
    );
  return (
    <Card
      sx={(t) => ({
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderLeft: `4px solid ${tarea.ejecutandose ? t.palette.success.main : tarea.esperandoContinuar ? t.palette.warning.main : 'transparent'}`,
      })}
      aria-label={`Tarea ${tarea.orden}: ${tarea.nombre}`}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={(t) => ({
            width: 36,
            height: 36,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            bgcolor: t.palette.action.hover,
            flexShrink: 0,
          })}
        >
          {tarea.orden}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
            {tarea.nombre}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5 }}>
            <Typography variant="body2" color="textSecondary">
              {duracionTexto(tarea)}
            </Typography>
            {tarea.proximaTareaAutomatica && <Chip size="small" label="Sigue sola" />}
            {tarea.ejecutandose && (
              <Chip
                size="small"
                color="success"
                icon={<CircularProgress size={12} color="inherit" />}
                label="En ejecución"
              />
            )}
            {tarea.esperandoContinuar && (
              <Chip size="small" color="warning" label={mensajes.esperandoContinuar} />
            )}
          </Stack>
        </Box>
        {!bloqueada && !esUltima && (
          <LazyTooltip title="Bajar un lugar">
            <IconButton aria-label={`Bajar ${tarea.nombre}`} onClick={onSwap}>
              <ArrowDownwardRoundedIcon />
            </IconButton>
          </LazyTooltip>
        )}
        {!bloqueada && (
          <>
            <LazyTooltip title={mensajes.editar}>
              <IconButton aria-label={`${mensajes.editar} ${tarea.nombre}`} onClick={onEdit}>
                <EditRoundedIcon fontSize="small" />
              </IconButton>
            </LazyTooltip>
            <LazyTooltip title={mensajes.eliminar}>
              <IconButton aria-label={`${mensajes.eliminar} ${tarea.nombre}`} onClick={onDelete}>
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </LazyTooltip>
          </>
        )}
      </Stack>
      {lista(mensajes.accionesIniciales, tarea.accionesIniciales.map(describeAction))}
      {lista(mensajes.accionesFinales, tarea.accionesFinales.map(describeAction))}
      {tarea.eventos.length > 0 && (
        <Box>
          <Typography variant="caption" color="textSecondary">
            {mensajes.eventosDeTarea}
          </Typography>
          {tarea.eventos.map((e) => (
            <Stack key={e.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1 }}>
                {e.nombre}: {describeWhen(e)}
              </Typography>
              {!bloqueada && (
                <>
                  <IconButton
                    size="small"
                    aria-label={`${mensajes.editar} ${e.nombre}`}
                    onClick={() => onEditEvent(e)}
                  >
                    <EditRoundedIcon fontSize="inherit" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`${mensajes.eliminar} ${e.nombre}`}
                    onClick={() => onDeleteEvent(e)}
                  >
                    <DeleteOutlineRoundedIcon fontSize="inherit" />
                  </IconButton>
                </>
              )}
            </Stack>
          ))}
        </Box>
      )}
      {!bloqueada && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" onClick={() => onActions(momentosAccion.inicial)}>
            {mensajes.accionesIniciales}
          </Button>
          <Button size="small" onClick={() => onActions(momentosAccion.final)}>
            {mensajes.accionesFinales}
          </Button>
          <Button size="small" startIcon={<AddRoundedIcon />} onClick={onAddEvent}>
            {mensajes.nuevoEvento}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
