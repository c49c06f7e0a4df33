import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import LocalShippingRoundedIcon from '@mui/icons-material/LocalShippingRounded';
import ShoppingCartRoundedIcon from '@mui/icons-material/ShoppingCartRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Paper,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { type Compra, completar, formatoMoneda, mediosPago, mensajes, tiposEnvio } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../shared/api/session';
import { EmptyState } from '../../../shared/ui/CardGridStates';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { generarCompra, pagarCompra } from '../api/shopApi';
import { invalidateCompras, useMediosPago, useMisCompras, useProductos } from '../api/shopQueries';
import { type CartLine, cartStore, useCart } from '../cartStore';
import { CardForm } from '../components/CardForm';
import { InstruccionesPago } from '../components/InstruccionesPago';
import { ModoPruebaChip } from '../components/ModoPruebaChip';
import { NewUserDialog } from '../components/NewUserDialog';
import { PagoEnvioFields } from '../components/PagoEnvioFields';
import { ShopNav } from '../components/ShopNav';
import { useShopLive } from '../hooks/useShopLive';

const pasos = ['Carrito', 'Pago y envío', 'Confirmación', 'Resultado'];

function cantidadError(line: CartLine, stock: number): string | null {
  if (!Number.isInteger(line.cantidad) || line.cantidad < 1) return mensajes.cantidadMinima;
  if (line.cantidad > stock) return completar(mensajes.stockSuperado, { n: stock });
  return null;
}

/** Step 3: the purchase as it is now (it follows the live state): waiting, paid, sent with its tracking number. */
function Resultado({ compra, email }: { compra: Compra; email: string }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const pagable = compra.estadoCompra.id === 1 && compra.medioPago?.id === mediosPago.pasarela;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Compra #{compra.id}
        </Typography>
        <Chip
          label={compra.estadoCompra.descripcion}
          color={compra.estadoCompra.id === 1 ? 'warning' : 'success'}
        />
      </Stack>
      {compra.mensajeEstado && (
        <Alert severity={compra.estadoCompra.id === 1 ? 'info' : 'success'}>{compra.mensajeEstado}</Alert>
      )}
      <InstruccionesPago compra={compra} />
      {compra.numeroSeguimiento && (
        <Alert icon={<LocalShippingRoundedIcon />} severity="success">
          Número de seguimiento: <strong>{compra.numeroSeguimiento}</strong>
        </Alert>
      )}
      {pagable && (
        <Box sx={{ maxWidth: 420 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            Pagar {formatoMoneda(compra.totalCompra)} con tarjeta
          </Typography>
          <CardForm
            submitLabel="Pagar"
            defaultEmail={email}
            onPay={async (pago) => {
              const answer = await pagarCompra({ id: compra.id, pago });
              await invalidateCompras(client);
              if (answer.resultadoPago.estado === 'rechazado') alerts.error(answer.resultadoPago.mensaje);
              else
                alerts.success(
                  answer.resultadoPago.estado === 'aprobado' ? 'Pago aprobado' : answer.resultadoPago.mensaje,
                );
            }}
          />
        </Box>
      )}
      <Box>
        <Button component={RouterLink} to="/tienda/misCompras">
          Ver mis compras
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * /tienda/carrito (spec 2 §2): step 0 the cart (quantities against stock), 1 payment means and
 * shipping, 2 the confirmation notice, 3 the result, which follows the purchase live until the
 * tracking number. An anonymous visitor gets the new-user modal first.
 */
export function CarritoPage() {
  useShopLive();
  const cart = useCart();
  const { isAuthenticated, usuario } = useSession();
  const productos = useProductos(null);
  const medios = useMediosPago();
  const mias = useMisCompras(isAuthenticated);
  const client = useQueryClient();
  const alerts = useAlerts();
  const [step, setStep] = useState(0);
  const [askLogin, setAskLogin] = useState(false);
  const [medioPago, setMedioPago] = useState<number | null>(null);
  const [tipoEnvio, setTipoEnvio] = useState<number | null>(null);
  const [direccion, setDireccion] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [compraId, setCompraId] = useState<number | null>(null);

  const stockOf = (line: CartLine) =>
    productos.data?.find((p) => p.id === line.productoId)?.stock ?? line.stock;
  const errores = cart.map((line) => cantidadError(line, stockOf(line)));
  const total = cart.reduce((sum, line) => sum + line.valor * line.cantidad, 0);
  const direccionError =
    tipoEnvio === tiposEnvio.correo && direccion.trim().length < 5 ? mensajes.direccionRequerida : null;
  const compra = compraId === null ? null : (mias.data?.find((c) => c.id === compraId) ?? null);

  const continuar = () => {
    if (step === 0) {
      if (errores.some(Boolean)) return;
      if (!isAuthenticated) {
        setAskLogin(true);
        return;
      }
      setStep(1);
      return;
    }
    if (step === 1) {
      setTouched(true);
      if (!medioPago || !tipoEnvio || direccionError) return;
      setStep(2);
    }
  };

  const confirmar = async () => {
    if (!medioPago || !tipoEnvio) return;
    setSaving(true);
    try {
      const created = await generarCompra({
        carrito: cart.map((line) => ({ producto: { id: line.productoId }, cantidad: line.cantidad })),
        medioPago: { id: medioPago },
        tipoEnvio: { id: tipoEnvio },
        direccionEnvio: tipoEnvio === tiposEnvio.correo ? direccion.trim() : null,
      });
      cartStore.clear();
      setCompraId(created.id);
      client.setQueryData<Compra[]>(['compras', 'mias'], (old) => [created, ...(old ?? [])]);
      await invalidateCompras(client);
      setStep(3);
    } catch (error) {
      alerts.error(error);
      await invalidateCompras(client);
      setStep(0);
    } finally {
      setSaving(false);
    }
  };

  const medioNombre = medios.data?.mediosPago.find((m) => m.id === medioPago)?.descripcion ?? '';
  const envioNombre = medios.data?.tiposEnvio.find((t) => t.id === tipoEnvio)?.descripcion ?? '';

  return (
    <>
      <PageTitle title="Carrito" actions={<ModoPruebaChip />} />
      <ShopNav />
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {pasos.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        {step === 0 &&
          (cart.length === 0 ? (
            <Stack spacing={2} sx={{ alignItems: 'center' }}>
              <EmptyState icon={<ShoppingCartRoundedIcon />} text={mensajes.carritoVacioTitulo} />
              <Button component={RouterLink} to="/tienda/productos" variant="contained">
                Ver productos
              </Button>
            </Stack>
          ) : (
            <Box>
              <ResponsiveTable
                bare
                noPaging
                label="Productos en el carrito"
                rows={cart}
                rowKey={(line) => line.productoId}
                emptyText={mensajes.carritoVacioTitulo}
                columns={[
                  {
                    id: 'producto',
                    label: 'Producto',
                    phone: 'title',
                    sortable: false,
                    value: (line) => line.nombre,
                    render: (line) => (
                      <>
                        <Typography variant="body2" sx={{ fontWeight: { xs: 600, sm: 400 } }}>
                          {line.nombre}
                        </Typography>
                        <Typography variant="caption" color="textSecondary">
                          Modelo {line.modelo}
                        </Typography>
                      </>
                    ),
                  },
                  {
                    id: 'precio',
                    label: 'Precio',
                    align: 'right',
                    nowrap: true,
                    sortable: false,
                    value: (line) => line.valor,
                    render: (line) => formatoMoneda(line.valor),
                  },
                  {
                    id: 'cantidad',
                    label: 'Cantidad',
                    render: (line) => {
                      const error = errores[cart.indexOf(line)];
                      return (
                        <TextField
                          size="small"
                          type="number"
                          value={Number.isNaN(line.cantidad) ? '' : line.cantidad}
                          onChange={(event) =>
                            cartStore.setCantidad(line.productoId, Number.parseInt(event.target.value, 10))
                          }
                          error={Boolean(error)}
                          helperText={error}
                          sx={{ width: 130 }}
                          slotProps={{ htmlInput: { min: 1, 'aria-label': `Cantidad de ${line.nombre}` } }}
                        />
                      );
                    },
                  },
                  {
                    id: 'subtotal',
                    label: 'Subtotal',
                    align: 'right',
                    nowrap: true,
                    render: (line) => formatoMoneda(line.valor * (line.cantidad || 0)),
                  },
                ]}
                actions={(line) => (
                  <IconButton
                    aria-label={`Quitar ${line.nombre}`}
                    onClick={() => cartStore.remove(line.productoId)}
                  >
                    <DeleteOutlineRoundedIcon />
                  </IconButton>
                )}
              />
              <Typography variant="h6" component="p" sx={{ textAlign: 'right', mt: 2 }}>
                Total: {formatoMoneda(total)}
              </Typography>
            </Box>
          ))}
        {step === 1 && (
          <PagoEnvioFields
            medioPago={medioPago}
            onMedioPago={setMedioPago}
            tipoEnvio={tipoEnvio}
            onTipoEnvio={setTipoEnvio}
            direccion={direccion}
            onDireccion={setDireccion}
            showEnvio
            touched={touched}
            direccionError={direccionError}
          />
        )}
        {step === 2 && (
          <Stack spacing={1.5}>
            <Typography variant="h6" component="h2">
              Revisá tu compra
            </Typography>
            {cart.map((line) => (
              <Typography key={line.productoId} variant="body2">
                {line.cantidad} × {line.nombre}: {formatoMoneda(line.valor * line.cantidad)}
              </Typography>
            ))}
            <Typography>
              Total: <strong>{formatoMoneda(total)}</strong>
            </Typography>
            <Typography variant="body2">Medio de pago: {medioNombre}</Typography>
            <Typography variant="body2">
              Envío: {envioNombre}
              {tipoEnvio === tiposEnvio.correo ? ` a ${direccion.trim()}` : ''}
            </Typography>
            <Alert severity="info">
              Al confirmar reservamos las unidades para vos. La compra queda en espera hasta que se acredite
              el pago; si el pago no llega a tiempo, se cancela y las unidades vuelven al stock.
            </Alert>
          </Stack>
        )}
        {step === 3 && compra && <Resultado compra={compra} email={usuario?.mail ?? ''} />}
        {step < 3 && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
            {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>Volver</Button>}
            {step < 2 && (
              <Button variant="contained" onClick={continuar} disabled={cart.length === 0}>
                Continuar
              </Button>
            )}
            {step === 2 && (
              <Button variant="contained" onClick={confirmar} disabled={saving}>
                Confirmar compra
              </Button>
            )}
          </Stack>
        )}
      </Paper>
      <NewUserDialog open={askLogin} onClose={() => setAskLogin(false)} />
    </>
  );
}
