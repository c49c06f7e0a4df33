import {
  Alert,
  Button,
  FormControlLabel,
  Grid,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type ConfigTienda, type ConfigTiendaInput, mensajes } from '@nexo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../shared/api/httpClient';
import { useAlerts } from '../../../shared/ui/useAlerts';

const transferenciaVacia = { titular: '', banco: '', cbu: '', alias: '', iban: '', swift: '', cuit: '' };
type Transferencia = typeof transferenciaVacia;

const configKey = ['admin', 'configTienda'] as const;

/**
 * /admin/catalogo → 'Datos de pago': what a buyer who pays by transfer or at the shop is shown
 * (and mailed), and how long an unpaid product purchase holds its stock. A means switched off, or
 * without its details, is not offered in the shop.
 */
export function DatosPagoForm() {
  const alerts = useAlerts();
  const client = useQueryClient();
  const config = useQuery({
    queryKey: configKey,
    queryFn: async () => (await api.get<{ config: ConfigTienda }>('/api/admin/ventas/configTienda')).config,
  });
  const [conTransferencia, setConTransferencia] = useState(false);
  const [transferencia, setTransferencia] = useState<Transferencia>(transferenciaVacia);
  const [conLocal, setConLocal] = useState(false);
  const [local, setLocal] = useState({ direccion: '', horario: '' });
  const [reservaHoras, setReservaHoras] = useState('72');
  const [maxComprasImpagas, setMaxComprasImpagas] = useState('3');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const data = config.data;
    if (!data) return;
    setConTransferencia(data.transferencia !== null);
    setTransferencia(
      data.transferencia
        ? {
            titular: data.transferencia.titular,
            banco: data.transferencia.banco,
            cbu: data.transferencia.cbu ?? '',
            alias: data.transferencia.alias ?? '',
            iban: data.transferencia.iban ?? '',
            swift: data.transferencia.swift ?? '',
            cuit: data.transferencia.cuit,
          }
        : transferenciaVacia,
    );
    setConLocal(data.local !== null);
    setLocal(data.local ?? { direccion: '', horario: '' });
    setReservaHoras(String(data.reservaHoras));
    setMaxComprasImpagas(String(data.maxComprasImpagas));
  }, [config.data]);

  const requerido = (on: boolean, value: string) =>
    touched && on && !value.trim() ? mensajes.requerido : null;
  const sinDestino =
    touched &&
    conTransferencia &&
    !transferencia.cbu.trim() &&
    !transferencia.alias.trim() &&
    !transferencia.iban.trim()
      ? mensajes.datosTransferenciaIncompletos
      : null;
  const campo = (name: keyof Transferencia, label: string, required = false) => {
    const error = required
      ? requerido(conTransferencia, transferencia[name])
      : name === 'cbu'
        ? sinDestino
        : null;
    return (
      <TextField
        label={label}
        value={transferencia[name]}
        disabled={!conTransferencia}
        required={required}
        onChange={(event) => setTransferencia((t) => ({ ...t, [name]: event.target.value }))}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        size="small"
      />
    );
  };

  const guardar = async () => {
    setTouched(true);
    const body: ConfigTiendaInput = {
      transferencia: conTransferencia ? transferencia : null,
      local: conLocal ? local : null,
      reservaHoras: Number(reservaHoras),
      maxComprasImpagas: Number(maxComprasImpagas),
    };
    setSaving(true);
    try {
      const saved = (await api.post<{ config: ConfigTienda }>('/api/admin/ventas/configTienda', body)).config;
      client.setQueryData(configKey, saved);
      await client.invalidateQueries({ queryKey: ['tienda'] });
      alerts.success('Datos de pago guardados');
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Alert severity="info">
        Estos datos se muestran al comprador, con el importe exacto y el número de compra como referencia, al
        final del carrito y del alta de un plan, en Mis compras y en el correo de confirmación. Un medio sin
        datos no se ofrece.
      </Alert>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <FormControlLabel
          control={<Switch checked={conTransferencia} onChange={(_e, on) => setConTransferencia(on)} />}
          label="Ofrecer transferencia bancaria"
        />
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('titular', 'Titular', true)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('banco', 'Banco', true)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('cbu', 'CBU/CVU')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('alias', 'Alias')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('iban', 'IBAN (cuentas del exterior)')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('swift', 'SWIFT')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{campo('cuit', 'CUIT / identificación fiscal', true)}</Grid>
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <FormControlLabel
          control={<Switch checked={conLocal} onChange={(_e, on) => setConLocal(on)} />}
          label="Ofrecer pago en el local"
        />
        <Grid container spacing={2} sx={{ mt: 1 }}>
          {(['direccion', 'horario'] as const).map((name) => {
            const error = requerido(conLocal, local[name]);
            return (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={name === 'direccion' ? 'Dirección' : 'Horario de atención'}
                  value={local[name]}
                  disabled={!conLocal}
                  required
                  onChange={(event) => setLocal((l) => ({ ...l, [name]: event.target.value }))}
                  error={Boolean(error)}
                  helperText={error}
                  fullWidth
                  size="small"
                />
              </Grid>
            );
          })}
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
          Compras de productos sin pagar
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Horas de reserva del stock"
              type="number"
              value={reservaHoras}
              onChange={(event) => setReservaHoras(event.target.value)}
              helperText="Pasado ese plazo sin pago, la compra se cancela y el stock vuelve."
              slotProps={{ htmlInput: { min: 1, max: 720 } }}
              fullWidth
              size="small"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Compras sin pagar por usuario"
              type="number"
              value={maxComprasImpagas}
              onChange={(event) => setMaxComprasImpagas(event.target.value)}
              slotProps={{ htmlInput: { min: 1, max: 50 } }}
              fullWidth
              size="small"
            />
          </Grid>
        </Grid>
      </Paper>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={guardar} disabled={saving || config.isLoading}>
          Guardar datos de pago
        </Button>
      </Stack>
    </Stack>
  );
}
