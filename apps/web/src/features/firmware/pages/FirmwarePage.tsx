import CancelRoundedIcon from '@mui/icons-material/CancelRounded';
import DeleteRoundedIcon from '@mui/icons-material/DeleteRounded';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import RocketLaunchRoundedIcon from '@mui/icons-material/RocketLaunchRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import { Alert, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { type Despliegue, etiquetasEstadoDespliegue, mensajes, type Paquete } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { lazyComponent, lazyDialog } from '../../../shared/ui/lazyComponent';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { ResponsiveTable, type TableColumn } from '../../../shared/ui/ResponsiveTable';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { accionDespliegue, eliminarPaquete } from '../api/firmwareApi';
import { firmwareKeys, useDespliegues, usePaquetes } from '../api/firmwareQueries';
import { DespliegueDetalle } from '../components/DespliegueDetalle';
import { formatFecha, formatTamano } from '../components/formatos';

// The upload and the deployment dialogs (the deployment's choice of devices and its radio groups)
// load when first opened, not with the list of packages.
const SubirPaqueteDialog = lazyDialog(
  async () => (await import('../components/SubirPaqueteDialog')).SubirPaqueteDialog,
);
const DesplegarDialog = lazyComponent(
  async () => (await import('../components/DesplegarDialog')).DesplegarDialog,
);

function Accion({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" onClick={onClick} aria-label={label}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * /home/firmware (issue 29): the user's firmware packages and rollouts, and the selected rollout's
 * devices with their live state. Uploading and rolling out need a Full subscription.
 */
export function FirmwarePage() {
  const paquetes = usePaquetes();
  const despliegues = useDespliegues();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const [subiendo, setSubiendo] = useState(false);
  const [desplegando, setDesplegando] = useState<Paquete | null>(null);
  const [eliminando, setEliminando] = useState<Paquete | null>(null);
  const [cancelando, setCancelando] = useState<Despliegue | null>(null);
  const [seleccionado, setSeleccionado] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const permite = paquetes.data?.permiteFirmware ?? false;
  const visible = seleccionado ?? despliegues.data?.[0]?.id ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all });
  const run = async (action: () => Promise<unknown>, done?: () => void) => {
    setBusy(true);
    try {
      await action();
      done?.();
      await refresh();
    } catch (error) {
      alerts.error(error);
    } finally {
      setBusy(false);
    }
  };

  const paqueteColumns: TableColumn<Paquete>[] = [
    { id: 'titulo', label: mensajes.firmwareTituloCampo, value: (p) => p.titulo, phone: 'title' },
    { id: 'version', label: mensajes.firmwareVersionCampo, value: (p) => p.version },
    { id: 'tipo', label: mensajes.firmwareTipoEquipoCampo, value: (p) => p.tipoEquipo.descripcion },
    {
      id: 'tamano',
      label: mensajes.firmwareTamano,
      value: (p) => p.tamano,
      render: (p) => formatTamano(p.tamano),
      align: 'right',
    },
    {
      id: 'sha256',
      label: 'SHA-256',
      value: (p) => p.sha256,
      render: (p) => (
        <Box component="span" title={p.sha256} sx={{ fontFamily: 'monospace' }}>
          {p.sha256.slice(0, 12)}…
        </Box>
      ),
    },
    {
      id: 'fecha',
      label: mensajes.firmwareFecha,
      value: (p) => p.fecha,
      render: (p) => formatFecha(p.fecha),
      nowrap: true,
    },
  ];

  const despliegueColumns: TableColumn<Despliegue>[] = [
    {
      id: 'paquete',
      label: mensajes.firmwarePaquetes,
      value: (d) => `${d.paquete.titulo} ${d.paquete.version}`,
      phone: 'title',
    },
    { id: 'destino', label: mensajes.firmwareDestino, value: (d) => d.destino.nombre },
    { id: 'estado', label: mensajes.firmwareEstado, value: (d) => etiquetasEstadoDespliegue[d.estado] },
    {
      id: 'progreso',
      label: mensajes.firmwareProgreso,
      value: (d) => `${d.conteo.ACTUALIZADO ?? 0} / ${d.total}`,
    },
    {
      id: 'fecha',
      label: mensajes.firmwareFecha,
      value: (d) => d.fecha,
      render: (d) => formatFecha(d.fecha),
      nowrap: true,
    },
  ];

  return (
    <>
      <PageTitle
        title={mensajes.firmwarePagina}
        actions={
          <Button
            variant="contained"
            startIcon={<UploadFileRoundedIcon />}
            disabled={!permite}
            onClick={() => setSubiendo(true)}
          >
            {mensajes.firmwareSubirPaquete}
          </Button>
        }
      />
      <Stack spacing={3}>
        {paquetes.data?.motivo && <Alert severity="info">{paquetes.data.motivo}</Alert>}
        <Box component="section" aria-label={mensajes.firmwarePaquetes}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {mensajes.firmwarePaquetes}
          </Typography>
          <ResponsiveTable
            label={mensajes.firmwarePaquetes}
            rows={paquetes.data?.paquetes ?? []}
            rowKey={(p) => p.id}
            columns={paqueteColumns}
            loading={paquetes.isPending}
            emptyText={mensajes.firmwareSinPaquetes}
            defaultSort={{ column: 'fecha', direction: 'desc' }}
            pageSizeKey="firmwarePaquetes"
            actions={(p) => (
              <>
                {permite && (
                  <Accion
                    label={`${mensajes.firmwareDesplegar} ${p.titulo} ${p.version}`}
                    icon={<RocketLaunchRoundedIcon fontSize="small" />}
                    onClick={() => setDesplegando(p)}
                  />
                )}
                <Accion
                  label={`${mensajes.firmwareEliminarPaquete} ${p.titulo} ${p.version}`}
                  icon={<DeleteRoundedIcon fontSize="small" />}
                  onClick={() => setEliminando(p)}
                />
              </>
            )}
          />
        </Box>
        <Box component="section" aria-label={mensajes.firmwareDespliegues}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {mensajes.firmwareDespliegues}
          </Typography>
          <ResponsiveTable
            label={mensajes.firmwareDespliegues}
            rows={despliegues.data ?? []}
            rowKey={(d) => d.id}
            columns={despliegueColumns}
            loading={despliegues.isPending}
            emptyText={mensajes.firmwareSinDespliegues}
            defaultSort={{ column: 'fecha', direction: 'desc' }}
            pageSizeKey="firmwareDespliegues"
            actions={(d) => (
              <>
                <Accion
                  label={`${mensajes.firmwareVer} ${d.paquete.titulo} ${d.paquete.version}`}
                  icon={<VisibilityRoundedIcon fontSize="small" />}
                  onClick={() => setSeleccionado(d.id)}
                />
                {d.estado === 'ACTIVO' && (
                  <Accion
                    label={mensajes.firmwarePausar}
                    icon={<PauseRoundedIcon fontSize="small" />}
                    onClick={() => void run(() => accionDespliegue(d.id, 'pausar'))}
                  />
                )}
                {d.estado === 'PAUSADO' && (
                  <Accion
                    label={mensajes.firmwareReanudar}
                    icon={<PlayArrowRoundedIcon fontSize="small" />}
                    onClick={() => void run(() => accionDespliegue(d.id, 'reanudar'))}
                  />
                )}
                {(d.estado === 'ACTIVO' || d.estado === 'PAUSADO') && (
                  <Accion
                    label={mensajes.firmwareCancelar}
                    icon={<CancelRoundedIcon fontSize="small" />}
                    onClick={() => setCancelando(d)}
                  />
                )}
              </>
            )}
          />
        </Box>
        {visible !== null && <DespliegueDetalle key={visible} id={visible} />}
      </Stack>
      <SubirPaqueteDialog
        open={subiendo}
        tamanoMaximo={paquetes.data?.tamanoMaximo ?? 16 * 1024 * 1024}
        onClose={() => setSubiendo(false)}
        onUploaded={() => {
          setSubiendo(false);
          alerts.success(mensajes.firmwareSubido);
          void refresh();
        }}
      />
      {desplegando && (
        <Suspense fallback={null}>
          <DesplegarDialog
            paquete={desplegando}
            onClose={() => setDesplegando(null)}
            onCreated={(created) => {
              setDesplegando(null);
              setSeleccionado(created.id);
              alerts.success(mensajes.firmwareDespliegueCreado);
              void refresh();
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={eliminando !== null}
        title={mensajes.firmwareEliminarPaquete}
        message={mensajes.firmwareEliminarPregunta}
        confirmLabel={mensajes.firmwareEliminarPaquete}
        cancelLabel={mensajes.cancelar}
        destructive
        loading={busy}
        onConfirm={() =>
          eliminando &&
          void run(
            () => eliminarPaquete(eliminando.id),
            () => {
              setEliminando(null);
              alerts.success(mensajes.firmwareEliminado);
            },
          )
        }
        onClose={() => setEliminando(null)}
      />
      <ConfirmDialog
        open={cancelando !== null}
        title={mensajes.firmwareCancelar}
        message={mensajes.firmwareCancelarPregunta}
        confirmLabel={mensajes.firmwareCancelar}
        cancelLabel={mensajes.cerrar}
        destructive
        loading={busy}
        onConfirm={() =>
          cancelando &&
          void run(
            () => accionDespliegue(cancelando.id, 'cancelar'),
            () => setCancelando(null),
          )
        }
        onClose={() => setCancelando(null)}
      />
    </>
  );
}
