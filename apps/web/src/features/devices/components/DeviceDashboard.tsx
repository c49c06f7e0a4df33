import 'react-grid-layout/css/styles.css';
import WidgetsRoundedIcon from '@mui/icons-material/WidgetsRounded';
import { Box, Stack, Typography } from '@mui/material';
import { type Equipo, grilla, type Layouts, mensajes, type Sensor, tiempos } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

  const items = useMemo(
    () => equipo.sensores.flatMap((sensor) => sensor.shadows.map((shadow) => ({ sensor, shadow }))),
    [equipo.sensores],
  );
  const breakpoint = breakpointFor(width);
  const isMobile = breakpoint === 'xs';
  const columnWidth = (width - 20 - 11 * 12) / 12;
  const itemOf = (key: string) => layouts[breakpoint].find((item) => item.i === key);

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
          {items.map(({ sensor, shadow }) => {
            const item = itemOf(String(shadow.id));
            // Too small for the graphic (one row on a phone, or a narrow card): text mode.
            const h = item?.h ?? 2;
            const w = item?.w ?? 6;
            const compact = (isMobile && h < 2) || w * columnWidth + (w - 1) * 12 < 200;
            return (
              <div key={String(shadow.id)}>
                <SensorCard
                  sensor={sensor}
                  shadow={shadow}
                  compact={compact}
                  canManage={permisos.canManageWidgets}
                  onSend={(valor) => void send(sensor, valor)}
                  onInfo={() => setDialog({ kind: 'info', sensor })}
                  onEdit={() => setDialog({ kind: 'edit', sensor })}
                  onDelete={() => setDialog({ kind: 'delete', sensor })}
                  onResize={() => setResizing(String(shadow.id))}
                />
              </div>
            );
          })}
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
