import DeleteIcon from '@mui/icons-material/Delete';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { mensajes, type OrdenHistorial, type RegistroHistorial, tabla } from '@nexo/contracts';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { type ValueFormatSensor, valorLegible } from '../../devices';
import { useEliminarRegistro, useHistorial } from '../api/historyApi';
import { formatLocal, type RangoParams } from '../range';

interface HistoryListProps {
  idSensor: number;
  rango: RangoParams;
  /** Only the owner level deletes records (spec 1 §6). */
  puedeEliminar: boolean;
  /** The sensor, so values read as its widget shows them (a switch's 'Encendido' / 'Apagado'). */
  sensor?: ValueFormatSensor | undefined;
}

function toOrden(model: GridSortModel): OrdenHistorial {
  const first = model[0];
  if (!first) return '-fecha';
  const field = first.field === 'valor' ? 'valor' : 'fecha';
  return first.sort === 'asc' ? field : `-${field}`;
}

/** 'Registros': the raw readings of the range, paged, sorted and searched on the server. */
export function HistoryList({ idSensor, rango, puedeEliminar, sensor }: HistoryListProps) {
  const alerts = useAlerts();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: tabla.pageSize });
  const [sortModel, setSortModel] = useState<GridSortModel>([{ field: 'fecha', sort: 'desc' }]);
  const [search, setSearch] = useState('');
  const busqueda = useDebouncedValue(search.trim(), 300);
  const [toDelete, setToDelete] = useState<RegistroHistorial | 'todos' | null>(null);
  const query = useHistorial(idSensor, rango, {
    pagina: pagination.page,
    tamanoPagina: pagination.pageSize,
    orden: toOrden(sortModel),
    busqueda,
  });
  const eliminar = useEliminarRegistro(idSensor);

  const columns = useMemo<GridColDef<RegistroHistorial>[]>(
    () => [
      {
        field: 'fecha',
        headerName: mensajes.historialFecha,
        flex: 1,
        minWidth: 180,
        valueGetter: (_value, row) => row.ts,
        renderCell: (params) => formatLocal(params.row.ts),
      },
      {
        field: 'valor',
        headerName: mensajes.historialValor,
        flex: 1,
        minWidth: 120,
        renderCell: (params) => (sensor ? valorLegible(sensor, params.row.valor) : params.row.valor),
      },
      {
        field: 'acciones',
        headerName: mensajes.acciones,
        sortable: false,
        width: 110,
        renderCell: (params) =>
          puedeEliminar ? (
            <Tooltip title={mensajes.eliminar}>
              <IconButton
                size="small"
                aria-label={`${mensajes.eliminar} ${params.row.idRegistro}`}
                onClick={() => setToDelete(params.row)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null,
      },
    ],
    [puedeEliminar, sensor],
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    const input = toDelete === 'todos' ? { todos: true } : { idRegistro: toDelete.idRegistro };
    eliminar.mutate(input, {
      onSuccess: (answer) => {
        alerts.success(
          toDelete === 'todos'
            ? mensajes.historialRegistrosEliminados.replace('{cantidad}', String(answer.eliminados))
            : mensajes.historialRegistroEliminado,
        );
        setToDelete(null);
      },
      onError: (error) => {
        alerts.error(error);
        setToDelete(null);
      },
    });
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {mensajes.historialRegistros}
        </Typography>
        <TextField
          size="small"
          label={mensajes.buscar}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          slotProps={{ htmlInput: { 'aria-label': mensajes.buscar, maxLength: 100 } }}
        />
        {puedeEliminar && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteSweepIcon />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            disabled={(query.data?.total ?? 0) === 0}
            onClick={() => setToDelete('todos')}
          >
            {mensajes.historialEliminarTodos}
          </Button>
        )}
      </Stack>
      <DataGrid
        aria-label={mensajes.historialRegistros}
        rows={query.data?.historial ?? []}
        getRowId={(row) => row.idRegistro}
        columns={columns}
        rowCount={query.data?.total ?? 0}
        loading={query.isFetching}
        paginationMode="server"
        sortingMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[...tabla.pageSizeOptions]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          setPagination((p) => ({ ...p, page: 0 }));
        }}
        disableColumnFilter
        disableRowSelectionOnClick
        autoHeight
        localeText={{
          ...esES.components.MuiDataGrid.defaultProps.localeText,
          noRowsLabel: mensajes.noHayRegistrosRango,
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={mensajes.eliminarTitulo}
        message={
          toDelete === 'todos'
            ? mensajes.historialEliminarTodosPregunta
            : mensajes.historialEliminarRegistroPregunta
        }
        confirmLabel={mensajes.siEliminar}
        cancelLabel={mensajes.no}
        destructive
        loading={eliminar.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
