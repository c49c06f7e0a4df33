import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import ManageAccountsRoundedIcon from '@mui/icons-material/ManageAccountsRounded';
import { Chip, IconButton, Stack, Tooltip } from '@mui/material';
import { type GrupoUsuario, mensajes } from '@nexo/contracts';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
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
  return (
    <ResponsiveTable
      label={mensajes.misUsuarios}
      rows={usuarios}
      rowKey={(u) => u.id}
      loading={loading}
      emptyText={mensajes.sinUsuariosEnGrupo}
      defaultSort={{ column: 'username', direction: 'asc' }}
      pageSizeKey="usuariosGrupo"
      columns={[
        { id: 'username', label: mensajes.usuario, value: (u) => u.username, phone: 'title' },
        {
          id: 'roles',
          label: mensajes.columnaEquiposYRoles,
          render: (u) => (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
              {u.roles.map((r) => (
                <Chip key={r.equipo.id} size="small" label={`${r.equipo.nombre} · ${rolNombre(r.rol.id)}`} />
              ))}
            </Stack>
          ),
        },
      ]}
      actions={(u) => (
        <>
          <Tooltip title={mensajes.verRoles}>
            <IconButton
              size="small"
              aria-label={`${mensajes.verRoles}: ${u.username}`}
              onClick={() => onDetail(u)}
            >
              <ManageAccountsRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {u.roles.some((r) => r.editable) && (
            <Tooltip title={mensajes.eliminarUsuario}>
              <IconButton
                size="small"
                color="error"
                aria-label={`${mensajes.eliminarUsuario}: ${u.username}`}
                onClick={() => onDelete(u)}
              >
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      )}
    />
  );
}
