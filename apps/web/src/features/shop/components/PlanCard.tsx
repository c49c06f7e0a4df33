import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { Box, Button, Card, CardActions, CardContent, Divider, Stack, Typography } from '@mui/material';
import { type PlanTienda, periodosSuscripcion } from '@nexo/contracts';
import { porMes, totalConSufijo, totalDe } from './precios';

function Feature({ children }: { children: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <CheckRoundedIcon color="success" fontSize="small" />
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** One plan (spec 2 §2 /tienda/suscripcion): limits, the four periods with totals and per month, Contratar and the trial. */
export function PlanCard({
  plan,
  disabled,
  onContratar,
  onProbar,
}: {
  plan: PlanTienda;
  disabled: boolean;
  onContratar: () => void;
  onProbar: () => void;
}) {
  const periodos = periodosSuscripcion.filter((p) => totalDe(plan, p.meses, false) > 0);
  return (
    <Card
      variant="outlined"
      sx={{ borderRadius: 3, height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="overline" color="text.secondary">
          {plan.tipoSuscripcion.descripcion}
        </Typography>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {plan.nombre}
        </Typography>
        {periodos[0] ? (
          <Typography variant="h6" color="primary" sx={{ mt: 1 }}>
            {porMes(totalDe(plan, periodos[0].meses, false), periodos[0].meses)}
          </Typography>
        ) : (
          <Typography variant="h6" color="primary" sx={{ mt: 1 }}>
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
                    <Typography variant="body2" color="text.secondary">
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
            aria-label={`Contratar ${plan.nombre}`}
          >
            Contratar
          </Button>
        )}
        {plan.puedeSerGratis && plan.cantMesesGratis > 0 && (
          <Button onClick={onProbar} disabled={disabled} aria-label={`Probar gratis ${plan.nombre}`}>
            Probar gratis {plan.cantMesesGratis} {plan.cantMesesGratis === 1 ? 'mes' : 'meses'}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
