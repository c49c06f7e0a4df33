import { Box, MenuItem, TextField } from '@mui/material';
import { mensajes, type RegistroFormSchema } from '@nexo/contracts';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import type { z } from 'zod';
import { authApi } from '../api/authApi';

/** The user's own data, as both the registration and the profile forms hold it. */
export type UserFieldValues = Pick<
  z.input<typeof RegistroFormSchema>,
  'nombre' | 'mail' | 'telefono' | 'username' | 'codigoPais'
>;

interface UserFieldsProps {
  /** 'stacked' for the registration column; 'twoColumns' for the profile card's grid. */
  layout: 'stacked' | 'twoColumns';
  /** From useUserUniqueness: shown as the field's error until the user fixes it. */
  isUsernameTaken: boolean;
  isMailTaken: boolean;
  /** Shown under the mail while it has no error. */
  mailHint?: string;
}

/**
 * Nombre, mail, código de país + teléfono and usuario, registered in the surrounding form
 * (a react-hook-form FormProvider). The fields are returned without a wrapper, so they sit in
 * the parent's Stack or grid.
 */
export function UserFields({ layout, isUsernameTaken, isMailTaken, mailHint }: UserFieldsProps) {
  const { register, control } = useFormContext<UserFieldValues>();
  const { errors } = useFormState({ control });
  const countryCodes = useQuery({
    queryKey: ['codigosPais'],
    queryFn: authApi.countryCodes,
    staleTime: Infinity,
  });
  const usernameError = errors.username?.message ?? (isUsernameTaken ? mensajes.usuarioExistente : undefined);
  const mailError = errors.mail?.message ?? (isMailTaken ? mensajes.mailExistente : undefined);

  const nombreField = (
    <TextField
      label="Nombre"
      autoComplete="name"
      {...register('nombre')}
      error={Boolean(errors.nombre)}
      helperText={errors.nombre?.message}
    />
  );
  const usernameField = (
    <TextField
      label="Usuario"
      autoComplete="username"
      {...register('username')}
      error={Boolean(usernameError)}
      helperText={usernameError}
    />
  );
  const mailField = (
    <TextField
      label="Mail"
      type="email"
      autoComplete="email"
      {...register('mail')}
      error={Boolean(mailError)}
      helperText={mailError ?? mailHint}
      sx={layout === 'twoColumns' ? { gridColumn: { sm: '1 / -1' } } : undefined}
    />
  );
  const countryCodeField = (
    <Controller
      control={control}
      name="codigoPais"
      render={({ field }) => (
        <TextField
          select
          label="Código de país"
          // Until the codes arrive the select has no options, so it shows nothing selected.
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
  );
  const telefonoField = (
    <TextField
      label="Teléfono"
      type="tel"
      autoComplete="tel-national"
      {...register('telefono')}
      error={Boolean(errors.telefono)}
      helperText={errors.telefono?.message}
    />
  );

  if (layout === 'twoColumns') {
    return (
      <>
        {nombreField}
        {usernameField}
        {mailField}
        {countryCodeField}
        {telefonoField}
      </>
    );
  }
  return (
    <>
      {nombreField}
      {mailField}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 2 }}>
        {countryCodeField}
        {telefonoField}
      </Box>
      {usernameField}
    </>
  );
}
