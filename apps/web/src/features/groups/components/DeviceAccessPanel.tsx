import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type AsignarRolInput,
  type Autorizacion,
  mensajes,
  puedeOtorgar,
  rolesEquipo,
  rolesEquipoCatalogo,
  rolesOtorgables,
  type UsuarioConRol,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/httpClient';
import { useSession } from '../../../shared/api/session';
import { formatFecha } from '../../../shared/format/fechas';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { invalidateDevices } from '../../devices';
import { asignarRol, removerRol } from '../api/groupsApi';
import { invalidateGroups, useAccesoEquipo } from '../api/groupsQueries';

const rolNombre = new Map<number, string>(rolesEquipoCatalogo.map((r) => [r.id, r.descripcion]));

/**
 * The share dialog's access section (spec 2 §4): who holds which role, with revoke, and the
 * pending requests, approved with a role the viewer may grant or rejected.
 */
export function DeviceAccessPanel({ idEquipo }: { idEquipo: number }) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const { usuario } = useSession();
  const acceso = useAccesoEquipo(idEquipo);
  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<UsuarioConRol | null>(null);

  if (acceso.isLoading) {
    return (
      <Box sx={{ py: 3, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (acceso.isError || !acceso.data) return <Alert severity="error">{errorMessage(acceso.error)}</Alert>;
  const { usuarios, pendientes, idRol, equipo } = acceso.data;
  const otorgables = rolesOtorgables(idRol);

  const run = async (key: string, action: () => Promise<void>, done: string) => {
    setBusy(key);
    try {
      await action();
      await Promise.all([invalidateGroups(client), invalidateDevices(client, idEquipo)]);
      alerts.success(done);
    } catch (error) {
      alerts.error(error);
      await invalidateGroups(client);
    } finally {
      setBusy(null);
    }
  };

  const answer = (solicitud: Autorizacion, rol: AsignarRolInput['idRol']) =>
    run(
      `${solicitud.id}-${rol}`,
      () => asignarRol({ id: solicitud.id, idRol: rol }),
      mensajes.solicitudRespondida,
    );

  const confirmRevoke = async () => {
    if (!revoking) return;
    await run(
      `quitar-${revoking.id}`,
      () => removerRol({ idEquipo, idRol: revoking.idRol, idUsuario: revoking.id }),
      mensajes.accesoQuitado,
    );
    setRevoking(null);
  };

  const canRevoke = (u: UsuarioConRol) =>
    u.idRol !== rolesEquipo.propietario && (u.id === usuario?.id || puedeOtorgar(idRol, u.idRol));

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {mensajes.usuariosConAcceso}
        </Typography>
        <List dense disablePadding aria-label={mensajes.usuariosConAcceso}>
          {usuarios.map((u) => (
            <ListItem
              key={u.id}
              disableGutters
              secondaryAction={
                canRevoke(u) ? (
                  <Tooltip title={mensajes.quitarAcceso}>
                    <IconButton
                      edge="end"
                      aria-label={`${mensajes.quitarAcceso}: ${u.username}`}
                      disabled={busy !== null}
                      onClick={() => setRevoking(u)}
                    >
                      <PersonRemoveRoundedIcon />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemText
                primary={u.username}
                slotProps={{ primary: { noWrap: true } }}
                secondary={rolNombre.get(u.idRol) ?? ''}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {mensajes.solicitudesPendientes}
        </Typography>
        {pendientes.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {mensajes.sinSolicitudesPendientes}
          </Typography>
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {pendientes.map((s) => (
              <Box
                component="li"
                key={s.id}
                aria-label={s.solicitante.username}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
                    {s.solicitante.username}
                  </Typography>
                  <Chip size="small" label={formatFecha(s.fecha)} />
                </Stack>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {otorgables.map((rol) => (
                    <Button
                      key={rol}
                      size="small"
                      variant={rol === rolesEquipo.usuario ? 'contained' : 'outlined'}
                      disabled={busy !== null}
                      onClick={() => answer(s, rol)}
                    >
                      {mensajes.aprobarComo.replace('{rol}', rolNombre.get(rol) ?? '')}
                    </Button>
                  ))}
                  <Button
                    size="small"
                    color="error"
                    disabled={busy !== null}
                    onClick={() => answer(s, rolesEquipo.ninguno)}
                  >
                    {mensajes.rechazar}
                  </Button>
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={revoking !== null}
        title={mensajes.quitarAcceso}
        message={
          revoking
            ? mensajes.quitarAccesoPregunta
                .replace('{username}', revoking.username)
                .replace('{nombre}', equipo.nombre)
            : ''
        }
        confirmLabel={mensajes.quitarAcceso}
        cancelLabel={mensajes.cancelar}
        destructive
        loading={busy !== null}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
