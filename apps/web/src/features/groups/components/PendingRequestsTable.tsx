import { Button, Chip, Typography } from '@mui/material';
import {
  type AsignarRolInput,
  type Autorizacion,
  mensajes,
  rolesEquipo,
  rolesOtorgables,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFechaHora } from '../../../shared/format/fechas';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
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

  return (
    <section aria-labelledby="pendientes">
      <ResponsiveTable
        label={mensajes.solicitudesPendientes}
        toolbar={
          <Typography id="pendientes" variant="h6" component="h2">
            {mensajes.solicitudesPendientes}
          </Typography>
        }
        rows={solicitudes.data ?? []}
        rowKey={(s) => s.id}
        loading={solicitudes.isPending}
        emptyText={mensajes.sinSolicitudesPendientes}
        defaultSort={{ column: 'fecha', direction: 'desc' }}
        pageSizeKey="solicitudes"
        columns={[
          {
            id: 'solicitante',
            label: mensajes.solicitante,
            value: (s) => s.solicitante.username,
            phone: 'title',
          },
          { id: 'equipo', label: mensajes.equipo, value: (s) => s.equipo.nombre },
          {
            id: 'fecha',
            label: mensajes.fecha,
            value: (s) => s.fecha,
            render: (s) => formatFechaHora(s.fecha),
            nowrap: true,
          },
          {
            id: 'estado',
            label: mensajes.estado,
            value: (s) => s.estado.descripcion,
            render: (s) => <Chip size="small" label={s.estado.descripcion} />,
          },
        ]}
        actions={(s) => (
          <>
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
          </>
        )}
      />
    </section>
  );
}
