import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRoundedIcon from '@mui/icons-material/KeyboardArrowUpRounded';
import {
  Box,
  Chip,
  Collapse,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { type Compra, formatoMoneda, tabla } from '@nexo/contracts';
import { Fragment, type ReactNode, useState } from 'react';
import { CompraDetail } from './CompraDetail';
import { fechaHora, tipoConPeriodo, totalCompra } from './formatos';

type Column = 'fecha' | 'estado' | 'tipo' | 'medio' | 'total' | 'usuario' | 'recibido';

const sortValue: Record<Column, (compra: Compra) => string | number> = {
  fecha: (c) => c.fechaCreada,
  estado: (c) => c.estadoCompra.descripcion,
  tipo: (c) => tipoConPeriodo(c),
  medio: (c) => c.medioPago?.descripcion ?? '',
  total: (c) => c.totalCompra,
  usuario: (c) => c.usuario?.username ?? '',
  recibido: (c) => c.montoFinalRecibido ?? 0,
};

const estadoColor = (id: number) =>
  id === 1 || id === 6 ? 'warning' : id === 3 || id === 7 ? 'default' : ('success' as const);

/**
 * The purchases table (spec 2 §2 Mis compras): sortable, no search, a detail panel per row, the
 * spec's page sizes. The admin view adds the user, the final amount received, the token
 * subscriptions and the assigned devices.
 */
export function ComprasTable({
  compras,
  admin = false,
  emptyText,
  actions,
}: {
  compras: Compra[];
  admin?: boolean;
  emptyText: string;
  actions: (compra: Compra) => ReactNode;
}) {
  const [orderBy, setOrderBy] = useState<Column>('fecha');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [open, setOpen] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(tabla.pageSize);
  const sorted = [...compras].sort((a, b) => {
    const x = sortValue[orderBy](a);
    const y = sortValue[orderBy](b);
    const cmp =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'es');
    return direction === 'asc' ? cmp : -cmp;
  });
  const visible = sorted.slice(page * pageSize, page * pageSize + pageSize);
  const columns: Array<{ id: Column; label: string; align?: 'right' }> = [
    { id: 'fecha', label: 'Fecha' },
    ...(admin ? [{ id: 'usuario' as const, label: 'Usuario' }] : []),
    { id: 'estado', label: 'Estado' },
    { id: 'tipo', label: 'Tipo' },
    { id: 'medio', label: 'Medio de pago' },
    { id: 'total', label: 'Total', align: 'right' as const },
    ...(admin ? [{ id: 'recibido' as const, label: 'Monto final recibido', align: 'right' as const }] : []),
  ];
  const span = columns.length + (admin ? 4 : 2);
  const sortBy = (column: Column) => {
    setDirection(orderBy === column && direction === 'desc' ? 'asc' : 'desc');
    setOrderBy(column);
  };
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" aria-label={admin ? 'Compras' : 'Mis compras'}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sortDirection={orderBy === column.id ? direction : false}
                >
                  <TableSortLabel
                    active={orderBy === column.id}
                    direction={orderBy === column.id ? direction : 'desc'}
                    onClick={() => sortBy(column.id)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              {admin && <TableCell>Suscripciones</TableCell>}
              {admin && <TableCell>Equipos</TableCell>}
              <TableCell>Acciones</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={span}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {visible.map((compra) => (
              <Fragment key={compra.id}>
                <TableRow hover sx={{ '& > td': { borderBottom: open === compra.id ? 'unset' : undefined } }}>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-label={`${open === compra.id ? 'Ocultar' : 'Ver'} detalle de la compra #${compra.id}`}
                      aria-expanded={open === compra.id}
                      onClick={() => setOpen(open === compra.id ? null : compra.id)}
                    >
                      {open === compra.id ? <KeyboardArrowUpRoundedIcon /> : <KeyboardArrowDownRoundedIcon />}
                    </IconButton>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{fechaHora(compra.fechaCreada)}</TableCell>
                  {admin && <TableCell>{compra.usuario?.username}</TableCell>}
                  <TableCell>
                    <Chip
                      size="small"
                      color={estadoColor(compra.estadoCompra.id)}
                      label={compra.estadoCompra.descripcion}
                    />
                  </TableCell>
                  <TableCell>{tipoConPeriodo(compra)}</TableCell>
                  <TableCell>
                    {compra.medioPago?.descripcion ?? (compra.modoGratuita ? 'Gratuita' : '')}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {totalCompra(compra)}
                  </TableCell>
                  {admin && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatoMoneda(compra.montoFinalRecibido ?? 0, compra.moneda)}
                    </TableCell>
                  )}
                  {admin && <TableCell>{compra.suscripcionesToken.length}</TableCell>}
                  {admin && <TableCell>{compra.equipos.map((e) => e.nombre).join(', ') || '—'}</TableCell>}
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>{actions(compra)}</Box>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={span} sx={{ py: 0 }}>
                    <Collapse in={open === compra.id} timeout="auto" unmountOnExit>
                      <CompraDetail compra={compra} />
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={compras.length}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...tabla.pageSizeOptions]}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Filas por página"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      />
    </Paper>
  );
}
