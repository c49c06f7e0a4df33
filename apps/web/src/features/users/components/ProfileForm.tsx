import { zodResolver } from '@hookform/resolvers/zod';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { ActualizarUsuarioInputSchema, mensajes, type UsuarioSesion } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sessionStore, sessionUserKey } from '../../../shared/api/session';
import { isSameText } from '../../../shared/forms/userText';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { authApi, RegistrationCodeDialog, UserFields, useUserUniqueness } from '../../auth';
import { usersApi } from '../api/usersApi';

const ProfileFormSchema = ActualizarUsuarioInputSchema.omit({ hash: true, codigoIngresado: true });
type ProfileFormInput = z.input<typeof ProfileFormSchema>;
type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

/** Profile edit: an unchanged e-mail saves directly; a new one first needs the mailed code (spec 2 §4). */
export function ProfileForm({ usuario }: { usuario: UsuarioSesion }) {
  const alerts = useAlerts();
  const queryClient = useQueryClient();
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
  const { isSubmitting, isDirty } = form.formState;
  const username = form.watch('username') ?? '';
  const mail = form.watch('mail') ?? '';
  const { usernameTaken, mailTaken } = useUserUniqueness(username, mail, usuario);

  const save = async (
    values: ProfileFormOutput,
    verification?: { hash: string; codigoIngresado: number },
  ) => {
    const answer = await usersApi.update({ ...values, telefono: values.telefono || null, ...verification });
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
      if (isSameText(values.mail, usuario.mail)) {
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

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
          Datos personales
        </Typography>
        <FormProvider {...form}>
          <Box
            component="form"
            onSubmit={submit}
            noValidate
            aria-label="Mis datos"
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}
          >
            <UserFields
              layout="twoColumns"
              isUsernameTaken={usernameTaken}
              isMailTaken={mailTaken}
              mailHint="Si lo cambiás, te enviaremos un código para confirmarlo."
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
        </FormProvider>
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
