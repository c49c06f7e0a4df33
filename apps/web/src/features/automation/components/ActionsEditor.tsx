import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type AccionEventoInput,
  type ContextoAcciones,
  canalesNotificacion,
  type ListadoGeneralEvento,
  mensajes,
  tiposAccionColectiva,
  tiposAccionEvento,
} from '@nexo/contracts';
import type { FieldErrors } from './formErrors';

type Catalogos = Omit<ListadoGeneralEvento, 'status'>;

/** A new action of the given type, with every list empty. */
export function nuevaAccion(tipo: number = tiposAccionEvento.notificacion): AccionEventoInput {
  return {
    tipoAccion: { id: tipo },
    tiposNotificaciones: [],
    tiposInformaciones: [],
    sensores: [],
    accionesColectivas: [],
    tipoAccionColectiva:
      tipo === tiposAccionEvento.accionPropia ? { id: tiposAccionColectiva.prender } : null,
    valor: null,
    minutosEspera: null,
  };
}

function CheckList({
  label,
  options,
  selected,
  onChange,
  error,
  disabled = () => false,
  hint,
}: {
  label: string;
  options: readonly { id: number; descripcion: string }[];
  selected: readonly number[];
  onChange: (next: number[]) => void;
  error?: string | undefined;
  disabled?: (id: number) => boolean;
  hint?: (id: number) => string | undefined;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" error={error !== undefined} sx={{ fontSize: 14 }}>
        {label}
      </FormLabel>
      <FormGroup row>
        {options.map((o) => {
          const control = (
            <FormControlLabel
              key={o.id}
              disabled={disabled(o.id)}
              control={
                <Checkbox
                  size="small"
                  checked={selected.includes(o.id)}
                  onChange={(_, checked) =>
                    onChange(checked ? [...selected, o.id] : selected.filter((id) => id !== o.id))
                  }
                />
              }
              label={o.descripcion}
            />
          );
          const text = hint?.(o.id);
          return text ? (
            <Tooltip key={o.id} title={text}>
              <span>{control}</span>
            </Tooltip>
          ) : (
            control
          );
        })}
      </FormGroup>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/**
 * The actions of an event or a program task (spec 2 §3, §5 step 3): notification channels (the
 * Telegram bot disabled until the user linked it) and, for scheduled events, the information
 * and sensors to report; collective actions; or an own action (a type and sensors). Automatic
 * events ask for the cooldown in minutes. Errors come keyed as 'acciones.{i}.{campo}'.
 */
export function ActionsEditor({
  acciones,
  onChange,
  contexto,
  catalogos,
  permiteAccionPropia,
  errors,
  base = 'acciones',
}: {
  acciones: AccionEventoInput[];
  onChange: (next: AccionEventoInput[]) => void;
  contexto: ContextoAcciones;
  catalogos: Catalogos;
  permiteAccionPropia: boolean;
  errors: FieldErrors;
  base?: string;
}) {
  const update = (i: number, patch: Partial<AccionEventoInput>) =>
    onChange(acciones.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const sensorLabel = (s: { labelUsuario: string; nombreEquipo: string }) =>
    `${s.labelUsuario} · ${s.nombreEquipo}`;
  const tiposColectiva = catalogos.tiposAccionColectiva.filter(
    (t) => t.id !== tiposAccionColectiva.propia || permiteAccionPropia,
  );

  return (
    <Stack spacing={2}>
      {errors[base] && <FormHelperText error>{errors[base]}</FormHelperText>}
      {acciones.map((accion, i) => {
        const err = (campo: string) => errors[`${base}.${i}.${campo}`];
        const tipo = Number(accion.tipoAccion.id);
        const propia = Number(accion.tipoAccionColectiva?.id) === tiposAccionColectiva.propia;
        const sensorOptions = catalogos.sensores.filter(
          (s) => tipo !== tiposAccionEvento.accionPropia || propia || s.interruptor,
        );
        const selectedSensors = sensorOptions.filter((s) =>
          (accion.sensores ?? []).map(Number).includes(s.id),
        );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: unsaved actions have no id; their position is their identity
          <Paper key={i} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Acción ${i + 1}`}>
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  select
                  size="small"
                  label={mensajes.tipoAccion}
                  value={tipo}
                  onChange={(e) => {
                    const next = nuevaAccion(Number(e.target.value));
                    update(i, { ...next, minutosEspera: accion.minutosEspera });
                  }}
                  sx={{ flex: 1 }}
                >
                  {catalogos.tiposAccion.map((t) => (
                    <MenuItem key={t.id} value={t.id}>
                      {t.descripcion}
                    </MenuItem>
                  ))}
                </TextField>
                <Tooltip title={mensajes.eliminar}>
                  <IconButton
                    aria-label={`${mensajes.eliminar} acción ${i + 1}`}
                    onClick={() => onChange(acciones.filter((_, j) => j !== i))}
                  >
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>

              {tipo === tiposAccionEvento.notificacion && (
                <>
                  <CheckList
                    label="Notificar por"
                    options={catalogos.tiposNotificaciones}
                    selected={(accion.tiposNotificaciones ?? []).map(Number)}
                    onChange={(next) => update(i, { tiposNotificaciones: next })}
                    error={err('tiposNotificaciones')}
                    disabled={(id) => id === canalesNotificacion.telegram && !catalogos.telegramVinculado}
                    hint={(id) =>
                      id === canalesNotificacion.telegram && !catalogos.telegramVinculado
                        ? mensajes.telegramSinVincular
                        : undefined
                    }
                  />
                  {contexto === 'programado' && (
                    <CheckList
                      label="Información a enviar"
                      options={catalogos.tiposInformaciones}
                      selected={(accion.tiposInformaciones ?? []).map(Number)}
                      onChange={(next) => update(i, { tiposInformaciones: next })}
                      error={err('tiposInformaciones')}
                    />
                  )}
                </>
              )}

              {tipo === tiposAccionEvento.accionColectiva &&
                (catalogos.accionesColectivas.length === 0 ? (
                  <Typography color="textSecondary">{mensajes.sinAccionesAutomaticas}</Typography>
                ) : (
                  <Autocomplete
                    multiple
                    options={catalogos.accionesColectivas}
                    getOptionLabel={(o) => o.nombre}
                    value={catalogos.accionesColectivas.filter((a) =>
                      (accion.accionesColectivas ?? []).map(Number).includes(a.id),
                    )}
                    onChange={(_, next) => update(i, { accionesColectivas: next.map((a) => a.id) })}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={mensajes.misAcciones}
                        error={err('accionesColectivas') !== undefined}
                        helperText={err('accionesColectivas')}
                      />
                    )}
                  />
                ))}

              {tipo === tiposAccionEvento.accionPropia && (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    select
                    size="small"
                    label={mensajes.tipoAccion}
                    value={accion.tipoAccionColectiva?.id ?? ''}
                    onChange={(e) =>
                      update(i, { tipoAccionColectiva: { id: Number(e.target.value) }, sensores: [] })
                    }
                    error={err('tipoAccionColectiva') !== undefined}
                    helperText={err('tipoAccionColectiva')}
                    sx={{ minWidth: 180 }}
                  >
                    {tiposColectiva.map((t) => (
                      <MenuItem key={t.id} value={t.id}>
                        {t.descripcion}
                      </MenuItem>
                    ))}
                  </TextField>
                  {propia && (
                    <TextField
                      size="small"
                      label={mensajes.valorAEnviar}
                      value={accion.valor ?? ''}
                      onChange={(e) => update(i, { valor: e.target.value })}
                      error={err('valor') !== undefined}
                      helperText={err('valor')}
                    />
                  )}
                </Stack>
              )}

              {(tipo === tiposAccionEvento.accionPropia ||
                (tipo === tiposAccionEvento.notificacion && contexto === 'programado')) && (
                <Autocomplete
                  multiple
                  options={sensorOptions}
                  getOptionLabel={sensorLabel}
                  value={selectedSensors}
                  onChange={(_, next) => update(i, { sensores: next.map((s) => s.id) })}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={mensajes.sensoresDeLaAccion}
                      error={err('sensores') !== undefined}
                      helperText={err('sensores')}
                    />
                  )}
                />
              )}

              {contexto === 'automatico' && (
                <TextField
                  size="small"
                  label={mensajes.minutosEspera}
                  value={accion.minutosEspera ?? ''}
                  onChange={(e) => update(i, { minutosEspera: e.target.value })}
                  error={err('minutosEspera') !== undefined}
                  helperText={err('minutosEspera') ?? 'Tiempo mínimo entre dos disparos de esta acción.'}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  sx={{ maxWidth: 240 }}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<AddRoundedIcon />} onClick={() => onChange([...acciones, nuevaAccion()])}>
          {mensajes.agregarAccion}
        </Button>
      </Box>
    </Stack>
  );
}
