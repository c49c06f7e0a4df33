import { type Equipo, grilla, mensajes, type Sensor } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { pendingCommands } from '../../../shared/realtime/pendingCommands';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { enviarValor, guardarLayout } from '../api/devicesApi';
import { invalidateDevices, patchEquipo } from '../api/devicesQueries';
import { devicePermissions } from '../permissions';
import { type SensorDialog, SensorDialogs } from './SensorDialogs';
import { WidgetGrid } from './WidgetGrid';

/**
 * The device's widget grid: the shared WidgetGrid with the device's layout (saved per user with
 * `guardarLayout {esEquipo: true}`), its commands and, for the owner level, the widget dialogs.
 * Memoised: the page above re-renders on every query or session update (urgent renders, not cut
 * into short tasks), and the grid is only drawn again when the device itself changes.
 */
export const DeviceDashboard = memo(function DeviceDashboard({ equipo }: { equipo: Equipo }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const permisos = devicePermissions(equipo.idRol);
  const [dialog, setDialog] = useState<SensorDialog | null>(null);

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

  return (
    <>
      <WidgetGrid
        sensores={equipo.sensores}
        savedLayouts={equipo.layouts}
        rowHeight={grilla.altoFila}
        canManage={permisos.canManageWidgets}
        emptyText={mensajes.noHayWidgets}
        save={async (layouts) => {
          await guardarLayout({ id: equipo.id, esEquipo: true, layouts });
          patchEquipo(client, equipo.id, (e) => ({ ...e, layouts }));
        }}
        send={(sensor, valor) => void send(sensor, valor)}
        open={(kind, sensor) => setDialog({ kind, sensor })}
      />
      <SensorDialogs equipo={equipo} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
});
