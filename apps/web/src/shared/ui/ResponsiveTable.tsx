import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRoundedIcon from '@mui/icons-material/KeyboardArrowUpRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  Collapse,
  IconButton,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { mensajes, tabla } from '@nexo/contracts';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { useTablePagination } from '../hooks/useTablePagination';
import { visuallyHidden } from './visuallyHidden';

type Primitive = string | number | null | undefined;

/** One column: what it shows, and how it sorts and searches. */
export interface TableColumn<T> {
  id: string;
  label: string;
  /** The cell's text, also used to sort and search; `render` replaces it on screen. */
  value?: (row: T) => Primitive;
  render?: (row: T) => ReactNode;
  /** Sortable by `value` (default when `value` is given). */
  sortable?: boolean;
  align?: 'left' | 'right';
  /** Keeps the cell on one line in the table (dates, amounts). */
  nowrap?: boolean;
  /**
   * On a phone card: 'title' heads the card (bold, first), 'hidden' leaves the column out (the card
   * shows it another way, e.g. an icon in the title); by default it is a labelled field.
   */
  phone?: 'title' | 'hidden';
}

export interface TableSort {
  column: string;
  direction: 'asc' | 'desc';
}

export interface TablePage {
  page: number;
  pageSize: number;
}

interface ResponsiveTableProps<T> {
  /** The table's accessible name (and the phone list's). */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: TableColumn<T>[];
  /** Every action of a row: the last column on wide screens, the card's footer on a phone. */
  actions?: ((row: T) => ReactNode) | undefined;
  /** A panel that opens under the row (its button is first in the row, or in the card's footer). */
  detail?: ((row: T) => ReactNode) | undefined;
  detailLabel?: ((row: T, open: boolean) => string) | undefined;
  emptyText: string;
  loading?: boolean | undefined;
  /** Client-side search over the columns' values; `search` instead lets the caller search (server). */
  searchable?: boolean | undefined;
  search?: { value: string; onChange: (value: string) => void } | undefined;
  /** Anything shown beside the search field (a title, a button). */
  toolbar?: ReactNode | undefined;
  defaultSort?: TableSort | undefined;
  /** Server-side sort: controlled, rows arrive sorted. */
  sort?: TableSort | undefined;
  onSortChange?: ((sort: TableSort) => void) | undefined;
  /** Server-side paging: the total count, rows are the current page; controlled. */
  total?: number | undefined;
  page?: TablePage | undefined;
  onPageChange?: ((page: TablePage) => void) | undefined;
  /** Remembers the chosen page size in this browser under this key (client paging). */
  pageSizeKey?: string | undefined;
  /** The first page size before the user picks one (default: what fits the screen). */
  initialPageSize?: number | undefined;
  /** No pager (short lists that never grow much: the cart, device types). */
  noPaging?: boolean | undefined;
  /** Without the outlined frame (inside a dialog or another card). */
  bare?: boolean | undefined;
}

function compare(a: Primitive, b: Primitive): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), 'es', { numeric: true });
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The one table of the app. On wide screens it is a table; below `sm` each row is a card with its
 * main fields and every action on screen. Sorting, paging (the spec's page sizes), search, the empty
 * state and loading are built in, on the client or, when the caller controls them, on the server.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const {
    label,
    rows,
    rowKey,
    columns,
    actions,
    detail,
    detailLabel,
    emptyText,
    loading = false,
    searchable = false,
    search,
    toolbar,
    defaultSort,
    total,
    pageSizeKey,
    initialPageSize,
    noPaging = false,
    bare = false,
  } = props;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const ids = useId();
  const [ownSort, setOwnSort] = useState<TableSort | undefined>(defaultSort);
  const [ownPage, setOwnPage] = useTablePagination(pageSizeKey ?? null, initialPageSize);
  const [ownSearch, setOwnSearch] = useState('');
  const [open, setOpen] = useState<string | number | null>(null);

  const serverSide = total !== undefined;
  const sort = props.sort ?? ownSort;
  const pagination = props.page ?? ownPage;
  const setSort = (next: TableSort) => {
    if (props.onSortChange) props.onSortChange(next);
    else setOwnSort(next);
    setPagination({ ...pagination, page: 0 });
  };
  const setPagination = (next: TablePage) => {
    if (props.onPageChange) props.onPageChange(next);
    else setOwnPage(next);
  };
  const searchValue = search?.value ?? ownSearch;
  const onSearch = (value: string) => {
    if (search) search.onChange(value);
    else setOwnSearch(value);
    setPagination({ ...pagination, page: 0 });
  };

  let visible: readonly T[] = rows;
  if (!serverSide) {
    const needle = normalise(ownSearch.trim());
    if (searchable && needle) {
      visible = visible.filter((row) =>
        columns.some((c) => c.value && normalise(String(c.value(row) ?? '')).includes(needle)),
      );
    }
    const column = sort && columns.find((c) => c.id === sort.column);
    if (sort && column?.value) {
      const value = column.value;
      const sign = sort.direction === 'asc' ? 1 : -1;
      visible = [...visible].sort((a, b) => sign * compare(value(a), value(b)));
    }
  }
  const count = total ?? visible.length;
  const lastPage = Math.max(0, Math.ceil(count / pagination.pageSize) - 1);
  const page = Math.min(pagination.page, lastPage);
  if (!serverSide && !noPaging) {
    visible = visible.slice(page * pagination.pageSize, (page + 1) * pagination.pageSize);
  }

  const sortable = columns.filter((c) => c.value && c.sortable !== false);
  const sortBy = (column: string) =>
    setSort({
      column,
      direction: sort?.column === column && sort.direction === 'asc' ? 'desc' : 'asc',
    });
  const cell = (column: TableColumn<T>, row: T) =>
    column.render ? column.render(row) : (column.value?.(row) ?? '');
  const toggle = (key: string | number) => setOpen(open === key ? null : key);
  const toggleLabel = (row: T, isOpen: boolean) =>
    detailLabel?.(row, isOpen) ?? (isOpen ? mensajes.ocultarDetalle : mensajes.verDetalle);
  const showSearch = searchable || search !== undefined;

  const head =
    showSearch || toolbar ? (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ p: bare ? 0 : 1.5, pb: 1.5, alignItems: { sm: 'center' } }}
      >
        {toolbar && <Box sx={{ flex: 1, minWidth: 0 }}>{toolbar}</Box>}
        {showSearch && (
          <TextField
            size="small"
            type="search"
            label={mensajes.buscar}
            value={searchValue}
            onChange={(event) => onSearch(event.target.value)}
            sx={{ width: { xs: '100%', sm: 260 }, ml: { sm: 'auto' } }}
            slotProps={{
              htmlInput: { maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </Stack>
    ) : null;

  const empty = (
    <Typography color="textSecondary" sx={{ py: 3, px: 2, textAlign: 'center' }}>
      {loading && rows.length === 0 ? mensajes.cargando : emptyText}
    </Typography>
  );

  const body = phone ? (
    <>
      {sortable.length > 0 && visible.length > 1 && (
        <Box sx={{ px: bare ? 0 : 1.5, pb: 1.5 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={mensajes.ordenarPor}
            value={sort ? `${sort.column}:${sort.direction}` : ''}
            onChange={(event) => {
              const [column = '', direction] = event.target.value.split(':');
              setSort({ column, direction: direction === 'desc' ? 'desc' : 'asc' });
            }}
          >
            {sortable.flatMap((c) => [
              <MenuItem key={`${c.id}:asc`} value={`${c.id}:asc`}>
                {c.label} ({mensajes.ascendente})
              </MenuItem>,
              <MenuItem key={`${c.id}:desc`} value={`${c.id}:desc`}>
                {c.label} ({mensajes.descendente})
              </MenuItem>,
            ])}
          </TextField>
        </Box>
      )}
      {visible.length === 0 ? (
        empty
      ) : (
        <Stack
          component="ul"
          aria-label={label}
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: bare ? 0 : 1.5, pt: 0 }}
        >
          {visible.map((row) => {
            const key = rowKey(row);
            const isOpen = open === key;
            const titles = columns.filter((c) => c.phone === 'title');
            const fields = columns.filter((c) => c.phone === undefined);
            return (
              <Paper
                component="li"
                key={key}
                variant="outlined"
                sx={{ borderRadius: 2, p: 1.5, minWidth: 0 }}
              >
                {titles.map((c) => (
                  <Box key={c.id} sx={{ fontWeight: 600, mb: 0.75, overflowWrap: 'anywhere' }}>
                    {cell(c, row)}
                  </Box>
                ))}
                {fields.length > 0 && (
                  <Box
                    component="dl"
                    sx={{
                      m: 0,
                      display: 'grid',
                      gridTemplateColumns: 'minmax(88px, auto) 1fr',
                      columnGap: 1.5,
                      rowGap: 0.5,
                      '& > div': { display: 'contents' },
                      '& dt': { color: 'text.secondary', typography: 'body2' },
                      '& dd': { m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' },
                    }}
                  >
                    {fields.map((c) => (
                      <div key={c.id}>
                        <dt>{c.label}</dt>
                        <dd>{cell(c, row)}</dd>
                      </div>
                    ))}
                  </Box>
                )}
                {(actions || detail) && (
                  <Stack
                    direction="row"
                    sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 1, mx: -0.5, mb: -0.5 }}
                  >
                    {detail && (
                      <IconButton
                        size="small"
                        aria-expanded={isOpen}
                        aria-label={toggleLabel(row, isOpen)}
                        onClick={() => toggle(key)}
                      >
                        {isOpen ? <KeyboardArrowUpRoundedIcon /> : <KeyboardArrowDownRoundedIcon />}
                      </IconButton>
                    )}
                    {actions?.(row)}
                  </Stack>
                )}
                {detail && (
                  <Collapse in={isOpen} timeout="auto" unmountOnExit>
                    <Box sx={{ mt: 1 }}>{detail(row)}</Box>
                  </Collapse>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </>
  ) : (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {detail && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {mensajes.detalle}
                </Box>
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell
                key={c.id}
                align={c.align}
                sortDirection={sort?.column === c.id ? sort.direction : false}
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
              >
                {c.value && c.sortable !== false ? (
                  <TableSortLabel
                    active={sort?.column === c.id}
                    direction={sort?.column === c.id ? sort.direction : 'asc'}
                    onClick={() => sortBy(c.id)}
                  >
                    {c.label}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            ))}
            {actions && <TableCell sx={{ fontWeight: 600 }}>{mensajes.acciones}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + (actions ? 1 : 0) + (detail ? 1 : 0)}>{empty}</TableCell>
            </TableRow>
          )}
          {visible.map((row) => {
            const key = rowKey(row);
            const isOpen = open === key;
            return (
              <Fragment key={key}>
                <TableRow hover sx={isOpen ? { '& > td': { borderBottom: 'unset' } } : undefined}>
                  {detail && (
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-expanded={isOpen}
                        aria-label={toggleLabel(row, isOpen)}
                        onClick={() => toggle(key)}
                      >
                        {isOpen ? <KeyboardArrowUpRoundedIcon /> : <KeyboardArrowDownRoundedIcon />}
                      </IconButton>
                    </TableCell>
                  )}
                  {columns.map((c) => (
                    <TableCell
                      key={c.id}
                      align={c.align}
                      sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {cell(c, row)}
                    </TableCell>
                  ))}
                  {actions && (
                    <TableCell sx={{ py: 0.25 }}>
                      {/* One line of actions: the text columns wrap instead. */}
                      <Stack
                        direction="row"
                        sx={{ alignItems: 'center', flexWrap: 'nowrap', gap: 0.25, whiteSpace: 'nowrap' }}
                      >
                        {actions(row)}
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
                {detail && isOpen && (
                  <TableRow>
                    <TableCell colSpan={columns.length + (actions ? 2 : 1)} sx={{ py: 0 }}>
                      {detail(row)}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const pager =
    noPaging || count <= tabla.pageSizeOptions[0] ? null : (
      <TablePagination
        component="div"
        count={count}
        page={page}
        onPageChange={(_event, next) => setPagination({ ...pagination, page: next })}
        rowsPerPage={pagination.pageSize}
        rowsPerPageOptions={[...tabla.pageSizeOptions]}
        onRowsPerPageChange={(event) => setPagination({ page: 0, pageSize: Number(event.target.value) })}
        labelRowsPerPage={phone ? mensajes.filas : mensajes.filasPorPagina}
        labelDisplayedRows={({ from, to, count: all }) => `${from}–${to} ${mensajes.de} ${miles(all)}`}
        getItemAriaLabel={(type) =>
          type === 'next'
            ? mensajes.paginaSiguiente
            : type === 'previous'
              ? mensajes.paginaAnterior
              : type === 'first'
                ? mensajes.primeraPagina
                : mensajes.ultimaPagina
        }
        slotProps={{ select: { id: `${ids}-filas` } }}
        sx={{
          borderTop: phone ? 0 : 1,
          borderColor: 'divider',
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: 1.5, pr: 1 },
          '& .MuiTablePagination-spacer': { display: phone ? 'none' : undefined },
        }}
      />
    );

  const content = (
    <>
      {head}
      {loading && <LinearProgress aria-label={mensajes.cargando} sx={{ height: 2 }} />}
      {body}
      {pager}
    </>
  );
  return bare ? (
    <Box>{content}</Box>
  ) : (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      {content}
    </Paper>
  );
}

/** 12345 → '12.345' (the spec's '.' thousands separator, also for four digits). */
function miles(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
