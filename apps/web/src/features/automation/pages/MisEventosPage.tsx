import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EventRepeatRoundedIcon from '@mui/icons-material/EventRepeatRounded';
import { Alert, Button, Grid } from '@mui/material';
import { type Evento, mensajes } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { CardGridSkeleton, EmptyState, SubscriptionNotice } from '../../../shared/ui/CardGridStates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { invalidateAutomation, useEventos, useListadoGeneral } from '../api/automationQueries';
import { eliminarEvento, toogleEvento } from '../api/eventsApi';
import { EventCard } from '../components/EventCard';
import { EventInfoDialog } from '../components/EventInfoDialog';
import { EventWizardDialog } from '../components/EventWizardDialog';

/** /home/misEventos (spec 2 §2): a card per event with its switch, info, edit and delete; the 3-step wizard. */
export function MisEventosPage() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const query = useEventos();
  const catalogos = useListadoGeneral();
  const [form, setForm] = useState<{ evento: Evento | null } | null>(null);
  const [info, setInfo] = useState<Evento | null>(null);
  const [deleting, setDeleting] = useState<Evento | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const eventos = query.data?.eventos ?? [];
  const permite = query.data?.permiteAutomatizacion ?? false;

  const toggle = async (evento: Evento, habilitado: boolean) => {
    setToggling(evento.id);
    try {
      await toogleEvento(evento.id, habilitado);
      await invalidateAutomation(client);
    } catch (error) {
      alerts.error(error);
    } finally {
      setToggling(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await eliminarEvento(deleting.id);
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
        title={mensajes.misEventos}
        actions={
          permite && (
            <Button
              variant="contained"
              startIcon={<AddRoundedIcon />}
              disabled={!catalogos.data}
              onClick={() => setForm({ evento: null })}
            >
              {mensajes.nuevoEvento}
            </Button>
          )
        }
      />
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.isLoading && <CardGridSkeleton height={170} />}
      {query.isSuccess && !permite && <SubscriptionNotice text={query.data.motivo ?? ''} />}
      {query.isSuccess && eventos.length === 0 && (
        <EmptyState icon={<EventRepeatRoundedIcon />} text={mensajes.noExistenEventos} />
      )}
      {eventos.length > 0 && (
        <Grid container spacing={2}>
          {eventos.map((evento) => (
            <Grid key={evento.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <EventCard
                evento={evento}
                canEdit={permite}
                toggling={toggling === evento.id}
                onToggle={(habilitado) => void toggle(evento, habilitado)}
                onInfo={() => setInfo(evento)}
                onEdit={() => setForm({ evento })}
                onDelete={() => setDeleting(evento)}
              />
            </Grid>
          ))}
        </Grid>
      )}
      {form && catalogos.data && (
        <EventWizardDialog
          evento={form.evento}
          catalogos={catalogos.data}
          permiteAccionPropia={query.data?.permiteAccionPropia ?? false}
          onClose={() => setForm(null)}
        />
      )}
      {info && <EventInfoDialog evento={info} onClose={() => setInfo(null)} />}
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
