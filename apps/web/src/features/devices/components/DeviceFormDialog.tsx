import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { type Equipo, EquipoSaveInputSchema, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { actualizarEquipo, grabarEquipo } from '../api/devicesApi';
import { invalidateDevices, useTiposEquipo } from '../api/devicesQueries';
import { applyServerErrors } from './serverErrors';

const FormSchema = z.object({
  nombre: EquipoSaveInputSchema.shape.nombre,
  tipoEquipo: z.string(),
});
type FormValues = z.infer<typeof FormSchema>;

/** Creates a device in the current folder, or edits the name and type of an existing one. */
export function DeviceFormDialog({
  open,
  equipo,
  carpetaId,
  carpetaRootId,
  onClose,
}: {
  open: boolean;
  equipo: Equipo | null;
  carpetaId: number | null;
  carpetaRootId: number | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const tipos = useTiposEquipo();
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    values: {
      nombre: equipo?.nombre ?? '',
      tipoEquipo: equipo?.tipoEquipo ? String(equipo.tipoEquipo.id) : '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    const tipoEquipo = values.tipoEquipo ? { id: Number(values.tipoEquipo) } : null;
    try {
      if (equipo) {
        await actualizarEquipo({ id: equipo.id, nombre: values.nombre, tipoEquipo });
      } else {
        await grabarEquipo({
          nombre: values.nombre,
          tipoEquipo,
          carpeta: carpetaId ? { id: carpetaId } : null,
          carpetaRoot: carpetaRootId ? { id: carpetaRootId } : null,
        });
        // The licence counters changed: reload the session user (cantEquiposAsignados).
        await client.invalidateQueries({ queryKey: ['usuario'] });
      }
      await invalidateDevices(client, equipo?.id);
      alerts.success(mensajes.ejecutadoExitosamente);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['nombre', 'tipoEquipo']);
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{equipo ? mensajes.editarEquipo : mensajes.nuevoDispositivo}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={mensajes.nombre}
              autoFocus
              fullWidth
              {...form.register('nombre')}
              error={Boolean(form.formState.errors.nombre)}
              helperText={form.formState.errors.nombre?.message}
            />
            <TextField
              select
              label={mensajes.tipoEquipo}
              fullWidth
              value={form.watch('tipoEquipo')}
              onChange={(e) => form.setValue('tipoEquipo', e.target.value)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{mensajes.sinTipoEquipo}</MenuItem>
              {(tipos.data ?? []).map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {t.descripcion}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
