import { grilla, mensajes, type Sensor, type Vista } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { pendingCommands } from '../../../shared/realtime/pendingCommands';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { enviarValor, invalidateDevices, patchEquipo, WidgetGrid } from '../../devices';
import type { VistasData } from '../api/viewsApi';
import { guardarLayoutVista } from '../api/viewsApi';
import { viewsKeys } from '../api/viewsQueries';

/**
 * The view's widget grid: the devices' WidgetGrid with the view variant's row height (245, spec 1
 * §9). Values are live because `sensores` come from the devices' cache (useLiveSensors). Widget
 * info, edit and delete belong to the device page; here the cards are for watching and commanding.
 */
export function ViewDashboard({ vista, sensores }: { vista: Vista; sensores: Sensor[] }) {
  const client = useQueryClient();
  const alerts = useAlerts();

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

  return (
    <WidgetGrid
      sensores={sensores}
      savedLayouts={vista.layouts}
      rowHeight={grilla.altoFilaVista}
      canManage={false}
      emptyText={mensajes.vistaSinSensores}
      save={async (layouts) => {
        await guardarLayoutVista(vista.id, layouts);
        client.setQueryData<VistasData>(viewsKeys.all, (old) =>
          old ? { ...old, vistas: old.vistas.map((v) => (v.id === vista.id ? { ...v, layouts } : v)) } : old,
        );
      }}
      send={(sensor, valor) => void send(sensor, valor)}
    />
  );
}
