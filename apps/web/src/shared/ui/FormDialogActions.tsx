import { Button, CircularProgress, DialogActions, type SxProps, type Theme } from '@mui/material';
import { mensajes } from '@nexo/contracts';

interface FormDialogActionsProps {
  /** Shows a spinner on the save button and disables both buttons while the request runs. */
  isSaving: boolean;
  onCancel: () => void;
  /** The save button's text; 'Guardar' unless the action has its own verb. */
  saveLabel?: string;
  /** Without it the save button submits the surrounding form. */
  onSave?: () => void;
  sx?: SxProps<Theme>;
}

/** A form dialog's footer: Cancelar and the save button. */
export function FormDialogActions({
  isSaving,
  onCancel,
  saveLabel = mensajes.guardar,
  onSave,
  sx = { px: 3, pb: 2 },
}: FormDialogActionsProps) {
  return (
    <DialogActions sx={sx}>
      <Button onClick={onCancel} disabled={isSaving} color="inherit">
        {mensajes.cancelar}
      </Button>
      <Button
        type={onSave ? 'button' : 'submit'}
        variant="contained"
        onClick={onSave}
        disabled={isSaving}
        startIcon={isSaving ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {saveLabel}
      </Button>
    </DialogActions>
  );
}
