import AddRoundedIcon from '@mui/icons-material/AddRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import { Alert, Button, Grid } from '@mui/material';
import { mensajes, type Vista } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { CardGridSkeleton, EmptyState, SubscriptionNotice } from '../../../shared/ui/CardGridStates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { eliminarVista } from '../api/viewsApi';
import { invalidateViews, useVistas } from '../api/viewsQueries';
import { ViewCard } from '../components/ViewCard';
import { ViewFormDialog } from '../components/ViewFormDialog';

/** /home/misVistas: the user's views as cards; 'Nueva vista' only when the plan permits views. */
export function MisVistasPage() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const query = useVistas();
  const [form, setForm] = useState<{ vista: Vista | null } | null>(null);
  const [deleting, setDeleting] = useState<Vista | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const vistas = query.data?.vistas ?? [];
  const permite = query.data?.permiteVistas ?? false;

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await eliminarVista(deleting.id);
      await invalidateViews(client);
      alerts.success(mensajes.vistaEliminada);
      setDeleting(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <>
      <PageTitle
        title={mensajes.misVistas}
        actions={
          permite && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              onClick={() => setForm({ vista: null })}
            >
              {mensajes.nuevaVista}
            </Button>
          )
        }
      />
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.isLoading && <CardGridSkeleton />}
      {query.isSuccess && !permite && <SubscriptionNotice text={mensajes.suscripcionNoPermite} />}
      {query.isSuccess && vistas.length === 0 && permite && (
        <EmptyState icon={<SpaceDashboardRoundedIcon />} text={mensajes.noHayVistas} />
      )}
      {vistas.length > 0 && (
        <Grid container spacing={2}>
          {vistas.map((vista) => (
            <Grid key={vista.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ViewCard
                vista={vista}
                canEdit={permite}
                onEdit={(v) => setForm({ vista: v })}
                onDelete={setDeleting}
              />
            </Grid>
          ))}
        </Grid>
      )}
      <ViewFormDialog open={form !== null} vista={form?.vista ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={mensajes.eliminarTitulo}
        message={deleting ? mensajes.eliminarVistaPregunta.replace('{nombre}', deleting.nombre) : ''}
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
