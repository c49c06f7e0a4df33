import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import { Button, Stack, Typography } from '@mui/material';
import { type GrupoUsuario, mensajes, rolesQueAdministranAcceso } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../shared/api/session';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { useEquipos } from '../../devices';
import { eliminarUsuarioDelGrupo } from '../api/groupsApi';
import { invalidateGroups, useGrupoUsuarios } from '../api/groupsQueries';
import { AddUserDialog } from '../components/AddUserDialog';
import { GroupUsersTable } from '../components/GroupUsersTable';
import { PendingRequestsTable } from '../components/PendingRequestsTable';
import { UserRolesDialog } from '../components/UserRolesDialog';

/**
 * /perfil/usuarios (spec 2 §2): pending access requests on all my devices (live), the users of my
 * group with their roles, the user detail modal, 'Agregar usuario' for admin and developer levels,
 * and the licence's user count.
 */
export function MyUsersPage() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const { token } = useSession();
  const usuarios = useGrupoUsuarios();
  const equipos = useEquipos();
  const [adding, setAdding] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<GrupoUsuario | null>(null);
  const [busy, setBusy] = useState(false);
  const administrados = (equipos.data ?? []).filter((e) => rolesQueAdministranAcceso.includes(e.idRol));
  // The detail follows the live list, so a change made in it shows at once.
  const detail = usuarios.data?.find((u) => u.id === detailId) ?? null;

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await eliminarUsuarioDelGrupo(deleting.id);
      alerts.success(mensajes.usuarioEliminadoDelGrupo);
      setDeleting(null);
    } catch (error) {
      alerts.error(error);
    } finally {
      await invalidateGroups(client);
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      <PageTitle
        title={mensajes.misUsuarios}
        subtitle={mensajes.misUsuariosSubtitulo}
        actions={
          administrados.length > 0 ? (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1RoundedIcon />}
              onClick={() => setAdding(true)}
            >
              {mensajes.agregarUsuario}
            </Button>
          ) : undefined
        }
      />
      {token && (
        <Typography color="textSecondary">
          {mensajes.usuariosDeLicencia
            .replace('{usados}', String(token.cantUsuariosAsignados))
            .replace('{limite}', String(token.cantidadUsuarios))}
        </Typography>
      )}
      <PendingRequestsTable />
      <GroupUsersTable
        usuarios={usuarios.data ?? []}
        loading={usuarios.isPending}
        onDetail={(u) => setDetailId(u.id)}
        onDelete={setDeleting}
      />
      <UserRolesDialog usuario={detail} onClose={() => setDetailId(null)} />
      {adding && <AddUserDialog open equipos={administrados} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={mensajes.eliminarUsuario}
        message={mensajes.eliminarUsuarioPregunta.replace('{username}', deleting?.username ?? '')}
        confirmLabel={mensajes.eliminar}
        cancelLabel={mensajes.cancelar}
        destructive
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
