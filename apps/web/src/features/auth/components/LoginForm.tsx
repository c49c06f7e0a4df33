import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import { Box, Button, Stack } from '@mui/material';
import { erroresLogin, type LoginForm as LoginFormValues, mensajes } from '@nexo/contracts';
import { type FormEvent, lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OutlinedTextField } from '../../../shared/forms/OutlinedTextField';
import { PasswordField } from '../../../shared/forms/PasswordField';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { useGoogleClientId } from '../hooks/useGoogleClientId';
import { followLoginSkeleton } from '../loginSkeleton';
import { CaptchaField, type CaptchaFieldHandle } from './CaptchaField';

// Google's button and the recovery dialogs (and their schemas) load when needed: the login page
// stays light.
const GoogleSignIn = lazy(async () => ({ default: (await import('./GoogleSignIn')).GoogleSignIn }));
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));
const ResetPasswordDialog = lazy(async () => ({
  default: (await import('./ResetPasswordDialog')).ResetPasswordDialog,
}));

type Field = keyof LoginFormValues;
type Errors = Partial<Record<Field, string | undefined>>;

/** The login rules of the contracts, by field (no schema or form library on this page). */
function validate(values: LoginFormValues): Errors {
  const errors: Errors = {};
  for (const e of erroresLogin(values)) errors[e.campo] ??= e.mensaje;
  return errors;
}

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
  const googleClientId = useGoogleClientId();

  // Three fields: plain state. Errors show after the first submit, then follow each change.
  const values = useRef<LoginFormValues>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const change = (field: Field, value: string, revalidate = isSubmitted) => {
    values.current = { ...values.current, [field]: value };
    if (revalidate) setErrors((current) => ({ ...current, [field]: validate(values.current)[field] }));
  };

  // What was typed, ticked and focused in index.html's copy of this form carries over (loginSkeleton.ts).
  const [skeleton] = useState(followLoginSkeleton);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const carried = skeleton?.();
    if (!carried) return;
    for (const [field, input] of [
      ['username', usernameRef.current],
      ['password', passwordRef.current],
    ] as const) {
      if (!input || !carried[field]) continue;
      input.value = carried[field];
      values.current = { ...values.current, [field]: carried[field] };
    }
    if (carried.captcha) captchaRef.current?.verify();
    // The username has it already (autoFocus).
    if (carried.focused === 'password') passwordRef.current?.focus();
  }, [skeleton]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values.current);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      completeLogin(await authApi.login({ ...values.current, username: values.current.username.trim() }));
    } catch (error) {
      alerts.error(error);
      // Each captcha solution is accepted once; the user ticks it again. Its error shows only
      // after a new submit without it, not as soon as the widget resets.
      captchaRef.current?.reset();
      change('captcha', '', false);
      setErrors((current) => ({ ...current, captcha: undefined }));
    } finally {
      setSubmitting(false);
    }
  };

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
    <Box component="form" onSubmit={(event) => void submit(event)} noValidate aria-label="Ingresar">
      <Stack spacing={2.25}>
        <OutlinedTextField
          label="Usuario"
          name="username"
          autoComplete="username"
          autoFocus
          ref={usernameRef}
          onChange={(event) => change('username', event.target.value)}
          error={Boolean(errors.username)}
          helperText={errors.username}
        />
        <PasswordField
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          ref={passwordRef}
          onChange={(event) => change('password', event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <CaptchaField
          ref={captchaRef}
          error={errors.captcha}
          onChange={(payload) => change('captcha', payload, isSubmitted && payload !== '')}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Button
            type="button"
            size="small"
            onClick={() => setAskingRecovery(true)}
            sx={{ textTransform: 'none', fontWeight: 400, px: 0.5, minWidth: 0 }}
          >
            ¿Olvidaste tu contraseña?
          </Button>
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
          <Suspense fallback={null}>
            <GoogleSignIn clientId={googleClientId} onCredential={googleLogin} />
          </Suspense>
        )}
      </Stack>
      <Suspense fallback={null}>
        {askingRecovery && (
          <ForgotPasswordDialog
            open
            initialValue={values.current.username.trim()}
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
