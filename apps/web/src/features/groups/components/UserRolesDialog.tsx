import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type GrupoUsuario, mensajes, rolesOtorgables } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { useEquipos } from '../../devices';
import { reasignarRol, removerRol } from '../api/groupsApi';
import { invalidateGroups } from '../api/groupsQueries';
import { rolNombre } from './roleNames';

/**
 * The user detail modal (spec 2 §2): the user's role on each of my devices; where I may, change it
 * (upgrade to admin/developer, downgrade to user) or take it away.
 */
export function UserRolesDialog({ usuario, onClose }: { usuario: GrupoUsuario | null; onClose: () => void }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const equipos = useEquipos();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState<number | null>(null);
  const miRol = (idEquipo: number) => equipos.data?.find((e) => e.id === idEquipo)?.idRol ?? null;

  const run = async (idEquipo: number, action: () => Promise<void>, done: string) => {
    setBusy(idEquipo);
    try {
      await action();
      alerts.success(done);
    } catch (error) {
      alerts.error(error);
    } finally {
      await invalidateGroups(client);
      setBusy(null);
    }
  };

  return (
    <Dialog open={usuario !== null} onClose={onClose} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle>{usuario ? `${mensajes.rolesDe} ${usuario.username}` : ''}</DialogTitle>
      <DialogContent>
        <List aria-label={mensajes.rolesPorEquipo}>
          {(usuario?.roles ?? []).map((r) => (
            <ListItem
              key={r.equipo.id}
              disableGutters
              sx={{ gap: 2, flexWrap: 'wrap' }}
              secondaryAction={
                r.editable ? (
                  <Tooltip title={mensajes.quitarAcceso}>
                    <IconButton
                      edge="end"
                      aria-label={`${mensajes.quitarAcceso}: ${r.equipo.nombre}`}
                      disabled={busy !== null}
                      onClick={() =>
                        usuario &&
                        void run(
                          r.equipo.id,
                          () => removerRol({ idEquipo: r.equipo.id, idRol: r.rol.id, idUsuario: usuario.id }),
                          mensajes.accesoQuitado,
                        )
                      }
                    >
                      <PersonRemoveRoundedIcon />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemText primary={r.equipo.nombre} sx={{ flex: '1 1 160px', minWidth: 0 }} />
              {r.editable && usuario ? (
                <TextField
                  select
                  size="small"
                  label={`${mensajes.rol}: ${r.equipo.nombre}`}
                  value={r.rol.id}
                  disabled={busy !== null}
                  sx={{ minWidth: 170, mr: 6 }}
                  onChange={(event) =>
                    void run(
                      r.equipo.id,
                      () =>
                        reasignarRol({
                          idUsuario: usuario.id,
                          idEquipo: r.equipo.id,
                          idRol: Number(event.target.value),
                        }),
                      mensajes.rolActualizado,
                    )
                  }
                >
                  {rolesOtorgables(miRol(r.equipo.id)).map((rol) => (
                    <MenuItem key={rol} value={rol}>
                      {rolNombre(rol)}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <ListItemText secondary={rolNombre(r.rol.id)} sx={{ flex: '0 0 auto', mr: 6 }} />
              )}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{mensajes.cerrar}</Button>
      </DialogActions>
    </Dialog>
  );
}
