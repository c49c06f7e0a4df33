import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import {
  type Actualizacion,
  type EstadoActualizacion,
  estadosActualizacion,
  etiquetasEstadoActualizacion,
  mensajes,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ResponsiveTable, type TableColumn } from '../../../shared/ui/ResponsiveTable';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { reintentar } from '../api/firmwareApi';
import { firmwareKeys, useDespliegue } from '../api/firmwareQueries';
import { useRolloutLive } from '../hooks/useRolloutLive';
import { EstadoActualizacionChip, textoEstado } from './EstadoActualizacionChip';
import { formatFecha } from './formatos';

/** One rollout, live: how many devices are in each state, and a row per device (retry a failed one). */
export function DespliegueDetalle({ id }: { id: number }) {
  const detalle = useDespliegue(id);
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const [retrying, setRetrying] = useState<number | null>(null);
  const rows = detalle.data?.actualizaciones ?? [];
  const deviceIds = useMemo(() => rows.map((u) => u.idEquipo), [rows]);
  useRolloutLive(id, deviceIds);

  const conteo = useMemo(() => {
    const counts = new Map<EstadoActualizacion, number>();
    for (const u of rows) counts.set(u.estado, (counts.get(u.estado) ?? 0) + 1);
    return estadosActualizacion.flatMap((estado) =>
      counts.get(estado) ? [{ estado, n: counts.get(estado) ?? 0 }] : [],
    );
  }, [rows]);

  const retry = async (u: Actualizacion) => {
    setRetrying(u.id);
    try {
      await reintentar(u.id);
      alerts.success(mensajes.firmwareReintentado);
      await queryClient.invalidateQueries({ queryKey: firmwareKeys.all });
    } catch (error) {
      alerts.error(error);
    } finally {
      setRetrying(null);
    }
  };

  const columns: TableColumn<Actualizacion>[] = [
    { id: 'equipo', label: mensajes.firmwareEquipo, value: (u) => u.nombreEquipo, phone: 'title' },
    {
      id: 'estado',
      label: mensajes.firmwareEstado,
      value: (u) => textoEstado(u.estado, u.progreso),
      render: (u) => <EstadoActualizacionChip estado={u.estado} progreso={u.progreso} />,
    },
    { id: 'motivo', label: mensajes.firmwareMotivo, value: (u) => u.motivo ?? '' },
    { id: 'intentos', label: mensajes.firmwareIntentos, value: (u) => u.intentos, align: 'right' },
    {
      id: 'actualizado',
      label: mensajes.firmwareActualizadoEl,
      value: (u) => u.actualizado,
      render: (u) => formatFecha(u.actualizado),
      nowrap: true,
    },
  ];

  const titulo = detalle.data
    ? mensajes.firmwareEquiposDe(
        `${detalle.data.despliegue.paquete.titulo} ${detalle.data.despliegue.paquete.version}`,
      )
    : mensajes.firmwareVer;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={titulo} component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {titulo}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} aria-live="polite">
        {conteo.map(({ estado, n }) => (
          <Chip
            key={estado}
            size="small"
            label={`${etiquetasEstadoActualizacion[estado]}: ${n}`}
            data-conteo={estado}
          />
        ))}
      </Stack>
      <Box>
        <ResponsiveTable
          label={titulo}
          rows={rows}
          rowKey={(u) => u.id}
          columns={columns}
          loading={detalle.isPending}
          emptyText={mensajes.firmwareSinEquiposDespliegue}
          pageSizeKey="firmwareEquipos"
          searchable
          actions={(u) =>
            u.estado === 'FALLIDO' ? (
              <Tooltip title={mensajes.firmwareReintentar}>
                <span>
                  <IconButton
                    size="small"
                    disabled={retrying === u.id}
                    onClick={() => void retry(u)}
                    aria-label={`${mensajes.firmwareReintentar} ${u.nombreEquipo}`}
                  >
                    <ReplayRoundedIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            ) : null
          }
        />
      </Box>
    </Paper>
  );
}
