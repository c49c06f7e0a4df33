import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import PlaylistPlayRoundedIcon from '@mui/icons-material/PlaylistPlayRounded';
import StarBorderRoundedIcon from '@mui/icons-material/StarBorderRounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  CircularProgress,
  Grid,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { estadosPrograma, mensajes, type Programa, tiposFavorito } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/httpClient';
import { CardGridSkeleton, EmptyState, SubscriptionNotice } from '../../../shared/ui/CardGridStates';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { IconBadge } from '../../../shared/ui/IconBadge';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { toogleFavorito } from '../api/automationApi';
import { invalidateAutomation, useProgramas } from '../api/automationQueries';
import { eliminarPrograma } from '../api/eventsApi';
import { ProgramFormDialog } from '../components/ProgramFormDialog';

/** /home/misProgramas (spec 2 §2): each program with its name and state, linking to its detail. */
export function MisProgramasPage() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const query = useProgramas();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Programa | null>(null);
  const [busy, setBusy] = useState(false);
  const programas = query.data?.programas ?? [];
  const permite = query.data?.permiteAutomatizacion ?? false;

  const favorite = async (programa: Programa) => {
    try {
      await toogleFavorito(programa.id, tiposFavorito.programa);
      await invalidateAutomation(client);
    } catch (error) {
      alerts.error(error);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await eliminarPrograma(deleting.id);
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
        title={mensajes.misProgramas}
        actions={
          permite && (
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
              {mensajes.nuevoPrograma}
            </Button>
          )
        }
      />
      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.isLoading && <CardGridSkeleton height={110} />}
      {query.isSuccess && !permite && <SubscriptionNotice text={query.data.motivo ?? ''} />}
      {query.isSuccess && programas.length === 0 && (
        <EmptyState icon={<PlaylistPlayRoundedIcon />} text={mensajes.noExistenProgramas} />
      )}
      {programas.length > 0 && (
        <Grid container spacing={2}>
          {programas.map((programa) => (
            <Grid key={programa.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card
                sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
                role="group"
                aria-label={programa.nombre}
              >
                <CardActionArea
                  component={RouterLink}
                  to={`/home/programa?id=${programa.id}`}
                  sx={{ p: 2, flex: 1 }}
                >
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <IconBadge>
                      <PlaylistPlayRoundedIcon />
                    </IconBadge>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography variant="subtitle1" sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>
                        {programa.nombre}
                      </Typography>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Chip
                          size="small"
                          color={
                            programa.estado.id === estadosPrograma.ejecutando
                              ? 'success'
                              : programa.estado.id === estadosPrograma.enPausa
                                ? 'warning'
                                : 'default'
                          }
                          icon={
                            programa.estado.id === estadosPrograma.ejecutando ? (
                              <CircularProgress size={12} color="inherit" />
                            ) : undefined
                          }
                          label={programa.estado.descripcion}
                        />
                        <Typography variant="body2" color="textSecondary">
                          {programa.cantidadTareas} {programa.cantidadTareas === 1 ? 'tarea' : 'tareas'}
                        </Typography>
                      </Stack>
                    </Box>
                    <ChevronRightRoundedIcon color="action" />
                  </Stack>
                </CardActionArea>
                <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 1, pb: 1 }}>
                  {permite && (
                    <Tooltip
                      title={programa.favorita ? mensajes.quitarDeFavoritos : mensajes.agregarAFavoritos}
                    >
                      <IconButton
                        aria-label={`${programa.favorita ? mensajes.quitarDeFavoritos : mensajes.agregarAFavoritos}: ${programa.nombre}`}
                        aria-pressed={programa.favorita}
                        onClick={() => void favorite(programa)}
                        sx={{ color: programa.favorita ? 'warning.main' : undefined }}
                      >
                        {programa.favorita ? <StarRoundedIcon /> : <StarBorderRoundedIcon />}
                      </IconButton>
                    </Tooltip>
                  )}
                  {programa.estado.id === estadosPrograma.listo && (
                    <Tooltip title={mensajes.eliminar}>
                      <IconButton
                        aria-label={`${mensajes.eliminar} ${programa.nombre}`}
                        onClick={() => setDeleting(programa)}
                      >
                        <DeleteOutlineRoundedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      {creating && (
        <ProgramFormDialog
          programa={null}
          onClose={() => setCreating(false)}
          onSaved={(saved) => navigate(`/home/programa?id=${saved.id}`)}
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
