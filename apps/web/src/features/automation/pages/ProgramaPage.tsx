import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import PlaylistPlayRoundedIcon from '@mui/icons-material/PlaylistPlayRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import StopRoundedIcon from '@mui/icons-material/StopRounded';
import { Alert, Box, Button, Card, CircularProgress, Skeleton, Stack, Typography } from '@mui/material';
import { type Evento, estadosPrograma, mensajes, type Tarea, topics } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/httpClient';
import { formatFechaHora } from '../../../shared/format/fechas';
import { useRealtimeReconnect, useRealtimeTopic } from '../../../shared/realtime/useRealtime';
import { EmptyState } from '../../../shared/ui/CardGridStates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { automationKeys, useEventos, useListadoGeneral, usePrograma } from '../api/automationQueries';
import {
  cancelarEjecucion,
  continuarEjecucion,
  ejecutarPrograma,
  eliminarEvento,
  eliminarTarea,
  intercambiarTarea,
} from '../api/eventsApi';
import { EventWizardDialog } from '../components/EventWizardDialog';
import { RunHistoryDialog } from '../components/RunHistoryDialog';
import { StartRunDialog } from '../components/StartRunDialog';
import { TaskActionsDialog } from '../components/TaskActionsDialog';
import { TaskCard } from '../components/TaskCard';
import { TaskFormDialog } from '../components/TaskFormDialog';

type Confirm =
  | { kind: 'cancelar' }
  | { kind: 'continuar' }
  | { kind: 'tarea'; tarea: Tarea }
  | { kind: 'evento'; evento: Evento };

/**
 * /home/programa?id= (spec 2 §2, §4): back, update state, new task, history and the
 * play / stop / continue control; tasks as cards. States arrive live on /topic/pro{id}; an
 * unknown id goes back to /home/misProgramas.
 */
export function ProgramaPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const alerts = useAlerts();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = usePrograma(id);
  const catalogos = useListadoGeneral();
  const permisos = useEventos();
  const [taskForm, setTaskForm] = useState<{ tarea: Tarea | null } | null>(null);
  const [actionsFor, setActionsFor] = useState<{ tarea: Tarea; momento: number } | null>(null);
  const [eventFor, setEventFor] = useState<{ tarea: Tarea; evento: Evento | null } | null>(null);
  const [starting, setStarting] = useState(false);
  const [history, setHistory] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () => client.invalidateQueries({ queryKey: automationKeys.programa(id ?? 0) });
  useRealtimeTopic(id ? topics.programa(id) : null, () => void refresh());
  useRealtimeReconnect(() => void refresh());

  if (id === null || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return <Navigate to="/home/misProgramas" replace />;
  }
  const programa = query.data;

  const act = async (work: () => Promise<unknown>, ok?: string) => {
    setBusy(true);
    try {
      const result = await work();
      if (result && typeof result === 'object' && 'id' in result && 'tareas' in result)
        client.setQueryData(automationKeys.programa(id), result);
      else await refresh();
      await client.invalidateQueries({ queryKey: automationKeys.programas });
      if (ok) alerts.success(ok);
      return true;
    } catch (error) {
      alerts.error(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  if (!programa) {
    return (
      <>
        <Skeleton variant="text" width={260} height={48} />
        <Skeleton variant="rounded" height={120} sx={{ mt: 2 }} />
      </>
    );
  }
  const estado = programa.estado.id;
  const enCurso = estado !== estadosPrograma.listo;
  const actual = programa.tareas.find((t) => t.id === programa.idTareaActual);

  const confirmar = async () => {
    if (!confirm) return;
    const target = confirm;
    const done = await act(async () => {
      if (target.kind === 'cancelar') return cancelarEjecucion(id);
      if (target.kind === 'continuar') return continuarEjecucion(id);
      if (target.kind === 'tarea') return eliminarTarea(target.tarea.id);
      await eliminarEvento(target.evento.id, true);
      return undefined;
    });
    if (done) setConfirm(null);
  };

  return (
    <>
      <PageTitle
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => navigate('/home/misProgramas')}>
              {mensajes.volver}
            </Button>
            <span>{programa.nombre}</span>
          </Stack>
        }
        actions={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button startIcon={<RefreshRoundedIcon />} onClick={() => void refresh()}>
              {mensajes.actualizarEstado}
            </Button>
            <Button startIcon={<HistoryRoundedIcon />} onClick={() => setHistory(true)}>
              {mensajes.historialEjecuciones}
            </Button>
            {!enCurso && (
              <Button startIcon={<AddRoundedIcon />} onClick={() => setTaskForm({ tarea: null })}>
                {mensajes.nuevaTarea}
              </Button>
            )}
          </Stack>
        }
      />

      <Card sx={{ p: 2, mb: 3 }} aria-label="Estado del programa">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {estado === estadosPrograma.ejecutando && (
                <CircularProgress size={18} aria-label="Ejecutando" />
              )}
              <Typography variant="h6" component="p">
                {programa.estado.descripcion}
              </Typography>
            </Stack>
            {programa.ejecucionActual && (
              <Typography color="textSecondary">
                Inicio: {formatFechaHora(programa.ejecucionActual.fechaInicio)}
              </Typography>
            )}
            {actual && (
              <Typography color="textSecondary">
                Tarea en curso: {actual.nombre}
                {programa.finTareaActual !== null && ` (termina ${formatFechaHora(programa.finTareaActual)})`}
              </Typography>
            )}
            {estado === estadosPrograma.enPausa && (
              <Typography color="warning.main">
                {mensajes.esperandoContinuar}:{' '}
                {programa.tareas.find((t) => t.id === programa.idProximaTarea)?.nombre}
              </Typography>
            )}
          </Box>
          {estado === estadosPrograma.listo && (
            <Button
              variant="contained"
              startIcon={<PlayArrowRoundedIcon />}
              disabled={programa.tareas.length === 0 || busy}
              onClick={() => setStarting(true)}
            >
              {mensajes.iniciarEjecucion}
            </Button>
          )}
          {estado === estadosPrograma.enPausa && (
            <Button
              variant="contained"
              color="warning"
              startIcon={<PlaylistPlayRoundedIcon />}
              disabled={busy}
              onClick={() => setConfirm({ kind: 'continuar' })}
            >
              Continuar
            </Button>
          )}
          {enCurso && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<StopRoundedIcon />}
              disabled={busy}
              onClick={() => setConfirm({ kind: 'cancelar' })}
            >
              Detener
            </Button>
          )}
        </Stack>
      </Card>

      {enCurso && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {mensajes.tareaEnEjecucion}
        </Alert>
      )}
      {programa.tareas.length === 0 ? (
        <EmptyState icon={<PlaylistPlayRoundedIcon />} text={mensajes.noExistenTareas} />
      ) : (
        <Stack spacing={2}>
          {programa.tareas.map((tarea, i) => (
            <TaskCard
              key={tarea.id}
              tarea={tarea}
              esUltima={i === programa.tareas.length - 1}
              bloqueada={enCurso}
              onSwap={() => void act(() => intercambiarTarea(tarea.id, id))}
              onEdit={() => setTaskForm({ tarea })}
              onDelete={() => setConfirm({ kind: 'tarea', tarea })}
              onActions={(momento) => setActionsFor({ tarea, momento })}
              onAddEvent={() => setEventFor({ tarea, evento: null })}
              onEditEvent={(evento) => setEventFor({ tarea, evento })}
              onDeleteEvent={(evento) => setConfirm({ kind: 'evento', evento })}
            />
          ))}
        </Stack>
      )}

      {taskForm && (
        <TaskFormDialog idPrograma={id} tarea={taskForm.tarea} onClose={() => setTaskForm(null)} />
      )}
      {actionsFor && catalogos.data && (
        <TaskActionsDialog
          tarea={actionsFor.tarea}
          momento={actionsFor.momento}
          catalogos={catalogos.data}
          permiteAccionPropia={permisos.data?.permiteAccionPropia ?? false}
          onClose={() => setActionsFor(null)}
        />
      )}
      {eventFor && catalogos.data && (
        <EventWizardDialog
          evento={eventFor.evento}
          idTarea={eventFor.tarea.id}
          catalogos={catalogos.data}
          permiteAccionPropia={permisos.data?.permiteAccionPropia ?? false}
          onClose={() => setEventFor(null)}
          onSaved={() => void refresh()}
        />
      )}
      {starting && (
        <StartRunDialog
          programa={programa}
          saving={busy}
          onStart={(idTarea) =>
            void act(() => ejecutarPrograma(id, idTarea)).then((ok) => ok && setStarting(false))
          }
          onClose={() => setStarting(false)}
        />
      )}
      {history && <RunHistoryDialog programa={programa} onClose={() => setHistory(false)} />}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'continuar'
            ? 'Continuar'
            : confirm?.kind === 'cancelar'
              ? 'Detener'
              : mensajes.eliminarTitulo
        }
        message={
          confirm?.kind === 'cancelar'
            ? mensajes.cancelarEjecucionPregunta.replace('{name}', programa.nombre)
            : confirm?.kind === 'continuar'
              ? mensajes.continuarEjecucionPregunta.replace('{name}', programa.nombre)
              : mensajes.eliminarPregunta.replace(
                  '{name}',
                  confirm?.kind === 'tarea'
                    ? confirm.tarea.nombre
                    : confirm?.kind === 'evento'
                      ? confirm.evento.nombre
                      : '',
                )
        }
        confirmLabel={
          confirm?.kind === 'continuar'
            ? 'Sí, continuar'
            : confirm?.kind === 'cancelar'
              ? 'Sí, detener'
              : mensajes.siEliminar
        }
        cancelLabel={mensajes.no}
        destructive={confirm?.kind !== 'continuar'}
        loading={busy}
        onConfirm={() => void confirmar()}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
