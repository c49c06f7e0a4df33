import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { codigoVerificacionSchema, mensajes, passwordSchema } from '@nexo/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordFields } from '../../../shared/forms/PasswordFields';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';

const ResetPasswordFormSchema = z
  .object({
    codigo: codigoVerificacionSchema,
    password: passwordSchema,
    confpassword: z.string().min(1, { error: mensajes.requerido }),
  })
  .refine((value) => value.password === value.confpassword, {
    path: ['confpassword'],
    error: mensajes.contrasenasNoCoinciden,
  });

interface ResetPasswordDialogProps {
  open: boolean;
  hash: string;
  onClose: () => void;
}

/** Second step of the forgot-password flow: the mailed code and the new password. */
export function ResetPasswordDialog({ open, hash, onClose }: ResetPasswordDialogProps) {
  const alerts = useAlerts();
  const form = useForm<
    z.input<typeof ResetPasswordFormSchema>,
    unknown,
    z.output<typeof ResetPasswordFormSchema>
  >({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { codigo: '', password: '', confpassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await authApi.resetPassword({ ...values, hash });
      alerts.success(mensajes.passwordActualizado);
      form.reset();
      onClose();
    } catch (error) {
      alerts.error(error);
    }
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle>Recuperar contraseña</DialogTitle>
          <DialogContent>
            <Typography color="textSecondary" sx={{ mb: 2 }}>
              {mensajes.codigoEnviado}
            </Typography>
            <Stack spacing={2}>
              <TextField
                label="Código"
                autoFocus
                inputMode="numeric"
                autoComplete="one-time-code"
                {...form.register('codigo')}
                error={Boolean(errors.codigo)}
                helperText={errors.codigo?.message}
              />
              <PasswordFields passwordLabel="Nueva contraseña" />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              Cambiar contraseña
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
