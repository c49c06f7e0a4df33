import AddRoundedIcon from '@mui/icons-material/AddRounded';
import BoltRoundedIcon from '@mui/icons-material/BoltRounded';
import { Alert, Button, Grid } from '@mui/material';
import { type AccionColectiva, mensajes, tiposFavorito } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { CardGridSkeleton, EmptyState, SubscriptionNotice } from '../../../shared/ui/CardGridStates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { eliminarAccion, toogleFavorito } from '../api/automationApi';
import { invalidateAutomation, useAcciones } from '../api/automationQueries';
import { ActionCard } from '../components/ActionCard';
import { ActionFormDialog } from '../components/ActionFormDialog';
import { useEjecutar } from '../components/useEjecutar';

/** /home/misAcciones (spec 2 §2): the user's collective actions as cards, 3 per row on large screens. */
export function MisAccionesPage() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const query = useAcciones();
  const { run, running } = useEjecutar();
  const [form, setForm] = useState<{ accion: AccionColectiva | null } | null>(null);
  const [deleting, setDeleting] = useState<AccionColectiva | null>(null);
  const [busy, setBusy] = useState(false);
  const acciones = query.data?.acciones ?? [];
  const permite = query.data?.permiteAutomatizacion ?? false;

  const favorite = async (accion: AccionColectiva) => {
    try {
      await toogleFavorito(accion.id, tiposFavorito.accion);
      await invalidateAutomation(client);
    } catch (error) {
      alerts.error(error);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await eliminarAccion(deleting.id);
      await invalidateAutomation(client);
      setDeleting(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle
        title={mensajes.misAcciones}
        actions={
          permite && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              onClick={() => setForm({ accion: null })}
            >
              {mensajes.nuevaAccion}
            </Button>
          )
        }
      />
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.isLoading && <CardGridSkeleton height={150} />}
      {query.isSuccess && !permite && <SubscriptionNotice text={query.data.motivo ?? ''} />}
      {query.isSuccess && acciones.length === 0 && (
        <EmptyState icon={<BoltRoundedIcon />} text={mensajes.noExistenAcciones} />
      )}
      {acciones.length > 0 && (
        <Grid container spacing={2}>
          {acciones.map((accion) => (
            <Grid key={accion.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ActionCard
                accion={accion}
                canEdit={permite}
                running={running === accion.id}
                onRun={() => void run(accion.id)}
                onFavorite={() => void favorite(accion)}
                onEdit={() => setForm({ accion })}
                onDelete={() => setDeleting(accion)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {form && (
        <ActionFormDialog
          accion={form.accion}
          permiteAccionPropia={query.data?.permiteAccionPropia ?? false}
          onClose={() => setForm(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={mensajes.eliminarTitulo}
        message={mensajes.eliminarPregunta.replace('{name}', deleting?.nombre ?? '')}
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
