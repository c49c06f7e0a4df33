import { estadosConsulta, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { type ChatSide, cambiarEstado } from '../api/supportApi';
import { invalidateConsultaLists, patchEstado } from '../api/supportQueries';

/** cambiarEstado from either side, with the alerts and the caches updated. */
export function useCambiarEstado(side: ChatSide) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [loading, setLoading] = useState(false);
  const run = async (id: number, estado: number): Promise<boolean> => {
    setLoading(true);
    try {
      const consulta = await cambiarEstado(side, { id, estado });
      patchEstado(client, id, consulta.estadoSt.id);
      await invalidateConsultaLists(client);
      alerts.success(
        estado === estadosConsulta.cancelada
          ? mensajes.consultaCancelada
          : mensajes.consultaEstadoActualizado,
      );
      return true;
    } catch (error) {
      alerts.error(error);
      return false;
    } finally {
      setLoading(false);
    }
  };
  return { run, loading };
}
