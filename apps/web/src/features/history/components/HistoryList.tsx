import DeleteIcon from '@mui/icons-material/Delete';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { mensajes, type OrdenHistorial, type RegistroHistorial } from '@nexo/contracts';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { useTablePagination } from '../../../shared/hooks/useTablePagination';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ResponsiveTable, type TableSort } from '../../../shared/ui/ResponsiveTable';
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

function toOrden(sort: TableSort): OrdenHistorial {
  const field = sort.column === 'valor' ? 'valor' : 'fecha';
  return sort.direction === 'asc' ? field : `-${field}`;
}

/** 'Registros': the raw readings of the range, paged, sorted and searched on the server. */
export function HistoryList({ idSensor, rango, puedeEliminar, sensor }: HistoryListProps) {
  const alerts = useAlerts();
  const [pagination, setPagination] = useTablePagination('historial');
  const [sort, setSort] = useState<TableSort>({ column: 'fecha', direction: 'desc' });
  const [search, setSearch] = useState('');
  const busqueda = useDebouncedValue(search.trim(), 300);
  const [toDelete, setToDelete] = useState<RegistroHistorial | 'todos' | null>(null);
  const query = useHistorial(idSensor, rango, {
    pagina: pagination.page,
    tamanoPagina: pagination.pageSize,
    orden: toOrden(sort),
    busqueda,
  });
  const eliminar = useEliminarRegistro(idSensor);

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
      <ResponsiveTable
        label={mensajes.historialRegistros}
        toolbar={
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {mensajes.historialRegistros}
            </Typography>
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
        }
        search={{ value: search, onChange: setSearch }}
        rows={query.data?.historial ?? []}
        rowKey={(row) => row.idRegistro}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        page={pagination}
        onPageChange={setPagination}
        sort={sort}
        onSortChange={setSort}
        emptyText={mensajes.noHayRegistrosRango}
        columns={[
          {
            id: 'fecha',
            label: mensajes.historialFecha,
            value: (row) => row.ts,
            render: (row) => formatLocal(row.ts),
            nowrap: true,
            phone: 'title',
          },
          {
            id: 'valor',
            label: mensajes.historialValor,
            value: (row) => row.valor,
            render: (row) => (sensor ? valorLegible(sensor, row.valor) : row.valor),
          },
        ]}
        actions={
          puedeEliminar
            ? (row) => (
                <Tooltip title={mensajes.eliminar}>
                  <IconButton
                    size="small"
                    aria-label={`${mensajes.eliminar} ${row.idRegistro}`}
                    onClick={() => setToDelete(row)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )
            : undefined
        }
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
