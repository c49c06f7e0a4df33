import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import StarBorderRoundedIcon from '@mui/icons-material/StarBorderRounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import { Box, Card, Chip, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { type AccionColectiva, limites, mensajes } from '@nexo/contracts';
import { IconBadge } from '../../../shared/ui/IconBadge';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { SensorTypeIcon } from '../../devices';

/** A collective action on /home/misAcciones: play, favourite, edit, delete and its first 10 sensor icons. */
export function ActionCard({
  accion,
  canEdit,
  running,
  onRun,
  onFavorite,
  onEdit,
  onDelete,
}: {
  accion: AccionColectiva;
  /** Running, editing and favourites need a full subscription; deleting is always possible. */
  canEdit: boolean;
  running: boolean;
  onRun: () => void;
  onFavorite: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const icons = accion.sensores.slice(0, limites.iconosPorTarjeta);
  return (
    <Card
      sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}
      role="group"
      aria-label={accion.nombre}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <IconBadge>
          <BoltRoundedIcon />
        </IconBadge>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
            {accion.nombre}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip size="small" label={accion.tipoAccionColectiva.descripcion} />
            {accion.valor !== null && (
              <Typography variant="body2" color="textSecondary" noWrap>
                {accion.valor}
              </Typography>
            )}
          </Stack>
        </Box>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, minHeight: 30 }}>
        {icons.map((sensor) => (
          <LazyTooltip key={sensor.id} title={`${sensor.labelUsuario} · ${sensor.nombreEquipo}`}>
            <Box
              data-testid="icono-sensor"
              role="img"
              sx={(t) => ({
                width: 30,
                height: 30,
                borderRadius: 1.5,
                display: 'grid',
                placeItems: 'center',
                bgcolor: t.palette.action.hover,
              })}
            >
              <SensorTypeIcon tipo={sensor.tipoSensor.id} sx={{ fontSize: 18 }} />
            </Box>
          </LazyTooltip>
        ))}
      </Stack>
      <Stack direction="row" sx={{ mt: 'auto', justifyContent: 'flex-end' }}>
        {canEdit && (
          <>
            <LazyTooltip title={mensajes.ejecutar}>
              <span>
                <IconButton
                  color="primary"
                  aria-label={`${mensajes.ejecutar} ${accion.nombre}`}
                  disabled={running}
                  onClick={onRun}
                >
                  {running ? <CircularProgress size={20} /> : <PlayArrowRoundedIcon />}
                </IconButton>
              </span>
            </LazyTooltip>
            <LazyTooltip title={accion.favorita ? mensajes.quitarDeFavoritos : mensajes.agregarAFavoritos}>
              <IconButton
                aria-label={`${accion.favorita ? mensajes.quitarDeFavoritos : mensajes.agregarAFavoritos}: ${accion.nombre}`}
                aria-pressed={accion.favorita}
                onClick={onFavorite}
                sx={{ color: accion.favorita ? 'warning.main' : undefined }}
              >
                {accion.favorita ? <StarRoundedIcon /> : <StarBorderRoundedIcon />}
              </IconButton>
            </LazyTooltip>
            <LazyTooltip title={mensajes.editar}>
              <IconButton aria-label={`${mensajes.editar} ${accion.nombre}`} onClick={onEdit}>
                <EditRoundedIcon fontSize="small" />
              </IconButton>
            </LazyTooltip>
          </>
        )}
        <LazyTooltip title={mensajes.eliminar}>
          <IconButton aria-label={`${mensajes.eliminar} ${accion.nombre}`} onClick={onDelete}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </Stack>
    </Card>
  );
}
