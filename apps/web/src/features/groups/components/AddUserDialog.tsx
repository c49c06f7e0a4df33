import { zodResolver } from '@hookform/resolvers/zod';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type AgregarUsuarioInput, AgregarUsuarioInputSchema, type Equipo, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { isApiError } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { agregarUsuario } from '../api/groupsApi';
import { invalidateGroups } from '../api/groupsQueries';

/**
 * 'Agregar usuario' (spec 2 §5 share device): username or e-mail (2–1000) and one of the devices
 * I manage; the user gets the Usuario role. A refusal (status other than 1) shows the server text.
 */
export function AddUserDialog({
  open,
  equipos,
  onClose,
}: {
  open: boolean;
  /** The devices where I hold admin, developer or owner level. */
  equipos: Equipo[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [saving, setSaving] = useState(false);
  const form = useForm<AgregarUsuarioInput>({
    resolver: zodResolver(AgregarUsuarioInputSchema),
    defaultValues: { username: '', equipoId: equipos[0]?.id ?? '' },
  });

  const close = () => {
    form.reset({ username: '', equipoId: equipos[0]?.id ?? '' });
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await agregarUsuario(values);
      const nombre = equipos.find((e) => e.id === Number(values.equipoId))?.nombre ?? '';
      alerts.success(mensajes.usuarioAgregado.replace('{nombre}', nombre));
      await invalidateGroups(client);
      close();
    } catch (error) {
      if (isApiError(error)) {
        for (const item of error.errores) {
          if (item.campo === 'username' || item.campo === 'equipoId')
            form.setError(item.campo, { type: 'server', message: item.mensaje });
        }
      }
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Dialog open={open} onClose={saving ? undefined : close} maxWidth="xs" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{mensajes.agregarUsuario}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...form.register('username')}
              label={mensajes.usuarioOCorreo}
              autoFocus
              required
              fullWidth
              autoComplete="off"
              error={form.formState.errors.username !== undefined}
              helperText={form.formState.errors.username?.message}
            />
            <Controller
              control={form.control}
              name="equipoId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={mensajes.equipo}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                  required
                  fullWidth
                >
                  {equipos.map((e) => (
                    <MenuItem key={e.id} value={e.id}>
                      {e.nombre}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={close} saveLabel={mensajes.agregar} />
      </form>
    </Dialog>
  );
}
