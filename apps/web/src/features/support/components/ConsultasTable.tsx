import ChatRoundedIcon from '@mui/icons-material/ChatRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import { IconButton, Paper, Stack, Tooltip } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { type Consulta, consultaAdmiteMensajes, mensajes, tabla } from '@nexo/contracts';
import { useState } from 'react';
import { EstadoConsultaChip } from './EstadoConsultaChip';
import { formatFechaConsulta } from './formatFechaConsulta';

/**
 * The queries table (spec 2 §2: Id, Fecha Inicio, Estado, Titulo, Tipo problema, Acciones), with
 * the spec's page sizes. The admin list adds the user column; its close action is 'Cerrar
 * consulta' and a closed query can be reopened.
 */
export function ConsultasTable({
  consultas,
  loading,
  side,
  emptyText,
  onOpenChat,
  onEnd,
  onReopen,
}: {
  consultas: Consulta[];
  loading: boolean;
  side: 'usuario' | 'admin';
  emptyText: string;
  onOpenChat: (consulta: Consulta) => void;
  /** Cancel (user) or close (admin) an open query. */
  onEnd: (consulta: Consulta) => void;
  onReopen?: (consulta: Consulta) => void;
}) {
  const [pagination, setPagination] = useState<{ page: number; pageSize: number }>({
    page: 0,
    pageSize: tabla.pageSize,
  });
  const endLabel = side === 'admin' ? mensajes.consultaCerrarAccion : mensajes.consultaCancelar;
  const columns: GridColDef<Consulta>[] = [
    { field: 'id', headerName: 'Id', width: 80 },
    {
      field: 'fecha',
      headerName: mensajes.consultaFechaInicio,
      width: 150,
      valueFormatter: (value: number) => formatFechaConsulta(value),
    },
    ...(side === 'admin'
      ? [
          {
            field: 'usuario',
            headerName: mensajes.consultaUsuario,
            width: 140,
            valueGetter: (_value: unknown, row: Consulta) => row.usuario?.username ?? '',
          } satisfies GridColDef<Consulta>,
        ]
      : []),
    {
      field: 'estado',
      headerName: mensajes.consultaEstado,
      width: 130,
      valueGetter: (_value, row) => row.estadoSt.descripcion,
      renderCell: ({ row }) => <EstadoConsultaChip estado={row.estadoSt} />,
    },
    { field: 'titulo', headerName: mensajes.consultaTitulo, flex: 1.5, minWidth: 180 },
    {
      field: 'tipoProblema',
      headerName: mensajes.consultaTipoProblema,
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => row.tipoProblemaSt.descripcion,
    },
    {
      field: 'acciones',
      headerName: mensajes.acciones,
      sortable: false,
      filterable: false,
      width: 120,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          <Tooltip title={mensajes.consultaAbrirChat}>
            <IconButton
              size="small"
              onClick={() => onOpenChat(row)}
              aria-label={`${mensajes.consultaAbrirChat} #${row.id}`}
            >
              <ChatRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {consultaAdmiteMensajes(row.estadoSt.id) && (
            <Tooltip title={endLabel}>
              <IconButton size="small" onClick={() => onEnd(row)} aria-label={`${endLabel} #${row.id}`}>
                <CloseRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {onReopen && !consultaAdmiteMensajes(row.estadoSt.id) && (
            <Tooltip title={mensajes.consultaReabrir}>
              <IconButton
                size="small"
                onClick={() => onReopen(row)}
                aria-label={`${mensajes.consultaReabrir} #${row.id}`}
              >
                <LockOpenRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <DataGrid
        rows={consultas}
        columns={columns}
        loading={loading}
        pageSizeOptions={[...tabla.pageSizeOptions]}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        disableRowSelectionOnClick
        autoHeight
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        localeText={{ ...esES.components.MuiDataGrid.defaultProps.localeText, noRowsLabel: emptyText }}
      />
    </Paper>
  );
}
