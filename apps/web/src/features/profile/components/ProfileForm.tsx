import { zodResolver } from '@hookform/resolvers/zod';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { ActualizarUsuarioInputSchema, mensajes, type UsuarioSesion } from '@nexo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sessionUserKey } from '../../../app/layout/useSessionUserSync';
import { sessionStore } from '../../../shared/api/session';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi } from '../../auth/api/authApi';
import { RegistrationCodeDialog } from '../../auth/components/RegistrationCodeDialog';
import { useUniquenessCheck } from '../../auth/hooks/useUniquenessCheck';
import { profileApi } from '../api/profileApi';

const ProfileFormSchema = ActualizarUsuarioInputSchema.omit({ hash: true, codigoIngresado: true });
type ProfileFormInput = z.input<typeof ProfileFormSchema>;
type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const looksLikeMail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** Profile edit: an unchanged e-mail saves directly; a new one first needs the mailed code (spec 2 §4). */
export function ProfileForm({ usuario }: { usuario: UsuarioSesion }) {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
  const countryCodes = useQuery({
    queryKey: ['codigosPais'],
    queryFn: authApi.countryCodes,
    staleTime: Infinity,
  });
  const [pending, setPending] = useState<{ values: ProfileFormOutput; hash: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      nombre: usuario.nombre,
      mail: usuario.mail,
      telefono: usuario.telefono ?? '',
      username: usuario.username,
      codigoPais: usuario.codigoPais?.id,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const username = form.watch('username') ?? '';
  const mail = form.watch('mail') ?? '';
  // A value equal to the user's own is not "taken" (spec 2 §5: unless unchanged on edit).
  const usernameTaken = useUniquenessCheck(
    username,
    authApi.usernameTaken,
    username.trim().length < 2 || sameText(username, usuario.username),
  );
  const mailTaken = useUniquenessCheck(
    mail,
    authApi.mailTaken,
    !looksLikeMail(mail) || sameText(mail, usuario.mail),
  );

  const save = async (
    values: ProfileFormOutput,
    verification?: { hash: string; codigoIngresado: number },
  ) => {
    const answer = await profileApi.update({ ...values, telefono: values.telefono || null, ...verification });
    sessionStore.updateUsuario(answer.usuario);
    queryClient.setQueryData(sessionUserKey, answer.usuario);
    alerts.success(mensajes.valoresActualizados);
    form.reset({
      nombre: answer.usuario.nombre,
      mail: answer.usuario.mail,
      telefono: answer.usuario.telefono ?? '',
      username: answer.usuario.username,
      codigoPais: answer.usuario.codigoPais?.id,
    });
  };

  const submit = form.handleSubmit(async (values) => {
    if (usernameTaken || mailTaken) return;
    try {
      if (sameText(values.mail, usuario.mail)) {
        await save(values);
      } else {
        const answer = await authApi.sendRegistrationCode(values.mail);
        alerts.success(answer.mensaje || mensajes.codigoEnviado);
        setPending({ values, hash: answer.hash });
      }
    } catch (error) {
      alerts.error(error);
    }
  });

  const confirmCode = async (codigoIngresado: number) => {
    if (!pending) return;
    setSaving(true);
    try {
      await save(pending.values, { hash: pending.hash, codigoIngresado });
      setPending(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };

  const usernameError = errors.username?.message ?? (usernameTaken ? mensajes.usuarioExistente : undefined);
  const mailError = errors.mail?.message ?? (mailTaken ? mensajes.mailExistente : undefined);

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" sx={{ mb: 2.5 }}>
          Datos personales
        </Typography>
        <Box
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Mis datos"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
        >
          <TextField
            label="Nombre"
            autoComplete="name"
            {...form.register('nombre')}
            error={Boolean(errors.nombre)}
            helperText={errors.nombre?.message}
          />
          <TextField
            label="Usuario"
            autoComplete="username"
            {...form.register('username')}
            error={Boolean(usernameError)}
            helperText={usernameError}
          />
          <TextField
            label="Mail"
            type="email"
            autoComplete="email"
            {...form.register('mail')}
            error={Boolean(mailError)}
            helperText={mailError ?? 'Si lo cambiás, te enviaremos un código para confirmarlo.'}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <Controller
            control={form.control}
            name="codigoPais"
            render={({ field }) => (
              <TextField
                select
                label="Código de país"
                value={typeof field.value === 'number' && countryCodes.data ? field.value : ''}
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
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              loading={isSubmitting}
              disabled={!isDirty || usernameTaken || mailTaken}
              startIcon={<SaveRoundedIcon />}
            >
              Guardar cambios
            </Button>
          </Box>
        </Box>
      </CardContent>
      <RegistrationCodeDialog
        open={pending !== null}
        mail={pending?.values.mail ?? ''}
        submitting={saving}
        onConfirm={confirmCode}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
