import { zodResolver } from '@hookform/resolvers/zod';
import {
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormHelperText,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  type AccionColectiva,
  type AccionColectivaSaveInput,
  AccionColectivaSaveInputSchema,
  mensajes,
  tiposAccionColectiva,
  tiposAccionColectivaCatalogo,
  tiposWidget,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { applyServerErrors, SensorTypeIcon, useEquipos } from '../../devices';
import { grabarAccion } from '../api/automationApi';
import { invalidateAutomation } from '../api/automationQueries';

/**
 * Creates or edits a collective action (spec 2 §5): nombre 2–50, the type, the value for
 * 'Acción propia' (developers only) and at least 1 sensor. Apagar and Prender offer the sensors
 * with a toggle widget; the own action offers every sensor. The server checks the same rules.
 */
export function ActionFormDialog({
  accion,
  permiteAccionPropia,
  onClose,
}: {
  accion: AccionColectiva | null;
  permiteAccionPropia: boolean;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const equipos = useEquipos();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [saving, setSaving] = useState(false);
  const form = useForm<AccionColectivaSaveInput>({
    resolver: zodResolver(AccionColectivaSaveInputSchema),
    defaultValues: {
      id: accion?.id ?? null,
      nombre: accion?.nombre ?? '',
      tipoAccionColectiva: { id: accion?.tipoAccionColectiva.id ?? tiposAccionColectiva.prender },
      valor: accion?.valor ?? '',
      sensores: accion?.sensores.map((s) => s.id) ?? [],
    },
  });
  const tipo = Number(form.watch('tipoAccionColectiva.id'));
  const propia = tipo === tiposAccionColectiva.propia;
  const selected = new Set((form.watch('sensores') ?? []).map(Number));
  const groups = useMemo(
    () =>
      (equipos.data ?? [])
        .map((e) => ({
          ...e,
          sensores: e.sensores.filter(
            (s) => propia || s.shadows.some((w) => w.tipoWidget.id === tiposWidget.toggle),
          ),
        }))
        .filter((e) => e.sensores.length > 0),
    [equipos.data, propia],
  );
  const tipos = tiposAccionColectivaCatalogo.filter(
    (t) => t.id !== tiposAccionColectiva.propia || permiteAccionPropia,
  );

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    form.setValue('sensores', [...next], { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await grabarAccion({ ...values, valor: propia ? values.valor : null });
      await invalidateAutomation(client);
      alerts.success(mensajes.valoresActualizados);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['nombre', 'valor', 'sensores', 'tipoAccionColectiva']);
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="sm" fullWidth fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{accion ? mensajes.editarAccion : mensajes.nuevaAccion}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              {...form.register('nombre')}
              label={mensajes.nombre}
              required
              fullWidth
              autoFocus
              error={form.formState.errors.nombre !== undefined}
              helperText={form.formState.errors.nombre?.message}
            />
            <Controller
              control={form.control}
              name="tipoAccionColectiva.id"
              render={({ field }) => (
                <TextField
                  select
                  label={mensajes.tipoAccion}
                  value={field.value ?? ''}
                  onChange={(event) => {
                    field.onChange(Number(event.target.value));
                    form.setValue('sensores', []);
                  }}
                  required
                  fullWidth
                >
                  {tipos.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.descripcion}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {propia && (
              <TextField
                {...form.register('valor')}
                label={mensajes.valorAEnviar}
                required
                fullWidth
                error={form.formState.errors.valor !== undefined}
                helperText={form.formState.errors.valor?.message}
              />
            )}
            <Typography variant="subtitle2">{mensajes.sensoresDeLaAccion}</Typography>
            <Paper variant="outlined" sx={{ maxHeight: 320, overflow: 'auto' }}>
              {groups.length === 0 ? (
                <Typography color="textSecondary" sx={{ p: 2 }}>
                  {mensajes.sinSensoresInterruptor}
                </Typography>
              ) : (
                <List dense aria-label={mensajes.sensoresDeLaAccion}>
                  {groups.map((equipo) => (
                    <li key={equipo.id}>
                      <ul style={{ padding: 0 }}>
                        <ListSubheader>{equipo.nombre}</ListSubheader>
                        {equipo.sensores.map((s) => (
                          <ListItemButton key={s.id} onClick={() => toggle(s.id)} dense>
                            <ListItemIcon sx={{ minWidth: 36 }}>
                              <Checkbox
                                edge="start"
                                checked={selected.has(s.id)}
                                tabIndex={-1}
                                slotProps={{
                                  input: { 'aria-label': `${s.labelUsuario} (${equipo.nombre})` },
                                }}
                              />
                            </ListItemIcon>
                            <ListItemIcon sx={{ minWidth: 30 }}>
                              <SensorTypeIcon tipo={s.tipoSensor.id} sx={{ fontSize: 18 }} />
                            </ListItemIcon>
                            <ListItemText primary={s.labelUsuario} />
                          </ListItemButton>
                        ))}
                      </ul>
                    </li>
                  ))}
                </List>
              )}
            </Paper>
            {form.formState.errors.sensores && (
              <FormHelperText error>{form.formState.errors.sensores.message}</FormHelperText>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions isSaving={saving} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
