import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
} from '@mui/material';
import { type Compra, estadosCompra, mediosPago, tiposEnvio } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { AuditoriaDialog } from '../../admin';
import { cancelarCompra, confirmarPago, entregarCompra, enviarCompra } from '../api/shopApi';
import { invalidateCompras, useComprasAdmin } from '../api/shopQueries';
import { ComprasTable } from '../components/ComprasTable';

type Accion = { tipo: 'confirmar' | 'enviar' | 'cancelar'; compra: Compra };

const textos = {
  confirmar: { titulo: 'Confirmar pago', campo: 'Monto final recibido', boton: 'Confirmar pago' },
  enviar: { titulo: 'Marcar como enviada', campo: 'Número de seguimiento', boton: 'Marcar enviada' },
  cancelar: { titulo: 'Cancelar compra', campo: 'Motivo', boton: 'Cancelar compra' },
};

/**
 * /admin/compras: every purchase with the admin columns; confirm a transfer or pay-at-the-shop
 * payment, mark it shipped with a tracking number, delivered, or cancel it with a reason. Each
 * action writes the purchase log and notifies the buyer (server side).
 */
export function AdminComprasPage() {
  const [todas, setTodas] = useState(false);
  const compras = useComprasAdmin(todas);
  const client = useQueryClient();
  const alerts = useAlerts();
  const [accion, setAccion] = useState<Accion | null>(null);
  const [valor, setValor] = useState('');
  const [saving, setSaving] = useState(false);
  const [historial, setHistorial] = useState<Compra | null>(null);

  const open = (tipo: Accion['tipo'], compra: Compra) => {
    setAccion({ tipo, compra });
    setValor(tipo === 'confirmar' ? String(compra.totalCompra) : '');
  };

  const run = async (work: () => Promise<unknown>, ok: string) => {
    setSaving(true);
    try {
      await work();
      await invalidateCompras(client);
      alerts.success(ok);
      setAccion(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = () => {
    if (!accion) return;
    const { compra } = accion;
    if (accion.tipo === 'confirmar')
      void run(() => confirmarPago(compra.id, Number(valor)), `Pago de la compra #${compra.id} confirmado`);
    if (accion.tipo === 'enviar')
      void run(() => enviarCompra(compra.id, valor.trim()), `Compra #${compra.id} enviada`);
    if (accion.tipo === 'cancelar')
      void run(() => cancelarCompra(compra.id, valor.trim()), `Compra #${compra.id} cancelada`);
  };

  const actions = (compra: Compra) => {
    const estado = compra.estadoCompra.id;
    const offline =
      compra.medioPago?.id === mediosPago.transferencia || compra.medioPago?.id === mediosPago.pagoEnLocal;
    return (
      <>
        {estado === estadosCompra.enEspera && offline && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => open('confirmar', compra)}
            aria-label={`Confirmar pago de la compra #${compra.id}`}
          >
            Confirmar pago
          </Button>
        )}
        {estado === estadosCompra.pagada && compra.tipoEnvio?.id === tiposEnvio.correo && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => open('enviar', compra)}
            aria-label={`Enviar la compra #${compra.id}`}
          >
            Enviar
          </Button>
        )}
        {(estado === estadosCompra.enviada ||
          (estado === estadosCompra.pagada && compra.tipoEnvio?.id === tiposEnvio.retiroLocal)) && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => run(() => entregarCompra(compra.id), `Compra #${compra.id} entregada`)}
          >
            Marcar entregada
          </Button>
        )}
        {(estado === estadosCompra.enEspera || estado === estadosCompra.pagada) && (
          <Button
            size="small"
            color="error"
            onClick={() => open('cancelar', compra)}
            aria-label={`Cancelar la compra #${compra.id}`}
          >
            Cancelar
          </Button>
        )}
        <Button
          size="small"
          onClick={() => setHistorial(compra)}
          aria-label={`Historial de la compra #${compra.id}`}
        >
          Historial
        </Button>
      </>
    );
  };

  const texto = accion ? textos[accion.tipo] : null;
  return (
    <>
      <PageTitle
        title="Compras"
        subtitle="Pagos por confirmar, envíos y entregas."
        actions={
          <FormControlLabel
            control={<Switch checked={todas} onChange={(e) => setTodas(e.target.checked)} />}
            label="Ver todas"
          />
        }
      />
      <ComprasTable
        compras={compras.data ?? []}
        admin
        emptyText={compras.isPending ? 'Cargando…' : 'No hay compras pendientes.'}
        actions={actions}
      />
      {historial && (
        <Suspense fallback={null}>
          <AuditoriaDialog
            objeto="compra"
            id={historial.id}
            titulo={`compra #${historial.id}`}
            onClose={() => setHistorial(null)}
          />
        </Suspense>
      )}
      <Dialog
        open={accion !== null}
        onClose={saving ? undefined : () => setAccion(null)}
        maxWidth="xs"
        fullWidth
      >
        {accion && texto && (
          <>
            <DialogTitle>
              {texto.titulo} #{accion.compra.id}
            </DialogTitle>
            <DialogContent>
              {accion.tipo === 'confirmar' && (
                <DialogContentText sx={{ mb: 2 }}>
                  Lo que efectivamente se acreditó, después de comisiones.
                </DialogContentText>
              )}
              <TextField
                autoFocus
                fullWidth
                label={texto.campo}
                value={valor}
                type={accion.tipo === 'confirmar' ? 'number' : 'text'}
                onChange={(event) => setValor(event.target.value)}
                sx={{ mt: 1 }}
              />
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={() => setAccion(null)} disabled={saving}>
                Volver
              </Button>
              <Button
                variant="contained"
                color={accion.tipo === 'cancelar' ? 'error' : 'primary'}
                onClick={submit}
                disabled={saving || valor.trim() === ''}
              >
                {texto.boton}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
