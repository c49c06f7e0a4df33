import { Alert, Grid } from '@mui/material';
import { mensajes, type PlanTienda } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../shared/api/session';
import { CardGridSkeleton } from '../../../shared/ui/CardGridStates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { useInfoGral } from '../api/infoGral';
import { grabarSuscripcion } from '../api/shopApi';
import { invalidateCompras, usePlanes } from '../api/shopQueries';
import { ModoPruebaChip } from '../components/ModoPruebaChip';
import { PaymentWizardDialog } from '../components/PaymentWizardDialog';
import { PlanCard } from '../components/PlanCard';
import { ShopNav } from '../components/ShopNav';

/**
 * /tienda/suscripcion (spec 2 §2): the plans by cost, each with Contratar and its free trial; the
 * user's current plan marked (GET /perfil/traerInfoGral), trials only where still available.
 */
export function SuscripcionPage() {
  const planes = usePlanes();
  const info = useInfoGral();
  const { usuario } = useSession();
  const client = useQueryClient();
  const alerts = useAlerts();
  const [buying, setBuying] = useState<PlanTienda | null>(null);
  const [trial, setTrial] = useState<PlanTienda | null>(null);
  const blocked = usuario?.tieneUsuarioPadre ?? false;
  const sorted = [...(planes.data ?? [])].sort((a, b) => a.costo - b.costo);

  const startTrial = async () => {
    if (!trial) return;
    try {
      await grabarSuscripcion({ id: trial.id, esGratis: true });
      await Promise.all([
        invalidateCompras(client),
        client.invalidateQueries({ queryKey: ['tienda', 'infoGral'] }),
      ]);
      alerts.success(`Tu prueba gratuita de ${trial.nombre} está activa.`);
      setTrial(null);
    } catch (error) {
      alerts.error(error);
    }
  };

  return (
    <>
      <PageTitle
        title="Suscripciones"
        subtitle="Elegí el plan que necesitás; podés cambiarlo cuando quieras."
        actions={<ModoPruebaChip />}
      />
      <ShopNav />
      {blocked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {mensajes.usuarioConSuscripcionPadre}
        </Alert>
      )}
      {planes.isPending && <CardGridSkeleton height={360} />}
      {planes.isError && <Alert severity="error">{mensajes.errorGenerico}</Alert>}
      <Grid container spacing={2}>
        {sorted.map((plan) => (
          <Grid key={plan.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <PlanCard
              plan={plan}
              disabled={blocked}
              actual={info.data?.licencia?.idPlan === plan.id ? info.data.licencia : null}
              pruebaDisponible={info.data?.pruebasDisponibles.includes(plan.id) ?? false}
              onContratar={() => setBuying(plan)}
              onProbar={() => setTrial(plan)}
            />
          </Grid>
        ))}
      </Grid>
      {buying && <PaymentWizardDialog plan={buying} open onClose={() => setBuying(null)} />}
      <ConfirmDialog
        open={trial !== null}
        title={trial ? `Prueba gratuita de ${trial.nombre}` : ''}
        message={
          trial
            ? `Vas a usar ${trial.nombre} gratis durante ${trial.cantMesesGratis} ${trial.cantMesesGratis === 1 ? 'mes' : 'meses'}. No se te cobrará nada.`
            : ''
        }
        confirmLabel="Confirmar"
        onConfirm={startTrial}
        onClose={() => setTrial(null)}
      />
    </>
  );
}
