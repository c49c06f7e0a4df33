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
import { type RecuperarPasswordInput, RecuperarPasswordInputSchema } from '@nexo/contracts';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';
import { CaptchaField, type CaptchaFieldHandle } from './CaptchaField';

interface ForgotPasswordDialogProps {
  open: boolean;
  /** What the user already typed in the login form (username or e-mail). */
  initialValue: string;
  onClose: () => void;
  /** The server mailed a code (or answered as if it had): the next step gets the hash. */
  onSent: (hash: string, mensaje: string | undefined) => void;
}

/**
 * First step of the forgot-password flow: a username or an e-mail and the captcha. The server
 * answers alike whether the account exists or not, so this step always goes on to the code.
 */
export function ForgotPasswordDialog({ open, initialValue, onClose, onSent }: ForgotPasswordDialogProps) {
  const alerts = useAlerts();
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  const form = useForm<RecuperarPasswordInput>({
    resolver: zodResolver(RecuperarPasswordInputSchema),
    defaultValues: { mail: initialValue, captcha: '' },
  });
  const { errors, isSubmitting } = form.formState;
  form.register('captcha');

  useEffect(() => {
    if (open) form.reset({ mail: initialValue, captcha: '' });
  }, [open, initialValue, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await authApi.recoverPassword(values);
      onSent(answer.hash, answer.mensaje);
    } catch (error) {
      alerts.error(error);
      // A captcha solution is accepted once; the user ticks it again.
      captchaRef.current?.reset();
    }
  });

  return (
    <Dialog open={open} onClose={isSubmitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>¿Olvidaste tu contraseña?</DialogTitle>
        <DialogContent>
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            Ingresá tu usuario o tu e-mail y te enviaremos un código para elegir una contraseña nueva.
          </Typography>
          <Stack spacing={2}>
            <TextField
              label="Usuario o e-mail"
              autoComplete="username"
              autoFocus
              {...form.register('mail')}
              error={Boolean(errors.mail)}
              helperText={errors.mail?.message}
            />
            {open && (
              <CaptchaField
                ref={captchaRef}
                error={errors.captcha?.message}
                onChange={(payload) =>
                  form.setValue('captcha', payload, { shouldValidate: form.formState.isSubmitted })
                }
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            Enviar código
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
