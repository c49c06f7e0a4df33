import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import { Box, Button, Divider, Link, Stack, TextField, Typography } from '@mui/material';
import { erroresLogin, type LoginForm as LoginFormValues, mensajes } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { PasswordField } from '../../../shared/forms/PasswordField';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { CaptchaField, type CaptchaFieldHandle } from './CaptchaField';
import { GoogleSignInButton } from './GoogleSignInButton';

// The recovery dialogs (and their schemas) load when asked for: the login page stays light.
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));
const ResetPasswordDialog = lazy(async () => ({
  default: (await import('./ResetPasswordDialog')).ResetPasswordDialog,
}));

/** The login rules of the contracts (no schema library on this page). */
const loginResolver: Resolver<LoginFormValues> = async (values) => {
  const errores = erroresLogin(values);
  if (errores.length === 0) return { values: { ...values, username: values.username.trim() }, errors: {} };
  const errors: FieldErrors<LoginFormValues> = {};
  for (const e of errores) errors[e.campo] = { type: 'required', message: e.mensaje };
  return { values: {}, errors };
};

/**
 * Username + password + captcha, the forgot-password link and, when configured, Google.
 * `?recuperacion={hash}` (the admin's password-reset mail) opens the new-password step directly.
 */
export function LoginForm() {
  const alerts = useAlerts();
  const completeLogin = useCompleteLogin();
  const captchaRef = useRef<CaptchaFieldHandle>(null);
  // An admin-started reset mails a link with the recovery hash: the reset opens at once.
  const [params] = useSearchParams();
  const [recoveryHash, setRecoveryHash] = useState<string | null>(params.get('recuperacion'));
  const [askingRecovery, setAskingRecovery] = useState(false);
  const config = useQuery({
    queryKey: ['config'],
    queryFn: authApi.config,
    staleTime: Infinity,
    retry: false,
  });
  const googleClientId = config.data?.googleClientId ?? null;

  const form = useForm<LoginFormValues>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '', captcha: '' },
  });
  const { errors, isSubmitting } = form.formState;
  form.register('captcha');

  const submit = form.handleSubmit(async (values) => {
    try {
      completeLogin(await authApi.login(values));
    } catch (error) {
      alerts.error(error);
      // Each captcha solution is accepted once; the user ticks it again. Its error shows only
      // after a new submit without it, not as soon as the widget resets.
      captchaRef.current?.reset();
      form.setValue('captcha', '', { shouldValidate: false });
      form.clearErrors('captcha');
    }
  });

  const recoverySent = (hash: string, mensaje: string | undefined) => {
    setAskingRecovery(false);
    alerts.success(mensaje ?? mensajes.codigoEnviado);
    setRecoveryHash(hash);
  };

  const googleLogin = async (idToken: string) => {
    try {
      completeLogin(await authApi.loginWithGoogle(idToken));
    } catch (error) {
      alerts.error(error);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Ingresar">
      <Stack spacing={2.25}>
        <TextField
          label="Usuario"
          autoComplete="username"
          autoFocus
          {...form.register('username')}
          error={Boolean(errors.username)}
          helperText={errors.username?.message}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <CaptchaField
          ref={captchaRef}
          error={errors.captcha?.message}
          onChange={(payload) =>
            form.setValue('captcha', payload, {
              shouldValidate: form.formState.isSubmitted && payload !== '',
            })
          }
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setAskingRecovery(true)}
            underline="hover"
          >
            ¿Olvidaste tu contraseña?
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={isSubmitting}
          startIcon={<LoginRoundedIcon />}
        >
          Ingresar
        </Button>
        {googleClientId && (
          <>
            <Divider>
              <Typography variant="caption" color="text.secondary">
                o
              </Typography>
            </Divider>
            <GoogleSignInButton clientId={googleClientId} onCredential={googleLogin} />
          </>
        )}
      </Stack>
      <Suspense fallback={null}>
        {askingRecovery && (
          <ForgotPasswordDialog
            open
            initialValue={form.getValues('username').trim()}
            onClose={() => setAskingRecovery(false)}
            onSent={recoverySent}
          />
        )}
        {recoveryHash !== null && (
          <ResetPasswordDialog open hash={recoveryHash} onClose={() => setRecoveryHash(null)} />
        )}
      </Suspense>
    </Box>
  );
}
