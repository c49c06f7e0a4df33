import { zodResolver } from '@hookform/resolvers/zod';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import { Box, Button, Stack } from '@mui/material';
import { mensajes, type RegistroForm, RegistroFormSchema } from '@nexo/contracts';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordFields } from '../../../shared/forms/PasswordFields';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { useUserUniqueness } from '../hooks/useUserUniqueness';
import { RegistrationCodeDialog } from './RegistrationCodeDialog';
import { UserFields } from './UserFields';

interface RegisterFormProps {
  /** A plan chosen in the shop before registering (query idSuscripcion / esGratis). */
  idSuscripcion: number | null;
  esGratis: boolean | null;
}

/** Registration: the user form, then the mailed code, then the user is logged in. */
export function RegisterForm({ idSuscripcion, esGratis }: RegisterFormProps) {
  const alerts = useAlerts();
  const completeLogin = useCompleteLogin();
  const [pending, setPending] = useState<{ values: RegistroForm; hash: string } | null>(null);
  const [registering, setRegistering] = useState(false);

  const form = useForm<z.input<typeof RegistroFormSchema>, unknown, RegistroForm>({
    resolver: zodResolver(RegistroFormSchema),
    mode: 'onTouched',
    defaultValues: {
      nombre: '',
      mail: '',
      telefono: '',
      username: '',
      password: '',
      confpassword: '',
      codigoPais: undefined,
    },
  });
  const { isSubmitting } = form.formState;
  const username = form.watch('username') ?? '';
  const mail = form.watch('mail') ?? '';
  const { usernameTaken, mailTaken } = useUserUniqueness(username, mail);

  const submit = form.handleSubmit(async (values) => {
    try {
      // The debounced checks may not have answered yet; ask once more before mailing a code.
      const [userExists, mailExists] = await Promise.all([
        authApi.usernameTaken(values.username),
        authApi.mailTaken(values.mail),
      ]);
      if (userExists)
        form.setError('username', { message: mensajes.usuarioExistente }, { shouldFocus: true });
      if (mailExists)
        form.setError('mail', { message: mensajes.mailExistente }, { shouldFocus: !userExists });
      if (userExists || mailExists) return;
      const answer = await authApi.sendRegistrationCode(values.mail);
      alerts.success(answer.mensaje || mensajes.codigoEnviado);
      setPending({ values, hash: answer.hash });
    } catch (error) {
      alerts.error(error);
    }
  });

  const confirmCode = async (codigoIngresado: number) => {
    if (!pending) return;
    setRegistering(true);
    try {
      const response = await authApi.register({
        ...pending.values,
        telefono: pending.values.telefono || null,
        hash: pending.hash,
        codigoIngresado,
        ...(idSuscripcion !== null ? { idSuscripcion } : {}),
        ...(esGratis !== null ? { esGratis } : {}),
      });
      alerts.success(mensajes.usuarioRegistrado);
      setPending(null);
      completeLogin(response);
    } catch (error) {
      alerts.error(error);
    } finally {
      setRegistering(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Box component="form" onSubmit={submit} noValidate aria-label="Registrarme">
        <Stack spacing={2}>
          <UserFields layout="stacked" isUsernameTaken={usernameTaken} isMailTaken={mailTaken} />
          <PasswordFields passwordLabel="Contraseña" />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isSubmitting}
            disabled={usernameTaken || mailTaken}
            startIcon={<PersonAddAlt1RoundedIcon />}
          >
            Registrarme
          </Button>
        </Stack>
      </Box>
      {/* Outside the form: the dialog's own submit must not reach this form (a second code). */}
      <RegistrationCodeDialog
        open={pending !== null}
        mail={pending?.values.mail ?? ''}
        submitting={registering}
        onConfirm={confirmCode}
        onClose={() => setPending(null)}
      />
    </FormProvider>
  );
}
