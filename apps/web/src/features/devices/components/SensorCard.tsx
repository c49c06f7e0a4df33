import AspectRatioRoundedIcon from '@mui/icons-material/AspectRatioRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import {
  Card,
  CircularProgress,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
} from '@mui/material';
import { mensajes, type Sensor, type Shadow } from '@nexo/contracts';
import { type KeyboardEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatFechaHora } from '../../../shared/format/fechas';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { makeClasses, typographyFont } from '../../../shared/ui/makeClasses';
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

const cardSx = { height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' } as const;
const handleIconSx = { fontSize: 18 } as const;

/** A card's frame, drawn once per widget on a dashboard: classes made once (makeClasses), not `sx`. */
const useCardClasses = makeClasses((theme) => ({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: theme.spacing(0.75),
    padding: theme.spacing(0.5),
    minHeight: 40,
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
  handle: {
    display: 'grid',
    placeItems: 'center',
    width: 28,
    height: 32,
    padding: 0,
    border: 0,
    backgroundColor: 'transparent',
    font: 'inherit',
    flexShrink: 0,
    cursor: 'grab',
    touchAction: 'none',
    borderRadius: theme.shape.borderRadius,
    color: theme.palette.text.secondary,
    '&:hover': { backgroundColor: theme.palette.action.hover, color: theme.palette.text.primary },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  },
  title: {
    ...typographyFont(theme.typography.subtitle2),
    margin: 0,
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
  },
  titleCompact: { fontSize: '0.8rem' },
  body: { flex: 1, minHeight: 0, padding: theme.spacing(1) },
  footer: {
    display: 'flex',
    alignItems: 'center',
    paddingLeft: theme.spacing(1.25),
    paddingRight: theme.spacing(0.75),
    paddingBottom: theme.spacing(0.5),
    minHeight: 26,
  },
}));

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
  const [menuUsed, setMenuUsed] = useState(false);
  const classes = useCardClasses();
  const command = usePendingCommand(sensor.id);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  const title = sensor.shadows.length > 1 ? `${sensor.labelUsuario} · ${shadow.nombre}` : sensor.labelUsuario;
  return (
    <Card data-testid="tarjeta-sensor" data-shadow={shadow.id} role="group" aria-label={title} sx={cardSx}>
      <div className={classes.header}>
        {/* Only this handle drags the card, so a touch anywhere else scrolls the page. */}
        <button
          type="button"
          className={`nexo-drag-handle ${classes.handle}`}
          aria-label={`${mensajes.mover} ${title}`}
          aria-describedby={moveHelpId}
          title={mensajes.mover}
          onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
            const direction = arrows[event.key];
            if (!direction) return;
            event.preventDefault();
            onNudge({ direction, resize: event.shiftKey });
          }}
        >
          <DragIndicatorRoundedIcon sx={handleIconSx} />
        </button>
        <ConnectionBadge conectado={sensor.conectado} />
        <p title={title} className={compact ? `${classes.title} ${classes.titleCompact}` : classes.title}>
          {title}
        </p>
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
            onClick={(e) => {
              setMenuUsed(true);
              setAnchor(e.currentTarget);
            }}
          >
            <SettingsRoundedIcon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      </div>
      <SensorCardBody
        sensor={sensor}
        shadow={shadow}
        compact={compact}
        narrow={narrow}
        title={title}
        onSend={onSend}
      />
      {/* Drawn from its first opening on: a closed MUI Menu still renders its popover and modal. */}
      {menuUsed && (
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
      )}
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
  const classes = useCardClasses();
  return (
    <>
      <div className={classes.body}>
        <LiveWidget sensor={sensor} shadow={shadow} compact={compact} onSend={onSend} />
      </div>
      {!compact && (
        <div className={classes.footer}>
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
        </div>
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
