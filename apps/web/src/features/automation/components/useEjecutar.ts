import { mensajes, type ResultadoEjecucion } from '@nexo/contracts';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { ejecutarAccion } from '../api/automationApi';

/**
 * Runs a collective action and tells the result: 'Ejecutado exitosamente!' or which sensors
 * could not be reached and why. Used by the cards and by the 'Mis Favoritos' bar.
 */
export function useEjecutar() {
  const alerts = useAlerts();
  const [running, setRunning] = useState<number | null>(null);
  const run = async (id: number): Promise<ResultadoEjecucion | null> => {
    setRunning(id);
    try {
      const result = await ejecutarAccion(id);
      if (result.fallidos.length === 0) alerts.success(mensajes.ejecutadoExitosamente);
      else
        alerts.error(
          `${result.mensaje} ${result.fallidos.map((f) => `${f.labelUsuario}: ${f.mensaje}`).join(' · ')}`,
        );
      return result;
    } catch (error) {
      alerts.error(error);
      return null;
    } finally {
      setRunning(null);
    }
  };
  return { run, running };
}
