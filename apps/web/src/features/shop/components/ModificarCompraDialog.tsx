import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type Compra, mensajes, tiposEnvio } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { modificarCompra } from '../api/shopApi';
import { invalidateCompras } from '../api/shopQueries';
import { PagoEnvioFields } from './PagoEnvioFields';

/** 'Change purchase data' (spec 2 §4, §5): a waiting purchase's payment means, and its shipping if it has one. */
export function ModificarCompraDialog({ compra, onClose }: { compra: Compra; onClose: () => void }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const [medioPago, setMedioPago] = useState<number>(compra.medioPago?.id ?? 3);
  const [tipoEnvio, setTipoEnvio] = useState<number | null>(compra.tipoEnvio?.id ?? null);
  const [direccion, setDireccion] = useState(compra.direccionEnvio ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await modificarCompra({
        id: compra.id,
        medioPago: { id: medioPago },
        tipoEnvio: tipoEnvio ? { id: tipoEnvio } : null,
        direccionEnvio: tipoEnvio === tiposEnvio.correo ? direccion.trim() : null,
      });
      await invalidateCompras(client);
      alerts.success(mensajes.valoresActualizados);
      onClose();
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Modificar la compra #{compra.id}</DialogTitle>
      <DialogContent>
        <PagoEnvioFields
          medioPago={medioPago}
          onMedioPago={setMedioPago}
          tipoEnvio={tipoEnvio}
          onTipoEnvio={setTipoEnvio}
          direccion={direccion}
          onDireccion={setDireccion}
          showEnvio={compra.tipoEnvio !== null}
          touched
          direccionError={
            tipoEnvio === tiposEnvio.correo && direccion.trim().length < 5
              ? mensajes.direccionRequerida
              : null
          }
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Guardar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
