import { mensajes, type Sensor } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { eliminarSensorDeVista } from '../api/viewsApi';
import { invalidateViews, patchVista } from '../api/viewsQueries';

/** Confirms and removes a sensor from the view (the sensor stays on its device; spec 1 §6). */
export function RemoveSensorDialog({
  vistaId,
  sensor,
  onClose,
}: {
  vistaId: number;
  sensor: Sensor | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [loading, setLoading] = useState(false);
  const confirm = async () => {
    if (!sensor) return;
    setLoading(true);
    try {
      patchVista(client, await eliminarSensorDeVista({ idVista: vistaId, idSensor: sensor.id }));
      alerts.success(mensajes.sensorQuitadoDeVista);
      onClose();
    } catch (error) {
      alerts.error(error);
      await invalidateViews(client);
    } finally {
      setLoading(false);
    }
  };
  return (
    <ConfirmDialog
      open={sensor !== null}
      title={mensajes.quitarSensorDeVista}
      message={sensor ? mensajes.quitarSensorDeVistaPregunta.replace('{nombre}', sensor.labelUsuario) : ''}
      confirmLabel={mensajes.siEliminar}
      cancelLabel={mensajes.no}
      destructive
      loading={loading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
