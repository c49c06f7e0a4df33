import { Box, Skeleton } from '@mui/material';
import { type Sensor, type Shadow, tiposSensor, tiposWidget } from '@nexo/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useAppConfig } from '../../../shared/hooks/useAppConfig';
import { useOnScreen } from '../../../shared/hooks/useOnScreen';
import { useHistorialWidget } from '../../history';
import { DimmerWidget } from './DimmerWidget';
import { LiquidLevelWidget } from './LiquidLevelWidget';
import { TextWidget } from './TextWidget';
import { ThermometerWidget } from './ThermometerWidget';
import { ToggleWidget } from './ToggleWidget';

// ECharts (gauge, chart) and Leaflet (map) download only when a widget that needs them is shown.
const ChartWidget = lazy(async () => ({ default: (await import('./ChartWidget')).ChartWidget }));
const GaugeWidget = lazy(async () => ({ default: (await import('./GaugeWidget')).GaugeWidget }));
const MapWidget = lazy(async () => ({ default: (await import('./MapWidget')).MapWidget }));

const placeholder = <Skeleton variant="rounded" sx={{ width: '100%', height: '100%', minHeight: 80 }} />;

/**
 * A lazily loaded widget: its code downloads only once the card is on (or near) the screen, so a
 * phone that shows the first widgets does not fetch the map library for one further down.
 */
function WidgetLoading({ children }: { children: ReactNode }) {
  const onScreen = useOnScreen();
  return (
    <Box ref={onScreen.ref} sx={{ width: '100%', height: '100%' }}>
      {onScreen.seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </Box>
  );
}

export interface SensorWidgetProps {
  sensor: Sensor;
  shadow: Shadow;
  conectado: boolean;
  /** Text-only mode for small cards (a toggle stays a toggle). */
  compact?: boolean;
  /** Sends a value to the sensor; without it the controls are read-only. */
  onSend?: (valor: string) => void;
}

/** The unit shown next to a value, from the sensor type. */
export function unidadDe(sensor: Pick<Sensor, 'tipoSensor'>): string | undefined {
  switch (sensor.tipoSensor.id) {
    case tiposSensor.temperatura:
    case tiposSensor.lm35:
    case tiposSensor.ds18b20:
      return '°C';
    case tiposSensor.humedad:
      return '%';
    default:
      return undefined;
  }
}

/** Picks the widget component for the shadow's widget type and feeds it the sensor's last value. */
export function SensorWidget({ sensor, shadow, conectado, compact = false, onSend }: SensorWidgetProps) {
  const numeric = {
    valor: sensor.ultimoValor,
    conectado,
    compact,
    valorMinReferencia: shadow.valorMinReferencia,
    valorMaxReferencia: shadow.valorMaxReferencia,
    variableJson: sensor.variableJson,
    unidad: unidadDe(sensor),
  };
  switch (shadow.tipoWidget.id) {
    case tiposWidget.toggle:
      return (
        <ToggleWidget
          valor={sensor.ultimoValor}
          conectado={conectado}
          valorEncendido={sensor.valorEncendido}
          valorApagado={sensor.valorApagado}
          onSend={onSend}
          compact={compact}
        />
      );
    case tiposWidget.tacometro:
      return (
        <WidgetLoading>
          <GaugeWidget {...numeric} />
        </WidgetLoading>
      );
    case tiposWidget.termometro:
      return <ThermometerWidget {...numeric} />;
    case tiposWidget.liquido:
      return <LiquidLevelWidget {...numeric} />;
    case tiposWidget.mapa:
      return <MapSensorWidget sensor={sensor} conectado={conectado} compact={compact} />;
    case tiposWidget.dimmer:
      return <DimmerWidget {...numeric} onSend={onSend} />;
    case tiposWidget.grafico:
      return <ChartSensorWidget sensor={sensor} shadow={shadow} conectado={conectado} compact={compact} />;
    default:
      return (
        <TextWidget
          valor={sensor.ultimoValor}
          conectado={conectado}
          compact={compact}
          unidad={unidadDe(sensor)}
        />
      );
  }
}

function MapSensorWidget({
  sensor,
  conectado,
  compact,
}: {
  sensor: Sensor;
  conectado: boolean;
  compact: boolean;
}) {
  const { tileUrl } = useAppConfig();
  return (
    <WidgetLoading>
      <MapWidget
        valor={sensor.ultimoValor}
        conectado={conectado}
        compact={compact}
        variableJson={sensor.variableJson}
        variableLongitud={sensor.variableLongitud}
        tileUrl={tileUrl}
      />
    </WidgetLoading>
  );
}

function ChartSensorWidget({
  sensor,
  shadow,
  conectado,
  compact,
}: {
  sensor: Sensor;
  shadow: Shadow;
  conectado: boolean;
  compact: boolean;
}) {
  const historial = useHistorialWidget(sensor.id, shadow.id, shadow.cantidadHoras, !compact);
  return (
    <WidgetLoading>
      <ChartWidget
        registros={historial.data}
        isLoading={historial.isLoading}
        conectado={conectado}
        compact={compact}
        valor={sensor.ultimoValor}
        variableJson={sensor.variableJson}
        valorMinReferencia={shadow.valorMinReferencia}
        valorMaxReferencia={shadow.valorMaxReferencia}
        unidad={unidadDe(sensor)}
      />
    </WidgetLoading>
  );
}
