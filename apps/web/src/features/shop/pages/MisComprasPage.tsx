import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  type Compra,
  estadosCompra,
  formatoMoneda,
  mediosPago,
  mensajes,
  tiposCompra,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useSession } from '../../../shared/api/session';
import { formatFecha } from '../../../shared/format/fechas';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { NuevaConsultaDialog, openSupportChat } from '../../support';
import { cancelarSuscripcion, pagarCompra, reactivarSuscripcion } from '../api/shopApi';
import { invalidateCompras, useMisCompras, usePlanes } from '../api/shopQueries';
import { CardForm } from '../components/CardForm';
import { ComprasTable } from '../components/ComprasTable';
import { ModificarCompraDialog } from '../components/ModificarCompraDialog';
import { ModoPruebaChip } from '../components/ModoPruebaChip';
import { PaymentWizardDialog } from '../components/PaymentWizardDialog';
import { ShopNav } from '../components/ShopNav';
import { useShopLive } from '../hooks/useShopLive';

/** Where a licence purchase offers 'Iniciar pago' (spec 2 §4). */
const iniciaPago = (compra: Compra) =>
  compra.tipoCompra.id === tiposCompra.licencia &&
  (compra.modoGratuita ||
    ([estadosCompra.finalizada, estadosCompra.cancelada, estadosCompra.enEspera] as number[]).includes(
      compra.estadoCompra.id,
    ));

/**
 * /tienda/misCompras (spec 2 §2): the user's purchases, sortable, with a detail panel per row,
 * 'Iniciar pago' and 'Reactivar licencia' where the spec says, and 'Consulta por compra'. States
 * follow the server live (a confirmed payment, a shipment).
 */
export function MisComprasPage() {
  useShopLive();
  const compras = useMisCompras();
  const planes = usePlanes();
  const { usuario } = useSession();
  const client = useQueryClient();
  const alerts = useAlerts();
  const [pagar, setPagar] = useState<Compra | null>(null);
  const [pagarProducto, setPagarProducto] = useState<Compra | null>(null);
  const [modificar, setModificar] = useState<Compra | null>(null);
  const [cancelar, setCancelar] = useState<Compra | null>(null);
  const [consulta, setConsulta] = useState<Compra | null>(null);

  const planDe = (compra: Compra) =>
    planes.data?.find((p) => p.id === compra.itemsCompra[0]?.suscripcion?.id) ?? null;

  const run = async (work: () => Promise<unknown>, ok: string) => {
    try {
      await work();
      await invalidateCompras(client);
      alerts.success(ok);
    } catch (error) {
      alerts.error(error);
    }
  };

  const actions = (compra: Compra) => {
    const esperaProducto =
      compra.tipoCompra.id === tiposCompra.producto && compra.estadoCompra.id === estadosCompra.enEspera;
    return (
      <>
        {iniciaPago(compra) && planDe(compra) && (
          <Button size="small" variant="outlined" onClick={() => setPagar(compra)}>
            Iniciar pago
          </Button>
        )}
        {esperaProducto && compra.medioPago?.id === mediosPago.pasarela && (
          <Button size="small" variant="outlined" onClick={() => setPagarProducto(compra)}>
            Iniciar pago
          </Button>
        )}
        {esperaProducto && (
          <Button size="small" onClick={() => setModificar(compra)}>
            Modificar
          </Button>
        )}
        {compra.estadoCompra.id === estadosCompra.cancelacionSolicitada && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => run(() => reactivarSuscripcion(compra.id), 'Licencia reactivada')}
          >
            Reactivar licencia
          </Button>
        )}
        {compra.tipoCompra.id === tiposCompra.licencia &&
          compra.estadoCompra.id === estadosCompra.activada &&
          !compra.modoGratuita && (
            <Button size="small" color="error" onClick={() => setCancelar(compra)}>
              Cancelar suscripción
            </Button>
          )}
        <Button size="small" onClick={() => setConsulta(compra)}>
          {mensajes.consultaPorCompra}
        </Button>
      </>
    );
  };

  const plan = pagar ? planDe(pagar) : null;
  const tokenHasta = cancelar?.suscripcionesToken[0]?.fechaHasta;
  return (
    <>
      <PageTitle title="Mis compras" actions={<ModoPruebaChip />} />
      <ShopNav />
      <ComprasTable
        compras={compras.data ?? []}
        emptyText={compras.isPending ? 'Cargando…' : 'Todavía no hiciste compras.'}
        actions={actions}
      />
      {pagar && plan && (
        <PaymentWizardDialog
          plan={plan}
          open
          onClose={() => setPagar(null)}
          idCompra={
            pagar.estadoCompra.id === estadosCompra.enEspera && pagar.moneda === 'ARS' && !pagar.modoGratuita
              ? pagar.id
              : undefined
          }
          meses={pagar.modoGratuita ? null : pagar.cantidadMeses}
        />
      )}
      {pagarProducto && (
        <Dialog open onClose={() => setPagarProducto(null)} maxWidth="xs" fullWidth>
          <DialogTitle>
            Pagar la compra #{pagarProducto.id}: {formatoMoneda(pagarProducto.totalCompra)}
          </DialogTitle>
          <DialogContent>
            <CardForm
              submitLabel="Pagar"
              defaultEmail={usuario?.mail ?? ''}
              onPay={async (pago) => {
                const answer = await pagarCompra({ id: pagarProducto.id, pago });
                await invalidateCompras(client);
                if (answer.resultadoPago.estado === 'rechazado') {
                  alerts.error(answer.resultadoPago.mensaje);
                  return;
                }
                alerts.success(
                  answer.resultadoPago.estado === 'aprobado' ? 'Pago aprobado' : answer.resultadoPago.mensaje,
                );
                setPagarProducto(null);
              }}
            />
          </DialogContent>
        </Dialog>
      )}
      {modificar && <ModificarCompraDialog compra={modificar} onClose={() => setModificar(null)} />}
      <ConfirmDialog
        open={cancelar !== null}
        title="Cancelar suscripción"
        message={`La licencia seguirá vigente${tokenHasta ? ` hasta el ${formatFecha(tokenHasta)}` : ''} y no se renovará. Podés reactivarla antes de esa fecha.`}
        confirmLabel="Cancelar suscripción"
        cancelLabel="Volver"
        destructive
        onConfirm={async () => {
          if (cancelar) await run(() => cancelarSuscripcion(cancelar.id), 'Cancelación registrada');
          setCancelar(null);
        }}
        onClose={() => setCancelar(null)}
      />
      {consulta && (
        <Suspense fallback={null}>
          <NuevaConsultaDialog
            open={consulta !== null}
            compraId={consulta?.id}
            onClose={() => setConsulta(null)}
            onCreated={(created) => openSupportChat(created.id)}
          />
        </Suspense>
      )}
    </>
  );
}
