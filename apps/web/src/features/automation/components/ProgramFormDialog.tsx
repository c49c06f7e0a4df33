import { Stack, TextField } from '@mui/material';
import { mensajes, type Programa, ProgramaSaveInputSchema } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { invalidateAutomation } from '../api/automationQueries';
import { grabarPrograma } from '../api/eventsApi';
import { type FieldErrors, serverErrors, zodErrors } from './formErrors';
import { SimpleFormDialog } from './SimpleFormDialog';

/** Creates or renames a program (nombre 2–50, 'Muy largo el nombre'). */
export function ProgramFormDialog({
  programa,
  onClose,
  onSaved,
}: {
  programa: Pick<Programa, 'id' | 'nombre'> | null;
  onClose: () => void;
  onSaved?: (saved: Programa) => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [nombre, setNombre] = useState(programa?.nombre ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const input = { id: programa?.id ?? null, nombre };
    const found = zodErrors(ProgramaSaveInputSchema.safeParse(input));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await grabarPrograma(input);
      await invalidateAutomation(client);
      alerts.success(mensajes.valoresActualizados);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setErrors(serverErrors(error));
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <SimpleFormDialog
      title={programa ? mensajes.editarPrograma : mensajes.nuevoPrograma}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack sx={{ pt: 1 }}>
        <TextField
          label={mensajes.nombre}
          value={nombre}
          onChange={(e) => setNombre(e.target.value)}
          required
          autoFocus
          error={errors.nombre !== undefined}
          helperText={errors.nombre}
        />
      </Stack>
    </SimpleFormDialog>
  );
}
