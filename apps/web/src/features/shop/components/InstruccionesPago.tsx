import AccountBalanceRoundedIcon from '@mui/icons-material/AccountBalanceRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { type Compra, formatoMoneda, mensajes } from '@nexo/contracts';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { fechaHora } from './formatos';

/** One value to copy: its label, the value as shown and what goes to the clipboard. */
function Dato({ label, value, copy }: { label: string; value: string; copy?: string }) {
  const alerts = useAlerts();
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(copy ?? value);
      alerts.success(mensajes.copiado);
    } catch {
      // Clipboard blocked (insecure origin): show the value so it can be copied by hand.
      alerts.info(copy ?? value);
    }
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.25, minWidth: 0 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="textSecondary" component="div">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {value}
        </Typography>
      </Box>
      <Tooltip title={mensajes.copiar}>
        <IconButton aria-label={`${mensajes.copiar} ${label}`} onClick={copiar} size="small">
          <ContentCopyRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** The amount as a bank's form takes it: no symbol, no thousands separator, ',' for decimals. */
const montoParaCopiar = (monto: number) =>
  Number.isInteger(monto) ? String(monto) : monto.toFixed(2).replace('.', ',');

/**
 * How to pay a purchase waiting for a transfer or a payment at the shop: the admin's details, the
 * exact amount and the reference, each with a copy button; and until when the units are held.
 */
export function InstruccionesPago({ compra }: { compra: Compra }) {
  const inst = compra.instruccionesPago;
  if (!inst) return null;
  const monto = formatoMoneda(inst.monto, inst.moneda);
  const t = inst.transferencia;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} role="region" aria-label="Cómo pagar">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {t ? <AccountBalanceRoundedIcon color="primary" /> : <StorefrontRoundedIcon color="primary" />}
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          {t ? 'Datos para la transferencia' : 'Pago en el local'}
        </Typography>
      </Stack>
      {t && (
        <>
          <Dato label="Titular" value={t.titular} />
          <Dato label="Banco" value={t.banco} />
          {t.cbu && <Dato label="CBU/CVU" value={t.cbu} />}
          {t.alias && <Dato label="Alias" value={t.alias} />}
          {t.iban && <Dato label="IBAN" value={t.iban} />}
          {t.swift && <Dato label="SWIFT" value={t.swift} />}
          <Dato label="CUIT" value={t.cuit} />
        </>
      )}
      {inst.local && (
        <>
          <Dato label="Dirección" value={inst.local.direccion} />
          <Dato label="Horario" value={inst.local.horario} />
        </>
      )}
      <Dato label="Importe exacto" value={monto} copy={montoParaCopiar(inst.monto)} />
      <Dato label={t ? 'Referencia (concepto de la transferencia)' : 'Referencia'} value={inst.referencia} />
      {compra.reservadaHasta && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Reservamos las unidades hasta el {fechaHora(compra.reservadaHasta)}. Si el pago no llega antes, la
          compra se cancela y las unidades vuelven al stock.
        </Typography>
      )}
    </Paper>
  );
}
