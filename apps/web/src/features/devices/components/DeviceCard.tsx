import AddchartRoundedIcon from '@mui/icons-material/AddchartRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DriveFileMoveRoundedIcon from '@mui/icons-material/DriveFileMoveRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import MemoryRoundedIcon from '@mui/icons-material/MemoryRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import {
  Box,
  Card,
  CardActionArea,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Typography,
} from '@mui/material';
import { cantidad, type Equipo, limites, mensajes } from '@nexo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { IconBadge } from '../../../shared/ui/IconBadge';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { devicePermissions } from '../permissions';
import { ConnectionBadge } from './ConnectionBadge';
import { SensorTypeIcon } from './sensorTypeIcon';

export type DeviceAction = 'editar' | 'eliminar' | 'compartir' | 'nuevaVariable' | 'mover';

/** A device on the dashboard: state, sensor-type icons (at most 10) and its floating menu. */
export function DeviceCard({
  equipo,
  onAction,
}: {
  equipo: Equipo;
  onAction: (action: DeviceAction, equipo: Equipo) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const permisos = devicePermissions(equipo.idRol);
  const icons = equipo.sensores.slice(0, limites.iconosPorTarjeta);
  const act = (action: DeviceAction) => {
    setAnchor(null);
    onAction(action, equipo);
  };
  return (
    <Card
      data-testid="tarjeta-equipo"
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'transform 150ms, box-shadow 150ms',
        '&:hover': { transform: 'translateY(-2px)', boxShadow: 6 },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/home/listaEquipo?id=${equipo.id}`}
        sx={{ height: '100%', p: 2, pr: 6 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <IconBadge>
            <MemoryRoundedIcon />
          </IconBadge>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" noWrap title={equipo.nombre} sx={{ fontWeight: 650 }}>
                {equipo.nombre}
              </Typography>
              <ConnectionBadge conectado={equipo.conectado} dotOnly />
            </Stack>
            <Typography variant="body2" color="textSecondary" noWrap>
              {equipo.tipoEquipo?.descripcion ?? mensajes.equipo} ·{' '}
              {cantidad(equipo.sensores.length, 'sensor')}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, minHeight: 30 }}>
          {icons.length === 0 && (
            <Typography variant="body2" color="textDisabled" sx={{ alignSelf: 'center' }}>
              {mensajes.sinVariables}
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
        <Typography
          variant="caption"
          sx={{
            mt: 1.5,
            display: 'block',
            fontWeight: 600,
            color: equipo.conectado ? 'success.main' : 'text.secondary',
          }}
        >
          {equipo.conectado ? mensajes.conectado : mensajes.desconectado}
        </Typography>
      </CardActionArea>
      <IconButton
        aria-label={mensajes.opcionesDe.replace('{nombre}', equipo.nombre)}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ position: 'absolute', top: 10, right: 8 }}
      >
        <MoreVertRoundedIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {permisos.canEditDevice && (
          <MenuItem onClick={() => act('editar')}>
            <ListItemIcon>
              <EditRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{mensajes.editar}</ListItemText>
          </MenuItem>
        )}
        {permisos.canAddSensor && (
          <MenuItem onClick={() => act('nuevaVariable')}>
            <ListItemIcon>
              <AddchartRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{mensajes.nuevaVariable}</ListItemText>
          </MenuItem>
        )}
        {permisos.canShare && (
          <MenuItem onClick={() => act('compartir')}>
            <ListItemIcon>
              <ShareRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{mensajes.compartir}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => act('mover')}>
          <ListItemIcon>
            <DriveFileMoveRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{mensajes.moverACarpeta}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => act('eliminar')} sx={{ color: 'error.main' }}>
          <ListItemIcon>
            <DeleteOutlineRoundedIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{permisos.isOwner ? mensajes.eliminar : mensajes.desasociarEquipo}</ListItemText>
        </MenuItem>
      </Menu>
    </Card>
  );
}
