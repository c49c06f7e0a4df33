import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { type Compra, mensajes, tiposEnvio } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { modificarCompra } from '../api/shopApi';
import { invalidateCompras, useMediosPago } from '../api/shopQueries';

/** 'Change purchase data' (spec 2 §4, §5): a waiting purchase's payment means, and its shipping if it has one. */
export function ModificarCompraDialog({ compra, onClose }: { compra: Compra; onClose: () => void }) {
  const medios = useMediosPago();
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
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel>Medio de pago</FormLabel>
            <RadioGroup value={medioPago} onChange={(event) => setMedioPago(Number(event.target.value))}>
              {(medios.data?.mediosPago ?? []).map((m) => (
                <FormControlLabel key={m.id} value={m.id} control={<Radio />} label={m.descripcion} />
              ))}
            </RadioGroup>
          </FormControl>
          {compra.tipoEnvio && (
            <FormControl>
              <FormLabel>Envío</FormLabel>
              <RadioGroup
                value={tipoEnvio ?? ''}
                onChange={(event) => setTipoEnvio(Number(event.target.value))}
              >
                {(medios.data?.tiposEnvio ?? []).map((t) => (
                  <FormControlLabel key={t.id} value={t.id} control={<Radio />} label={t.descripcion} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
          {tipoEnvio === tiposEnvio.correo && (
            <TextField
              label="Dirección de envío"
              value={direccion}
              onChange={(event) => setDireccion(event.target.value)}
            />
          )}
        </Stack>
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
