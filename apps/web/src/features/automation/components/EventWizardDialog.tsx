import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  type Evento,
  type EventoSaveInput,
  EventoSaveInputSchema,
  type ListadoGeneralEvento,
  mensajes,
  periodos,
  tiposEvento,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { invalidateAutomation } from '../api/automationQueries';
import { grabarEvento } from '../api/eventsApi';
import { ActionsEditor } from './ActionsEditor';
import { type FieldErrors, pick, serverErrors, zodErrors } from './formErrors';

type Catalogos = Omit<ListadoGeneralEvento, 'status'>;

const pasos = [mensajes.pasoNombre, mensajes.pasoCondicion, mensajes.pasoAcciones];

function camposDelPaso(paso: number, automatico: boolean): string[] {
  if (paso === 0) return ['nombre', 'tipoEvento'];
  if (paso === 1)
    return automatico
      ? ['sensor', 'condicion', 'valor']
      : ['periodo', 'hora', 'minuto', 'diaSemana', 'diaMes'];
  return ['acciones'];
}

function inicial(evento: Evento | null, idTarea: number | null): EventoSaveInput {
  return {
    id: evento?.id ?? null,
    idTarea: evento?.idTarea ?? idTarea,
    nombre: evento?.nombre ?? '',
    tipoEvento: { id: evento?.tipoEvento.id ?? tiposEvento.automatico },
    sensor: evento?.sensor ? { id: evento.sensor.id } : null,
    condicion: evento?.condicion ? { id: evento.condicion.id } : null,
    valor: evento?.valor ?? '',
    periodo: evento?.periodo ? { id: evento.periodo.id } : { id: periodos.diario },
    hora: evento?.hora ?? null,
    minuto: evento?.minuto ?? 0,
    diaSemana: evento?.diaSemana ?? [],
    diaMes: evento?.diaMes ?? null,
    acciones: (evento?.acciones ?? []).map((a) => ({
      tipoAccion: { id: a.tipoAccion.id },
      tiposNotificaciones: a.tiposNotificaciones.map((t) => t.id),
      tiposInformaciones: a.tiposInformaciones.map((t) => t.id),
      sensores: a.sensores.map((s) => s.id),
      accionesColectivas: a.accionesColectivas.map((c) => c.id),
      tipoAccionColectiva: a.tipoAccionColectiva ? { id: a.tipoAccionColectiva.id } : null,
      valor: a.valor,
      minutosEspera: a.minutosEspera,
    })),
  };
}

const two = (n: number | null | undefined) => String(n ?? 0).padStart(2, '0');

/**
 * The event wizard (spec 2 §4–§5): 1 name and type; 2 the condition (sensor, condition, value)
 * or the schedule (period, time, weekdays or day of month, in the user's zone); 3 the actions.
 * 'Siguiente' checks the step with the same schema the server uses; 'Volver' goes back.
 */
export function EventWizardDialog({
  evento,
  idTarea = null,
  catalogos,
  permiteAccionPropia,
  onClose,
  onSaved,
}: {
  evento: Evento | null;
  /** Set when the event belongs to a program task. */
  idTarea?: number | null;
  catalogos: Catalogos;
  permiteAccionPropia: boolean;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const client = useQueryClient();
  const alerts = useAlerts();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [paso, setPaso] = useState(0);
  const [values, setValues] = useState<EventoSaveInput>(() => inicial(evento, idTarea));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  /** After a failed 'Siguiente' or 'Guardar', errors follow each change (up to that step). */
  const [checkedUpTo, setCheckedUpTo] = useState<number | null>(null);
  const automatico = Number(values.tipoEvento.id) === tiposEvento.automatico;
  const periodo = Number(values.periodo?.id);
  const set = (patch: Partial<EventoSaveInput>) => setValues((v) => ({ ...v, ...patch }));

  const payload = (): EventoSaveInput =>
    automatico
      ? { ...values, periodo: null, hora: null, minuto: null, diaSemana: [], diaMes: null }
      : { ...values, sensor: null, condicion: null, valor: null };

  const errorsUpTo = (hasta: number): FieldErrors => {
    const found = zodErrors(EventoSaveInputSchema.safeParse(payload()));
    return pick(
      found,
      [0, 1, 2].filter((p) => p <= hasta).flatMap((p) => camposDelPaso(p, automatico)),
    );
  };

  const check = (hasta: number): boolean => {
    const mine = errorsUpTo(hasta);
    setErrors(mine);
    const ok = Object.keys(mine).length === 0;
    setCheckedUpTo(ok ? null : hasta);
    const first = [0, 1, 2].find((p) => Object.keys(pick(mine, camposDelPaso(p, automatico))).length > 0);
    if (first !== undefined) setPaso(first);
    return ok;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check only when the values change
  useEffect(() => {
    if (checkedUpTo !== null) setErrors(errorsUpTo(checkedUpTo));
  }, [values]);

  const save = async () => {
    if (!check(2)) return;
    setSaving(true);
    try {
      await grabarEvento(payload());
      await invalidateAutomation(client);
      alerts.success(mensajes.valoresActualizados);
      onSaved?.();
      onClose();
    } catch (error) {
      const fromServer = serverErrors(error);
      setErrors(fromServer);
      const first = [0, 1, 2].find(
        (p) => Object.keys(pick(fromServer, camposDelPaso(p, automatico))).length > 0,
      );
      if (first !== undefined) setPaso(first);
      alerts.error(error);
    } finally {
      setSaving(false);
    }
  };

  const sensores = catalogos.sensores;
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle>{evento ? mensajes.editarEvento : mensajes.nuevoEvento}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={paso} alternativeLabel sx={{ mb: 3, mt: 1 }}>
          {pasos.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {paso === 0 && (
          <Stack spacing={2}>
            <TextField
              label={mensajes.nombre}
              value={values.nombre}
              onChange={(e) => set({ nombre: e.target.value })}
              required
              autoFocus
              error={errors.nombre !== undefined}
              helperText={errors.nombre}
            />
            <TextField
              select
              label="Tipo de evento"
              value={values.tipoEvento.id}
              onChange={(e) => set({ tipoEvento: { id: Number(e.target.value) } })}
              required
              error={errors.tipoEvento !== undefined || errors['tipoEvento.id'] !== undefined}
              helperText={errors.tipoEvento ?? errors['tipoEvento.id']}
            >
              {catalogos.tiposEvento.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.descripcion}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}

        {paso === 1 && automatico && (
          <Stack spacing={2}>
            <Autocomplete
              options={sensores}
              getOptionLabel={(s) => `${s.labelUsuario} · ${s.nombreEquipo}`}
              value={sensores.find((s) => s.id === Number(values.sensor?.id)) ?? null}
              onChange={(_, s) => set({ sensor: s ? { id: s.id } : null })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Sensor"
                  required
                  error={errors.sensor !== undefined}
                  helperText={errors.sensor}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Condición"
                value={values.condicion?.id ?? ''}
                onChange={(e) => set({ condicion: { id: Number(e.target.value) } })}
                required
                error={errors.condicion !== undefined}
                helperText={errors.condicion}
                sx={{ minWidth: 160 }}
              >
                {catalogos.condiciones.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.descripcion}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Valor"
                value={values.valor ?? ''}
                onChange={(e) => set({ valor: e.target.value })}
                required
                error={errors.valor !== undefined}
                helperText={errors.valor}
                sx={{ flex: 1 }}
              />
            </Stack>
          </Stack>
        )}

        {paso === 1 && !automatico && (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label="Período"
                value={values.periodo?.id ?? ''}
                onChange={(e) => set({ periodo: { id: Number(e.target.value) } })}
                required
                error={errors.periodo !== undefined}
                helperText={errors.periodo}
                sx={{ minWidth: 160 }}
              >
                {catalogos.periodos.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.descripcion}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Hora"
                type="time"
                value={
                  values.hora === null || values.hora === undefined
                    ? ''
                    : `${two(Number(values.hora))}:${two(Number(values.minuto))}`
                }
                onChange={(e) => {
                  const [h, m] = e.target.value.split(':');
                  set(e.target.value === '' ? { hora: null } : { hora: Number(h), minuto: Number(m) });
                }}
                required
                error={errors.hora !== undefined}
                helperText={errors.hora ?? `Zona horaria: ${catalogos.zonaHoraria}`}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
            {periodo === periodos.semanal && (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <FormLabel component="legend" error={errors.diaSemana !== undefined}>
                  Días
                </FormLabel>
                <FormGroup row>
                  {catalogos.diasSemana.map((d) => {
                    const dias = (values.diaSemana ?? []).map(Number);
                    return (
                      <FormControlLabel
                        key={d.id}
                        control={
                          <Checkbox
                            checked={dias.includes(d.id)}
                            onChange={(_, checked) =>
                              set({ diaSemana: checked ? [...dias, d.id] : dias.filter((x) => x !== d.id) })
                            }
                          />
                        }
                        label={d.descripcion}
                      />
                    );
                  })}
                </FormGroup>
                {errors.diaSemana && <FormHelperText error>{errors.diaSemana}</FormHelperText>}
              </Box>
            )}
            {periodo === periodos.mensual && (
              <TextField
                select
                label="Día del mes"
                value={values.diaMes ?? ''}
                onChange={(e) => set({ diaMes: Number(e.target.value) })}
                required
                error={errors.diaMes !== undefined}
                helperText={
                  errors.diaMes ?? 'En los meses que no tienen ese día, se ejecuta el último día del mes.'
                }
                sx={{ maxWidth: 240 }}
              >
                {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        )}

        {paso === 2 && (
          <ActionsEditor
            acciones={values.acciones}
            onChange={(acciones) => set({ acciones })}
            contexto={automatico ? 'automatico' : 'programado'}
            catalogos={catalogos}
            permiteAccionPropia={permiteAccionPropia}
            errors={errors}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {mensajes.cancelar}
        </Button>
        {paso > 0 && (
          <Button onClick={() => setPaso(paso - 1)} disabled={saving}>
            {mensajes.volver}
          </Button>
        )}
        {paso < 2 ? (
          <Button variant="contained" onClick={() => check(paso) && setPaso(paso + 1)}>
            {mensajes.siguiente}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {mensajes.guardar}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
