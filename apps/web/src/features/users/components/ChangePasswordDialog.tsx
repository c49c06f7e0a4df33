import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { type CambiarPasswordForm, CambiarPasswordFormSchema, mensajes } from '@nexo/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { isApiError } from '../../../shared/api/httpClient';
import { sessionStore } from '../../../shared/api/session';
import { PasswordField } from '../../../shared/forms/PasswordField';
import { PasswordFields } from '../../../shared/forms/PasswordFields';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { usersApi } from '../api/usersApi';

/**
 * Logged-in password change (spec 2 §5 "Password change", without the recovery code): the current
 * password, then the new one twice. The server ends every other session and hands this one a new
 * refresh token, which replaces the stored one.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const alerts = useAlerts();
  const form = useForm<CambiarPasswordForm>({
    resolver: zodResolver(CambiarPasswordFormSchema),
    defaultValues: { passwordActual: '', password: '', confpassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await usersApi.changePassword(values);
      // Every session of the user ended, this one's access token too: go on with the new ones.
      sessionStore.saveTokens(answer);
      alerts.success(answer.mensaje || mensajes.passwordActualizado);
      close();
    } catch (error) {
      const actual = isApiError(error) ? error.errores.find((e) => e.campo === 'passwordActual') : undefined;
      if (actual)
        form.setError('passwordActual', { type: 'server', message: actual.mensaje }, { shouldFocus: true });
      else alerts.error(error);
    }
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : close} maxWidth="xs" fullWidth>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle>Cambiar contraseña</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <PasswordField
                label="Contraseña actual"
                autoComplete="current-password"
                autoFocus
                {...form.register('passwordActual')}
                error={Boolean(errors.passwordActual)}
                helperText={errors.passwordActual?.message}
              />
              <PasswordFields passwordLabel="Nueva contraseña" />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} color="inherit" disabled={isSubmitting}>
              Cancelar
            </Button>
            <Button type="submit" variant="contained" loading={isSubmitting}>
              Guardar
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
