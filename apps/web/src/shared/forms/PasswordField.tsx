import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import { IconButton, InputAdornment } from '@mui/material';
import { forwardRef, useState } from 'react';
import { OutlinedTextField, type OutlinedTextFieldProps } from './OutlinedTextField';

/** A password input with a show/hide toggle (light enough for the login page). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<OutlinedTextFieldProps, 'type'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <OutlinedTextField
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
              onClick={() => setVisible((value) => !value)}
              edge="end"
              size="small"
            >
              {visible ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
            </IconButton>
          </InputAdornment>
        }
      />
    );
  },
);
