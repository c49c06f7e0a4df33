import { Alert, Box, Grid, Stack, Typography } from '@mui/material';
import { type Compra, formatoMoneda, mensajes } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { fecha, fechaHora } from './formatos';
import { InstruccionesPago } from './InstruccionesPago';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="textSecondary">
      {children}
    </Typography>
  );
}

/**
 * A purchase's detail panel (spec 2 §2 Mis compras): payments received, token subscriptions,
 * assigned devices, items, movements log and the status message.
 */
export function CompraDetail({ compra }: { compra: Compra }) {
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      {compra.mensajeEstado && <Alert severity="info">{compra.mensajeEstado}</Alert>}
      <InstruccionesPago compra={compra} />
      {compra.numeroSeguimiento && (
        <Typography variant="body2">
          Número de seguimiento: <strong>{compra.numeroSeguimiento}</strong>
        </Typography>
      )}
      {compra.direccionEnvio && <Typography variant="body2">Envío a: {compra.direccionEnvio}</Typography>}
      {compra.renovacionAutomatica && (
        <Typography variant="body2">
          Renovación automática: el medio de pago cobra al comenzar cada período.
        </Typography>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Pagos">
            {compra.pagos.length === 0 ? (
              <Muted>{mensajes.sinPagosRegistrados}</Muted>
            ) : (
              compra.pagos.map((pago) => (
                <Typography key={pago.id} variant="body2">
                  {fechaHora(pago.fecha)} · {pago.origenPago} · {formatoMoneda(pago.monto, pago.moneda)}{' '}
                  (recibido {formatoMoneda(pago.montoFinalRecibido, pago.moneda)})
                </Typography>
              ))
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Items">
            {compra.itemsCompra.map((item) => (
              <Typography key={item.id} variant="body2">
                {item.cantidad} × {item.producto?.nombre ?? item.suscripcion?.nombre ?? ''}
                {item.producto?.modelo ? ` (${item.producto.modelo})` : ''}:{' '}
                {formatoMoneda(item.costo * item.cantidad, compra.moneda)}
              </Typography>
            ))}
          </Section>
        </Grid>
        {compra.tipoCompra.id === 1 && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Section title="Suscripciones">
              {compra.suscripcionesToken.length === 0 ? (
                <Muted>Sin licencia emitida todavía.</Muted>
              ) : (
                compra.suscripcionesToken.map((token) => (
                  <Typography key={token.id} variant="body2">
                    {token.estado.descripcion}
                    {token.esGratuito ? ' (de prueba)' : ''} · vigente hasta{' '}
                    {token.fechaHasta ? fecha(token.fechaHasta) : 'sin vencimiento'}
                    {token.cancelacionSolicitada ? ' · cancelación solicitada' : ''}
                  </Typography>
                ))
              )}
            </Section>
          </Grid>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="Equipos asignados">
            {compra.equipos.length === 0 ? (
              <Muted>Ninguno.</Muted>
            ) : (
              compra.equipos.map((equipo) => (
                <Typography key={equipo.id} variant="body2">
                  {equipo.nombre}
                </Typography>
              ))
            )}
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="Movimientos">
            {compra.logs.map((log) => (
              <Typography key={log.id} variant="body2">
                <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                  {fechaHora(log.fecha)}
                </Box>
                {log.descripcion}
              </Typography>
            ))}
          </Section>
        </Grid>
      </Grid>
    </Stack>
  );
}
