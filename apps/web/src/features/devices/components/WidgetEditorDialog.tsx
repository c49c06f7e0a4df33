import { zodResolver } from '@hookform/resolvers/zod';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  Grid,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  codigosEquipo,
  type Equipo,
  limites,
  mensajes,
  type Sensor,
  type SensorSaveData,
  type SensorSaveInput,
  SensorSaveInputSchema,
  shadowPorDefecto,
  tiposDato,
  tiposDatoCatalogo,
  tiposWidget,
  tiposWidgetCatalogo,
  widgetsSinReferencia,
} from '@nexo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type FieldError, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../shared/api/httpClient';
import { useSession } from '../../../shared/api/session';
import { FormDialogActions } from '../../../shared/ui/FormDialogActions';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { LicenceDialog } from '../../licensing';
import { grabarSensor } from '../api/devicesApi';
import { invalidateDevices, useTiposSensor } from '../api/devicesQueries';
import { SensorWidget } from '../widgets/SensorWidget';
import { applyServerErrors } from './serverErrors';

type ShadowForm = {
  id?: number | null;
  nombre: string;
  tipoWidget: { id: string };
  valorMinReferencia: string;
  valorMaxReferencia: string;
  cantidadHoras: string;
};

/** Form state: text inputs hold strings; the contracts schema coerces them exactly as the server does. */
interface EditorValues {
  /** Not a visible field: part of the values so the shared schema validates the whole body. */
  idEquipo: string;
  labelUsuario: string;
  calibracion: string;
  nombreNexo: string;
  tipoSensor: { id: string };
  tipoDato: { id: string };
  variableJson: string;
  variableLongitud: string;
  valorEncendido: string;
  valorApagado: string;
  shadows: ShadowForm[];
}

const newShadow = (): ShadowForm => ({
  id: null,
  nombre: '',
  tipoWidget: { id: '' },
  valorMinReferencia: String(shadowPorDefecto.valorMinReferencia),
  valorMaxReferencia: String(shadowPorDefecto.valorMaxReferencia),
  cantidadHoras: String(shadowPorDefecto.cantidadHoras),
});

function valuesFor(sensor: Sensor | null, equipoId: number | undefined): EditorValues {
  const idEquipo = equipoId === undefined ? '' : String(equipoId);
  if (!sensor) {
    return {
      idEquipo,
      labelUsuario: '',
      calibracion: '0',
      nombreNexo: '',
      tipoSensor: { id: '' },
      tipoDato: { id: String(tiposDato.plano) },
      variableJson: '',
      variableLongitud: '',
      valorEncendido: '',
      valorApagado: '',
      shadows: [newShadow()],
    };
  }
  return {
    idEquipo,
    labelUsuario: sensor.labelUsuario,
    calibracion: String(sensor.calibracion),
    nombreNexo: sensor.nombreNexo,
    tipoSensor: { id: String(sensor.tipoSensor.id) },
    tipoDato: { id: String(sensor.tipoDato.id) },
    variableJson: sensor.variableJson ?? '',
    variableLongitud: sensor.variableLongitud ?? '',
    valorEncendido: sensor.valorEncendido ?? '',
    valorApagado: sensor.valorApagado ?? '',
    shadows: sensor.shadows.map((s) => ({
      id: s.id,
      nombre: s.nombre,
      tipoWidget: { id: String(s.tipoWidget.id) },
      valorMinReferencia: s.valorMinReferencia === null ? '' : String(s.valorMinReferencia),
      valorMaxReferencia: s.valorMaxReferencia === null ? '' : String(s.valorMaxReferencia),
      cantidadHoras: String(s.cantidadHoras),
    })),
  };
}

const emptyToNull = (v: string) => (v.trim() === '' ? null : v);

/**
 * The 'Widget' modal: a sensor (variable) and its one or two widgets. Validation is the contracts'
 * SensorSaveInputSchema, the same the server applies, plus the device-local topic uniqueness.
 */
export function WidgetEditorDialog({
  open,
  equipo,
  sensor,
  onClose,
}: {
  open: boolean;
  equipo: Equipo | null;
  sensor: Sensor | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const client = useQueryClient();
  const alerts = useAlerts();
  const { token } = useSession();
  const tiposSensorQuery = useTiposSensor();
  const [saving, setSaving] = useState(false);
  const [licenceDenied, setLicenceDenied] = useState(false);
  const [tooManyWidgets, setTooManyWidgets] = useState(false);
  const mapaPermitido = token?.permiteMapa && !token.esGratuito;

  const form = useForm<EditorValues, unknown, SensorSaveData>({
    // The schema validates the strings of the form exactly as it validates a JSON body.
    resolver: zodResolver(SensorSaveInputSchema.transform((v) => v)) as never,
    values: { ...valuesFor(sensor, equipo?.id) },
    resetOptions: { keepDirtyValues: false },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'shadows' });
  const shadows = useWatch({ control: form.control, name: 'shadows' }) ?? [];
  const tipoDatoId = Number(useWatch({ control: form.control, name: 'tipoDato.id' }));
  const widgetIds = shadows.map((s) => Number(s?.tipoWidget?.id));
  const hayMapa = widgetIds.includes(tiposWidget.mapa);
  const hayToggle = widgetIds.includes(tiposWidget.toggle);
  const errors = form.formState.errors;

  const close = () => {
    setTooManyWidgets(false);
    form.reset(valuesFor(sensor, equipo?.id));
    onClose();
  };

  const submit = form.handleSubmit(
    async () => {
      if (!equipo) return;
      const raw = form.getValues();
      const topicTaken = equipo.sensores.some(
        (s) => s.id !== sensor?.id && s.nombreNexo.toLowerCase() === raw.nombreNexo.trim().toLowerCase(),
      );
      if (topicTaken) {
        form.setError('nombreNexo', { type: 'unique', message: mensajes.nombreTopicAsignado });
        return;
      }
      const body: SensorSaveInput = {
        id: sensor?.id ?? null,
        idEquipo: equipo.id,
        labelUsuario: raw.labelUsuario,
        calibracion: raw.calibracion,
        nombreNexo: raw.nombreNexo,
        tipoSensor: { id: raw.tipoSensor.id },
        tipoDato: { id: raw.tipoDato.id },
        variableJson: emptyToNull(raw.variableJson),
        variableLongitud: emptyToNull(raw.variableLongitud),
        valorEncendido: emptyToNull(raw.valorEncendido),
        valorApagado: emptyToNull(raw.valorApagado),
        shadows: raw.shadows.map((s) => ({
          id: s.id ?? null,
          nombre: s.nombre,
          tipoWidget: { id: s.tipoWidget.id },
          valorMinReferencia: s.valorMinReferencia,
          valorMaxReferencia: s.valorMaxReferencia,
          cantidadHoras: s.cantidadHoras,
        })),
      };
      setSaving(true);
      try {
        await grabarSensor(SensorSaveInputSchema.parse(body));
        await Promise.all([
          invalidateDevices(client, equipo.id),
          client.invalidateQueries({ queryKey: ['usuario'] }),
        ]);
        alerts.success(mensajes.ejecutadoExitosamente);
        close();
      } catch (error) {
        if (
          isApiError(error) &&
          (error.codigo === codigosEquipo.licenciaSinSensores ||
            error.codigo === codigosEquipo.sinSuscripcion)
        ) {
          setLicenceDenied(true);
        } else {
          applyServerErrors(error, form.setError, [
            'labelUsuario',
            'calibracion',
            'nombreNexo',
            'tipoSensor',
            'tipoDato',
            'variableJson',
            'variableLongitud',
            'valorEncendido',
            'valorApagado',
            'shadows',
          ]);
          alerts.error(error);
        }
      } finally {
        setSaving(false);
      }
    },
    (invalid) => {
      // A rule on a value without its own field (the device) still needs to be seen.
      if (invalid.idEquipo?.message) alerts.error(invalid.idEquipo.message);
    },
  );

  const addWidget = () => {
    if (fields.length >= limites.widgetsPorSensor) {
      setTooManyWidgets(true);
      return;
    }
    append(newShadow());
  };

  const shadowsError = (errors.shadows as FieldError | undefined)?.message ?? errors.shadows?.root?.message;

  return (
    <>
      <Dialog
        open={open}
        onClose={saving ? undefined : close}
        maxWidth="md"
        fullWidth
        fullScreen={fullScreen}
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
            <Box sx={{ flex: 1 }}>
              {mensajes.widget}
              <Typography variant="body2" component="span" color="textSecondary" sx={{ display: 'block' }}>
                {equipo?.nombre}
              </Typography>
            </Box>
            <IconButton aria-label={mensajes.cerrar} onClick={close} disabled={saving}>
              <CloseRoundedIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="overline" color="textSecondary">
              {mensajes.variable}
            </Typography>
            <Grid container spacing={2} sx={{ mt: 0.5, mb: 3 }}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={mensajes.labelUsuario}
                  fullWidth
                  {...form.register('labelUsuario')}
                  error={Boolean(errors.labelUsuario)}
                  helperText={errors.labelUsuario?.message}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  label={mensajes.nombreNexo}
                  fullWidth
                  {...form.register('nombreNexo')}
                  error={Boolean(errors.nombreNexo)}
                  helperText={errors.nombreNexo?.message ?? mensajes.topicAyuda}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Controller
                  control={form.control}
                  name="tipoSensor.id"
                  render={({ field }) => (
                    <TextField
                      select
                      label={mensajes.tipoSensor}
                      fullWidth
                      {...field}
                      error={Boolean(errors.tipoSensor)}
                      helperText={errors.tipoSensor?.id?.message ?? errors.tipoSensor?.message}
                    >
                      {(tiposSensorQuery.data ?? []).map((t) => (
                        <MenuItem key={t.id} value={String(t.id)}>
                          {t.descripcion}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <TextField
                  label={mensajes.calibracion}
                  fullWidth
                  inputMode="numeric"
                  {...form.register('calibracion')}
                  error={Boolean(errors.calibracion)}
                  helperText={errors.calibracion?.message}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <Controller
                  control={form.control}
                  name="tipoDato.id"
                  render={({ field }) => (
                    <TextField
                      select
                      label={mensajes.tipoDato}
                      fullWidth
                      {...field}
                      disabled={hayMapa}
                      error={Boolean(errors.tipoDato)}
                      helperText={errors.tipoDato?.id?.message ?? errors.tipoDato?.message}
                    >
                      {tiposDatoCatalogo.map((t) => (
                        <MenuItem key={t.id} value={String(t.id)}>
                          {t.descripcion}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              </Grid>
              {(tipoDatoId === tiposDato.json || hayMapa) && (
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label={hayMapa ? mensajes.variableLatitud : mensajes.variableJsonSimple}
                    fullWidth
                    {...form.register('variableJson')}
                    error={Boolean(errors.variableJson)}
                    helperText={errors.variableJson?.message}
                  />
                </Grid>
              )}
              {hayMapa && (
                <Grid size={{ xs: 12, sm: 6 }}>
                  <TextField
                    label={mensajes.variableLongitud}
                    fullWidth
                    {...form.register('variableLongitud')}
                    error={Boolean(errors.variableLongitud)}
                    helperText={errors.variableLongitud?.message}
                  />
                </Grid>
              )}
              {hayToggle && (
                <>
                  <Grid size={{ xs: 6 }}>
                    <TextField
                      label={mensajes.valorEncendido}
                      fullWidth
                      {...form.register('valorEncendido')}
                      error={Boolean(errors.valorEncendido)}
                      helperText={errors.valorEncendido?.message}
                    />
                  </Grid>
                  <Grid size={{ xs: 6 }}>
                    <TextField
                      label={mensajes.valorApagado}
                      fullWidth
                      {...form.register('valorApagado')}
                      error={Boolean(errors.valorApagado)}
                      helperText={errors.valorApagado?.message}
                    />
                  </Grid>
                </>
              )}
            </Grid>

            <Divider sx={{ mb: 2 }} />
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
              <Typography variant="overline" color="textSecondary" sx={{ flex: 1 }}>
                {mensajes.widgets} ({fields.length}/{limites.widgetsPorSensor})
              </Typography>
              <Button startIcon={<AddRoundedIcon />} onClick={addWidget} size="small">
                {mensajes.agregarWidget}
              </Button>
            </Stack>
            {tooManyWidgets && (
              <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setTooManyWidgets(false)}>
                {mensajes.hastaDosWidgets}
              </Alert>
            )}
            {shadowsError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {shadowsError}
              </Alert>
            )}
            <Stack spacing={2}>
              {fields.map((field, index) => {
                const tipo = Number(shadows[index]?.tipoWidget?.id);
                const shadowErrors = errors.shadows?.[index];
                const needsRange = Number.isFinite(tipo) && tipo > 0 && !widgetsSinReferencia.has(tipo);
                return (
                  <Paper
                    key={field.id}
                    variant="outlined"
                    sx={{ p: 2, borderRadius: 2 }}
                    data-testid="shadow-form"
                  >
                    <Grid container spacing={2}>
                      <Grid size={{ xs: 12, md: 8 }}>
                        <Grid container spacing={2}>
                          <Grid size={{ xs: 12, sm: 6 }}>
                            <Controller
                              control={form.control}
                              name={`shadows.${index}.tipoWidget.id`}
                              render={({ field: f }) => (
                                <TextField
                                  select
                                  label={mensajes.tipoWidget}
                                  fullWidth
                                  {...f}
                                  onChange={(e) => {
                                    f.onChange(e);
                                    if (Number(e.target.value) === tiposWidget.mapa) {
                                      form.setValue('tipoDato.id', String(tiposDato.json));
                                    }
                                  }}
                                  error={Boolean(shadowErrors?.tipoWidget)}
                                  helperText={
                                    shadowErrors?.tipoWidget?.id?.message ?? shadowErrors?.tipoWidget?.message
                                  }
                                >
                                  {tiposWidgetCatalogo.map((t) => {
                                    const blocked = t.id === tiposWidget.mapa && !mapaPermitido;
                                    return (
                                      <MenuItem key={t.id} value={String(t.id)} disabled={blocked}>
                                        <Box>
                                          {t.descripcion}
                                          {blocked && (
                                            <Typography
                                              variant="caption"
                                              component="div"
                                              color="textSecondary"
                                            >
                                              {mensajes.mapaSoloPago}
                                            </Typography>
                                          )}
                                        </Box>
                                      </MenuItem>
                                    );
                                  })}
                                </TextField>
                              )}
                            />
                          </Grid>
                          <Grid size={{ xs: 12, sm: 6 }}>
                            <TextField
                              label={mensajes.nombreWidget}
                              fullWidth
                              {...form.register(`shadows.${index}.nombre`)}
                              error={Boolean(shadowErrors?.nombre)}
                              helperText={shadowErrors?.nombre?.message}
                            />
                          </Grid>
                          {needsRange && (
                            <>
                              <Grid size={{ xs: 6 }}>
                                <TextField
                                  label={mensajes.valorMinReferencia}
                                  fullWidth
                                  inputMode="decimal"
                                  {...form.register(`shadows.${index}.valorMinReferencia`)}
                                  error={Boolean(shadowErrors?.valorMinReferencia)}
                                  helperText={shadowErrors?.valorMinReferencia?.message}
                                />
                              </Grid>
                              <Grid size={{ xs: 6 }}>
                                <TextField
                                  label={mensajes.valorMaxReferencia}
                                  fullWidth
                                  inputMode="decimal"
                                  {...form.register(`shadows.${index}.valorMaxReferencia`)}
                                  error={Boolean(shadowErrors?.valorMaxReferencia)}
                                  helperText={shadowErrors?.valorMaxReferencia?.message}
                                />
                              </Grid>
                            </>
                          )}
                          {tipo === tiposWidget.grafico && (
                            <Grid size={{ xs: 6 }}>
                              <TextField
                                label={mensajes.cantidadHoras}
                                fullWidth
                                inputMode="numeric"
                                {...form.register(`shadows.${index}.cantidadHoras`)}
                                error={Boolean(shadowErrors?.cantidadHoras)}
                                helperText={shadowErrors?.cantidadHoras?.message}
                              />
                            </Grid>
                          )}
                        </Grid>
                      </Grid>
                      <Grid size={{ xs: 12, md: 4 }}>
                        <WidgetPreview tipo={tipo} shadow={shadows[index]} values={form.getValues()} />
                      </Grid>
                    </Grid>
                    {fields.length > 1 && (
                      <Box sx={{ textAlign: 'right', mt: 1 }}>
                        <Button
                          size="small"
                          color="error"
                          startIcon={<DeleteOutlineRoundedIcon />}
                          onClick={() => {
                            remove(index);
                            setTooManyWidgets(false);
                          }}
                        >
                          {mensajes.quitarWidget}
                        </Button>
                      </Box>
                    )}
                  </Paper>
                );
              })}
            </Stack>
          </DialogContent>
          <FormDialogActions isSaving={saving} onCancel={close} sx={{ px: 3, py: 2 }} />
        </form>
      </Dialog>
      <LicenceDialog
        open={licenceDenied}
        refusal={mensajes.licenciaSinSensores}
        onClose={() => {
          setLicenceDenied(false);
          close();
        }}
      />
    </>
  );
}

/** A live preview of the chosen widget with a sample value (spec 1 §9: previews use 0..100). */
function WidgetPreview({
  tipo,
  shadow,
  values,
}: {
  tipo: number;
  shadow: ShadowForm | undefined;
  values: EditorValues;
}) {
  if (
    !shadow ||
    !Number.isFinite(tipo) ||
    tipo <= 0 ||
    tipo === tiposWidget.mapa ||
    tipo === tiposWidget.grafico
  ) {
    return (
      <Box
        sx={{
          height: 160,
          borderRadius: 2,
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
          textAlign: 'center',
          px: 2,
        }}
      >
        <Typography variant="caption">{mensajes.vistaPrevia}</Typography>
      </Box>
    );
  }
  const min = Number(shadow.valorMinReferencia);
  const max = Number(shadow.valorMaxReferencia);
  const range =
    Number.isFinite(min) && Number.isFinite(max) && max > min ? { min, max } : { min: 0, max: 100 };
  const sample =
    tipo === tiposWidget.toggle
      ? values.valorEncendido || '1'
      : tipo === tiposWidget.texto
        ? mensajes.textoDeEjemplo
        : String(Math.round((range.min + (range.max - range.min) * 0.62) * 10) / 10);
  return (
    <Box
      sx={{ height: 160, borderRadius: 2, bgcolor: 'action.hover', p: 1 }}
      aria-label={mensajes.vistaPrevia}
    >
      <SensorWidget
        conectado
        sensor={{
          id: 0,
          idEquipo: 0,
          nombre: '',
          labelUsuario: values.labelUsuario,
          calibracion: 0,
          nombreNexo: '',
          tipoSensor: { id: Number(values.tipoSensor.id) || 0, descripcion: '' },
          tipoDato: { id: 1 },
          variableJson: null,
          variableLongitud: null,
          valorEncendido: values.valorEncendido || '1',
          valorApagado: values.valorApagado || '0',
          ultimoValor: sample,
          fechaUV: null,
          conectado: true,
          shadows: [],
        }}
        shadow={{
          id: 0,
          nombre: shadow.nombre,
          tipoWidget: { id: tipo },
          valorMinReferencia: range.min,
          valorMaxReferencia: range.max,
          cantidadHoras: 24,
        }}
      />
    </Box>
  );
}
