import { type Equipo, mensajes, type Sensor } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { lazyComponent } from '../../../shared/ui/lazyComponent';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { eliminarSensor } from '../api/devicesApi';
import { invalidateDevices } from '../api/devicesQueries';

// The form (and the validation library it brings) loads when opened, not with the dashboard; so does
// the info dialog (its tabs, the device's code samples and its firmware).
const WidgetInfoDialog = lazyComponent(async () => (await import('./WidgetInfoDialog')).WidgetInfoDialog);
const WidgetEditorDialog = lazy(async () => ({
  default: (await import('./WidgetEditorDialog')).WidgetEditorDialog,
}));

/** Which of a sensor's dialogs is open: its info, its widget editor or the delete confirmation. */
export interface SensorDialog {
  kind: 'info' | 'edit' | 'delete';
  sensor: Sensor;
}

/** The dialogs a sensor's actions open, in the grid and in the list alike; deleting happens here. */
export function SensorDialogs({
  equipo,
  dialog,
  onClose,
}: {
  equipo: Equipo;
  dialog: SensorDialog | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [isDeleting, setIsDeleting] = useState(false);
  const info = dialog?.kind === 'info' ? dialog.sensor : null;
  const editing = dialog?.kind === 'edit' ? dialog.sensor : null;
  const deleting = dialog?.kind === 'delete' ? dialog.sensor : null;

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await eliminarSensor(deleting.id);
      await Promise.all([
        invalidateDevices(client, equipo.id),
        client.invalidateQueries({ queryKey: ['usuario'] }),
      ]);
      alerts.success(mensajes.ejecutadoExitosamente);
      onClose();
    } catch (error) {
      alerts.error(error);
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <>
      <Suspense fallback={null}>
        {info && <WidgetInfoDialog equipo={equipo} sensor={info} onClose={onClose} />}
        {editing !== null && <WidgetEditorDialog open equipo={equipo} sensor={editing} onClose={onClose} />}
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        title={mensajes.eliminarTitulo}
        message={mensajes.eliminarSensorPregunta}
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={isDeleting}
        onConfirm={confirmDelete}
        onClose={onClose}
      />
    </>
  );
}
