import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
} from '@mui/material';
import { forwardRef, type ReactNode, useId } from 'react';

export interface OutlinedTextFieldProps extends Omit<OutlinedInputProps, 'label' | 'error' | 'inputRef'> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * An outlined text field, drawn and labelled as MUI's TextField draws one (FormControl, InputLabel,
 * OutlinedInput, FormHelperText tied to the input by aria-describedby) without TextField itself,
 * which always brings Select, Menu, Popover and Modal along: the login page's fields cost a
 * fraction of the bytes. Forms that need a select or a multiline box keep TextField.
 */
export const OutlinedTextField = forwardRef<HTMLInputElement, OutlinedTextFieldProps>(
  function OutlinedTextField({ label, error = false, helperText, id, fullWidth, required, ...input }, ref) {
    const generatedId = useId();
    const inputId = id ?? generatedId;
    const helperId = helperText ? `${inputId}-helper-text` : undefined;
    return (
      <FormControl
        variant="outlined"
        error={error}
        fullWidth={fullWidth ?? false}
        required={required ?? false}
      >
        <InputLabel htmlFor={inputId}>{label}</InputLabel>
        <OutlinedInput {...input} id={inputId} inputRef={ref} label={label} aria-describedby={helperId} />
        {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
      </FormControl>
    );
  },
);
