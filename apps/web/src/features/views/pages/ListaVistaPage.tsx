import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DashboardRoundedIcon from '@mui/icons-material/DashboardRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import SensorsRoundedIcon from '@mui/icons-material/SensorsRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import TableRowsRoundedIcon from '@mui/icons-material/TableRowsRounded';
import { Alert, Box, Button, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { cantidad, mensajes, type Sensor, type Vista } from '@nexo/contracts';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/httpClient';
import { type PageTab, PageTabs } from '../../../shared/ui/PageTabs';
import { useVistas } from '../api/viewsQueries';
import { RemoveSensorDialog } from '../components/RemoveSensorDialog';
import { ViewDashboard } from '../components/ViewDashboard';
import { ViewFormDialog } from '../components/ViewFormDialog';
import { ViewSensorCards } from '../components/ViewSensorCards';
import { ViewSensorsTable } from '../components/ViewSensorsTable';
import { useDeviceNames, useLiveSensors } from '../hooks/useLiveSensors';

type ViewTab = 'sensores' | 'listado' | 'dashboard';

function ViewDetail({ vista, permite }: { vista: Vista; permite: boolean }) {
  const navigate = useNavigate();
  const sensores = useLiveSensors(vista.sensores);
  const deviceNames = useDeviceNames();
  const [tab, setTab] = useState<ViewTab>('dashboard');
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<Sensor | null>(null);
  const tabs: PageTab<ViewTab>[] = [
    { value: 'sensores', label: mensajes.sensores, icon: <SensorsRoundedIcon fontSize="small" /> },
    { value: 'listado', label: mensajes.listado, icon: <TableRowsRoundedIcon fontSize="small" /> },
    { value: 'dashboard', label: mensajes.dashboard, icon: <DashboardRoundedIcon fontSize="small" /> },
  ];
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1" noWrap>
            {vista.nombre}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {mensajes.vista} · {cantidad(vista.sensores.length, 'sensor')}
          </Typography>
        </Box>
        {permite && (
          <Tooltip title={mensajes.editarVista}>
            <IconButton aria-label={mensajes.editarVista} onClick={() => setEditing(true)}>
              <EditRoundedIcon />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {/* Three tabs with icons do not fit a phone: there the labels alone do. */}
      <PageTabs value={tab} onChange={setTab} tabs={tabs} iconsFromSm />
      {tab === 'sensores' && (
        <ViewSensorCards sensores={sensores} deviceNames={deviceNames} onRemove={setRemoving} />
      )}
      {tab === 'listado' && (
        <ViewSensorsTable
          nombre={vista.nombre}
          sensores={sensores}
          deviceNames={deviceNames}
          onRemove={setRemoving}
        />
      )}
      {tab === 'dashboard' && <ViewDashboard key={vista.id} vista={vista} sensores={sensores} />}
      <ViewFormDialog
        open={editing}
        vista={vista}
        onClose={() => setEditing(false)}
        onSaved={(saved) => navigate(`/home/listaVista?id=${saved.id}`, { replace: true })}
      />
      <RemoveSensorDialog vistaId={vista.id} sensor={removing} onClose={() => setRemoving(null)} />
    </Box>
  );
}

/** /home/listaVista?id= (the first view when absent): tabs Sensores, Listado and Dashboard. */
export function ListaVistaPage() {
  const [params] = useSearchParams();
  const rawId = Number(params.get('id'));
  const id = Number.isSafeInteger(rawId) && rawId > 0 ? rawId : null;
  const query = useVistas();
  const [creating, setCreating] = useState(false);

  if (query.isLoading) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width={280} height={48} />
        <Skeleton variant="rounded" height={340} />
      </Stack>
    );
  }
  if (query.isError || !query.data) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const { vistas, permiteVistas } = query.data;

  if (id === null) {
    const first = vistas[0];
    if (first) return <Navigate to={`/home/listaVista?id=${first.id}`} replace />;
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', py: 8, color: 'text.secondary' }} spacing={2}>
        <SpaceDashboardRoundedIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
        <Typography>{permiteVistas ? mensajes.noHayVistas : mensajes.suscripcionNoPermite}</Typography>
        {permiteVistas ? (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            {mensajes.nuevaVista}
          </Button>
        ) : (
          <Button component={RouterLink} to="/tienda/suscripcion" variant="contained">
            {mensajes.irATienda}
          </Button>
        )}
        <ViewFormDialog open={creating} vista={null} onClose={() => setCreating(false)} />
      </Stack>
    );
  }
  const vista = vistas.find((v) => v.id === id);
  if (!vista) return <Alert severity="warning">{mensajes.vistaNoEncontrada}</Alert>;
  return <ViewDetail key={vista.id} vista={vista} permite={permiteVistas} />;
}
