import { zodResolver } from '@hookform/resolvers/zod';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormHelperText,
  InputAdornment,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type Equipo, mensajes, type Vista, VistaSaveInputSchema } from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { applyServerErrors, SensorTypeIcon, useEquipos } from '../../devices';
import { grabarVista } from '../api/viewsApi';
import { invalidateViews } from '../api/viewsQueries';

const FormSchema = VistaSaveInputSchema.pick({ nombre: true, sensores: true });
type FormValues = z.input<typeof FormSchema>;

/** Devices with the sensors matching the search (by sensor label, type or device name). */
function filterDevices(equipos: Equipo[], search: string): Equipo[] {
  const text = search.trim().toLowerCase();
  return equipos
    .map((equipo) => {
      if (!text || equipo.nombre.toLowerCase().includes(text)) return equipo;
      const sensores = equipo.sensores.filter(
        (s) =>
          s.labelUsuario.toLowerCase().includes(text) ||
          s.tipoSensor.descripcion.toLowerCase().includes(text),
      );
      return { ...equipo, sensores };
    })
    .filter((equipo) => equipo.sensores.length > 0);
}

/**
 * Creates or edits a view (spec 1 §5): nombre 2–50 and at least one sensor, chosen from the
 * user's devices, grouped by device, with a search. The same schema validates on the server.
 */
export function ViewFormDialog({
  open,
  vista,
  onClose,
  onSaved,
}: {
  open: boolean;
  vista: Vista | null;
  onClose: () => void;
  onSaved?: (vista: Vista) => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const equipos = useEquipos();
  const [saving, setSaving] = useState(false);
  const [search, setSearch] = useState('');
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    values: {
      nombre: vista?.nombre ?? '',
      sensores: (vista?.sensores ?? []).map((s) => ({ id: s.id })),
    },
  });
  const selected = form.watch('sensores') ?? [];
  const selectedIds = useMemo(() => new Set(selected.map((s) => Number(s.id))), [selected]);
  const groups = useMemo(() => filterDevices(equipos.data ?? [], search), [equipos.data, search]);
  const hasSensors = (equipos.data ?? []).some((e) => e.sensores.length > 0);

  const setSelection = (ids: number[]) =>
    form.setValue(
      'sensores',
      ids.map((id) => ({ id })),
      { shouldValidate: form.formState.isSubmitted, shouldDirty: true },
    );
  const toggle = (id: number) =>
    setSelection(selectedIds.has(id) ? [...selectedIds].filter((x) => x !== id) : [...selectedIds, id]);
  const toggleDevice = (equipo: Equipo) => {
    const ids = equipo.sensores.map((s) => s.id);
    const all = ids.every((id) => selectedIds.has(id));
    setSelection(
      all ? [...selectedIds].filter((id) => !ids.includes(id)) : [...new Set([...selectedIds, ...ids])],
    );
  };

  const close = () => {
    setSearch('');
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await grabarVista({
        id: vista?.id ?? null,
        nombre: values.nombre,
        sensores: values.sensores,
      });
      await invalidateViews(client);
      alerts.success(mensajes.vistaGuardada);
      onSaved?.(saved);
      close();
    } catch (error) {
      applyServerErrors(error, form.setError, ['nombre', 'sensores']);
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });

  const errors = form.formState.errors;
  const sensoresError = errors.sensores?.message ?? errors.sensores?.root?.message;

  return (
    <Dialog open={open} onClose={saving ? undefined : close} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{vista ? mensajes.editarVista : mensajes.nuevaVista}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={mensajes.nombre}
              autoFocus
              fullWidth
              {...form.register('nombre')}
              error={Boolean(errors.nombre)}
              helperText={errors.nombre?.message}
            />
            <Box>
              <Stack direction="row" sx={{ alignItems: 'baseline', mb: 1 }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {mensajes.sensores}
                </Typography>
                <Typography variant="caption" color="textSecondary" data-testid="sensores-seleccionados">
                  {mensajes.sensoresSeleccionados.replace('{cantidad}', String(selectedIds.size))}
                </Typography>
              </Stack>
              <TextField
                size="small"
                fullWidth
                placeholder={mensajes.buscarSensor}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                slotProps={{
                  htmlInput: { 'aria-label': mensajes.buscarSensor },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchRoundedIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Paper
                variant="outlined"
                sx={{
                  mt: 1,
                  maxHeight: 320,
                  overflowY: 'auto',
                  borderRadius: 2,
                  borderColor: sensoresError ? 'error.main' : 'divider',
                }}
              >
                {!hasSensors && !equipos.isLoading && (
                  <Typography color="textSecondary" sx={{ p: 2 }}>
                    {mensajes.sinSensoresParaVista}
                  </Typography>
                )}
                <List dense disablePadding aria-label={mensajes.sensores}>
                  {groups.map((equipo) => {
                    const ids = equipo.sensores.map((s) => s.id);
                    const count = ids.filter((id) => selectedIds.has(id)).length;
                    return (
                      <li key={equipo.id}>
                        <ul style={{ padding: 0 }}>
                          <ListSubheader
                            sx={{ display: 'flex', alignItems: 'center', px: 1, lineHeight: '40px' }}
                          >
                            <Checkbox
                              size="small"
                              edge="start"
                              checked={count === ids.length}
                              indeterminate={count > 0 && count < ids.length}
                              onChange={() => toggleDevice(equipo)}
                              slotProps={{ input: { 'aria-label': `${mensajes.equipo} ${equipo.nombre}` } }}
                            />
                            <Typography variant="subtitle2" noWrap sx={{ fontWeight: 650 }}>
                              {equipo.nombre}
                            </Typography>
                          </ListSubheader>
                          {equipo.sensores.map((sensor) => (
                            <ListItemButton
                              key={sensor.id}
                              onClick={() => toggle(sensor.id)}
                              selected={selectedIds.has(sensor.id)}
                              sx={{ pl: 3 }}
                            >
                              <ListItemIcon sx={{ minWidth: 36 }}>
                                <Checkbox
                                  size="small"
                                  edge="start"
                                  tabIndex={-1}
                                  checked={selectedIds.has(sensor.id)}
                                  slotProps={{
                                    input: { 'aria-label': `${sensor.labelUsuario} (${equipo.nombre})` },
                                  }}
                                />
                              </ListItemIcon>
                              <ListItemIcon sx={{ minWidth: 32 }}>
                                <SensorTypeIcon tipo={sensor.tipoSensor.id} fontSize="small" />
                              </ListItemIcon>
                              <ListItemText
                                primary={sensor.labelUsuario}
                                secondary={sensor.tipoSensor.descripcion}
                              />
                            </ListItemButton>
                          ))}
                        </ul>
                      </li>
                    );
                  })}
                </List>
              </Paper>
              {sensoresError && <FormHelperText error>{sensoresError}</FormHelperText>}
            </Box>
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={close} />
      </form>
    </Dialog>
  );
}
