import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { type Carpeta, CarpetaSaveInputSchema, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { grabarCarpeta } from '../api/devicesApi';
import { invalidateDevices } from '../api/devicesQueries';
import { applyServerErrors } from './serverErrors';

const FormSchema = z.object({ nombre: CarpetaSaveInputSchema.shape.nombre });
type FormValues = z.infer<typeof FormSchema>;

/** Creates a folder inside the current one, or renames a folder. */
export function FolderFormDialog({
  open,
  carpeta,
  carpetaPadreId,
  carpetaRootId,
  onClose,
}: {
  open: boolean;
  carpeta: Pick<Carpeta, 'id' | 'nombre'> | null;
  carpetaPadreId: number | null;
  carpetaRootId: number | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    values: { nombre: carpeta?.nombre ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await grabarCarpeta({
        id: carpeta?.id ?? null,
        nombre: values.nombre,
        carpeta: carpetaPadreId ? { id: carpetaPadreId } : null,
        carpetaRoot: carpetaRootId ? { id: carpetaRootId } : null,
      });
      await invalidateDevices(client);
      alerts.success(mensajes.ejecutadoExitosamente);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['nombre']);
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{carpeta ? mensajes.editarCarpeta : mensajes.nuevaCarpeta}</DialogTitle>
        <DialogContent>
          <TextField
            label={mensajes.nombre}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            {...form.register('nombre')}
            error={Boolean(form.formState.errors.nombre)}
            helperText={form.formState.errors.nombre?.message}
          />
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
