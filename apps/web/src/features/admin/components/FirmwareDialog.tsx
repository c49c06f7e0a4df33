import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { EquipoAdmin } from '@nexo/contracts';
import { useState } from 'react';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { guardarFirmware } from '../api/adminApi';

/** The device's firmware note (version, build); empty clears it. */
export function FirmwareDialog({
  equipo,
  onClose,
  onDone,
}: {
  equipo: EquipoAdmin;
  onClose: () => void;
  onDone: () => void;
}) {
  const alerts = useAlerts();
  const [firmware, setFirmware] = useState(equipo.firmware ?? '');
  const [saving, setSaving] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await guardarFirmware(equipo.id, firmware.trim() || null);
      alerts.success('Firmware guardado');
      onDone();
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Firmware de {equipo.nombre}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Firmware"
            placeholder="Ej: nexo-2.0.1"
            value={firmware}
            onChange={(event) => setFirmware(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
