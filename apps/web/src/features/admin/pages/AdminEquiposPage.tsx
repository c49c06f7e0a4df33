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
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { CredencialesEquipo, EquipoAdmin } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFechaHora } from '../../../shared/format/fechas';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { PageTitle } from '../../../shared/ui/PageTitle';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
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
          sx={{ flex: { sm: '1 1 320px' }, minWidth: 0 }}
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
      <ResponsiveTable
        label="Equipos"
        rows={list}
        rowKey={(e) => e.id}
        loading={equipos.isFetching}
        emptyText="No hay equipos con ese criterio."
        defaultSort={{ column: 'equipo', direction: 'asc' }}
        pageSizeKey="adminEquipos"
        columns={[
          {
            id: 'equipo',
            label: 'Equipo',
            phone: 'title',
            value: (e) => e.nombre,
            render: (e) => (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {e.nombre}
                </Typography>
                <Typography
                  variant="caption"
                  color="textSecondary"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                >
                  {e.apikey}
                </Typography>
              </>
            ),
          },
          { id: 'tipo', label: 'Tipo', value: (e) => e.tipoEquipo?.descripcion ?? '—' },
          {
            id: 'dueno',
            label: 'Dueño',
            value: (e) => e.propietario.username,
            render: (e) => (
              <>
                {e.propietario.username}
                {e.enInventario && <Chip size="small" label="Inventario" sx={{ ml: 1 }} />}
              </>
            ),
          },
          {
            id: 'estado',
            label: 'Estado',
            value: (e) => (e.conectado ? 'Conectado' : 'Desconectado'),
            render: (e) => (
              <Chip
                size="small"
                color={e.conectado ? 'success' : 'default'}
                label={e.conectado ? 'Conectado' : 'Desconectado'}
              />
            ),
          },
          {
            id: 'contacto',
            label: 'Último contacto',
            value: (e) => e.ultimoContacto ?? 0,
            render: (e) => (e.ultimoContacto ? formatFechaHora(e.ultimoContacto) : 'Nunca'),
            nowrap: true,
          },
          {
            id: 'firmware',
            label: 'Firmware',
            // What the device reports over MQTT (firmware over the air), not the hand-typed note.
            value: (e) => e.firmwareReportado?.version ?? '—',
            render: (e) =>
              e.firmwareReportado
                ? [e.firmwareReportado.titulo, e.firmwareReportado.version].filter(Boolean).join(' ')
                : '—',
          },
        ]}
        actions={(equipo) => (
          <>
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
          </>
        )}
      />
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
