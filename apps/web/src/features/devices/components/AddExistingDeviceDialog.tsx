import AddLinkRoundedIcon from '@mui/icons-material/AddLinkRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import QrCodeScannerRoundedIcon from '@mui/icons-material/QrCodeScannerRounded';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { codigoReclamoDeTexto, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { invalidateGroups, solicitarAcceso } from '../../groups';
import { reclamarEquipo } from '../api/devicesApi';
import { invalidateDevices, useEquipoCompartido, useEquipos } from '../api/devicesQueries';
import { QrScannerDialog } from './QrScannerDialog';

/** Reads a device id from a share link (…/home/equipoNuevo?id=12) or a bare number. */
export function deviceIdFromText(text: string): number | null {
  const trimmed = text.trim();
  const fromLink = /[?&]id=(\d+)/.exec(trimmed);
  const raw = fromLink?.[1] ?? (/^\d+$/.test(trimmed) ? trimmed : null);
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Asks for access to an existing device (a device id is not an invitation: one of its managers
 * approves). With `equipoId` (share link) it asks for confirmation; without it the user pastes the
 * link or the id. After asking it shows 'Solicitud enviada, esperando aprobación.'. A device the
 * user already has shows 'Usted ya tiene asignado este equipo.' with only a close button.
 * A label's claim code (typed, scanned with the camera, or `codigo` from the label's QR link)
 * makes a new inventory device the user's at once (POST /api/equipo/reclamar).
 */
export function AddExistingDeviceDialog({
  open,
  equipoId,
  codigo,
  onClose,
}: {
  open: boolean;
  equipoId?: number | null;
  codigo?: string | null;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const equipos = useEquipos();
  const [text, setText] = useState(codigo ?? '');
  const [scanning, setScanning] = useState(false);
  const [claimed, setClaimed] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [alreadyAssigned, setAlreadyAssigned] = useState(false);
  const [requested, setRequested] = useState<string | null>(null);
  const id = equipoId ?? null;
  const compartido = useEquipoCompartido(open ? id : null);
  const owned = id !== null && (equipos.data ?? []).some((e) => e.id === id);

  const close = () => {
    setText('');
    setClaimed(null);
    setFieldError(null);
    setServerError(null);
    setAlreadyAssigned(false);
    setRequested(null);
    onClose();
  };

  const claim = async (code: string) => {
    setSaving(true);
    setServerError(null);
    try {
      const equipo = await reclamarEquipo(code);
      await invalidateDevices(client);
      setClaimed(equipo.nombre);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const add = async () => {
    const code = id === null ? codigoReclamoDeTexto(text) : null;
    if (code !== null) {
      await claim(code);
      return;
    }
    const target = id ?? deviceIdFromText(text);
    if (target === null) {
      setFieldError(mensajes.campoInvalido);
      return;
    }
    if ((equipos.data ?? []).some((e) => e.id === target)) {
      setAlreadyAssigned(true);
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      const autorizacion = await solicitarAcceso({ idEquipo: target });
      await invalidateGroups(client);
      setRequested(autorizacion.equipo.nombre);
    } catch (error) {
      const message = errorMessage(error);
      if (message === mensajes.equipoYaAsignado) setAlreadyAssigned(true);
      else setServerError(message);
    } finally {
      setSaving(false);
    }
  };

  if (claimed !== null) {
    return (
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CheckCircleRoundedIcon color="success" />
            <span>{mensajes.agregarEquipoExistente}</span>
          </Stack>
        </DialogTitle>
        <DialogContent>
          <Alert severity="success">{mensajes.equipoReclamado.replace('{nombre}', claimed)}</Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close}>
            {mensajes.cerrar}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (requested !== null) {
    return (
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <HourglassTopRoundedIcon color="warning" />
            <span>{mensajes.agregarEquipoExistente}</span>
          </Stack>
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, fontWeight: 600 }}>{requested}</DialogContentText>
          <Alert severity="info">{mensajes.solicitudEnviada}</Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close}>
            {mensajes.cerrar}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  if (alreadyAssigned || owned) {
    return (
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>{mensajes.agregarEquipoExistente}</DialogTitle>
        <DialogContent>
          <DialogContentText>{mensajes.equipoYaAsignado}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close}>
            {mensajes.cerrar}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  // A link to a device that does not exist says so, instead of offering to add '#id'.
  if (id !== null && compartido.isError) {
    return (
      <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
        <DialogTitle>{mensajes.agregarEquipoExistente}</DialogTitle>
        <DialogContent>
          <Alert severity="warning">{mensajes.equipoInexistente.replace('{id}', String(id))}</Alert>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close}>
            {mensajes.cerrar}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  const nombre = compartido.data?.nombre ?? (id !== null ? `#${id}` : '');
  return (
    <Dialog open={open} onClose={saving ? undefined : close} maxWidth="xs" fullWidth>
      <DialogTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AddLinkRoundedIcon color="primary" />
          <span>{mensajes.agregarEquipoExistente}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {id !== null ? (
            <DialogContentText>
              {mensajes.agregarEquipoPregunta.replace('{nombre}', nombre)}
            </DialogContentText>
          ) : (
            <>
              <TextField
                label={mensajes.linkIdOCodigo}
                autoFocus
                fullWidth
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setFieldError(null);
                }}
                error={fieldError !== null}
                helperText={fieldError ?? ' '}
              />
              <Button
                variant="outlined"
                startIcon={<QrCodeScannerRoundedIcon />}
                onClick={() => setScanning(true)}
                disabled={saving}
              >
                {mensajes.escanearEtiqueta}
              </Button>
            </>
          )}
          {serverError && <Alert severity="error">{serverError}</Alert>}
        </Stack>
      </DialogContent>
      <FormDialogActions isSaving={saving} onCancel={close} saveLabel={mensajes.agregarEquipo} onSave={add} />
      <QrScannerDialog
        open={scanning}
        onClose={() => setScanning(false)}
        onResult={(result) => {
          setScanning(false);
          setText(result);
          setFieldError(null);
          const code = codigoReclamoDeTexto(result);
          if (code !== null) void claim(code);
        }}
      />
    </Dialog>
  );
}
