import { mensajes } from '@nexo/contracts';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';

/** 'No permitido' when the licence does not allow another sensor (spec 1 §8), with only a close button. */
export function LicenceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title={mensajes.noPermitido}
      message={mensajes.licenciaSinSensores}
      confirmLabel={mensajes.cerrar}
      hideCancel
      onConfirm={onClose}
      onClose={onClose}
    />
  );
}
