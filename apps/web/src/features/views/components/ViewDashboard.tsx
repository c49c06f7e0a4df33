import 'react-grid-layout/css/styles.css';
import WidgetsRoundedIcon from '@mui/icons-material/WidgetsRounded';
import { Box, Stack, Typography } from '@mui/material';
import { grilla, type Layouts, mensajes, type Sensor, tiempos, type Vista } from '@nexo/contracts';
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
import {
  breakpointFor,
  completeLayouts,
  enviarValor,
  invalidateDevices,
  layoutSignature,
  normaliseLayouts,
  patchEquipo,
  ResizeDialog,
  resizeItem,
  SensorCard,
} from '../../devices';
import type { VistasData } from '../api/viewsApi';
import { guardarLayoutVista } from '../api/viewsApi';
import { viewsKeys } from '../api/viewsQueries';

/**
 * The view's widget grid: the device dashboard's widgets and sizes with the view variant's row
 * height (245, spec 1 §9). Values are live because `sensores` come from the devices' cache
 * (useLiveSensors). A drag or resize is saved for this user with the 300 ms debounce; merely
 * opening the view never saves.
 */
export function ViewDashboard({ vista, sensores }: { vista: Vista; sensores: Sensor[] }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1200 });
  const holder = useMemo(() => ({ sensores }), [sensores]);
  const [layouts, setLayouts] = useState<Layouts>(() => completeLayouts(holder, vista.layouts));
  const [resizing, setResizing] = useState<string | null>(null);
  const savedSignature = useRef(layoutSignature(completeLayouts(holder, vista.layouts)));
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The grid reports a layout on mount and on breakpoint changes; only a user's drag or resize is stored.
  const isUserChange = useRef(false);

  const widgetsKey = sensores.map((s) => `${s.id}:${s.shadows.map((sh) => sh.id).join(',')}`).join('|');
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
          await guardarLayoutVista(vista.id, next);
          savedSignature.current = signature;
          client.setQueryData<VistasData>(viewsKeys.all, (old) =>
            old
              ? { ...old, vistas: old.vistas.map((v) => (v.id === vista.id ? { ...v, layouts: next } : v)) }
              : old,
          );
        } catch (error) {
          alerts.error(error);
        }
      }, tiempos.layoutDebounceMs);
    },
    [alerts, client, vista.id],
  );

  const breakpoint = breakpointFor(width);
  const isMobile = breakpoint === 'xs';
  const columnWidth = (width - 20 - 11 * 12) / 12;
  const itemOf = (key: string) => layouts[breakpoint].find((item) => item.i === key);

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
    // Optimistic, in the devices' cache the widget reads; the device's answer arrives live.
    patchEquipo(client, sensor.idEquipo, (e) => ({
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
      await invalidateDevices(client, sensor.idEquipo);
    }
  };

  const items = sensores.flatMap((sensor) => sensor.shadows.map((shadow) => ({ sensor, shadow })));
  if (items.length === 0) {
    return (
      <Stack
        sx={{
          alignItems: 'center',
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
        <Typography>{mensajes.vistaSinSensores}</Typography>
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
          layouts={layouts as unknown as ResponsiveLayouts}
          rowHeight={isMobile ? grilla.altoFilaMovil : grilla.altoFilaVista}
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
            const h = item?.h ?? 2;
            const w = item?.w ?? 6;
            const compact = (isMobile && h < 2) || w * columnWidth + (w - 1) * 12 < 200;
            return (
              <div key={String(shadow.id)}>
                <SensorCard
                  sensor={sensor}
                  shadow={shadow}
                  compact={compact}
                  // Widget info, edit and delete belong to the device page; here the card is for watching.
                  canManage={false}
                  onSend={(valor) => void send(sensor, valor)}
                  onInfo={() => {}}
                  onEdit={() => {}}
                  onDelete={() => {}}
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
    </Box>
  );
}
