import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { mensajes } from '@nexo/contracts';
import { resizeOptions } from './dashboardLayout';

/** The resize modal: 1X1, 1X2, 2X1, 2X2 (width 6 or 12 grid units, height 1 or 2 rows). */
export function ResizeDialog({
  open,
  current,
  onChoose,
  onClose,
}: {
  open: boolean;
  current: { w: number; h: number } | null;
  onChoose: (w: number, h: number) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{mensajes.tamanoWidget}</DialogTitle>
      <DialogContent>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, justifyContent: 'center', pt: 1 }}>
          {resizeOptions.map((option) => {
            const selected = current?.w === option.w && current?.h === option.h;
            return (
              <Button
                key={option.label}
                variant={selected ? 'contained' : 'outlined'}
                onClick={() => onChoose(option.w, option.h)}
                sx={{ flexDirection: 'column', width: 96, py: 1.25, gap: 1 }}
                aria-pressed={selected}
              >
                <Box
                  sx={(t) => ({
                    width: option.w === 12 ? 48 : 24,
                    height: option.h === 2 ? 32 : 16,
                    borderRadius: 0.75,
                    bgcolor: selected
                      ? alpha(t.palette.common.white, 0.8)
                      : alpha(t.palette.primary.main, 0.35),
                  })}
                />
                <Typography variant="button">{option.label}</Typography>
              </Button>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {mensajes.cerrar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
