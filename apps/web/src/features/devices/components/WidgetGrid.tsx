import 'react-grid-layout/css/styles.css';
import WidgetsRoundedIcon from '@mui/icons-material/WidgetsRounded';
import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { grilla, type Layouts, mensajes, type Sensor, tiempos } from '@nexo/contracts';
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type LayoutItem as GridItem,
  type Layout,
  moveElement,
  ResponsiveGridLayout,
  type ResponsiveLayouts,
  verticalCompactor,
} from 'react-grid-layout';
import { useElementWidth } from '../../../shared/hooks/useElementWidth';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { visuallyHidden } from '../../../shared/ui/visuallyHidden';
import { liveValues, onlyLiveValueMoved } from '../hooks/liveValues';
import {
  type BreakpointName,
  breakpointFor,
  completeLayouts,
  layoutSignature,
  normaliseLayouts,
  resizeItem,
} from './dashboardLayout';
import { ResizeDialog } from './ResizeDialog';
import { type Nudge, SensorCard } from './SensorCard';
import type { SensorDialog } from './SensorDialogs';

/** What a card asks of its grid; one stable object, so unchanged cards skip re-rendering. */
interface CardActions {
  send(sensor: Sensor, valor: string): void;
  open(kind: SensorDialog['kind'], sensor: Sensor): void;
  resize(shadowId: string): void;
  nudge(shadowId: string, nudge: Nudge): void;
}

/** A grid card that re-renders only when its own sensor, size or permissions change. */
interface GridCardProps {
  /** Its place in reading order: the card is drawn once `drawn` has counted past it. */
  order: number;
  /** How many cards are drawn so far (useCardsDrawn); a placeholder of its size holds its place until then. */
  drawn: DrawnCount;
  sensor: Sensor;
  shadow: Sensor['shadows'][number];
  compact: boolean;
  narrow: boolean;
  canManage: boolean;
  moveHelpId: string;
  actions: CardActions;
}

const GridCard = memo(function GridCard({
  order,
  drawn,
  sensor,
  shadow,
  compact,
  narrow,
  canManage,
  moveHelpId,
  actions,
}: GridCardProps) {
  const key = String(shadow.id);
  const shown = useDrawnInTurn(drawn, order);
  if (!shown) return <Skeleton variant="rounded" sx={{ width: '100%', height: '100%' }} />;
  return (
    <SensorCard
      sensor={sensor}
      shadow={shadow}
      compact={compact}
      narrow={narrow}
      canManage={canManage}
      moveHelpId={moveHelpId}
      onSend={(valor) => actions.send(sensor, valor)}
      onInfo={() => actions.open('info', sensor)}
      onEdit={() => actions.open('edit', sensor)}
      onDelete={() => actions.open('delete', sensor)}
      onResize={() => actions.resize(key)}
      onNudge={(nudge) => actions.nudge(key, nudge)}
    />
  );
}, sameCard);

/**
 * Each grid item is its own layout and paint island, and the browser skips rendering those off
 * screen: a reading that changes a widget re-lays out that card only.
 */
const cardContainment = { contain: 'strict', contentVisibility: 'auto' } as const;

/**
 * What a card shows apart from the live value; the value counts too while the live-value store
 * does not hold it (an optimistic command, a refetch after reconnecting).
 */
function cardSignature(sensor: Sensor): string {
  const { ultimoValor, fechaUV, ...rest } = sensor;
  return liveValues.covers(sensor) ? JSON.stringify(rest) : JSON.stringify(sensor);
}

/**
 * Cards are equal when only the sensor's value moved and the live-value store already holds it:
 * the card's body shows it without re-rendering the card.
 */
function sameCard(a: GridCardProps, b: GridCardProps): boolean {
  if (a.order !== b.order || a.drawn !== b.drawn) return false;
  if (a.shadow !== b.shadow || a.compact !== b.compact || a.narrow !== b.narrow) return false;
  if (a.canManage !== b.canManage) return false;
  if (a.actions !== b.actions || a.moveHelpId !== b.moveHelpId) return false;
  return onlyLiveValueMoved(a.sensor, b.sensor);
}

const COLS = grilla.columnas;

/** A card this wide or less leaves its footer's 'Última actualización:' to screen readers. */
const NARROW_CARD_PX = 320;

/** Cards drawn with the grid's first pass: a phone's screen holds two to four. */
const FIRST_CARDS = 4;
/** Cards drawn in each later step, each step a task of its own. */
const CARDS_PER_STEP = 2;

/** A count each card watches for its turn: a step re-renders only the cards it draws. */
interface DrawnCount {
  get(): number;
  subscribe(listener: () => void): () => void;
}

/**
 * How many cards are drawn so far. A dashboard with many widgets is not drawn in one long task:
 * the first cards (in reading order) come with the grid, the rest a few at a time, each step a task
 * of its own, so the first ones show sooner and a tap is answered while the others are drawn. The
 * count is not the grid's state: a step re-renders the two cards it draws, not the grid, which would
 * re-place all of its items (when it was state, each step re-rendered all 58 items of the bench's
 * dashboard, 20–45 ms a step in Lighthouse's traces).
 */
function useCardsDrawn(total: number, gridDrawn: boolean): DrawnCount {
  const [count] = useState(() => {
    let drawn = FIRST_CARDS;
    const listeners = new Set<() => void>();
    return {
      get: () => drawn,
      subscribe(listener: () => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      step() {
        drawn += CARDS_PER_STEP;
        // A transition: React draws the step's cards in 5 ms slices.
        startTransition(() => {
          for (const listener of listeners) listener();
        });
      },
    };
  });
  useEffect(() => {
    // Once the grid with its first cards has been committed: a step during the grid's own (sliced)
    // drawing would change what that drawing reads, and React would redo it in one task.
    if (!gridDrawn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      if (count.get() >= total) return;
      count.step();
      timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [count, total, gridDrawn]);
  return count;
}

/** Whether the card in place `order` (reading order) has had its turn to be drawn. */
function useDrawnInTurn(drawn: DrawnCount, order: number): boolean {
  const [shown, setShown] = useState(() => drawn.get() > order);
  useEffect(() => {
    if (shown) return;
    const check = () => {
      if (drawn.get() > order) setShown(true);
    };
    // The count may have moved between this render and its effect.
    check();
    return drawn.subscribe(check);
  }, [drawn, order, shown]);
  return shown;
}

/**
 * A keyboard step on one item (arrows move it one grid unit, Shift + arrows resize it), with the
 * grid's own collision rules, as a mouse drag one cell at a time would.
 */
export function nudgeLayout(layouts: Layouts, bp: BreakpointName, key: string, nudge: Nudge): Layouts {
  // normaliseLayouts never leaves undefined keys, which is what the library's exact type wants.
  const items = layouts[bp].map((item) => ({ ...item })) as unknown as GridItem[];
  const item = items.find((i) => i.i === key);
  if (!item) return layouts;
  const dx = nudge.direction === 'left' ? -1 : nudge.direction === 'right' ? 1 : 0;
  const dy = nudge.direction === 'up' ? -1 : nudge.direction === 'down' ? 1 : 0;
  let moved: Layout;
  if (nudge.resize) {
    item.w = Math.min(Math.max(item.w + dx, item.minW ?? 1, 1), item.maxW ?? COLS, COLS - item.x);
    item.h = Math.min(Math.max(item.h + dy, item.minH ?? 1, 1), item.maxH ?? 100);
    moved = moveElement(items, item, item.x, item.y, true, false, 'vertical', COLS);
  } else {
    const x = Math.min(Math.max(item.x + dx, 0), COLS - item.w);
    const y = Math.max(item.y + dy, 0);
    moved = moveElement(items, item, x, y, true, false, 'vertical', COLS);
  }
  const compacted = verticalCompactor.compact(moved, COLS);
  return { ...layouts, [bp]: normaliseLayouts({ [bp]: compacted })[bp] };
}

interface WidgetGridProps {
  sensores: Sensor[];
  savedLayouts: Layouts | null | undefined;
  /** Row height on wide screens (170 for a device, 245 for a view); 130 on a phone. */
  rowHeight: number;
  /** Widget info, edit and delete in the cards (the device's owner level). */
  canManage: boolean;
  emptyText: string;
  save: (layouts: Layouts) => Promise<void>;
  send: (sensor: Sensor, valor: string) => void;
  open?: ((kind: SensorDialog['kind'], sensor: Sensor) => void) | undefined;
}

/**
 * The widget grid of a device's and a view's dashboard (react-grid-layout, 12 columns, lg / md / sm
 * / xs). A drag, a resize or a keyboard step is saved for this user with a 300 ms debounce, so a
 * drag that passes many cells is one request; merely opening the dashboard never saves.
 */
export function WidgetGrid({
  sensores,
  savedLayouts,
  rowHeight,
  canManage,
  emptyText,
  save,
  send,
  open,
}: WidgetGridProps) {
  const alerts = useAlerts();
  // The grid is drawn once its real width is known (not first at a guessed width and again), and
  // that first drawing is a transition: React splits it into short tasks instead of one long one.
  const { ref: containerRef, width: measuredWidth } = useElementWidth<HTMLDivElement>();
  const width = measuredWidth ?? 1280;
  const widthKnown = useDeferredValue(measuredWidth !== null);
  const holder = useMemo(() => ({ sensores }), [sensores]);
  const [layouts, setLayouts] = useState<Layouts>(() => completeLayouts(holder, savedLayouts));
  const [resizing, setResizing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const savedSignature = useRef(layoutSignature(completeLayouts(holder, savedLayouts)));
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The grid reports a layout on mount and on breakpoint changes (compacting, placing new widgets);
  // only a drag or resize by the user is worth storing.
  const isUserChange = useRef(false);
  const moveHelpId = useId();

  const widgetsKey = sensores.map((s) => `${s.id}:${s.shadows.map((sh) => sh.id).join(',')}`).join('|');
  // New or deleted widgets: rebuild the grid around the positions we already have.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the widget set only
  useEffect(() => {
    setLayouts((current) => completeLayouts(holder, current));
  }, [widgetsKey]);

  useEffect(
    () => () => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
    },
    [],
  );

  const saveRef = useRef(save);
  saveRef.current = save;
  const scheduleSave = useCallback(
    (next: Layouts) => {
      const signature = layoutSignature(next);
      if (signature === savedSignature.current) {
        isUserChange.current = false;
        return;
      }
      if (saveTimer.current) clearTimeout(saveTimer.current);
      saveTimer.current = setTimeout(async () => {
        saveTimer.current = null;
        isUserChange.current = false;
        try {
          await saveRef.current(next);
          savedSignature.current = signature;
        } catch (error) {
          alerts.error(error);
        }
      }, tiempos.layoutDebounceMs);
    },
    [alerts],
  );

  const breakpoint = breakpointFor(width);
  const isMobile = breakpoint === 'xs';
  const columnWidth = (width - 11 * 12) / 12;

  const onLayoutChange = (_layout: Layout, all: Partial<Record<string, Layout>>) => {
    const next = normaliseLayouts({ ...layouts, ...all });
    setLayouts(next);
    if (isUserChange.current) scheduleSave(next);
  };
  const startUserChange = () => {
    isUserChange.current = true;
  };

  const applyResize = (w: number, h: number) => {
    if (!resizing) return;
    const next = resizeItem(layouts, breakpoint, resizing, w, h);
    setLayouts(next);
    scheduleSave(next);
    setResizing(null);
  };

  const titleOf = (key: string) => {
    for (const s of sensores)
      for (const sh of s.shadows)
        if (String(sh.id) === key)
          return s.shadows.length > 1 ? `${s.labelUsuario} · ${sh.nombre}` : s.labelUsuario;
    return key;
  };
  const layoutsRef = useRef(layouts);
  layoutsRef.current = layouts;
  const breakpointRef = useRef(breakpoint);
  breakpointRef.current = breakpoint;
  const titleRef = useRef(titleOf);
  titleRef.current = titleOf;
  const sendRef = useRef(send);
  sendRef.current = send;
  const openRef = useRef(open);
  openRef.current = open;
  const actions = useMemo<CardActions>(
    () => ({
      send: (sensor, valor) => sendRef.current(sensor, valor),
      open: (kind, sensor) => openRef.current?.(kind, sensor),
      resize: (shadowId) => setResizing(shadowId),
      nudge: (shadowId, nudge) => {
        const bp = breakpointRef.current;
        const next = nudgeLayout(layoutsRef.current, bp, shadowId, nudge);
        const item = next[bp].find((i) => i.i === shadowId);
        setLayouts(next);
        scheduleSave(next);
        if (item)
          setAnnouncement(
            mensajes.widgetMovido
              .replace('{titulo}', titleRef.current(shadowId))
              .replace('{columna}', String(item.x + 1))
              .replace('{fila}', String(item.y + 1))
              .replace('{ancho}', String(item.w))
              .replace('{alto}', String(item.h)),
          );
      },
    }),
    [scheduleSave],
  );

  // The grid's children change only when something but a live value does: a reading re-renders its
  // widget (useLiveSensor), not the grid, which re-places every item whenever its children change.
  const structure = sensores.map(cardSignature).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the sensors' structure
  const items = useMemo(
    () => sensores.flatMap((sensor) => sensor.shadows.map((shadow) => ({ sensor, shadow }))),
    [structure],
  );
  const drawn = useCardsDrawn(items.length, widthKnown);
  // Reading order on the current screen: top to bottom, then left to right.
  const readingOrder = useMemo(() => {
    const placed = [...layouts[breakpoint]].sort((a, b) => a.y - b.y || a.x - b.x);
    return new Map(placed.map((item, index) => [item.i, index]));
  }, [layouts, breakpoint]);
  const cards = useMemo(
    () =>
      items.map(({ sensor, shadow }) => {
        const item = layouts[breakpoint].find((i) => i.i === String(shadow.id));
        // Too small for the graphic (one row on a phone, or a narrow card): text mode.
        const h = item?.h ?? 2;
        const w = item?.w ?? 6;
        const cardWidth = w * columnWidth + (w - 1) * 12;
        const compact = (isMobile && h < 2) || cardWidth < 200;
        return (
          <div key={String(shadow.id)} style={cardContainment}>
            <GridCard
              order={readingOrder.get(String(shadow.id)) ?? 0}
              drawn={drawn}
              sensor={sensor}
              shadow={shadow}
              compact={compact}
              narrow={cardWidth <= NARROW_CARD_PX}
              canManage={canManage}
              moveHelpId={moveHelpId}
              actions={actions}
            />
          </div>
        );
      }),
    [items, layouts, breakpoint, isMobile, columnWidth, canManage, moveHelpId, actions, drawn, readingOrder],
  );

  if (items.length === 0) {
    return (
      <Stack
        sx={{
          alignItems: 'center',
          justifyContent: 'center',
          py: 8,
          px: 2,
          textAlign: 'center',
          color: 'text.secondary',
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 3,
        }}
      >
        <WidgetsRoundedIcon sx={{ fontSize: 48, mb: 1, color: 'text.disabled' }} />
        <Typography>{emptyText}</Typography>
      </Stack>
    );
  }

  return (
    <Box ref={containerRef}>
      <Box id={moveHelpId} sx={{ display: 'none' }}>
        {mensajes.moverWidgetAyuda}
      </Box>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {widthKnown && (
        <ResponsiveGridLayout
          width={width}
          breakpoints={grilla.breakpoints}
          cols={grilla.cols}
          // normaliseLayouts never leaves undefined keys, which is what the library's exact type wants.
          layouts={layouts as unknown as ResponsiveLayouts}
          rowHeight={isMobile ? grilla.altoFilaMovil : rowHeight}
          margin={[12, 12]}
          // No side padding: the cards line up with the page's title and tabs, and the grid is never
          // wider than its column (a negative margin made phones scroll sideways).
          containerPadding={[0, 4]}
          dragConfig={{
            handle: '.nexo-drag-handle',
            cancel: 'a, input, .MuiSlider-root, .MuiSwitch-root, .MuiIconButton-root',
          }}
          onLayoutChange={onLayoutChange}
          onDragStart={startUserChange}
          onResizeStart={startUserChange}
        >
          {cards}
        </ResponsiveGridLayout>
      )}
      <ResizeDialog
        open={resizing !== null}
        current={resizing ? (layouts[breakpoint].find((i) => i.i === resizing) ?? null) : null}
        onChoose={applyResize}
        onClose={() => setResizing(null)}
      />
    </Box>
  );
}
