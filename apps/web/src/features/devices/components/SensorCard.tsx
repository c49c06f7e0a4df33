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
  Typography,
} from '@mui/material';
import { mensajes, type Sensor, type Shadow } from '@nexo/contracts';
import { type KeyboardEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatFechaHora } from '../../../shared/format/fechas';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { visuallyHidden } from '../../../shared/ui/visuallyHidden';
import { useLiveSensor } from '../hooks/liveValues';
import { usePendingCommand } from '../hooks/useDeviceLive';
import { SensorWidget } from '../widgets/SensorWidget';
import { useWidgetClasses } from '../widgets/widgetClasses';
import { ConnectionBadge } from './ConnectionBadge';

export function formatFecha(fecha: number | null): string {
  return fecha === null ? '' : formatFechaHora(fecha);
}

/** A keyboard step on a card: arrows move it, Shift + arrows resize it. */
export interface Nudge {
  direction: 'left' | 'right' | 'up' | 'down';
  resize: boolean;
}

const arrows: Record<string, Nudge['direction']> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * One widget on a dashboard grid. Its handle drags it with a mouse or a finger and is a button:
 * with the keyboard, arrows move the card and Shift + arrows resize it.
 */
export function SensorCard({
  sensor,
  shadow,
  compact,
  narrow,
  canManage,
  moveHelpId,
  onSend,
  onInfo,
  onEdit,
  onDelete,
  onResize,
  onNudge,
}: {
  sensor: Sensor;
  shadow: Shadow;
  compact: boolean;
  /**
   * At most 320 px wide: the footer's 'Última actualización:' is left to screen readers, so the
   * date shows whole. (The grid knows each card's width; a CSS container query made every card a
   * container, and the first style pass of a dashboard several times longer.)
   */
  narrow: boolean;
  canManage: boolean;
  /** The id of the text that explains the handle's keys. */
  moveHelpId: string;
  onSend: (valor: string) => void;
  onInfo: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onResize: () => void;
  onNudge: (nudge: Nudge) => void;
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
      role="group"
      aria-label={title}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Stack
        direction="row"
        spacing={0.75}
        sx={{
          alignItems: 'center',
          pl: 0.5,
          pr: 0.5,
          py: 0.5,
          minHeight: 40,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {/* Only this handle drags the card, so a touch anywhere else scrolls the page. */}
        <Box
          component="button"
          type="button"
          className="nexo-drag-handle"
          aria-label={`${mensajes.mover} ${title}`}
          aria-describedby={moveHelpId}
          title={mensajes.mover}
          onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
            const direction = arrows[event.key];
            if (!direction) return;
            event.preventDefault();
            onNudge({ direction, resize: event.shiftKey });
          }}
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 28,
            height: 32,
            p: 0,
            border: 0,
            bgcolor: 'transparent',
            font: 'inherit',
            flexShrink: 0,
            cursor: 'grab',
            touchAction: 'none',
            borderRadius: 1,
            color: 'text.secondary',
            '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
            '&:focus-visible': {
              outline: 2,
              outlineStyle: 'solid',
              outlineColor: 'primary.main',
              outlineOffset: -2,
            },
          }}
        >
          <DragIndicatorRoundedIcon sx={{ fontSize: 18 }} />
        </Box>
        <ConnectionBadge conectado={sensor.conectado} />
        <Typography
          variant="subtitle2"
          title={title}
          sx={{
            flex: 1,
            minWidth: 0,
            fontWeight: 650,
            lineHeight: 1.2,
            // Long titles wrap to two lines, then end in '…'; the card's accessible name is the full title.
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'break-word',
            fontSize: compact ? '0.8rem' : undefined,
          }}
        >
          {title}
        </Typography>
        {command.pending && (
          <LazyTooltip title={mensajes.enviandoComando}>
            <CircularProgress size={14} aria-label={mensajes.enviandoComando} sx={{ mx: 0.5 }} />
          </LazyTooltip>
        )}
        {canManage && !compact && (
          <LazyTooltip title={mensajes.informacion}>
            <IconButton
              size="small"
              aria-label={`${mensajes.informacion} ${sensor.labelUsuario}`}
              onClick={onInfo}
            >
              <VisibilityRoundedIcon fontSize="small" />
            </IconButton>
          </LazyTooltip>
        )}
        <LazyTooltip title={mensajes.configuracion}>
          <IconButton
            size="small"
            aria-label={`${mensajes.configuracion} ${title}`}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <SettingsRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </Stack>
      <SensorCardBody
        sensor={sensor}
        shadow={shadow}
        compact={compact}
        narrow={narrow}
        title={title}
        onSend={onSend}
      />
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

/** The widget and its footer: the part of a card that follows each reading (see useLiveSensor). */
function SensorCardBody({
  sensor,
  shadow,
  compact,
  narrow,
  title,
  onSend,
}: {
  sensor: Sensor;
  shadow: Shadow;
  compact: boolean;
  narrow: boolean;
  title: string;
  onSend: (valor: string) => void;
}) {
  return (
    <>
      <Box sx={{ flex: 1, minHeight: 0, p: 1 }}>
        <LiveWidget sensor={sensor} shadow={shadow} compact={compact} onSend={onSend} />
      </Box>
      {!compact && (
        <Stack direction="row" sx={{ alignItems: 'center', pl: 1.25, pr: 0.75, pb: 0.5, minHeight: 26 }}>
          <LiveDate sensor={sensor} narrow={narrow} />
          <LazyTooltip title={mensajes.verGraficos}>
            <IconButton
              size="small"
              component={RouterLink}
              to={`/home/infoSensor?id=${sensor.id}`}
              aria-label={`${mensajes.verGraficos} ${title}`}
              sx={{ p: 0.25, color: 'text.secondary' }}
            >
              <InsightsRoundedIcon sx={{ fontSize: 18 }} />
            </IconButton>
          </LazyTooltip>
        </Stack>
      )}
    </>
  );
}

function LiveWidget({
  sensor,
  shadow,
  compact,
  onSend,
}: {
  sensor: Sensor;
  shadow: Shadow;
  compact: boolean;
  onSend: (valor: string) => void;
}) {
  const live = useLiveSensor(sensor);
  return (
    <SensorWidget
      sensor={live}
      shadow={shadow}
      conectado={live.conectado}
      compact={compact}
      onSend={onSend}
    />
  );
}

function LiveDate({ sensor, narrow }: { sensor: Sensor; narrow: boolean }) {
  const { fechaUV } = useLiveSensor(sensor);
  const classes = useWidgetClasses();
  return (
    <span className={classes.date}>
      {fechaUV ? (
        <>
          <span style={narrow ? visuallyHidden : undefined}>{mensajes.ultimaActualizacion}: </span>
          {formatFecha(fechaUV)}
        </>
      ) : (
        ''
      )}
    </span>
  );
}
