import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { mensajes } from '@nexo/contracts';
import { useAlerts } from '../../../shared/ui/useAlerts';

/** A read-only value with a copy-to-clipboard button. */
export function CopyField({
  label,
  value,
  multiline = false,
  maxRows,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  /** Long texts (code) scroll inside the field past this many lines. */
  maxRows?: number;
}) {
  const alerts = useAlerts();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      alerts.success(mensajes.copiado);
    } catch {
      // Clipboard blocked (insecure origin): select the text so the user can copy it by hand.
      alerts.info(value);
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      multiline={multiline}
      {...(maxRows ? { maxRows } : {})}
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={mensajes.copiar}>
                <IconButton aria-label={`${mensajes.copiar} ${label}`} onClick={copy} edge="end" size="small">
                  <ContentCopyRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
