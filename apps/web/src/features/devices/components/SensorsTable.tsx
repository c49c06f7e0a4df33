import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { type Equipo, mensajes, readNumeric, type Sensor, tabla } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { unidadDe } from '../../sensors/components/SensorWidget';
import { formatNumber } from '../../sensors/components/widgetValue';
import { eliminarSensor } from '../api/devicesApi';
import { invalidateDevices } from '../api/devicesQueries';
import { devicePermissions } from '../permissions';
import { ConnectionBadge } from './ConnectionBadge';
import { formatFecha } from './SensorCard';
import { SensorTypeIcon } from './sensorTypeIcon';
import { WidgetEditorDialog } from './WidgetEditorDialog';
import { WidgetInfoDialog } from './WidgetInfoDialog';

/** The last value as users read it: numbers in the Spanish format with the sensor's unit. */
function valorLegible(sensor: Sensor): string {
  const reading = readNumeric(sensor.ultimoValor, sensor.variableJson);
  if (reading.isEmpty) return '—';
  if (reading.value === null) return sensor.ultimoValor ?? '—';
  return `${formatNumber(reading.value)}${unidadDe(sensor) ?? ''}`;
}

/** The Listado tab: name, type, last value and actions; search, sorting and the spec's page sizes. */
export function SensorsTable({ equipo }: { equipo: Equipo }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const permisos = devicePermissions(equipo.idRol);
  const [info, setInfo] = useState<Sensor | null>(null);
  const [editing, setEditing] = useState<Sensor | null>(null);
  const [deleting, setDeleting] = useState<Sensor | null>(null);
  const [busy, setBusy] = useState(false);
  const [pagination, setPagination] = useState<{ page: number; pageSize: number }>({
    page: 0,
    pageSize: tabla.pageSize,
  });

  const columns: GridColDef<Sensor>[] = [
    {
      field: 'labelUsuario',
      headerName: mensajes.nombre,
      flex: 1.4,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
          <SensorTypeIcon tipo={row.tipoSensor.id} fontSize="small" color="action" />
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
            {row.labelUsuario}
          </Typography>
          <ConnectionBadge conectado={row.conectado} dotOnly />
        </Stack>
      ),
    },
    {
      field: 'tipo',
      headerName: mensajes.tipo,
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => row.tipoSensor.descripcion,
    },
    {
      field: 'ultimoValor',
      headerName: mensajes.ultimoValor,
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => row.ultimoValor ?? '',
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.75 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} noWrap>
            {valorLegible(row)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatFecha(row.fechaUV)}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'acciones',
      headerName: mensajes.acciones,
      sortable: false,
      filterable: false,
      width: permisos.canManageWidgets ? 170 : 80,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          <Tooltip title={mensajes.verGraficos}>
            <IconButton
              size="small"
              component={RouterLink}
              to={`/home/infoSensor?id=${row.id}`}
              aria-label={`${mensajes.verGraficos} ${row.labelUsuario}`}
            >
              <InsightsRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {permisos.canManageWidgets && (
            <>
              <Tooltip title={mensajes.informacion}>
                <IconButton
                  size="small"
                  onClick={() => setInfo(row)}
                  aria-label={`${mensajes.informacion} ${row.labelUsuario}`}
                >
                  <VisibilityRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={mensajes.editar}>
                <IconButton
                  size="small"
                  onClick={() => setEditing(row)}
                  aria-label={`${mensajes.editar} ${row.labelUsuario}`}
                >
                  <EditRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={mensajes.eliminar}>
                <IconButton
                  size="small"
                  onClick={() => setDeleting(row)}
                  aria-label={`${mensajes.eliminar} ${row.labelUsuario}`}
                >
                  <DeleteOutlineRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Stack>
      ),
    },
  ];

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await eliminarSensor(deleting.id);
      await Promise.all([
        invalidateDevices(client, equipo.id),
        client.invalidateQueries({ queryKey: ['usuario'] }),
      ]);
      alerts.success(mensajes.ejecutadoExitosamente);
      setDeleting(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <DataGrid
        rows={equipo.sensores}
        columns={columns}
        getRowHeight={() => 'auto'}
        pageSizeOptions={[...tabla.pageSizeOptions]}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        showToolbar
        slotProps={{ toolbar: { showQuickFilter: true, quickFilterProps: { debounceMs: 200 } } }}
        disableRowSelectionOnClick
        disableColumnMenu={false}
        autoHeight
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        localeText={{
          ...esES.components.MuiDataGrid.defaultProps.localeText,
          toolbarQuickFilterPlaceholder: mensajes.buscar,
          noRowsLabel: mensajes.noHayWidgets,
        }}
      />
      {info && <WidgetInfoDialog equipo={equipo} sensor={info} onClose={() => setInfo(null)} />}
      <WidgetEditorDialog
        open={editing !== null}
        equipo={equipo}
        sensor={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={mensajes.eliminarTitulo}
        message={mensajes.eliminarSensorPregunta}
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={busy}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
