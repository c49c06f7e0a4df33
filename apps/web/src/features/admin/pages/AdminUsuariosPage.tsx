import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { Button, Chip, IconButton, InputAdornment, TextField, Tooltip, Typography } from '@mui/material';
import { mensajes, type UsuarioAdmin } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFecha } from '../../../shared/format/fechas';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { bloquearUsuario, resetearPassword } from '../api/adminApi';
import { adminKeys, useUsuariosAdmin } from '../api/adminQueries';
import { AuditoriaDialog } from '../components/AuditoriaDialog';

/** /admin/usuarios: find accounts, see their licence and usage, block or unblock, send a password reset. */
export function AdminUsuariosPage() {
  const [texto, setTexto] = useState('');
  const buscado = useDebouncedValue(texto, 300);
  const usuarios = useUsuariosAdmin(buscado);
  const client = useQueryClient();
  const alerts = useAlerts();
  const [bloquear, setBloquear] = useState<UsuarioAdmin | null>(null);
  const [historial, setHistorial] = useState<UsuarioAdmin | null>(null);
  const list = usuarios.data ?? [];
  return (
    <>
      <PageTitle title="Usuarios" subtitle="Cuentas, licencias y uso." />
      <TextField
        size="small"
        label="Buscar"
        placeholder="Usuario, nombre o e-mail"
        value={texto}
        onChange={(event) => setTexto(event.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRoundedIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <ResponsiveTable
        label="Usuarios"
        rows={list}
        rowKey={(u) => u.id}
        loading={usuarios.isFetching}
        emptyText="No hay usuarios con ese criterio."
        defaultSort={{ column: 'usuario', direction: 'asc' }}
        pageSizeKey="adminUsuarios"
        columns={[
          {
            id: 'usuario',
            label: 'Usuario',
            phone: 'title',
            value: (u) => u.username,
            render: (u) => (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {u.username}
                </Typography>
                <Typography variant="caption" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                  {u.nombre} · {u.mail}
                </Typography>
              </>
            ),
          },
          {
            id: 'licencia',
            label: 'Licencia',
            value: (u) => u.licencia?.plan ?? '',
            render: (u) =>
              u.licencia ? (
                <>
                  {u.licencia.plan}
                  {u.licencia.esGratuito ? ' (de prueba)' : ''}
                  <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                    {u.licencia.fechaHasta
                      ? `hasta el ${formatFecha(u.licencia.fechaHasta)}`
                      : 'sin vencimiento'}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" color="textSecondary">
                  {mensajes.sinSuscripcionActiva}
                </Typography>
              ),
          },
          {
            id: 'uso',
            label: 'Uso',
            sortable: false,
            value: (u) =>
              u.licencia
                ? `${u.licencia.cantEquiposAsignados}/${u.licencia.cantidadDispositivos} equipos · ${u.licencia.cantSensoresAsignados}/${u.licencia.cantidadSensores} sensores`
                : '—',
          },
          {
            id: 'estado',
            label: 'Estado',
            value: (u) => (u.bloqueado ? 'Bloqueado' : 'Activo'),
            render: (u) => (
              <Chip
                size="small"
                color={u.bloqueado ? 'error' : 'success'}
                label={u.bloqueado ? 'Bloqueado' : 'Activo'}
              />
            ),
          },
        ]}
        actions={(usuario) => (
          <>
            <Button
              size="small"
              color={usuario.bloqueado ? 'primary' : 'error'}
              onClick={() => setBloquear(usuario)}
              aria-label={`${usuario.bloqueado ? 'Desbloquear' : 'Bloquear'} ${usuario.username}`}
            >
              {usuario.bloqueado ? 'Desbloquear' : 'Bloquear'}
            </Button>
            {!usuario.esExterno && (
              <Button
                size="small"
                aria-label={`Resetear contraseña de ${usuario.username}`}
                onClick={async () => {
                  try {
                    await resetearPassword(usuario.id);
                    alerts.success(mensajes.adminReseteoEnviado);
                  } catch (error) {
                    alerts.error(error);
                  }
                }}
              >
                Resetear contraseña
              </Button>
            )}
            <Tooltip title="Historial de cambios">
              <IconButton
                size="small"
                aria-label={`Historial de ${usuario.username}`}
                onClick={() => setHistorial(usuario)}
              >
                <HistoryRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {historial && (
        <AuditoriaDialog
          objeto="usuario"
          id={historial.id}
          titulo={historial.username}
          onClose={() => setHistorial(null)}
        />
      )}
      <ConfirmDialog
        open={bloquear !== null}
        title={bloquear?.bloqueado ? 'Desbloquear usuario' : 'Bloquear usuario'}
        message={
          bloquear?.bloqueado
            ? `${bloquear.username} podrá volver a ingresar.`
            : `${bloquear?.username ?? ''} no podrá ingresar y sus sesiones se cierran.`
        }
        confirmLabel={bloquear?.bloqueado ? 'Desbloquear' : 'Bloquear'}
        destructive={!bloquear?.bloqueado}
        onClose={() => setBloquear(null)}
        onConfirm={async () => {
          if (!bloquear) return;
          try {
            await bloquearUsuario(bloquear.id, !bloquear.bloqueado);
            alerts.success(
              bloquear.bloqueado ? mensajes.adminUsuarioDesbloqueado : mensajes.adminUsuarioBloqueado,
            );
            await client.invalidateQueries({ queryKey: adminKeys.all });
          } catch (error) {
            alerts.error(error);
          }
          setBloquear(null);
        }}
      />
    </>
  );
}
