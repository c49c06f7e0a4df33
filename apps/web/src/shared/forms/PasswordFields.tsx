import { useFormContext, useFormState } from 'react-hook-form';
import { PasswordField } from './PasswordField';

/** The two fields every password form names alike; the schema checks that they match. */
export interface PasswordFieldValues {
  password: string;
  confpassword: string;
}

interface PasswordFieldsProps {
  /** 'Contraseña' when registering, 'Nueva contraseña' when replacing one. */
  passwordLabel: string;
  autoFocus?: boolean;
}

/**
 * A new password and its confirmation, each with show/hide, registered in the surrounding form
 * (a react-hook-form FormProvider). Returned without a wrapper, so they sit in the parent's Stack.
 */
export function PasswordFields({ passwordLabel, autoFocus = false }: PasswordFieldsProps) {
  const { register, control } = useFormContext<PasswordFieldValues>();
  const { errors } = useFormState({ control });
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        autoFocus={autoFocus}
        {...register('password')}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <PasswordField
        label="Confirmar contraseña"
        autoComplete="new-password"
        {...register('confpassword')}
        error={Boolean(errors.confpassword)}
        helperText={errors.confpassword?.message}
      />
    </>
  );
}
