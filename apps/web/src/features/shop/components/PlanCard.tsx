import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { Box, Button, Card, CardActions, CardContent, Chip, Divider, Stack, Typography } from '@mui/material';
import { type InfoGral, type PlanTienda, periodosSuscripcion } from '@nexo/contracts';
import { formatFecha } from '../../../shared/format/fechas';
import { porMes, totalConSufijo, totalDe } from './precios';

/** The user's licence when it is this card's plan. */
export type PlanActual = NonNullable<InfoGral['licencia']>;

/** What Contratar does on the current plan: a paid one is extended from its end, or renewed when it was cancelled. */
function contratarLabel(actual: PlanActual | null): string {
  if (!actual || actual.esGratuito) return 'Contratar';
  return actual.cancelacionSolicitada ? 'Renovar' : 'Extender';
}

function vigencia(actual: PlanActual): string {
  if (actual.fechaHasta === null) return 'Sin vencimiento';
  const hasta = formatFecha(actual.fechaHasta);
  return actual.esGratuito ? `Prueba gratuita hasta el ${hasta}` : `Vigente hasta el ${hasta}`;
}

function Feature({ children }: { children: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <CheckRoundedIcon color="success" fontSize="small" />
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/**
 * One plan (spec 2 §2 /tienda/suscripcion): limits, the four periods with totals and per month,
 * Contratar and the trial. The user's current plan is marked with its expiry, and its button says
 * what buying it does; the trial shows only while the user may still take it.
 */
export function PlanCard({
  plan,
  disabled,
  actual = null,
  pruebaDisponible,
  onContratar,
  onProbar,
}: {
  plan: PlanTienda;
  disabled: boolean;
  /** The user's licence, when this is its plan. */
  actual?: PlanActual | null;
  /** Whether the user may still take this plan's free trial. */
  pruebaDisponible: boolean;
  onContratar: () => void;
  onProbar: () => void;
}) {
  const contratar = contratarLabel(actual);
  const periodos = periodosSuscripcion.filter((p) => totalDe(plan, p.meses, false) > 0);
  return (
    <Card
      variant="outlined"
      aria-current={actual ? 'true' : undefined}
      sx={{
        borderRadius: 3,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        ...(actual ? { borderColor: 'primary.main', borderWidth: 2 } : {}),
      }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="overline" color="textSecondary">
            {plan.tipoSuscripcion.descripcion}
          </Typography>
          {actual && <Chip size="small" color="primary" label="Tu plan actual" />}
        </Stack>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {plan.nombre}
        </Typography>
        {actual && (
          <Typography variant="body2" color="textSecondary">
            {vigencia(actual)}
          </Typography>
        )}
        {periodos[0] ? (
          <Typography variant="h6" component="p" color="primary" sx={{ mt: 1 }}>
            {porMes(totalDe(plan, periodos[0].meses, false), periodos[0].meses)}
          </Typography>
        ) : (
          <Typography variant="h6" component="p" color="primary" sx={{ mt: 1 }}>
            Gratis {plan.cantMesesGratis} {plan.cantMesesGratis === 1 ? 'mes' : 'meses'}
          </Typography>
        )}
        <Stack spacing={0.75} sx={{ my: 2 }}>
          <Feature>{`${plan.cantidadDispositivos} equipos`}</Feature>
          <Feature>{`${plan.cantidadSensores} sensores`}</Feature>
          <Feature>{`${plan.cantidadUsuarios} ${plan.cantidadUsuarios === 1 ? 'usuario' : 'usuarios'}`}</Feature>
          {plan.permiteMapa && <Feature>Widget mapa</Feature>}
          {plan.permiteVistas && <Feature>Vistas, programas y eventos</Feature>}
        </Stack>
        {periodos.length > 0 && (
          <>
            <Divider sx={{ mb: 1.5 }} />
            <Stack spacing={0.5}>
              {periodos.map((periodo) => {
                const total = totalDe(plan, periodo.meses, false);
                return (
                  <Box
                    key={periodo.meses}
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
                  >
                    <Typography variant="body2" color="textSecondary">
                      {periodo.nombre}
                    </Typography>
                    <Typography variant="body2" title={porMes(total, periodo.meses)}>
                      {totalConSufijo(total, periodo.meses)}
                    </Typography>
                  </Box>
                );
              })}
            </Stack>
          </>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {!plan.soloGratis && (
          <Button
            variant="contained"
            onClick={onContratar}
            disabled={disabled}
            aria-label={`${contratar} ${plan.nombre}`}
            title={
              contratar === 'Extender' && actual?.fechaHasta
                ? `Suma los meses que elijas desde el ${formatFecha(actual.fechaHasta)}`
                : undefined
            }
          >
            {contratar}
          </Button>
        )}
        {pruebaDisponible && plan.puedeSerGratis && plan.cantMesesGratis > 0 && (
          <Button
            onClick={onProbar}
            disabled={disabled}
            aria-label={`Probar gratis ${plan.cantMesesGratis} ${plan.cantMesesGratis === 1 ? 'mes' : 'meses'}: ${plan.nombre}`}
          >
            Probar gratis {plan.cantMesesGratis} {plan.cantMesesGratis === 1 ? 'mes' : 'meses'}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
