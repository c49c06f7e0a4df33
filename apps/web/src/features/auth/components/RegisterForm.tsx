import { zodResolver } from '@hookform/resolvers/zod';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { mensajes, type RegistroForm, RegistroFormSchema } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../api/authApi';
import { useCompleteLogin } from '../hooks/useCompleteLogin';
import { useUniquenessCheck } from '../hooks/useUniquenessCheck';
import { PasswordField } from './PasswordField';
import { RegistrationCodeDialog } from './RegistrationCodeDialog';

interface RegisterFormProps {
  /** A plan chosen in the shop before registering (query idSuscripcion / esGratis). */
  idSuscripcion: number | null;
  esGratis: boolean | null;
}

const looksLikeMail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Registration: the user form, then the mailed code, then the user is logged in. */
export function RegisterForm({ idSuscripcion, esGratis }: RegisterFormProps) {
  const alerts = useAlerts();
  const completeLogin = useCompleteLogin();
  const [pending, setPending] = useState<{ values: RegistroForm; hash: string } | null>(null);
  const [registering, setRegistering] = useState(false);
  const countryCodes = useQuery({
    queryKey: ['codigosPais'],
    queryFn: authApi.countryCodes,
    staleTime: Infinity,
  });

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
  const { errors, isSubmitting } = form.formState;
  const username = form.watch('username') ?? '';
  const mail = form.watch('mail') ?? '';
  const usernameTaken = useUniquenessCheck(username, authApi.usernameTaken, username.trim().length < 2);
  const mailTaken = useUniquenessCheck(mail, authApi.mailTaken, !looksLikeMail(mail));

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

  const usernameError = errors.username?.message ?? (usernameTaken ? mensajes.usuarioExistente : undefined);
  const mailError = errors.mail?.message ?? (mailTaken ? mensajes.mailExistente : undefined);

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Registrarme">
      <Stack spacing={2}>
        <TextField
          label="Nombre"
          autoComplete="name"
          {...form.register('nombre')}
          error={Boolean(errors.nombre)}
          helperText={errors.nombre?.message}
        />
        <TextField
          label="Mail"
          type="email"
          autoComplete="email"
          {...form.register('mail')}
          error={Boolean(mailError)}
          helperText={mailError}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 2 }}>
          <Controller
            control={form.control}
            name="codigoPais"
            render={({ field }) => (
              <TextField
                select
                label="Código de país"
                value={typeof field.value === 'number' ? field.value : ''}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
                }
                onBlur={field.onBlur}
                error={Boolean(errors.codigoPais)}
                helperText={errors.codigoPais?.message}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              >
                <MenuItem value="">
                  <em>Sin código</em>
                </MenuItem>
                {(countryCodes.data ?? []).map((country) => (
                  <MenuItem key={country.id} value={country.id}>
                    {country.descripcion} (+{country.codigoPais.replace(/^\+/, '')})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Teléfono"
            type="tel"
            autoComplete="tel-national"
            {...form.register('telefono')}
            error={Boolean(errors.telefono)}
            helperText={errors.telefono?.message}
          />
        </Box>
        <TextField
          label="Usuario"
          autoComplete="username"
          {...form.register('username')}
          error={Boolean(usernameError)}
          helperText={usernameError}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="new-password"
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <PasswordField
          label="Confirmar contraseña"
          autoComplete="new-password"
          {...form.register('confpassword')}
          error={Boolean(errors.confpassword)}
          helperText={errors.confpassword?.message}
        />
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
      <RegistrationCodeDialog
        open={pending !== null}
        mail={pending?.values.mail ?? ''}
        submitting={registering}
        onConfirm={confirmCode}
        onClose={() => setPending(null)}
      />
    </Box>
  );
}
