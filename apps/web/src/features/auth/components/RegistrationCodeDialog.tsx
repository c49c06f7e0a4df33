import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { codigoVerificacionSchema, mensajes } from '@nexo/contracts';
import { useState } from 'react';

interface RegistrationCodeDialogProps {
  open: boolean;
  mail: string;
  submitting: boolean;
  onConfirm: (codigo: number) => void;
  onClose: () => void;
}

/** Step two of registration: the 6-digit code mailed to the user. */
export function RegistrationCodeDialog({
  open,
  mail,
  submitting,
  onConfirm,
  onClose,
}: RegistrationCodeDialogProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const parsed = codigoVerificacionSchema.safeParse(code.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? mensajes.campoInvalido);
      return;
    }
    setError(null);
    onConfirm(parsed.data);
  };

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React bubbles a portal's events through its parents: never submit an enclosing form too.
          event.stopPropagation();
          confirm();
        }}
      >
        <DialogTitle>Código de verificación</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>{mensajes.codigoEnviadoIngreselo}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {mail}
          </Typography>
          <TextField
            label="Código"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error !== null}
            helperText={error}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" loading={submitting}>
            Confirmar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
