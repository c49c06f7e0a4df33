import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { mensajes, passwordSchema } from '@nexo/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordFields } from '../../../shared/forms/PasswordFields';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { usersApi } from '../api/usersApi';

const ChangePasswordFormSchema = z
  .object({ password: passwordSchema, confpassword: z.string().min(1, { error: mensajes.requerido }) })
  .refine((value) => value.password === value.confpassword, {
    path: ['confpassword'],
    error: mensajes.contrasenasNoCoinciden,
  });
type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

/** Logged-in password change (spec 2 §5 "Password change", without the recovery code). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const alerts = useAlerts();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { password: '', confpassword: '' },
  });
  const { isSubmitting } = form.formState;

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await usersApi.changePassword(values);
      alerts.success(mensajes.passwordActualizado);
      close();
    } catch (error) {
      alerts.error(error);
    }
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : close} maxWidth="xs" fullWidth>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogTitle>Cambiar contraseña</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <PasswordFields passwordLabel="Nueva contraseña" autoFocus />
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
