import 'react-grid-layout/css/styles.css';
import WidgetsRoundedIcon from '@mui/icons-material/WidgetsRounded';
import { Box, Stack, Typography } from '@mui/material';
import { type Equipo, grilla, type Layouts, mensajes, type Sensor, tiempos } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Layout,
  ResponsiveGridLayout,
  type ResponsiveLayouts,
  useContainerWidth,
} from 'react-grid-layout';
import { pendingCommands } from '../../../shared/realtime/pendingCommands';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { enviarValor, guardarLayout } from '../api/devicesApi';
import { invalidateDevices, patchEquipo } from '../api/devicesQueries';
import { liveValues } from '../hooks/liveValues';
import { devicePermissions } from '../permissions';
import {
  type BreakpointName,
  completeLayouts,
  layoutSignature,
  normaliseLayouts,
  resizeItem,
} from './dashboardLayout';
import { ResizeDialog } from './ResizeDialog';
import { SensorCard } from './SensorCard';
import { type SensorDialog, SensorDialogs } from './SensorDialogs';

/** The grid's breakpoint for a container width (lg 1200, md 996, xs 0). */
export function breakpointFor(width: number): BreakpointName {
  if (width >= grilla.breakpoints.lg) return 'lg';
  if (width >= grilla.breakpoints.md) return 'md';
  return 'xs';
}

/** A widget's place in the layout of one breakpoint. */
function layoutItem(layouts: Layouts, breakpoint: BreakpointName, key: string) {
  return layouts[breakpoint].find((item) => item.i === key);
}

/** What a card asks of its dashboard; one stable object, so unchanged cards skip re-rendering. */
interface CardActions {
  send(sensor: Sensor, valor: string): void;
  open(kind: SensorDialog['kind'], sensor: Sensor): void;
  resize(shadowId: string): void;
}

/** A dashboard card that re-renders only when its own sensor, size or permissions change. */
interface DashboardCardProps {
  sensor: Sensor;
  shadow: Sensor['shadows'][number];
  compact: boolean;
  canManage: boolean;
  actions: CardActions;
}

const DashboardCard = memo(function DashboardCard({
  sensor,
  shadow,
  compact,
  canManage,
  actions,
}: DashboardCardProps) {
  return (
    <SensorCard
      sensor={sensor}
      shadow={shadow}
      compact={compact}
      canManage={canManage}
      onSend={(valor) => actions.send(sensor, valor)}
      onInfo={() => actions.open('info', sensor)}
      onEdit={() => actions.open('edit', sensor)}
      onDelete={() => actions.open('delete', sensor)}
      onResize={() => actions.resize(String(shadow.id))}
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
function sameCard(a: DashboardCardProps, b: DashboardCardProps): boolean {
  if (a.shadow !== b.shadow || a.compact !== b.compact || a.canManage !== b.canManage) return false;
  if (a.actions !== b.actions) return false;
  if (a.sensor === b.sensor) return true;
  if (!liveValues.covers(b.sensor)) return false;
  const keys = Object.keys(b.sensor) as (keyof Sensor)[];
  return keys.every((key) => key === 'ultimoValor' || key === 'fechaUV' || a.sensor[key] === b.sensor[key]);
}

/**
 * The device's widget grid (react-grid-layout, 12 columns, lg/md/xs). Every drag or resize is
 * saved for this user with a 300 ms debounce, so a drag that passes many cells is one request.
 * Merely opening the dashboard never saves.
 */
export function DeviceDashboard({ equipo }: { equipo: Equipo }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const permisos = devicePermissions(equipo.idRol);
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1200 });
  const [layouts, setLayouts] = useState<Layouts>(() => completeLayouts(equipo, equipo.layouts));
  const [resizing, setResizing] = useState<string | null>(null);
  const [dialog, setDialog] = useState<SensorDialog | null>(null);
  const savedSignature = useRef(layoutSignature(completeLayouts(equipo, equipo.layouts)));
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The grid reports a layout on mount and on breakpoint changes (compacting, placing new widgets);
  // only a drag or resize by the user is worth storing.
  const isUserChange = useRef(false);

  const widgetsKey = equipo.sensores
    .map((s) => `${s.id}:${s.shadows.map((sh) => sh.id).join(',')}`)
    .join('|');
  // New or deleted widgets: rebuild the grid around the positions we already have.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the widget set only
  useEffect(() => {
    setLayouts((current) => completeLayouts(equipo, current));
  }, [widgetsKey]);

  useEffect(
    () => () => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
    },
    [],
  );

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
          await guardarLayout({ id: equipo.id, esEquipo: true, layouts: next });
          savedSignature.current = signature;
          patchEquipo(client, equipo.id, (e) => ({ ...e, layouts: next }));
        } catch (error) {
          alerts.error(error);
        }
      }, tiempos.layoutDebounceMs);
    },
    [alerts, client, equipo.id],
  );

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

  const send = async (sensor: Sensor, valor: string) => {
    // Optimistic: the control moves at once; the device's answer arrives later through the live channel.
    patchEquipo(client, equipo.id, (e) => ({
      ...e,
      sensores: e.sensores.map((s) =>
        s.id === sensor.id ? { ...s, ultimoValor: valor, fechaUV: Date.now() } : s,
      ),
    }));
    try {
      await enviarValor(sensor.id, valor);
    } catch (error) {
      pendingCommands.clear(sensor.id);
      alerts.error(error);
      await invalidateDevices(client, equipo.id);
    }
  };

  const sendRef = useRef(send);
  sendRef.current = send;
  const actions = useMemo<CardActions>(
    () => ({
      send: (sensor, valor) => void sendRef.current(sensor, valor),
      open: (kind, sensor) => setDialog({ kind, sensor }),
      resize: (shadowId) => setResizing(shadowId),
    }),
    [],
  );

  // The grid's children change only when something but a live value does: a reading re-renders its
  // widget (useLiveSensor), not the grid, which re-places every item whenever its children change.
  const structure = equipo.sensores.map(cardSignature).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the sensors' structure
  const items = useMemo(
    () => equipo.sensores.flatMap((sensor) => sensor.shadows.map((shadow) => ({ sensor, shadow }))),
    [structure],
  );
  const breakpoint = breakpointFor(width);
  const isMobile = breakpoint === 'xs';
  const columnWidth = (width - 20 - 11 * 12) / 12;
  const itemOf = (key: string) => layoutItem(layouts, breakpoint, key);
  const canManage = permisos.canManageWidgets;
  const cards = useMemo(
    () =>
      items.map(({ sensor, shadow }) => {
        const item = layoutItem(layouts, breakpoint, String(shadow.id));
        // Too small for the graphic (one row on a phone, or a narrow card): text mode.
        const h = item?.h ?? 2;
        const w = item?.w ?? 6;
        const compact = (isMobile && h < 2) || w * columnWidth + (w - 1) * 12 < 200;
        return (
          <div key={String(shadow.id)} style={cardContainment}>
            <DashboardCard
              sensor={sensor}
              shadow={shadow}
              compact={compact}
              canManage={canManage}
              actions={actions}
            />
          </div>
        );
      }),
    [items, layouts, breakpoint, isMobile, columnWidth, canManage, actions],
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
        <Typography>{mensajes.noHayWidgets}</Typography>
      </Stack>
    );
  }

  return (
    <Box ref={containerRef} sx={{ mx: -1.25 }}>
      {mounted && (
        <ResponsiveGridLayout
          width={width}
          breakpoints={grilla.breakpoints}
          cols={grilla.cols}
          // normaliseLayouts never leaves undefined keys, which is what the library's exact type wants.
          layouts={layouts as unknown as ResponsiveLayouts}
          rowHeight={isMobile ? grilla.altoFilaMovil : grilla.altoFila}
          margin={[12, 12]}
          containerPadding={[10, 4]}
          dragConfig={{
            handle: '.nexo-drag-handle',
            cancel: 'button, a, input, .MuiSlider-root, .MuiSwitch-root',
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
        current={resizing ? (itemOf(resizing) ?? null) : null}
        onChoose={applyResize}
        onClose={() => setResizing(null)}
      />
      <SensorDialogs equipo={equipo} dialog={dialog} onClose={() => setDialog(null)} />
    </Box>
  );
}
