import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import { Box, Card, Chip, IconButton, Stack, Switch, Typography } from '@mui/material';
import { type Evento, mensajes, tiposEvento } from '@nexo/contracts';
import { IconBadge } from '../../../shared/ui/IconBadge';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { describeWhen } from './eventText';

/** An event on /home/misEventos: enable switch, info, edit and delete. */
export function EventCard({
  evento,
  canEdit,
  toggling,
  onToggle,
  onInfo,
  onEdit,
  onDelete,
}: {
  evento: Evento;
  canEdit: boolean;
  toggling: boolean;
  onToggle: (habilitado: boolean) => void;
  onInfo: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const automatico = evento.tipoEvento.id === tiposEvento.automatico;
  return (
    <Card
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
      role="group"
      aria-label={evento.nombre}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <IconBadge>{automatico ? <SensorsRoundedIcon /> : <EventRepeatRoundedIcon />}</IconBadge>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
            {evento.nombre}
          </Typography>
          <Chip size="small" label={evento.tipoEvento.descripcion} />
        </Box>
        <LazyTooltip title={mensajes.habilitado}>
          <Switch
            checked={evento.habilitado}
            disabled={toggling || (!canEdit && !evento.habilitado)}
            onChange={(_, checked) => onToggle(checked)}
            slotProps={{ input: { 'aria-label': `${mensajes.habilitado}: ${evento.nombre}` } }}
          />
        </LazyTooltip>
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {describeWhen(evento)}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {evento.acciones.map((a) => a.tipoAccion.descripcion).join(' · ')}
      </Typography>
      <Stack direction="row" sx={{ mt: 'auto', justifyContent: 'flex-end' }}>
        <LazyTooltip title={mensajes.informacion}>
          <IconButton aria-label={`${mensajes.informacion} ${evento.nombre}`} onClick={onInfo}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
        {canEdit && (
          <LazyTooltip title={mensajes.editar}>
            <IconButton aria-label={`${mensajes.editar} ${evento.nombre}`} onClick={onEdit}>
              <EditRoundedIcon fontSize="small" />
            </IconButton>
          </LazyTooltip>
        )}
        <LazyTooltip title={mensajes.eliminar}>
          <IconButton aria-label={`${mensajes.eliminar} ${evento.nombre}`} onClick={onDelete}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </Stack>
    </Card>
  );
}
