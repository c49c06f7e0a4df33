import { Stack, Typography } from '@mui/material';
import {
  type EstadoActualizacion,
  etiquetasEstadoActualizacion,
  type FirmwareEquipoRespuesta,
  mensajes,
  topics,
} from '@nexo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/httpClient';
import { useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { formatFecha } from './SensorCard';

const estadoTexto = (estado: EstadoActualizacion, progreso: number | null) =>
  estado === 'DESCARGANDO' && progreso !== null
    ? `${etiquetasEstadoActualizacion[estado]} ${progreso} %`
    : etiquetasEstadoActualizacion[estado];

/**
 * The device's firmware (info modal): the version it reports over MQTT and its last update, live
 * (`firmware.estado` on the device's topic refetches it).
 */
export function DeviceFirmwareInfo({ equipoId }: { equipoId: number }) {
  const queryClient = useQueryClient();
  const key = ['firmwareEquipo', equipoId] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<FirmwareEquipoRespuesta>(`/api/firmware/equipo/${equipoId}`),
  });
  useRealtimeTopic(topics.equipo(equipoId), (event) => {
    if (event.tipo === 'firmware.estado') void queryClient.invalidateQueries({ queryKey: key });
  });
  const data = query.data;
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <Typography variant="subtitle2">{mensajes.firmwareVersionActual}</Typography>
      <Typography data-testid="firmware-version">
        {data?.version
          ? `${[data.version.titulo, data.version.version].filter(Boolean).join(' ')} · ${formatFecha(data.version.fecha)}`
          : mensajes.firmwareSinReporte}
      </Typography>
      <Typography variant="subtitle2">{mensajes.firmwareUltimaActualizacion}</Typography>
      <Typography data-testid="firmware-ultima">
        {data?.ultima
          ? `${data.ultima.paquete.titulo} ${data.ultima.paquete.version}: ${estadoTexto(data.ultima.estado, data.ultima.progreso)}${data.ultima.motivo ? ` (${data.ultima.motivo})` : ''} · ${formatFecha(data.ultima.actualizado)}`
          : mensajes.firmwareSinActualizaciones}
      </Typography>
    </Stack>
  );
}
