import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import {
  duracionMaxima,
  mensajes,
  type Tarea,
  type TareaSaveInput,
  TareaSaveInputSchema,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { automationKeys } from '../api/automationQueries';
import { grabarTarea } from '../api/eventsApi';
import { type FieldErrors, serverErrors, zodErrors } from './formErrors';
import { SimpleFormDialog } from './SimpleFormDialog';

/** Creates or edits a task: nombre 2–50, duration in whole days, hours and minutes, and whether the next one starts on its own. */
export function TaskFormDialog({
  idPrograma,
  tarea,
  onClose,
}: {
  idPrograma: number;
  tarea: Tarea | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [values, setValues] = useState({
    nombre: tarea?.nombre ?? '',
    duracionDias: String(tarea?.duracionDias ?? 0),
    duracionHoras: String(tarea?.duracionHoras ?? 0),
    minutos: String(tarea?.minutos ?? 0),
    proximaTareaAutomatica: tarea?.proximaTareaAutomatica ?? false,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const input: TareaSaveInput = { id: tarea?.id ?? null, idPrograma, ...values };
    const found = zodErrors(TareaSaveInputSchema.safeParse(input));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const programa = await grabarTarea(input);
      client.setQueryData(automationKeys.programa(idPrograma), programa);
      await client.invalidateQueries({ queryKey: automationKeys.programas });
      alerts.success(mensajes.valoresActualizados);
      onClose();
    } catch (error) {
      setErrors(serverErrors(error));
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  const number = (campo: 'duracionDias' | 'duracionHoras' | 'minutos', label: string, max: number) => (
    <TextField
      label={label}
      type="number"
      value={values[campo]}
      onChange={(e) => setValues({ ...values, [campo]: e.target.value })}
      error={errors[campo] !== undefined}
      helperText={errors[campo]}
      slotProps={{ htmlInput: { min: 0, max, step: 1, inputMode: 'numeric' } }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <SimpleFormDialog
      title={tarea ? mensajes.editarTarea : mensajes.nuevaTarea}
      saving={saving}
      onSubmit={() => void submit()}
      onClose={onClose}
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={mensajes.nombre}
          value={values.nombre}
          onChange={(e) => setValues({ ...values, nombre: e.target.value })}
          required
          autoFocus
          error={errors.nombre !== undefined}
          helperText={errors.nombre}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {number('duracionDias', 'Días', duracionMaxima.dias)}
          {number('duracionHoras', 'Horas', duracionMaxima.horas)}
          {number('minutos', 'Minutos', duracionMaxima.minutos)}
        </Stack>
        <FormControlLabel
          control={
            <Switch
              checked={values.proximaTareaAutomatica}
              onChange={(_, checked) => setValues({ ...values, proximaTareaAutomatica: checked })}
            />
          }
          label="Al terminar, comenzar la siguiente tarea automáticamente"
        />
      </Stack>
    </SimpleFormDialog>
  );
}
