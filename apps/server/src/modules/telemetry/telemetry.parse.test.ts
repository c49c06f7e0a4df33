import { tiposDato } from '@nexo/contracts';
import { describe, expect, it } from 'vitest';
import type { SensorInfo } from '../devices/index.js';
import { MAX_PAYLOAD_BYTES, parseReading } from './telemetry.parse.js';

const base: SensorInfo = {
  id: 1,
  deviceId: 1,
  nombreNexo: 't',
  tipoSensorId: 1,
  tipoDato: tiposDato.plano,
  variableJson: null,
  variableLongitud: null,
  calibracion: 0,
  numerico: true,
  conectado: true,
};
const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('parseReading', () => {
  it('keeps a plain number as sent and its numeric value', () => {
    expect(parseReading(base, bytes('21.50'))).toEqual({ ok: true, valor: '21.50', valorNum: 21.5 });
  });

  it('adds the calibration to numbers without float noise', () => {
    expect(parseReading({ ...base, calibracion: 0.3 }, bytes('21.1'))).toEqual({
      ok: true,
      valor: '21.4',
      valorNum: 21.4,
    });
    expect(parseReading({ ...base, calibracion: -2 }, bytes('10'))).toEqual({
      ok: true,
      valor: '8',
      valorNum: 8,
    });
  });

  it('reads the variableJson field of a JSON sensor and calibrates it', () => {
    const sensor = { ...base, tipoDato: tiposDato.json, variableJson: 'temp', calibracion: 1 };
    expect(parseReading(sensor, bytes('{"temp": 20.5, "hum": 3}'))).toEqual({
      ok: true,
      valor: '21.5',
      valorNum: 21.5,
    });
    expect(parseReading(sensor, bytes('{"temp": "19"}'))).toEqual({ ok: true, valor: '20', valorNum: 20 });
  });

  it('stores a map value as the JSON of its two variables', () => {
    const sensor = {
      ...base,
      tipoDato: tiposDato.json,
      variableJson: 'la',
      variableLongitud: 'lo',
      numerico: false,
    };
    expect(parseReading(sensor, bytes('{"lo": -58.38, "la": -34.6, "alt": 5}'))).toEqual({
      ok: true,
      valor: '{"la":-34.6,"lo":-58.38}',
      valorNum: null,
    });
    expect(parseReading(sensor, bytes('{"la": 95, "lo": 0}'))).toEqual({ ok: false, reason: 'numero' });
    expect(parseReading(sensor, bytes('{"la": 1}'))).toEqual({ ok: false, reason: 'campo' });
  });

  it('accepts text in a non-numeric sensor and refuses it in a numeric one', () => {
    expect(parseReading({ ...base, numerico: false }, bytes('encendido'))).toEqual({
      ok: true,
      valor: 'encendido',
      valorNum: null,
    });
    expect(parseReading(base, bytes('encendido'))).toEqual({ ok: false, reason: 'numero' });
    expect(parseReading(base, bytes('12abc'))).toEqual({ ok: false, reason: 'numero' });
    expect(parseReading(base, bytes('NaN'))).toEqual({ ok: false, reason: 'numero' });
  });

  it('refuses oversized, non-UTF-8, broken JSON and missing fields', () => {
    const json = { ...base, tipoDato: tiposDato.json, variableJson: 'v' };
    expect(parseReading(base, Buffer.alloc(MAX_PAYLOAD_BYTES + 1, 0x31))).toEqual({
      ok: false,
      reason: 'tamano',
    });
    expect(parseReading(base, Buffer.from([0xff, 0xfe, 0x31]))).toEqual({ ok: false, reason: 'utf8' });
    expect(parseReading(json, bytes('{"v": 1'))).toEqual({ ok: false, reason: 'json' });
    expect(parseReading(json, bytes('[1]'))).toEqual({ ok: false, reason: 'json' });
    expect(parseReading(json, bytes('{"w": 1}'))).toEqual({ ok: false, reason: 'campo' });
    expect(parseReading(json, bytes('{"v": {"x": 1}}'))).toEqual({ ok: false, reason: 'campo' });
  });
});
