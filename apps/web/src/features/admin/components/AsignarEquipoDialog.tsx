import {
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import type { EquipoAdmin } from '@nexo/contracts';
import { useState } from 'react';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { asignarEquipo } from '../api/adminApi';

/** Hands a device to a user (username or e-mail) or to a purchase's buyer. */
export function AsignarEquipoDialog({
  equipo,
  onClose,
  onDone,
}: {
  equipo: EquipoAdmin;
  onClose: () => void;
  onDone: () => void;
}) {
  const alerts = useAlerts();
  const [modo, setModo] = useState<'usuario' | 'compra'>('usuario');
  const [valor, setValor] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await asignarEquipo(
        modo === 'usuario'
          ? { id: equipo.id, usuario: valor.trim() }
          : { id: equipo.id, compra: Number(valor) },
      );
      alerts.success(`${equipo.nombre} asignado`);
      onDone();
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>Asignar {equipo.nombre}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              El nuevo dueño lo verá en Mis Equipos; deja de estar en el inventario.
            </DialogContentText>
            <Tabs value={modo} onChange={(_event, next) => setModo(next)}>
              <Tab value="usuario" label="A un usuario" />
              <Tab value="compra" label="A una compra" />
            </Tabs>
            <TextField
              autoFocus
              label={modo === 'usuario' ? 'Usuario o e-mail' : 'Número de compra'}
              value={valor}
              onChange={(event) => setValor(event.target.value)}
              slotProps={{ htmlInput: modo === 'compra' ? { inputMode: 'numeric' } : {} }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} saveLabel="Asignar" />
      </form>
    </Dialog>
  );
}
