import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { CrearEquiposInputSchema, type CredencialesEquipo } from '@nexo/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { crearEquipos } from '../api/adminApi';
import { useTiposEquipo } from '../api/adminQueries';

type Values = z.input<typeof CrearEquiposInputSchema>;

/** 'Crear equipos': type, name pattern ('{n}' is the number), how many, first number, firmware note. */
export function CrearEquiposDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (equipos: CredencialesEquipo[]) => void;
}) {
  const tipos = useTiposEquipo();
  const alerts = useAlerts();
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(CrearEquiposInputSchema),
    defaultValues: { patron: 'Placa Nexo {n}', cantidad: 3, desde: 1, tipoEquipo: null, firmware: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const created = await crearEquipos(values);
      alerts.success(`${created.length} ${created.length === 1 ? 'equipo creado' : 'equipos creados'}`);
      onCreated(created);
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });
  const field = (name: 'patron' | 'cantidad' | 'desde' | 'firmware', label: string, helper?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          label={label}
          {...f}
          value={f.value ?? ''}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helper}
        />
      )}
    />
  );
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Crear equipos</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={form.control}
              name="tipoEquipo"
              render={({ field: f }) => (
                <TextField
                  select
                  label="Tipo de equipo"
                  value={f.value?.id ?? ''}
                  onChange={(event) =>
                    f.onChange(event.target.value ? { id: Number(event.target.value) } : null)
                  }
                >
                  <MenuItem value="">Sin tipo</MenuItem>
                  {(tipos.data ?? []).map((tipo) => (
                    <MenuItem key={tipo.id} value={tipo.id}>
                      {tipo.descripcion}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {field('patron', 'Nombre', '{n} se reemplaza por el número de cada equipo')}
            {field('cantidad', 'Cantidad', 'Hasta 100 por vez')}
            {field('desde', 'Primer número')}
            {field('firmware', 'Firmware (opcional)')}
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} saveLabel="Crear" />
      </form>
    </Dialog>
  );
}
