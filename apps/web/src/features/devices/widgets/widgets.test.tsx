import { mensajes, type Sensor, type Shadow } from '@nexo/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sensorDePrueba } from '../../../test/devices';
import { renderWidget } from '../test/renderWidget';
import { ChartWidget } from './ChartWidget';
import { DimmerWidget } from './DimmerWidget';
import { GaugeWidget } from './GaugeWidget';
import { LiquidLevelWidget } from './LiquidLevelWidget';
import { MapWidget } from './MapWidget';
import { SensorWidget } from './SensorWidget';
import { TextWidget } from './TextWidget';
import { ThermometerWidget } from './ThermometerWidget';
import { ToggleWidget } from './ToggleWidget';

const post = vi.fn();
vi.mock('../../../shared/api/httpClient', () => ({
  api: {
    get: vi.fn(() => Promise.reject(new Error('sin config'))),
    post: (...args: unknown[]) => post(...args),
  },
}));

afterEach(cleanup);

const range = { valorMinReferencia: 0, valorMaxReferencia: 50 };

describe('ThermometerWidget', () => {
  it('shows the value with its unit and the reference range', () => {
    renderWidget(<ThermometerWidget valor="21.5" conectado {...range} unidad="°C" />);
    expect(screen.getByRole('img', { name: '21,5°C' })).toBeInTheDocument();
    expect(screen.getByText(/Rango 0 – 50/)).toBeInTheDocument();
    expect(screen.getByTestId('termometro-columna')).toHaveAttribute('data-fraccion', '0.430');
  });

  it('clamps a value above the range to the top and flags it', () => {
    renderWidget(<ThermometerWidget valor="80" conectado {...range} />);
    expect(screen.getByTestId('termometro-columna')).toHaveAttribute('data-fraccion', '1.000');
    expect(screen.getByText(mensajes.fueraDeRango)).toBeInTheDocument();
    expect(screen.getByText('80')).toBeInTheDocument();
  });

  it('says the value is not numeric', () => {
    renderWidget(<ThermometerWidget valor="hola" conectado {...range} />);
    expect(screen.getByRole('alert')).toHaveTextContent(mensajes.valorNoNumerico);
  });

  it('is dimmed and marked disabled when not connected', () => {
    renderWidget(<ThermometerWidget valor="10" conectado={false} {...range} />);
    expect(screen.getByTestId('widget-termometro')).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows only the text in compact mode', () => {
    renderWidget(<ThermometerWidget valor="10" conectado compact {...range} unidad="°C" />);
    expect(screen.getByTestId('valor-compacto')).toHaveTextContent('10°C');
    expect(screen.queryByTestId('termometro-columna')).not.toBeInTheDocument();
  });
});

describe('LiquidLevelWidget', () => {
  it('fills the tank to the value position', () => {
    renderWidget(<LiquidLevelWidget valor="25" conectado {...range} />);
    expect(screen.getByTestId('liquido-nivel')).toHaveAttribute('data-fraccion', '0.500');
    expect(screen.getByRole('img', { name: '25 (50%)' })).toBeInTheDocument();
  });

  it('clamps a value below the range to empty', () => {
    renderWidget(<LiquidLevelWidget valor="-10" conectado {...range} />);
    expect(screen.getByTestId('liquido-nivel')).toHaveAttribute('data-fraccion', '0.000');
    expect(screen.getByText(mensajes.fueraDeRango)).toBeInTheDocument();
  });

  it('says the value is not numeric', () => {
    renderWidget(<LiquidLevelWidget valor="{roto" conectado {...range} />);
    expect(screen.getByText(mensajes.valorNoNumerico)).toBeInTheDocument();
  });

  it('is disabled when not connected', () => {
    renderWidget(<LiquidLevelWidget valor="5" conectado={false} {...range} />);
    expect(screen.getByTestId('widget-liquido')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('GaugeWidget', () => {
  it('draws the value on a gauge over the reference range', () => {
    renderWidget(<GaugeWidget valor="30" conectado {...range} />);
    expect(screen.getByTestId('aguja')).toHaveAttribute('data-valor', '30');
    expect(screen.getByText(/Rango 0 – 50/)).toBeInTheDocument();
  });

  it('stops the needle at the maximum for a value out of range', () => {
    renderWidget(<GaugeWidget valor="120" conectado {...range} />);
    expect(screen.getByTestId('aguja')).toHaveAttribute('data-valor', '50');
    expect(screen.getByText(mensajes.fueraDeRango)).toBeInTheDocument();
  });

  it('says the value is not numeric', () => {
    renderWidget(<GaugeWidget valor="abc" conectado {...range} />);
    expect(screen.getByText(mensajes.valorNoNumerico)).toBeInTheDocument();
    expect(screen.queryByTestId('aguja')).not.toBeInTheDocument();
  });

  it('is disabled when not connected', () => {
    renderWidget(<GaugeWidget valor="3" conectado={false} {...range} />);
    expect(screen.getByTestId('widget-tacometro')).toHaveAttribute('aria-disabled', 'true');
  });

  it('reads the field named by variableJson from a JSON value', () => {
    renderWidget(<GaugeWidget valor='{"temp": 12}' variableJson="temp" conectado {...range} />);
    expect(screen.getByTestId('aguja')).toHaveAttribute('data-valor', '12');
  });
});

describe('TextWidget', () => {
  it('shows any value as text', () => {
    renderWidget(<TextWidget valor="Puerta abierta" conectado />);
    expect(screen.getByTestId('valor-texto')).toHaveTextContent('Puerta abierta');
  });

  it('shows a long value without breaking the card', () => {
    renderWidget(<TextWidget valor={'x'.repeat(300)} conectado />);
    expect(screen.getByTestId('valor-texto')).toHaveAttribute('title', 'x'.repeat(300));
  });

  it('accepts a non-numeric value without complaint', () => {
    renderWidget(<TextWidget valor="abc" conectado />);
    expect(screen.queryByText(mensajes.valorNoNumerico)).not.toBeInTheDocument();
  });

  it('is disabled when not connected', () => {
    renderWidget(<TextWidget valor="ok" conectado={false} />);
    expect(screen.getByTestId('widget-texto')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('ToggleWidget', () => {
  it('is on when the value equals valorEncendido and sends valorApagado when switched off', () => {
    const onSend = vi.fn();
    renderWidget(
      <ToggleWidget valor="ON" conectado valorEncendido="ON" valorApagado="OFF" onSend={onSend} />,
    );
    const toggle = screen.getByRole('switch');
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(onSend).toHaveBeenCalledWith('OFF');
  });

  it('is off for any other value and sends valorEncendido', () => {
    const onSend = vi.fn();
    renderWidget(<ToggleWidget valor="7" conectado valorEncendido="ON" valorApagado="OFF" onSend={onSend} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(onSend).toHaveBeenCalledWith('ON');
  });

  it('is disabled when not connected', () => {
    const onSend = vi.fn();
    renderWidget(
      <ToggleWidget valor="ON" conectado={false} valorEncendido="ON" valorApagado="OFF" onSend={onSend} />,
    );
    expect(screen.getByRole('switch')).toBeDisabled();
  });
});

describe('DimmerWidget', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the last slider value once, 100 ms after the user stops', () => {
    const onSend = vi.fn();
    renderWidget(<DimmerWidget valor="10" conectado {...range} onSend={onSend} />);
    const slider = screen.getByRole('slider', { name: 'Dimmer' });
    expect(slider).toHaveValue('10');
    fireEvent.change(slider, { target: { value: 20 } });
    fireEvent.change(slider, { target: { value: 30 } });
    act(() => vi.advanceTimersByTime(99));
    expect(onSend).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('30');
  });

  it('places an out-of-range value at the end of the slider', () => {
    renderWidget(<DimmerWidget valor="90" conectado {...range} onSend={vi.fn()} />);
    expect(screen.getByRole('slider', { name: 'Dimmer' })).toHaveValue('50');
    expect(screen.getByText(mensajes.fueraDeRango)).toBeInTheDocument();
  });

  it('says the value is not numeric', () => {
    renderWidget(<DimmerWidget valor="medio" conectado {...range} onSend={vi.fn()} />);
    expect(screen.getByText(mensajes.valorNoNumerico)).toBeInTheDocument();
  });

  it('is disabled when not connected', () => {
    renderWidget(<DimmerWidget valor="5" conectado={false} {...range} onSend={vi.fn()} />);
    expect(screen.getByRole('slider', { name: 'Dimmer' })).toBeDisabled();
  });
});

describe('MapWidget', () => {
  const mapProps = {
    variableJson: 'lat',
    variableLongitud: 'lng',
    tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
  };

  it('puts a marker at the coordinates of the JSON value', () => {
    const { container } = renderWidget(
      <MapWidget valor='{"lat": -34.6, "lng": -58.38}' conectado {...mapProps} />,
    );
    expect(screen.getByTestId('mapa')).toHaveTextContent('-34,6, -58,38');
    expect(container.querySelector('.nexo-map-pin')).not.toBeNull();
  });

  it("says 'Error renderizando mapa' for coordinates out of range", () => {
    renderWidget(<MapWidget valor='{"lat": 123, "lng": -58}' conectado {...mapProps} />);
    expect(screen.getByRole('alert')).toHaveTextContent(mensajes.errorRenderizandoMapa);
  });

  it("says 'Error renderizando mapa' for a value that is not JSON coordinates", () => {
    renderWidget(<MapWidget valor="hola" conectado {...mapProps} />);
    expect(screen.getByText(mensajes.errorRenderizandoMapa)).toBeInTheDocument();
  });

  it('is disabled when not connected', () => {
    renderWidget(<MapWidget valor='{"lat": 1, "lng": 2}' conectado={false} {...mapProps} />);
    expect(screen.getByTestId('widget-mapa')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('ChartWidget', () => {
  const registros = [
    { fecha: 1_700_000_000_000, valor: '10' },
    { fecha: 1_700_000_060_000, valor: '80' },
    { fecha: 1_700_000_120_000, valor: 'x' },
  ];

  it('draws the numeric records and clamps those outside the range', () => {
    renderWidget(<ChartWidget registros={registros} conectado valor="80" {...range} />);
    expect(screen.getByTestId('grafico')).toHaveAttribute('data-puntos', '2');
    expect(screen.getByTestId('grafico')).toHaveAttribute(
      'data-serie',
      JSON.stringify([
        [1_700_000_000_000, 10],
        [1_700_000_060_000, 50],
      ]),
    );
  });

  it("says 'Sin registros' when there is no history", () => {
    renderWidget(<ChartWidget registros={[]} conectado valor={null} />);
    expect(screen.getByText(mensajes.sinRegistros)).toBeInTheDocument();
  });

  it('says the value is not numeric in the compact mode', () => {
    renderWidget(<ChartWidget registros={[]} conectado compact valor="abc" />);
    expect(screen.getByText(mensajes.valorNoNumerico)).toBeInTheDocument();
  });

  it('is disabled when not connected', () => {
    renderWidget(<ChartWidget registros={registros} conectado={false} valor="1" />);
    expect(screen.getByTestId('widget-grafico')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('SensorWidget', () => {
  const sensor: Sensor = sensorDePrueba(7, 3, {
    nombre: 'luz',
    labelUsuario: 'Luz del patio',
    nombreNexo: 'luz',
    tipoSensor: { id: 3, descripcion: 'Switch' },
    valorEncendido: '1',
    valorApagado: '0',
    ultimoValor: '1',
    conectado: true,
  });
  const shadow = (tipo: number): Shadow => ({
    id: 11,
    nombre: 'w',
    tipoWidget: { id: tipo },
    valorMinReferencia: 0,
    valorMaxReferencia: 50,
    cantidadHoras: 6,
  });

  it('keeps a toggle as a switch in compact mode', () => {
    renderWidget(<SensorWidget sensor={sensor} shadow={shadow(1)} conectado compact onSend={vi.fn()} />);
    expect(screen.getByRole('switch')).toBeChecked();
  });

  it('shows a numeric widget as text in compact mode', () => {
    renderWidget(
      <SensorWidget sensor={{ ...sensor, ultimoValor: '22' }} shadow={shadow(3)} conectado compact />,
    );
    expect(screen.getByTestId('valor-compacto')).toHaveTextContent('22');
  });

  it('asks the history service for the chart widget hours', async () => {
    post.mockResolvedValue({ status: 1, historial: [{ fecha: 1, valor: '3' }] });
    renderWidget(<SensorWidget sensor={sensor} shadow={shadow(8)} conectado />);
    const chart = await screen.findByTestId('grafico');
    expect(within(chart).getByRole('img', { name: 'Gráfico de 1 registros' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/sensor/historialWidget', {
      id: 7,
      shadow: { id: 11 },
      cantidadHoras: 6,
      hayAlgo: false,
    });
  });
});

describe('timeTicks', () => {
  it('puts round, distinct labels no closer than the spacing allows', async () => {
    const { timeTicks } = await import('./MiniLineChart');
    const { timeAxisFor } = await import('./ChartWidget');
    const t = new Date(2026, 10, 25, 7, 5, 30).getTime();
    const axis = timeAxisFor(t, t + 6 * 3_600_000);
    const ticks = timeTicks(t, t + 6 * 3_600_000, 300, axis.minInterval, axis.format);
    const labels = ticks.map((x) => x.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(ticks.length).toBeLessThanOrEqual(300 / 56);
    expect(labels[0]).toMatch(/^\d\d:00$/);
    // Five minutes of data on a wide card: one-minute steps at most, each label once.
    const short = timeTicks(t, t + 5 * 60_000, 800, 60_000, axis.format);
    expect(short.map((x) => x.label)).toEqual(['07:06', '07:07', '07:08', '07:09', '07:10']);
    // Two readings seconds apart: the time is still shown.
    expect(timeTicks(t, t + 5_000, 300, 60_000, axis.format).map((x) => x.label)).toEqual(['07:05']);
  });
});

describe('timeAxisFor', () => {
  it('labels short spans with 24 h hh:mm, one minute apart at least, and long spans with dates', async () => {
    const { timeAxisFor } = await import('./ChartWidget');
    const t = new Date(2026, 10, 25, 7, 5, 30).getTime();
    const short = timeAxisFor(t, t + 10 * 60_000);
    expect(short.minInterval).toBe(60_000);
    expect(short.format(t)).toBe('07:05');
    expect(short.format(new Date(2026, 10, 25, 19, 40).getTime())).toBe('19:40');
    const long = timeAxisFor(t, t + 5 * 86_400_000);
    expect(long.minInterval).toBe(86_400_000);
    expect(long.format(t)).toBe('25/11');
  });
});
