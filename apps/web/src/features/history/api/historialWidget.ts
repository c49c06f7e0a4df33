import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/httpClient';

export interface HistorialWidgetRegistro {
  fecha: number;
  valor: string;
}

interface HistorialWidgetAnswer {
  status: 1;
  historial: HistorialWidgetRegistro[];
}

export const historialWidgetKey = (sensorId: number, shadowId: number, cantidadHoras: number) =>
  ['historialWidget', sensorId, shadowId, cantidadHoras] as const;

/** The chart widget's last hours (POST /api/sensor/historialWidget); refreshed every minute. */
export function useHistorialWidget(
  sensorId: number,
  shadowId: number,
  cantidadHoras: number,
  enabled = true,
) {
  return useQuery({
    queryKey: historialWidgetKey(sensorId, shadowId, cantidadHoras),
    queryFn: async () => {
      const answer = await api.post<HistorialWidgetAnswer>('/api/sensor/historialWidget', {
        id: sensorId,
        shadow: { id: shadowId },
        cantidadHoras,
        hayAlgo: false,
      });
      return answer.historial;
    },
    enabled,
    refetchInterval: 60_000,
  });
}
