import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import { Box, IconButton, Paper, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { type Equipo, mensajes, type Sensor, tabla } from '@nexo/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTablePagination } from '../../../shared/hooks/useTablePagination';
import { devicePermissions } from '../permissions';
import { valorLegible } from '../widgets/valorLegible';
import { ConnectionBadge } from './ConnectionBadge';
import { formatFecha } from './SensorCard';
import { type SensorDialog, SensorDialogs } from './SensorDialogs';
import { SensorTypeIcon } from './sensorTypeIcon';

/** The Listado tab: name, type, last value and actions; search, sorting and the spec's page sizes. */
export function SensorsTable({ equipo }: { equipo: Equipo }) {
  const permisos = devicePermissions(equipo.idRol);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [dialog, setDialog] = useState<SensorDialog | null>(null);
  // The page size fits the screen at first, then follows the user's choice (kept in this browser).
  const [pagination, setPagination] = useTablePagination('sensores');

  const columns: GridColDef<Sensor>[] = [
    {
      field: 'labelUsuario',
      headerName: mensajes.nombre,
      flex: 1.4,
      minWidth: phone ? 110 : 160,
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
      minWidth: phone ? 90 : 150,
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
      width: permisos.canManageWidgets ? (phone ? 140 : 170) : 80,
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
                  onClick={() => setDialog({ kind: 'info', sensor: row })}
                  aria-label={`${mensajes.informacion} ${row.labelUsuario}`}
                >
                  <VisibilityRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={mensajes.editar}>
                <IconButton
                  size="small"
                  onClick={() => setDialog({ kind: 'edit', sensor: row })}
                  aria-label={`${mensajes.editar} ${row.labelUsuario}`}
                >
                  <EditRoundedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={mensajes.eliminar}>
                <IconButton
                  size="small"
                  onClick={() => setDialog({ kind: 'delete', sensor: row })}
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

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <DataGrid
        rows={equipo.sensores}
        columns={columns}
        // On a phone the type column gives way (the icon beside the name shows it), so Acciones stays on screen.
        columnVisibilityModel={{ tipo: !phone }}
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
      <SensorDialogs equipo={equipo} dialog={dialog} onClose={() => setDialog(null)} />
    </Paper>
  );
}
