import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import { Box, Chip, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { type GrupoUsuario, mensajes, tabla } from '@nexo/contracts';
import { useState } from 'react';
import { rolNombre } from './roleNames';

/**
 * The users table of /perfil/usuarios: each user of my group with their device roles, the detail
 * modal and 'Eliminar usuario' (only when I may revoke at least one of their roles).
 */
export function GroupUsersTable({
  usuarios,
  loading,
  onDetail,
  onDelete,
}: {
  usuarios: GrupoUsuario[];
  loading: boolean;
  onDetail: (usuario: GrupoUsuario) => void;
  onDelete: (usuario: GrupoUsuario) => void;
}) {
  const [pagination, setPagination] = useState<{ page: number; pageSize: number }>({
    page: 0,
    pageSize: tabla.pageSize,
  });
  const columns: GridColDef<GrupoUsuario>[] = [
    { field: 'username', headerName: mensajes.usuario, flex: 1, minWidth: 140 },
    {
      field: 'roles',
      headerName: mensajes.columnaEquiposYRoles,
      flex: 2,
      minWidth: 220,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, py: 1 }}>
          {row.roles.map((r) => (
            <Chip key={r.equipo.id} size="small" label={`${r.equipo.nombre} · ${rolNombre(r.rol.id)}`} />
          ))}
        </Stack>
      ),
    },
    {
      field: 'acciones',
      headerName: mensajes.acciones,
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Box>
          <Tooltip title={mensajes.verRoles}>
            <IconButton
              size="small"
              aria-label={`${mensajes.verRoles}: ${row.username}`}
              onClick={() => onDetail(row)}
            >
              <ManageAccountsRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {row.roles.some((r) => r.editable) && (
            <Tooltip title={mensajes.eliminarUsuario}>
              <IconButton
                size="small"
                color="error"
                aria-label={`${mensajes.eliminarUsuario}: ${row.username}`}
                onClick={() => onDelete(row)}
              >
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <DataGrid
        rows={usuarios}
        columns={columns}
        loading={loading}
        getRowHeight={() => 'auto'}
        pageSizeOptions={[...tabla.pageSizeOptions]}
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        disableRowSelectionOnClick
        autoHeight
        aria-label={mensajes.misUsuarios}
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
        localeText={{
          ...esES.components.MuiDataGrid.defaultProps.localeText,
          noRowsLabel: mensajes.sinUsuariosEnGrupo,
        }}
      />
    </Paper>
  );
}
