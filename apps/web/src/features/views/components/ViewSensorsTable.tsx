import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { Box, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { mensajes, type Sensor, tabla } from '@nexo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConnectionBadge, formatFecha, SensorTypeIcon, valorLegible } from '../../devices';

/**
 * The view's Listado tab: name, device, type, last value and actions (history, remove from the
 * view), with search, sorting and the spec's page sizes.
 */
export function ViewSensorsTable({
  sensores,
  deviceNames,
  onRemove,
}: {
  sensores: Sensor[];
  deviceNames: Map<number, string>;
  onRemove: (sensor: Sensor) => void;
}) {
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
      field: 'equipo',
      headerName: mensajes.equipo,
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => deviceNames.get(row.idEquipo) ?? '',
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
            {valorLegible(row, row.ultimoValor)}
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
      width: 110,
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
          <Tooltip title={mensajes.quitarSensorDeVista}>
            <IconButton
              size="small"
              onClick={() => onRemove(row)}
              aria-label={`${mensajes.quitarSensorDeVista}: ${row.labelUsuario}`}
            >
              <RemoveCircleOutlineRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <DataGrid
        rows={sensores}
        columns={columns}
        getRowHeight={() => 'auto'}
        pageSizeOptions={[...tabla.pageSizeOptions]}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        showToolbar
        slotProps={{ toolbar: { showQuickFilter: true, quickFilterProps: { debounceMs: 200 } } }}
        disableRowSelectionOnClick
        autoHeight
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        localeText={{
          ...esES.components.MuiDataGrid.defaultProps.localeText,
          toolbarQuickFilterPlaceholder: mensajes.buscar,
          noRowsLabel: mensajes.vistaSinSensores,
        }}
      />
    </Paper>
  );
}
