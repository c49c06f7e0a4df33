import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import { Box, Card, CardActionArea, IconButton, Stack, Typography } from '@mui/material';
import { cantidad, limites, mensajes, type Vista } from '@nexo/contracts';
import { Link as RouterLink } from 'react-router';
import { IconBadge } from '../../../shared/ui/IconBadge';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { SensorTypeIcon } from '../../devices';

/** A view on /home/misVistas: its name, up to 10 sensor-type icons, edit and delete. */
export function ViewCard({
  vista,
  canEdit,
  onEdit,
  onDelete,
}: {
  vista: Vista;
  /** Editing needs a plan that permits views; deleting is always possible. */
  canEdit: boolean;
  onEdit: (vista: Vista) => void;
  onDelete: (vista: Vista) => void;
}) {
  const icons = vista.sensores.slice(0, limites.iconosPorTarjeta);
  return (
    <Card
      data-testid="tarjeta-vista"
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'transform 150ms, box-shadow 150ms',
        '&:hover': { transform: 'translateY(-2px)', boxShadow: 6 },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/home/listaVista?id=${vista.id}`}
        sx={{ height: '100%', p: 2, pr: 11 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <IconBadge color="secondary">
            <SpaceDashboardRoundedIcon />
          </IconBadge>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" noWrap title={vista.nombre} sx={{ fontWeight: 650 }}>
              {vista.nombre}
            </Typography>
            <Typography variant="body2" color="textSecondary" noWrap>
              {cantidad(vista.sensores.length, 'sensor')}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, minHeight: 30 }}>
          {icons.length === 0 && (
            <Typography variant="body2" color="textDisabled" sx={{ alignSelf: 'center' }}>
              {mensajes.vistaSinSensores}
            </Typography>
          )}
          {icons.map((sensor) => (
            <LazyTooltip key={sensor.id} title={`${sensor.labelUsuario} · ${sensor.tipoSensor.descripcion}`}>
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
                  color: sensor.conectado ? 'text.primary' : 'text.disabled',
                })}
              >
                <SensorTypeIcon tipo={sensor.tipoSensor.id} sx={{ fontSize: 18 }} />
              </Box>
            </LazyTooltip>
          ))}
        </Stack>
      </CardActionArea>
      <Stack direction="row" sx={{ position: 'absolute', top: 10, right: 8 }}>
        {canEdit && (
          <LazyTooltip title={mensajes.editarVista}>
            <IconButton aria-label={`${mensajes.editar} ${vista.nombre}`} onClick={() => onEdit(vista)}>
              <EditRoundedIcon fontSize="small" />
            </IconButton>
          </LazyTooltip>
        )}
        <LazyTooltip title={mensajes.eliminar}>
          <IconButton aria-label={`${mensajes.eliminar} ${vista.nombre}`} onClick={() => onDelete(vista)}>
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </Stack>
    </Card>
  );
}
