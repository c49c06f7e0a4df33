import { Dialog, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { type Carpeta, type Equipo, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { moverDeCarpeta } from '../api/devicesApi';
import { invalidateDevices } from '../api/devicesQueries';
import { flattenFolders, folderOfDevice } from './folderTree';

/** Moves a device to another folder; the current folder is refused with the spec's message. */
export function MoveToFolderDialog({
  equipo,
  root,
  onClose,
}: {
  equipo: Equipo | null;
  root: Carpeta | undefined;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = equipo ? folderOfDevice(root, equipo.id) : null;
  const close = () => {
    setTarget('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!equipo) return;
    if (!target) {
      setError(mensajes.requerido);
      return;
    }
    if (current && Number(target) === current.id) {
      setError(mensajes.carpetaDistinta);
      return;
    }
    setSaving(true);
    try {
      await moverDeCarpeta({ idEquipo: equipo.id, idCarpeta: Number(target) });
      await invalidateDevices(client, equipo.id);
      alerts.success(mensajes.ejecutadoExitosamente);
      close();
    } catch (err) {
      alerts.error(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={equipo !== null} onClose={saving ? undefined : close} maxWidth="xs" fullWidth>
      <DialogTitle>
        {mensajes.moverACarpeta}: {equipo?.nombre}
      </DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          sx={{ mt: 1 }}
          label={mensajes.elegirCarpeta}
          value={target}
          onChange={(e) => {
            setTarget(e.target.value);
            setError(null);
          }}
          error={error !== null}
          helperText={error ?? ' '}
        >
          {flattenFolders(root).map(({ carpeta, depth }) => (
            <MenuItem key={carpeta.id} value={String(carpeta.id)} sx={{ pl: 2 + depth * 2 }}>
              {carpeta.esRoot ? mensajes.carpetaRaiz : carpeta.nombre}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <FormDialogActions isSaving={saving} onCancel={close} saveLabel={mensajes.mover} onSave={submit} />
    </Dialog>
  );
}
