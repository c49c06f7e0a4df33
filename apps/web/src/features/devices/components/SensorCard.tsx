import AspectRatioRoundedIcon from '@mui/icons-material/AspectRatioRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import {
  Box,
  Card,
  CircularProgress,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { mensajes, type Sensor, type Shadow } from '@nexo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePendingCommand } from '../hooks/useDeviceLive';
import { SensorWidget } from '../widgets/SensorWidget';
import { ConnectionBadge } from './ConnectionBadge';

const dateFormat = new Intl.DateTimeFormat('es-AR', { dateStyle: 'short', timeStyle: 'short' });

export function formatFecha(fecha: number | null): string {
  return fecha === null ? '' : dateFormat.format(fecha);
}

/** One widget on the device dashboard; its header is the drag handle. */
export function SensorCard({
  sensor,
  shadow,
  compact,
  canManage,
  onSend,
  onInfo,
  onEdit,
  onDelete,
  onResize,
}: {
  sensor: Sensor;
  shadow: Shadow;
  compact: boolean;
  canManage: boolean;
  onSend: (valor: string) => void;
  onInfo: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onResize: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const command = usePendingCommand(sensor.id);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const title = sensor.shadows.length > 1 ? `${sensor.labelUsuario} · ${shadow.nombre}` : sensor.labelUsuario;
  return (
    <Card
      data-testid="tarjeta-sensor"
      data-shadow={shadow.id}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        className="nexo-drag-handle"
        spacing={0.75}
        sx={{
          alignItems: 'center',
          pl: 1,
          pr: 0.5,
          py: 0.5,
          minHeight: 40,
          cursor: 'grab',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {!compact && <DragIndicatorRoundedIcon sx={{ fontSize: 18, color: 'text.disabled' }} />}
        <ConnectionBadge conectado={sensor.conectado} />
        <Typography variant="subtitle2" noWrap title={title} sx={{ flex: 1, minWidth: 0, fontWeight: 650 }}>
          {title}
        </Typography>
        {command.pending && (
          <Tooltip title={mensajes.enviandoComando}>
            <CircularProgress size={14} aria-label={mensajes.enviandoComando} sx={{ mx: 0.5 }} />
          </Tooltip>
        )}
        {canManage && !compact && (
          <Tooltip title={mensajes.informacion}>
            <IconButton
              size="small"
              aria-label={`${mensajes.informacion} ${sensor.labelUsuario}`}
              onClick={onInfo}
            >
              <VisibilityRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={mensajes.configuracion}>
          <IconButton
            size="small"
            aria-label={`${mensajes.configuracion} ${title}`}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <SettingsRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, p: 1 }}>
        <SensorWidget
          sensor={sensor}
          shadow={shadow}
          conectado={sensor.conectado}
          compact={compact}
          onSend={onSend}
        />
      </Box>
      {!compact && (
        <Stack direction="row" sx={{ alignItems: 'center', pl: 1.25, pr: 0.75, pb: 0.5, minHeight: 26 }}>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} noWrap>
            {sensor.fechaUV ? `${mensajes.ultimaActualizacion}: ${formatFecha(sensor.fechaUV)}` : ''}
          </Typography>
          <Tooltip title={mensajes.verGraficos}>
            <IconButton
              size="small"
              component={RouterLink}
              to={`/home/infoSensor?id=${sensor.id}`}
              aria-label={`${mensajes.verGraficos} ${title}`}
              sx={{ p: 0.25, color: 'text.secondary' }}
            >
              <InsightsRoundedIcon sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canManage && compact && (
          <MenuItem onClick={run(onInfo)}>
            <ListItemIcon>
              <VisibilityRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{mensajes.informacion}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={run(onResize)}>
          <ListItemIcon>
            <AspectRatioRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{mensajes.tamano}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={`/home/infoSensor?id=${sensor.id}`}>
          <ListItemIcon>
            <InsightsRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{mensajes.verGraficos}</ListItemText>
        </MenuItem>
        {canManage && (
          <MenuItem onClick={run(onEdit)}>
            <ListItemIcon>
              <EditRoundedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{mensajes.editar}</ListItemText>
          </MenuItem>
        )}
        {canManage && (
          <MenuItem onClick={run(onDelete)} sx={{ color: 'error.main' }}>
            <ListItemIcon>
              <DeleteOutlineRoundedIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{mensajes.eliminar}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </Card>
  );
}
