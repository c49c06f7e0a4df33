import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import { IconButton, Stack, Typography } from '@mui/material';
import { mensajes, type Sensor, tabla } from '@nexo/contracts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LazyTooltip } from '../../../shared/ui/LazyTooltip';
import { ResponsiveTable, type TableColumn } from '../../../shared/ui/ResponsiveTable';
import { valorLegible } from '../widgets/valorLegible';
import { ConnectionBadge } from './ConnectionBadge';
import { formatFecha } from './SensorCard';
import { SensorTypeIcon } from './sensorTypeIcon';

/**
 * The sensors' table (spec 1 "Widgets table"): name, type, last value and actions, with search,
 * sorting and the spec's page sizes. The device's Listado and the view's Listado both use it; a view
 * adds the device column (`deviceNames`) and its own actions.
 */
export function SensorsTable({
  sensores,
  label,
  emptyText,
  deviceNames,
  actions,
  pageSizeKey,
}: {
  sensores: Sensor[];
  label: string;
  emptyText: string;
  deviceNames?: Map<number, string> | undefined;
  /** What follows 'Ver historial' in a row's actions. */
  actions?: ((sensor: Sensor) => ReactNode) | undefined;
  pageSizeKey: string;
}) {
  const columns: TableColumn<Sensor>[] = [
    {
      id: 'nombre',
      label: mensajes.nombre,
      phone: 'title',
      value: (s) => s.labelUsuario,
      render: (s) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <SensorTypeIcon tipo={s.tipoSensor.id} fontSize="small" color="action" />
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {s.labelUsuario}
          </Typography>
          <ConnectionBadge conectado={s.conectado} dotOnly />
        </Stack>
      ),
    },
    ...(deviceNames
      ? [{ id: 'equipo', label: mensajes.equipo, value: (s: Sensor) => deviceNames.get(s.idEquipo) ?? '' }]
      : []),
    { id: 'tipo', label: mensajes.tipo, value: (s) => s.tipoSensor.descripcion },
    {
      id: 'ultimoValor',
      label: mensajes.ultimoValor,
      value: (s) => s.fechaUV ?? 0,
      render: (s) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {valorLegible(s, s.ultimoValor)}
          </Typography>
          <Typography variant="caption" color="textSecondary">
            {formatFecha(s.fechaUV)}
          </Typography>
        </>
      ),
    },
  ];
  return (
    <ResponsiveTable
      label={label}
      rows={sensores}
      rowKey={(s) => s.id}
      columns={columns}
      searchable
      defaultSort={{ column: 'nombre', direction: 'asc' }}
      pageSizeKey={pageSizeKey}
      // Spec 1 "Widgets table": page size 5 until the user picks another.
      initialPageSize={tabla.pageSize}
      emptyText={emptyText}
      actions={(s) => (
        <>
          <LazyTooltip title={mensajes.verGraficos}>
            <IconButton
              size="small"
              component={RouterLink}
              to={`/home/infoSensor?id=${s.id}`}
              aria-label={`${mensajes.verGraficos} ${s.labelUsuario}`}
            >
              <InsightsRoundedIcon fontSize="small" />
            </IconButton>
          </LazyTooltip>
          {actions?.(s)}
        </>
      )}
    />
  );
}
