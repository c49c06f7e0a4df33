import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Stack,
} from '@mui/material';
import { type Equipo, mensajes } from '@nexo/contracts';
import { DeviceAccessPanel } from '../../groups';
import { CopyField } from './CopyField';

/** The share link of spec 1 §4: origin + /home/equipoNuevo?id={id}. */
export function shareLinkFor(id: number, origin: string = window.location.origin) {
  return `${origin}/home/equipoNuevo?id=${id}`;
}

/** 'Compartir': the share link, who holds which role (revoke) and the pending requests (approve, reject). */
export function ShareDialog({ equipo, onClose }: { equipo: Equipo | null; onClose: () => void }) {
  return (
    <Dialog open={equipo !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ShareRoundedIcon color="primary" />
          <span>{mensajes.compartir}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{mensajes.compartirTexto}</DialogContentText>
        {equipo && <CopyField label={equipo.nombre} value={shareLinkFor(equipo.id)} />}
        {equipo && (
          <>
            <Divider sx={{ my: 2 }} />
            <DeviceAccessPanel idEquipo={equipo.id} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          {mensajes.cerrar}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
