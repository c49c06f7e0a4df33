import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import {
  type AsignarRolInput,
  type Autorizacion,
  mensajes,
  rolesEquipo,
  rolesOtorgables,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { invalidateDevices, useEquipos } from '../../devices';
import { asignarRol } from '../api/groupsApi';
import { invalidateGroups, useAutorizaciones } from '../api/groupsQueries';
import { rolNombre } from './roleNames';

/**
 * Pending access requests on every device the user manages (spec 2 §2 /perfil/usuarios), live:
 * approve with a role the user may grant on that device, or reject (role 0). The same data and
 * calls as the share dialog's panel.
 */
export function PendingRequestsTable() {
  const client = useQueryClient();
  const alerts = useAlerts();
  const solicitudes = useAutorizaciones();
  const equipos = useEquipos();
  const [busy, setBusy] = useState<string | null>(null);
  const miRol = (idEquipo: number) => equipos.data?.find((e) => e.id === idEquipo)?.idRol ?? null;

  const answer = async (solicitud: Autorizacion, idRol: AsignarRolInput['idRol']) => {
    setBusy(`${solicitud.id}-${idRol}`);
    try {
      await asignarRol({ id: solicitud.id, idRol });
      alerts.success(mensajes.solicitudRespondida);
      await Promise.all([invalidateGroups(client), invalidateDevices(client, solicitud.equipo.id)]);
    } catch (error) {
      alerts.error(error);
      await invalidateGroups(client);
    } finally {
      setBusy(null);
    }
  };

  const lista = solicitudes.data ?? [];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, p: 2 }} component="section" aria-labelledby="pendientes">
      <Typography id="pendientes" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {mensajes.solicitudesPendientes}
      </Typography>
      {lista.length === 0 ? (
        <Typography color="text.secondary">
          {solicitudes.isPending ? mensajes.cargando : mensajes.sinSolicitudesPendientes}
        </Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {lista.map((s) => (
            <Box
              component="li"
              key={s.id}
              aria-label={`${s.solicitante.username} · ${s.equipo.nombre}`}
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 1.5,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1.5,
                alignItems: 'center',
              }}
            >
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {s.solicitante.username}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {s.equipo.nombre} · {format(s.fecha, 'dd/MM/yyyy HH:mm')}
                </Typography>
              </Box>
              <Chip size="small" label={s.estado.descripcion} />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {rolesOtorgables(miRol(s.equipo.id)).map((rol) => (
                  <Button
                    key={rol}
                    size="small"
                    variant={rol === rolesEquipo.usuario ? 'contained' : 'outlined'}
                    disabled={busy !== null}
                    onClick={() => void answer(s, rol)}
                  >
                    {mensajes.aprobarComo.replace('{rol}', rolNombre(rol))}
                  </Button>
                ))}
                <Button
                  size="small"
                  color="error"
                  disabled={busy !== null}
                  onClick={() => void answer(s, rolesEquipo.ninguno)}
                >
                  {mensajes.rechazar}
                </Button>
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
