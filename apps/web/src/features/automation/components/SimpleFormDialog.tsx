import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { mensajes } from '@nexo/contracts';
import type { FormEvent, ReactNode } from 'react';

/** A dialog with a form, Cancelar and Guardar or `submitLabel` (full-screen on phones), for the program screens. */
export function SimpleFormDialog({
  title,
  saving,
  onSubmit,
  onClose,
  children,
  maxWidth = 'xs',
  submitLabel = mensajes.guardar,
}: {
  title: string;
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The confirm button's text (Guardar unless the dialog does something else). */
  submitLabel?: string;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth={maxWidth} fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {mensajes.cancelar}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
