import AddLinkRoundedIcon from '@mui/icons-material/AddLinkRounded';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CreateNewFolderRoundedIcon from '@mui/icons-material/CreateNewFolderRounded';
import DevicesOtherRoundedIcon from '@mui/icons-material/DevicesOtherRounded';
import StorefrontRoundedIcon from '@mui/icons-material/StorefrontRounded';
import { Alert, Box, Button, Grid, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { type Carpeta, type Equipo, mensajes, rolesUsuario } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/httpClient';
import { useSession } from '../../../shared/api/session';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { PendingRequestsNotice } from '../../groups';
import { LicenceDialog } from '../../licensing';
import { desasociarEquipo, eliminarCarpeta, eliminarEquipo } from '../api/devicesApi';
import { invalidateDevices, useCarpetas, useEquipos } from '../api/devicesQueries';
import { AddExistingDeviceDialog } from '../components/AddExistingDeviceDialog';
import { type DeviceAction, DeviceCard } from '../components/DeviceCard';
import { DeviceFormDialog } from '../components/DeviceFormDialog';
import { FolderFormDialog } from '../components/FolderFormDialog';
import { FolderTile } from '../components/FolderTile';
import { findFolder } from '../components/folderTree';
import { ShareDialog } from '../components/lazyDialogs';
import { MoveToFolderDialog } from '../components/MoveToFolderDialog';
import { WidgetEditorDialog } from '../components/WidgetEditorDialog';
import { canAddDevice, canAddSensor, devicePermissions } from '../permissions';

/** /home/misEquipos (?carp = folder id): the folder tiles and device cards of one folder. */
export function MisEquiposPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const alerts = useAlerts();
  const { usuario, token, hasRole } = useSession();
  const equipos = useEquipos();
  const carpetas = useCarpetas();
  const root = carpetas.data;
  const carpId = Number(params.get('carp'));
  const current: Carpeta | null = carpId > 0 ? findFolder(root, carpId) : (root ?? null);
  const atRoot = !current || current.esRoot;

  const [deviceForm, setDeviceForm] = useState<{ equipo: Equipo | null } | null>(null);
  const [folderForm, setFolderForm] = useState<{ carpeta: Carpeta | null } | null>(null);
  const [moving, setMoving] = useState<Equipo | null>(null);
  const [sharing, setSharing] = useState<Equipo | null>(null);
  const [newSensorFor, setNewSensorFor] = useState<Equipo | null>(null);
  const [licenceDenied, setLicenceDenied] = useState(false);
  const [addExisting, setAddExisting] = useState(false);
  const [deletingDevice, setDeletingDevice] = useState<Equipo | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<Carpeta | null>(null);
  const [busy, setBusy] = useState(false);

  const byId = new Map((equipos.data ?? []).map((e) => [e.id, e]));
  // Devices come fresh from ['equipos']; the tree only says where each one is filed.
  const filed = new Set<number>();
  for (const f of root ? [root, ...allDescendants(root)] : []) for (const e of f.equipos) filed.add(e.id);
  const visibleDevices: Equipo[] = current
    ? [
        ...current.equipos.map((e) => byId.get(e.id) ?? e),
        ...(atRoot ? (equipos.data ?? []).filter((e) => !filed.has(e.id)) : []),
      ]
    : (equipos.data ?? []);
  const folders = current?.carpetasHijas ?? [];
  const limitReached = !canAddDevice(token);
  const loading = equipos.isLoading || carpetas.isLoading;
  const hasNothing = !loading && (equipos.data ?? []).length === 0 && (root?.carpetasHijas.length ?? 0) === 0;

  const onDeviceAction = (action: DeviceAction, equipo: Equipo) => {
    if (action === 'editar') setDeviceForm({ equipo });
    else if (action === 'mover') setMoving(equipo);
    else if (action === 'compartir') setSharing(equipo);
    else if (action === 'eliminar') setDeletingDevice(equipo);
    else if (action === 'nuevaVariable') {
      if (canAddSensor(token)) setNewSensorFor(equipo);
      else setLicenceDenied(true);
    }
  };

  const confirmDeleteDevice = async () => {
    if (!deletingDevice) return;
    setBusy(true);
    try {
      if (devicePermissions(deletingDevice.idRol).isOwner) await eliminarEquipo(deletingDevice.id);
      else await desasociarEquipo(deletingDevice.id);
      await Promise.all([invalidateDevices(client), client.invalidateQueries({ queryKey: ['usuario'] })]);
      client.removeQueries({ queryKey: ['equipo', deletingDevice.id] });
      alerts.success(mensajes.ejecutadoExitosamente);
      setDeletingDevice(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmDeleteFolder = async () => {
    if (!deletingFolder) return;
    setBusy(true);
    try {
      await eliminarCarpeta(deletingFolder.id);
      await invalidateDevices(client);
      alerts.success(mensajes.ejecutadoExitosamente);
      setDeletingFolder(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setBusy(false);
    }
  };

  const deleteDeviceMessage = (() => {
    if (!deletingDevice) return '';
    const permisos = devicePermissions(deletingDevice.idRol);
    if (permisos.isOwner) return mensajes.eliminarEquipoPregunta.replace('{nombre}', deletingDevice.nombre);
    const base = mensajes.desasociarEquipoPregunta.replace('{nombre}', deletingDevice.nombre);
    return permisos.isAdmin ? `${base} ${mensajes.adminDesasociaAdvertencia}` : base;
  })();

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            {mensajes.bienvenido}
          </Typography>
          <Typography color="textSecondary">
            {usuario?.username}
            {!atRoot && current ? ` · ${current.nombre}` : ''}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {atRoot ? (
            <>
              <Tooltip title={limitReached && token ? mensajes.limiteEquipos : ''}>
                <span>
                  <Button
                    variant="contained"
                    startIcon={<AddRoundedIcon />}
                    disabled={limitReached}
                    onClick={() => setDeviceForm({ equipo: null })}
                  >
                    {mensajes.nuevoDispositivo}
                  </Button>
                </span>
              </Tooltip>
              <Button
                variant="outlined"
                startIcon={<CreateNewFolderRoundedIcon />}
                onClick={() => setFolderForm({ carpeta: null })}
              >
                {mensajes.nuevaCarpeta}
              </Button>
              <Button color="inherit" startIcon={<AddLinkRoundedIcon />} onClick={() => setAddExisting(true)}>
                {mensajes.agregarEquipoExistente}
              </Button>
            </>
          ) : (
            <Button
              variant="outlined"
              startIcon={<ArrowBackRoundedIcon />}
              onClick={() =>
                navigate(
                  current?.idPadre && current.idPadre !== root?.id
                    ? `/home/misEquipos?carp=${current.idPadre}`
                    : '/home/misEquipos',
                )
              }
            >
              {mensajes.volver}
            </Button>
          )}
        </Stack>
      </Stack>

      {atRoot && <PendingRequestsNotice />}

      {(equipos.isError || carpetas.isError) && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(equipos.error ?? carpetas.error)}
        </Alert>
      )}

      {!token && !loading && (
        <Paper
          variant="outlined"
          sx={{
            p: 3,
            mb: 3,
            borderRadius: 3,
            display: 'flex',
            gap: 2,
            alignItems: 'center',
            flexWrap: 'wrap',
          }}
        >
          <StorefrontRoundedIcon color="primary" sx={{ fontSize: 40 }} />
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography variant="subtitle1">{mensajes.sinSuscripcionActiva}</Typography>
            <Typography color="textSecondary">{mensajes.sinLicenciaActiva}</Typography>
            {hasRole(rolesUsuario.desarrollador) && (
              <Typography color="textSecondary" sx={{ mt: 0.5 }}>
                {mensajes.desarrolladorSinLicencia}
              </Typography>
            )}
          </Box>
          <Button component={RouterLink} to="/tienda/suscripcion" variant="contained">
            {mensajes.irATienda}
          </Button>
        </Paper>
      )}

      {loading ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((k) => (
            <Grid key={k} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={150} />
            </Grid>
          ))}
        </Grid>
      ) : (
        <>
          {folders.length > 0 && (
            <Box sx={{ mb: 3 }}>
              <Typography variant="overline" color="textSecondary">
                {mensajes.carpetas}
              </Typography>
              <Grid container spacing={2} sx={{ mt: 0.5 }}>
                {folders.map((carpeta) => (
                  <Grid key={carpeta.id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
                    <FolderTile
                      carpeta={carpeta}
                      onEdit={(c) => setFolderForm({ carpeta: c })}
                      onDelete={setDeletingFolder}
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          )}
          {visibleDevices.length > 0 && (
            <Box>
              <Typography variant="overline" color="textSecondary">
                {mensajes.equiposDeLaCarpeta}
              </Typography>
              <Grid container spacing={2} sx={{ mt: 0.5 }}>
                {visibleDevices.map((equipo) => (
                  <Grid key={equipo.id} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}>
                    <DeviceCard equipo={equipo} onAction={onDeviceAction} />
                  </Grid>
                ))}
              </Grid>
            </Box>
          )}
          {hasNothing && (
            <Stack sx={{ alignItems: 'center', textAlign: 'center', py: 8, color: 'text.secondary' }}>
              <DevicesOtherRoundedIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
              <Typography variant="h6" component="p" sx={{ letterSpacing: 0.5 }}>
                {mensajes.noExistenEquipos}
              </Typography>
            </Stack>
          )}
          {!hasNothing && !atRoot && visibleDevices.length === 0 && folders.length === 0 && (
            <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
              {mensajes.sinCarpetas}
            </Typography>
          )}
        </>
      )}

      <DeviceFormDialog
        open={deviceForm !== null}
        equipo={deviceForm?.equipo ?? null}
        carpetaId={current?.id ?? null}
        carpetaRootId={root?.id ?? null}
        onClose={() => setDeviceForm(null)}
      />
      <FolderFormDialog
        open={folderForm !== null}
        carpeta={folderForm?.carpeta ?? null}
        carpetaPadreId={folderForm?.carpeta ? (folderForm.carpeta.idPadre ?? null) : (current?.id ?? null)}
        carpetaRootId={root?.id ?? null}
        onClose={() => setFolderForm(null)}
      />
      <MoveToFolderDialog equipo={moving} root={root} onClose={() => setMoving(null)} />
      <ShareDialog equipo={sharing} onClose={() => setSharing(null)} />
      <AddExistingDeviceDialog open={addExisting} onClose={() => setAddExisting(false)} />
      <WidgetEditorDialog
        open={newSensorFor !== null}
        equipo={newSensorFor}
        sensor={null}
        onClose={() => setNewSensorFor(null)}
      />
      <LicenceDialog
        open={licenceDenied}
        refusal={mensajes.licenciaSinSensores}
        onClose={() => setLicenceDenied(false)}
      />
      <ConfirmDialog
        open={deletingDevice !== null}
        title={mensajes.eliminarTitulo}
        message={deleteDeviceMessage}
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={busy}
        onConfirm={confirmDeleteDevice}
        onClose={() => setDeletingDevice(null)}
      />
      <ConfirmDialog
        open={deletingFolder !== null}
        title={mensajes.eliminarTitulo}
        message={
          deletingFolder ? mensajes.eliminarCarpetaPregunta.replace('{nombre}', deletingFolder.nombre) : ''
        }
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={busy}
        onConfirm={confirmDeleteFolder}
        onClose={() => setDeletingFolder(null)}
      />
    </Box>
  );
}

function allDescendants(carpeta: Carpeta): Carpeta[] {
  return carpeta.carpetasHijas.flatMap((hija) => [hija, ...allDescendants(hija)]);
}
