import AddchartRoundedIcon from '@mui/icons-material/AddchartRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import ShareRoundedIcon from '@mui/icons-material/ShareRounded';
import TableRowsRoundedIcon from '@mui/icons-material/TableRowsRounded';
import { Alert, Box, Button, Chip, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { cantidad, mensajes } from '@nexo/contracts';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/httpClient';
import { useSession } from '../../../shared/api/session';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { PageTabs } from '../../../shared/ui/PageTabs';
import { LicenceDialog } from '../../licensing';
import { useEquipos } from '../api/devicesQueries';
import { ConnectionBadge } from '../components/ConnectionBadge';
import { DeviceDashboard } from '../components/DeviceDashboard';
import { ShareDialog } from '../components/lazyDialogs';
import { useDashboardEquipo } from '../hooks/useDashboardEquipo';
import { canAddSensor, devicePermissions } from '../permissions';

// The Listado tab's data grid loads when the tab is opened, not with the dashboard.
// The forms (and the validation library they bring) load when opened, not with the dashboard.
const WidgetEditorDialog = lazy(async () => ({
  default: (await import('../components/WidgetEditorDialog')).WidgetEditorDialog,
}));
const DeviceFormDialog = lazy(async () => ({
  default: (await import('../components/DeviceFormDialog')).DeviceFormDialog,
}));
const DeviceSensorsTable = lazy(async () => ({
  default: (await import('../components/DeviceSensorsTable')).DeviceSensorsTable,
}));

/** /home/listaEquipo?id= (the first device when absent): tabs Dashboard and Listado. */
export function ListaEquipoPage() {
  const [params] = useSearchParams();
  const rawId = Number(params.get('id'));
  const id = Number.isSafeInteger(rawId) && rawId > 0 ? rawId : null;
  return id === null ? <FirstDeviceRedirect /> : <DevicePage id={id} />;
}

/** Without an id: the first device's page, or the device list when there is none. */
function FirstDeviceRedirect() {
  const equipos = useEquipos();
  const first = equipos.data?.[0];
  if (first) return <Navigate to={`/home/listaEquipo?id=${first.id}`} replace />;
  if (equipos.isLoading) return <Skeleton variant="rounded" height={240} />;
  return <Navigate to="/home/misEquipos" replace />;
}

function DevicePage({ id }: { id: number }) {
  // Not re-rendered by the live values: the widgets read those themselves (useDashboardEquipo).
  const detail = useDashboardEquipo(id);
  // The dashboard is drawn as a transition, which React splits into short tasks, not in the task
  // the device's answer arrives in (a query's update is urgent). That holds on mount too: the
  // device is often cached by the route's loader, and the page's first render would otherwise
  // draw it whole in one urgent task. The initial null shows the skeleton for that first pass.
  const shown = useDeferredValue(detail.data, null);
  const { token } = useSession();
  const [tab, setTab] = useState<'dashboard' | 'listado'>('dashboard');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [licenceDenied, setLicenceDenied] = useState(false);

  if (detail.isLoading || (detail.data && !shown)) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width={280} height={48} />
        <Skeleton variant="rounded" height={340} />
      </Stack>
    );
  }
  if (detail.isError || !shown) {
    return <Alert severity="error">{errorMessage(detail.error)}</Alert>;
  }
  const equipo = shown;
  const permisos = devicePermissions(equipo.idRol);

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" noWrap>
              {equipo.nombre}
            </Typography>
            <ConnectionBadge conectado={equipo.conectado} />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
            {equipo.tipoEquipo && <Chip size="small" label={equipo.tipoEquipo.descripcion} />}
            <Typography variant="body2" color="textSecondary">
              {cantidad(equipo.sensores.length, 'sensor')}
              {!permisos.canManageWidgets ? ` · ${mensajes.soloLectura}` : ''}
            </Typography>
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {permisos.canEditDevice && (
            <LazyTooltip title={mensajes.editarEquipo}>
              <IconButton aria-label={mensajes.editarEquipo} onClick={() => setEditing(true)}>
                <EditRoundedIcon />
              </IconButton>
            </LazyTooltip>
          )}
          {permisos.canShare && (
            <LazyTooltip title={mensajes.compartir}>
              <IconButton aria-label={mensajes.compartir} onClick={() => setSharing(true)}>
                <ShareRoundedIcon />
              </IconButton>
            </LazyTooltip>
          )}
          {permisos.canAddSensor && (
            <Button
              variant="contained"
              startIcon={<AddchartRoundedIcon />}
              onClick={() => (canAddSensor(token) ? setCreating(true) : setLicenceDenied(true))}
            >
              {mensajes.nuevaVariable}
            </Button>
          )}
        </Stack>
      </Stack>
      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'dashboard', label: mensajes.dashboard, icon: <DashboardRoundedIcon fontSize="small" /> },
          { value: 'listado', label: mensajes.listado, icon: <TableRowsRoundedIcon fontSize="small" /> },
        ]}
      />
      {tab === 'dashboard' ? (
        <DeviceDashboard key={equipo.id} equipo={equipo} />
      ) : (
        <Suspense fallback={<PageLoader />}>
          <DeviceSensorsTable equipo={equipo} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {creating && (
          <WidgetEditorDialog open equipo={equipo} sensor={null} onClose={() => setCreating(false)} />
        )}
        {editing && (
          <DeviceFormDialog
            open
            equipo={equipo}
            carpetaId={null}
            carpetaRootId={null}
            onClose={() => setEditing(false)}
          />
        )}
      </Suspense>
      <ShareDialog equipo={sharing ? equipo : null} onClose={() => setSharing(false)} />
      <LicenceDialog
        open={licenceDenied}
        refusal={mensajes.licenciaSinSensores}
        onClose={() => setLicenceDenied(false)}
      />
    </Box>
  );
}
