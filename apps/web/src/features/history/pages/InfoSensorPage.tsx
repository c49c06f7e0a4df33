import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES, type PickersLocaleText } from '@mui/x-date-pickers/locales';
import {
  HorasHistorialSchema,
  mensajes,
  rangosHistorial,
  readCoordinates,
  readNumeric,
  rolesEquipo,
  type Sensor,
} from '@nexo/contracts';
import { isValid, startOfDay } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/httpClient';
import { useAppConfig } from '../../../shared/hooks/useAppConfig';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { PageTabs } from '../../../shared/ui/PageTabs';
import { useAlerts } from '../../../shared/ui/useAlerts';
import { enviarValor, SensorWidget, unidadDe, useEquipo } from '../../devices';
import { downloadCsv, useGrafico, useInfoSensor, useRuta } from '../api/historyApi';
import { HistoryChart, type LivePoint } from '../components/HistoryChart';
import { HistoryList } from '../components/HistoryList';
import { RouteMap } from '../components/RouteMap';
import { currentValueText } from '../currentValue';
import { includesNow, pickerDays, type Rango, toParams } from '../range';
import { isMapSensor, isTextSensor } from '../sensorKind';

const coordinateFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 5 });

type QuickTipo =
  | typeof rangosHistorial.ultimas24h
  | typeof rangosHistorial.ultimas72h
  | typeof rangosHistorial.mensual;

/** The pickers' own texts (buttons, screen-reader labels) in Spanish, not "Choose date…". */
const pickerTextsEs = esES.components.MuiLocalizationProvider.defaultProps
  .localeText as Partial<PickersLocaleText>;

/**
 * /home/infoSensor?id= : the sensor's history (spec 1 §2 "Sensor history screen"). The date
 * pickers' adapter and Spanish locale load with this page, not with the app shell.
 */
export function InfoSensorPage() {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={es} localeText={pickerTextsEs}>
      <InfoSensorScreen />
    </LocalizationProvider>
  );
}

function InfoSensorScreen() {
  const [params] = useSearchParams();
  const idSensor = Number(params.get('id'));
  const valid = Number.isInteger(idSensor) && idSensor > 0;
  const info = useInfoSensor(valid ? idSensor : 0);

  if (!valid) return <Navigate to="/home/listaEquipo" replace />;
  if (info.isError) {
    // Unknown sensor, or one the user has no access to (spec 1 §2).
    if (isApiError(info.error) && info.error.status >= 400 && info.error.status < 500) {
      return <Navigate to="/home/listaEquipo" replace />;
    }
    return (
      <Alert severity="error">{isApiError(info.error) ? info.error.mensaje : mensajes.errorGenerico}</Alert>
    );
  }
  if (!info.data) return <PageLoader />;
  return (
    <InfoSensorContent
      idSensor={idSensor}
      idEquipo={info.data.idEquipo}
      idRol={info.data.idRol}
      initial={info.data.sensor}
    />
  );
}

function InfoSensorContent({
  idSensor,
  idEquipo,
  idRol,
  initial,
}: {
  idSensor: number;
  idEquipo: number;
  idRol: number;
  initial: Sensor;
}) {
  const navigate = useNavigate();
  const alerts = useAlerts();
  const { tileUrl, tileAttribution } = useAppConfig();
  // The device entry is what the live channel patches: the sensor's last value and state come from it.
  const equipo = useEquipo(idEquipo);
  const sensor = equipo.data?.sensores.find((s) => s.id === idSensor) ?? initial;
  const conectado = equipo.data ? sensor.conectado && equipo.data.conectado : sensor.conectado;
  const shadow = sensor.shadows[0];
  const mapa = isMapSensor(sensor);
  // Text values cannot be plotted: the Gráfico tab says so instead of claiming there are no records.
  const texto = isTextSensor(sensor);
  const unidad = unidadDe(sensor);

  const [rango, setRango] = useState<Rango>({ tipo: rangosHistorial.ultimas24h });
  // The pickers always show the active range's days; editing them and pressing Filtrar makes it custom.
  const [desde, setDesde] = useState<Date | null>(() => pickerDays(rango).desde);
  const [hasta, setHasta] = useState<Date | null>(() => pickerDays(rango).hasta);
  const [tab, setTab] = useState<'listado' | 'grafico'>('grafico');
  const [horasTexto, setHorasTexto] = useState('');
  const [exporting, setExporting] = useState(false);
  const rangoParams = useMemo(() => toParams(rango), [rango]);
  const live = includesNow(rango);

  const horas = horasTexto.trim() === '' ? undefined : HorasHistorialSchema.safeParse(horasTexto.trim());
  const horasError = horas !== undefined && !horas.success;
  const cantidadHoras = horas?.success ? horas.data : undefined;

  const grafico = useGrafico(idSensor, rangoParams, cantidadHoras, tab === 'grafico' && !mapa && !texto);
  const ruta = useRuta(idSensor, rangoParams, tab === 'grafico' && mapa);

  // Live values: appended to the chart while the range reaches the present.
  const [livePoints, setLivePoints] = useState<LivePoint[]>([]);
  // Points older than the last fetched bucket are dropped by the chart itself.
  const { fechaUV, ultimoValor, variableJson } = sensor;
  useEffect(() => {
    if (!live || fechaUV === null) return;
    const value = readNumeric(ultimoValor, variableJson).value;
    if (value === null) return;
    setLivePoints((points) =>
      points.some((p) => p.ts === fechaUV) ? points : [...points, { ts: fechaUV, value }].slice(-2000),
    );
  }, [live, fechaUV, ultimoValor, variableJson]);

  const datesInvalid = !desde || !hasta || !isValid(desde) || !isValid(hasta);
  const datesReversed = !datesInvalid && startOfDay(desde) > startOfDay(hasta);
  const loading = grafico.isFetching || ruta.isFetching;

  const chooseQuick = (tipo: QuickTipo | null) => {
    if (tipo === null) return;
    const next: Rango = { tipo };
    const days = pickerDays(next);
    setRango(next);
    setDesde(days.desde);
    setHasta(days.hasta);
  };
  const filtrar = () => {
    if (datesInvalid || datesReversed || !desde || !hasta) return;
    setRango({ tipo: rangosHistorial.fechas, desde: startOfDay(desde), hasta: startOfDay(hasta) });
  };
  const exportar = async () => {
    setExporting(true);
    try {
      await downloadCsv([idSensor], rangoParams);
    } catch (error) {
      alerts.error(error);
    } finally {
      setExporting(false);
    }
  };
  const send = async (valor: string) => {
    try {
      await enviarValor(idSensor, valor);
    } catch (error) {
      alerts.error(error);
    }
  };

  const valorActual = currentValueText(sensor.ultimoValor, sensor.variableJson);
  const coordenadas = mapa
    ? readCoordinates(sensor.ultimoValor, sensor.variableJson, sensor.variableLongitud)
    : null;
  const posicionActual = coordenadas
    ? `${coordinateFormat.format(coordenadas.lat)}, ${coordinateFormat.format(coordenadas.lng)}`
    : mensajes.sinDatos;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tooltip title={mensajes.volver}>
          <IconButton
            aria-label={mensajes.volver}
            onClick={() => navigate(`/home/listaEquipo?id=${idEquipo}`)}
          >
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h5" component="h1" data-testid="history-sensor-label">
          {sensor.labelUsuario}
        </Typography>
        <Chip size="small" label={sensor.tipoSensor.descripcion} variant="outlined" />
        <Chip
          size="small"
          color={conectado ? 'success' : 'default'}
          data-testid="history-current-value"
          label={`${mensajes.historialValorActual}: ${mapa ? posicionActual : valorActual}${
            unidad && sensor.ultimoValor ? ` ${unidad}` : ''
          }`}
        />
        {!conectado && <Chip size="small" color="warning" label={mensajes.sinConexion} />}
      </Stack>

      {shadow && (
        <Card variant="outlined" sx={{ width: 250, maxWidth: '100%' }}>
          <CardContent sx={{ height: 160, p: 1, '&:last-child': { pb: 1 } }}>
            <SensorWidget
              sensor={sensor}
              shadow={shadow}
              conectado={conectado}
              onSend={(valor) => void send(valor)}
            />
          </CardContent>
        </Card>
      )}

      {/* The filters wrap as whole controls: no label breaks inside ('24 h', 'Exportar CSV'). */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        useFlexGap
        sx={{
          gap: 2,
          flexWrap: 'wrap',
          alignItems: { sm: 'center' },
          '& .MuiButton-root, & .MuiToggleButton-root': { whiteSpace: 'nowrap', flexShrink: 0 },
          '& .MuiFormControl-root': { width: { sm: 180 } },
        }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={rango.tipo === rangosHistorial.fechas ? null : rango.tipo}
          onChange={(_e, value: QuickTipo | null) => chooseQuick(value)}
          aria-label="Rango"
        >
          <ToggleButton value={rangosHistorial.ultimas24h}>{mensajes.historial24h}</ToggleButton>
          <ToggleButton value={rangosHistorial.ultimas72h}>{mensajes.historial72h}</ToggleButton>
          <ToggleButton value={rangosHistorial.mensual}>{mensajes.historialMensual}</ToggleButton>
        </ToggleButtonGroup>
        <DatePicker
          label={mensajes.historialDesde}
          format="dd/MM/yyyy"
          value={desde}
          onChange={(value) => setDesde(value)}
          slotProps={{ textField: { size: 'small', name: 'fechaDesde' } }}
        />
        <DatePicker
          label={mensajes.historialHasta}
          format="dd/MM/yyyy"
          value={hasta}
          onChange={(value) => setHasta(value)}
          slotProps={{
            textField: {
              size: 'small',
              name: 'fechaHasta',
              error: datesReversed,
              helperText: datesReversed ? mensajes.rangoFechasInvalido : undefined,
            },
          }}
        />
        <Button variant="contained" onClick={filtrar} disabled={datesInvalid || datesReversed}>
          {mensajes.historialFiltrar}
        </Button>
        {loading && <CircularProgress size={24} aria-label="Cargando" />}
        {/* The CSV of the chosen range, from either tab. */}
        <Button
          variant="outlined"
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
          onClick={exportar}
          disabled={exporting}
          sx={{ ml: { sm: 'auto' } }}
        >
          {mensajes.historialExportarCsv}
        </Button>
      </Stack>

      <PageTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'listado', label: mensajes.historialListado },
          { value: 'grafico', label: mensajes.historialGrafico },
        ]}
        sx={{ mb: 0 }}
      />

      {tab === 'listado' && (
        <HistoryList
          idSensor={idSensor}
          rango={rangoParams}
          puedeEliminar={idRol === rolesEquipo.propietario}
          sensor={sensor}
        />
      )}

      {tab === 'grafico' && (
        <Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
          >
            {!mapa && !texto && (
              <TextField
                size="small"
                label={mensajes.historialHoras}
                value={horasTexto}
                onChange={(e) => setHorasTexto(e.target.value)}
                placeholder={shadow ? String(shadow.cantidadHoras) : '24'}
                error={horasError}
                helperText={horasError ? mensajes.horasInvalidas : mensajes.historialHorasAyuda}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': mensajes.historialHoras } }}
                sx={{ width: { xs: '100%', sm: 320 } }}
              />
            )}
          </Stack>
          {mapa ? (
            <MapPanel ruta={ruta} tileUrl={tileUrl} attribution={tileAttribution} />
          ) : texto ? (
            <Alert
              severity="info"
              data-testid="history-chart-not-numeric"
              action={
                <Button color="inherit" size="small" onClick={() => setTab('listado')}>
                  {mensajes.historialVerListado}
                </Button>
              }
            >
              {mensajes.historialGraficoSoloNumericos}
            </Alert>
          ) : grafico.isError ? (
            <Alert severity="error">
              {isApiError(grafico.error) ? grafico.error.mensaje : mensajes.errorGenerico}
            </Alert>
          ) : grafico.data && grafico.data.puntos.length === 0 && livePoints.length === 0 ? (
            <Alert severity="info">{mensajes.noHayRegistrosRango}</Alert>
          ) : grafico.data ? (
            <HistoryChart puntos={grafico.data.puntos} live={live ? livePoints : []} unidad={unidad} />
          ) : (
            <PageLoader />
          )}
        </Box>
      )}
    </Stack>
  );
}

function MapPanel({
  ruta,
  tileUrl,
  attribution,
}: {
  ruta: ReturnType<typeof useRuta>;
  tileUrl: string;
  attribution: string;
}) {
  if (ruta.isError) {
    const mensaje = isApiError(ruta.error) ? ruta.error.mensaje : mensajes.errorArmandoMapa;
    return (
      <Alert severity="warning" data-testid="history-route-message">
        {mensaje}
      </Alert>
    );
  }
  if (!ruta.data) return <PageLoader />;
  return <RouteMap ruta={ruta.data} tileUrl={tileUrl} attribution={attribution} />;
}
