import AddRoundedIcon from '@mui/icons-material/AddRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import LabelRoundedIcon from '@mui/icons-material/LabelRounded';
import MemoryRoundedIcon from '@mui/icons-material/MemoryRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Button,
  Chip,
  IconButton,
  InputAdornment,
  MenuItem,
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
import type { CredencialesEquipo, EquipoAdmin } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { fetchCredenciales, regenerarCredenciales } from '../api/adminApi';
import { adminKeys, useEquiposAdmin, useTiposEquipo } from '../api/adminQueries';
import { AsignarEquipoDialog } from '../components/AsignarEquipoDialog';
import { AuditoriaDialog } from '../components/AuditoriaDialog';
import { CrearEquiposDialog } from '../components/CrearEquiposDialog';
import { EtiquetasDialog } from '../components/EtiquetasDialog';
import { FirmwareDialog } from '../components/FirmwareDialog';

const estados = [
  { value: '', label: 'Todos' },
  { value: 'conectado', label: 'Conectados' },
  { value: 'desconectado', label: 'Desconectados' },
  { value: 'inventario', label: 'En inventario' },
];

/**
 * /admin/equipos (spec 2 §6: the admin's landing): the device inventory. Create devices in bulk
 * with printable labels, search and filter, see owner, online state, last contact and firmware,
 * hand a device to a user or a purchase, regenerate credentials, and each device's history.
 */
export function AdminEquiposPage() {
  const [texto, setTexto] = useState('');
  const [estado, setEstado] = useState('');
  const [tipo, setTipo] = useState<number | null>(null);
  const buscado = useDebouncedValue(texto, 300);
  const equipos = useEquiposAdmin({ texto: buscado, estado, tipo });
  const tipos = useTiposEquipo();
  const client = useQueryClient();
  const alerts = useAlerts();
  const [creating, setCreating] = useState(false);
  const [etiquetas, setEtiquetas] = useState<CredencialesEquipo[] | null>(null);
  const [asignar, setAsignar] = useState<EquipoAdmin | null>(null);
  const [regenerar, setRegenerar] = useState<EquipoAdmin | null>(null);
  const [historial, setHistorial] = useState<EquipoAdmin | null>(null);
  const [firmware, setFirmware] = useState<EquipoAdmin | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.all });

  const list = equipos.data ?? [];
  return (
    <>
      <PageTitle
        title="Equipos"
        subtitle="Inventario de todos los equipos de la plataforma."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            Crear equipos
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Buscar"
          placeholder="Nombre, apikey o dueño"
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
          sx={{ flex: '1 1 320px', minWidth: 0 }}
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
        <TextField
          select
          size="small"
          label="Estado"
          value={estado}
          onChange={(event) => setEstado(event.target.value)}
          sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
        >
          {estados.map((e) => (
            <MenuItem key={e.value} value={e.value}>
              {e.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Tipo"
          value={tipo ?? ''}
          onChange={(event) => setTipo(event.target.value ? Number(event.target.value) : null)}
          sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
        >
          <MenuItem value="">Todos</MenuItem>
          {(tipos.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.descripcion}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <TableContainer>
          <Table size="small" aria-label="Equipos">
            <TableHead>
              <TableRow>
                <TableCell>Equipo</TableCell>
                <TableCell>Tipo</TableCell>
                <TableCell>Dueño</TableCell>
                <TableCell>Estado</TableCell>
                <TableCell>Último contacto</TableCell>
                <TableCell>Firmware</TableCell>
                <TableCell>Acciones</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                      {equipos.isPending ? 'Cargando…' : 'No hay equipos con ese criterio.'}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {list.map((equipo) => (
                <TableRow key={equipo.id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {equipo.nombre}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {equipo.apikey}
                    </Typography>
                  </TableCell>
                  <TableCell>{equipo.tipoEquipo?.descripcion ?? '—'}</TableCell>
                  <TableCell>
                    {equipo.propietario.username}
                    {equipo.enInventario && <Chip size="small" label="Inventario" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={equipo.conectado ? 'success' : 'default'}
                      label={equipo.conectado ? 'Conectado' : 'Desconectado'}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {equipo.ultimoContacto ? format(equipo.ultimoContacto, 'dd/MM/yyyy HH:mm') : 'Nunca'}
                  </TableCell>
                  <TableCell>{equipo.firmware ?? '—'}</TableCell>
                  <TableCell>
                    <Stack direction="row">
                      <Tooltip title="Asignar">
                        <IconButton
                          size="small"
                          aria-label={`Asignar ${equipo.nombre}`}
                          onClick={() => setAsignar(equipo)}
                        >
                          <PersonAddAlt1RoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Etiqueta">
                        <IconButton
                          size="small"
                          aria-label={`Etiqueta de ${equipo.nombre}`}
                          onClick={async () => {
                            try {
                              setEtiquetas([await fetchCredenciales(equipo.id)]);
                            } catch (error) {
                              alerts.error(error);
                            }
                          }}
                        >
                          <LabelRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Regenerar credenciales">
                        <IconButton
                          size="small"
                          aria-label={`Regenerar credenciales de ${equipo.nombre}`}
                          onClick={() => setRegenerar(equipo)}
                        >
                          <KeyRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Firmware">
                        <IconButton
                          size="small"
                          aria-label={`Firmware de ${equipo.nombre}`}
                          onClick={() => setFirmware(equipo)}
                        >
                          <MemoryRoundedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Historial de cambios">
                        <IconButton
                          size="small"
                          aria-label={`Historial de ${equipo.nombre}`}
                          onClick={() => setHistorial(equipo)}
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
      {creating && (
        <CrearEquiposDialog
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setEtiquetas(created);
            void refresh();
          }}
        />
      )}
      {etiquetas && <EtiquetasDialog equipos={etiquetas} onClose={() => setEtiquetas(null)} />}
      {asignar && (
        <AsignarEquipoDialog
          equipo={asignar}
          onClose={() => setAsignar(null)}
          onDone={() => {
            setAsignar(null);
            void refresh();
          }}
        />
      )}
      {firmware && (
        <FirmwareDialog
          equipo={firmware}
          onClose={() => setFirmware(null)}
          onDone={() => {
            setFirmware(null);
            void refresh();
          }}
        />
      )}
      {historial && (
        <AuditoriaDialog
          objeto="equipo"
          id={historial.id}
          titulo={historial.nombre}
          onClose={() => setHistorial(null)}
        />
      )}
      <ConfirmDialog
        open={regenerar !== null}
        title="Regenerar credenciales"
        message={`${regenerar?.nombre ?? ''} dejará de conectarse con su apikey y secret actuales hasta que cargues los nuevos.`}
        confirmLabel="Regenerar"
        destructive
        onClose={() => setRegenerar(null)}
        onConfirm={async () => {
          if (!regenerar) return;
          try {
            setEtiquetas([await regenerarCredenciales(regenerar.id)]);
            await refresh();
          } catch (error) {
            alerts.error(error);
          }
          setRegenerar(null);
        }}
      />
    </>
  );
}
