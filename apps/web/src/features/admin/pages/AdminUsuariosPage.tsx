import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Button,
  Chip,
  IconButton,
  InputAdornment,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { mensajes, type UsuarioAdmin } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useSession } from '../../../shared/api/session';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { bloquearUsuario, resetearPassword } from '../api/adminApi';
import { adminKeys, useUsuariosAdmin } from '../api/adminQueries';
import { AuditoriaDialog } from '../components/AuditoriaDialog';

/** /admin/usuarios: find accounts, see their licence and usage, block or unblock, send a password reset. */
export function AdminUsuariosPage() {
  const [texto, setTexto] = useState('');
  const buscado = useDebouncedValue(texto, 300);
  const usuarios = useUsuariosAdmin(buscado);
  const session = useSession();
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
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <TableContainer>
          <Table size="small" aria-label="Usuarios">
            <TableHead>
              <TableRow>
                <TableCell>Usuario</TableCell>
                <TableCell>Licencia</TableCell>
                <TableCell>Uso</TableCell>
                <TableCell>Estado</TableCell>
                <TableCell>Acciones</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      {usuarios.isPending ? 'Cargando…' : 'No hay usuarios con ese criterio.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {list.map((usuario) => (
                <TableRow key={usuario.id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {usuario.username}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {usuario.nombre} · {usuario.mail}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {usuario.licencia ? (
                      <>
                        {usuario.licencia.plan}
                        {usuario.licencia.esGratuito ? ' (de prueba)' : ''}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {usuario.licencia.fechaHasta
                            ? `hasta el ${format(usuario.licencia.fechaHasta, 'dd/MM/yyyy')}`
                            : 'sin vencimiento'}
                        </Typography>
                      </>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {mensajes.sinSuscripcionActiva}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {usuario.licencia
                      ? `${usuario.licencia.cantEquiposAsignados}/${usuario.licencia.cantidadDispositivos} equipos · ${usuario.licencia.cantSensoresAsignados}/${usuario.licencia.cantidadSensores} sensores`
                      : '—'}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={usuario.bloqueado ? 'error' : 'success'}
                      label={usuario.bloqueado ? 'Bloqueado' : 'Activo'}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <Button
                        size="small"
                        color={usuario.bloqueado ? 'primary' : 'error'}
                        onClick={() => setBloquear(usuario)}
                      >
                        {usuario.bloqueado ? 'Desbloquear' : 'Bloquear'}
                      </Button>
                      {!usuario.esExterno && (
                        <Button
                          size="small"
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
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
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
