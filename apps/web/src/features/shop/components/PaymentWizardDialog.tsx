import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import HourglassTopRoundedIcon from '@mui/icons-material/HourglassTopRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  type CantidadMeses,
  type Compra,
  mediosPago,
  mensajes,
  type PagoTarjeta,
  type PlanTienda,
  periodosSuscripcion,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/api/session';
import { formatFecha } from '../../../shared/format/fechas';
import { useAlerts } from '../../../shared/ui/useAlerts';
import {
  generarCompraSuscripcion,
  generarCompraSuscripcionPaypal,
  grabarSuscripcion,
  type MediosOfrecidos,
} from '../api/shopApi';
import { invalidateCompras, useMediosPago } from '../api/shopQueries';
import { CardForm } from './CardForm';
import { InstruccionesPago } from './InstruccionesPago';
import { ModoPruebaChip } from './ModoPruebaChip';
import { PaypalButton } from './PaypalButton';
import { paypalPlanDe, porMes, totalConSufijo, totalDe } from './precios';

type Metodo = 'tarjeta' | 'paypal' | 'transferencia' | 'local';

const metodos: Array<{ id: Metodo; label: string; offered: (medios: MediosOfrecidos) => boolean }> = [
  {
    id: 'tarjeta',
    label: 'Tarjeta de crédito o débito (MercadoPago)',
    offered: (medios) => medios.mediosPago.some((m) => m.id === mediosPago.pasarela),
  },
  { id: 'paypal', label: 'PayPal (en dólares)', offered: (medios) => medios.paypal },
  {
    id: 'transferencia',
    label: 'Transferencia bancaria',
    offered: (medios) => medios.mediosPago.some((m) => m.id === mediosPago.transferencia),
  },
  {
    id: 'local',
    label: 'Pago en el local',
    offered: (medios) => medios.mediosPago.some((m) => m.id === mediosPago.pagoEnLocal),
  },
];

type Resultado = { estado: 'aprobado' | 'pendiente' | 'espera'; compra: Compra; mensaje: string };

/**
 * The payment wizard of a plan (spec 2 §2): step 0 the method, step 1 the period, step 2 the
 * payment. A rejected card keeps the purchase waiting and the next try pays that same purchase.
 * 'Iniciar pago' on a waiting purchase opens it with `idCompra`.
 */
export function PaymentWizardDialog({
  plan,
  open,
  onClose,
  idCompra,
  meses: initialMeses,
}: {
  plan: PlanTienda;
  open: boolean;
  onClose: () => void;
  idCompra?: number | undefined;
  meses?: number | null | undefined;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { usuario } = useSession();
  const [step, setStep] = useState(0);
  // Only what the server offers now (a payment provider without credentials is not offered).
  const medios = useMediosPago();
  const ofrecidos = medios.data ? metodos.filter((m) => m.offered(medios.data)) : [];
  const [elegido, setMetodo] = useState<Metodo | null>(null);
  const metodo: Metodo = elegido ?? ofrecidos[0]?.id ?? 'tarjeta';
  const [meses, setMeses] = useState<CantidadMeses | null>((initialMeses as CantidadMeses | null) ?? null);
  const [periodError, setPeriodError] = useState(false);
  const [compraId, setCompraId] = useState<number | undefined>(idCompra);
  const [rechazo, setRechazo] = useState<string | null>(null);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const [saving, setSaving] = useState(false);
  const paypal = metodo === 'paypal';

  const close = () => {
    setStep(0);
    setResultado(null);
    setRechazo(null);
    onClose();
  };

  const finish = useCallback(
    async (next: Resultado) => {
      setResultado(next);
      await invalidateCompras(client);
    },
    [client],
  );

  const payByCard = async (pago: PagoTarjeta) => {
    if (!meses) return;
    const answer = await generarCompraSuscripcion({
      idSuscripcion: plan.id,
      cantidadMeses: meses,
      pago,
      idCompra: compraId ?? null,
    });
    setCompraId(answer.compra.id);
    if (answer.resultadoPago.estado === 'rechazado') {
      setRechazo(answer.resultadoPago.mensaje);
      await invalidateCompras(client);
      return;
    }
    await finish({
      estado: answer.resultadoPago.estado === 'aprobado' ? 'aprobado' : 'pendiente',
      compra: answer.compra,
      mensaje: answer.resultadoPago.mensaje,
    });
  };

  const onPaypalApproved = useCallback(
    async (subscriptionID: string) => {
      if (!meses) return;
      try {
        const compra = await generarCompraSuscripcionPaypal({
          idSuscripcion: plan.id,
          cantidadMeses: meses,
          subscriptionID,
        });
        await finish({ estado: 'aprobado', compra, mensaje: 'Pago aprobado' });
      } catch (error) {
        alerts.error(error);
      }
    },
    [meses, plan.id, finish, alerts],
  );

  const confirmOffline = async () => {
    if (!meses) return;
    setSaving(true);
    try {
      const compra = await grabarSuscripcion({
        id: plan.id,
        cantidadMeses: meses,
        medioPago: { id: metodo === 'transferencia' ? mediosPago.transferencia : mediosPago.pagoEnLocal },
      });
      await finish({ estado: 'espera', compra, mensaje: compra.mensajeEstado ?? '' });
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };

  const next = () => {
    if (step === 1 && !meses) {
      setPeriodError(true);
      return;
    }
    setStep((s) => s + 1);
  };

  const fecha = resultado?.compra.suscripcionesToken[0]?.fechaHasta;
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="pago-titulo"
    >
      <DialogTitle id="pago-titulo" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        Contratar {plan.nombre}
        <Box sx={{ flex: 1 }} />
        <ModoPruebaChip />
      </DialogTitle>
      <DialogContent>
        {resultado ? (
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            {resultado.estado === 'aprobado' ? (
              <CheckCircleRoundedIcon color="success" sx={{ fontSize: 56 }} />
            ) : (
              <HourglassTopRoundedIcon color="warning" sx={{ fontSize: 56 }} />
            )}
            <Typography variant="h6" component="h3">
              {resultado.estado === 'aprobado' ? '¡Listo! Tu licencia está activa' : 'Compra registrada'}
            </Typography>
            <Typography color="textSecondary">
              {resultado.estado === 'aprobado' && fecha
                ? `${plan.nombre} vigente hasta el ${formatFecha(fecha)}.`
                : resultado.mensaje}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              Compra #{resultado.compra.id}
            </Typography>
            <Box sx={{ width: '100%', textAlign: 'left' }}>
              <InstruccionesPago compra={resultado.compra} />
            </Box>
          </Stack>
        ) : (
          <>
            <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
              {['Medio de pago', 'Período', 'Pago'].map((label) => (
                <Step key={label}>
                  <StepLabel>{label}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 && (
              <RadioGroup
                value={metodo}
                onChange={(event) => setMetodo(event.target.value as Metodo)}
                aria-label="Medio de pago"
              >
                {ofrecidos.map((m) => (
                  <FormControlLabel key={m.id} value={m.id} control={<Radio />} label={m.label} />
                ))}
              </RadioGroup>
            )}
            {step === 1 && (
              <FormControl error={periodError}>
                <RadioGroup
                  value={meses ?? ''}
                  aria-label="Período"
                  onChange={(event) => {
                    setMeses(Number(event.target.value) as CantidadMeses);
                    setPeriodError(false);
                  }}
                >
                  {periodosSuscripcion.map((periodo) => {
                    const total = totalDe(plan, periodo.meses, paypal);
                    const disabled = total <= 0 || (paypal && !paypalPlanDe(plan, periodo.meses));
                    const moneda = paypal ? 'USD' : 'ARS';
                    return (
                      <FormControlLabel
                        key={periodo.meses}
                        value={periodo.meses}
                        disabled={disabled}
                        control={<Radio />}
                        label={
                          <Box>
                            <Typography>
                              {periodo.nombre}: {totalConSufijo(total, periodo.meses, moneda)}
                            </Typography>
                            <Typography variant="body2" color="textSecondary">
                              {porMes(total, periodo.meses, moneda)}
                            </Typography>
                          </Box>
                        }
                        sx={{ mb: 1 }}
                      />
                    );
                  })}
                </RadioGroup>
                {periodError && <FormHelperText>{mensajes.periodoRequerido}</FormHelperText>}
              </FormControl>
            )}
            {step === 2 && meses && (
              <Stack spacing={2}>
                <Typography>
                  Total:{' '}
                  <strong>
                    {totalConSufijo(totalDe(plan, meses, paypal), meses, paypal ? 'USD' : 'ARS')}
                  </strong>
                </Typography>
                {rechazo && <Alert severity="error">{rechazo}</Alert>}
                {metodo === 'tarjeta' && (
                  <CardForm
                    submitLabel="Pagar"
                    defaultEmail={usuario?.mail ?? ''}
                    offerRenewal
                    onPay={payByCard}
                  />
                )}
                {metodo === 'paypal' && (
                  <PaypalButton
                    planId={paypalPlanDe(plan, meses) ?? ''}
                    idSuscripcion={plan.id}
                    cantidadMeses={meses}
                    onApproved={onPaypalApproved}
                  />
                )}
                {(metodo === 'transferencia' || metodo === 'local') && (
                  <Alert severity="info">
                    {metodo === 'transferencia'
                      ? 'Al confirmar, la compra queda en espera y te mostramos los datos de la cuenta, el importe exacto y la referencia para transferir (también te los enviamos por correo). Cuando confirmemos el pago, la licencia se activa.'
                      : 'Al confirmar, la compra queda en espera hasta que pagues en el local (te mostramos la dirección, el horario y la referencia); entonces la licencia se activa.'}
                  </Alert>
                )}
              </Stack>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {resultado ? (
          <>
            <Button
              onClick={() => {
                close();
                navigate('/tienda/misCompras');
              }}
            >
              Ver mis compras
            </Button>
            <Button variant="contained" onClick={close}>
              {mensajes.cerrar}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={step === 0 ? close : () => setStep((s) => s - 1)}>
              {step === 0 ? 'Cancelar' : 'Volver'}
            </Button>
            {step < 2 && (
              <Button variant="contained" onClick={next}>
                Siguiente
              </Button>
            )}
            {step === 2 && (metodo === 'transferencia' || metodo === 'local') && (
              <Button variant="contained" onClick={confirmOffline} disabled={saving}>
                Confirmar
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
