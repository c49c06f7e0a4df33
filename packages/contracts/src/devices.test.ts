import { describe, expect, it } from 'vitest';
import { SensorSaveInputSchema } from './devices.js';
import { mensajes } from './messages.js';

const base = {
  idEquipo: 1,
  labelUsuario: 'Temperatura',
  calibracion: 0,
  nombreNexo: 'temperatura',
  tipoSensor: { id: 1 },
  tipoDato: { id: 1 },
  shadows: [{ nombre: 'Termo', tipoWidget: { id: 3 }, valorMinReferencia: 0, valorMaxReferencia: 50 }],
};

function firstMessage(input: unknown): { path: string; message: string } | null {
  const r = SensorSaveInputSchema.safeParse(input);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { path: issue?.path.join('.') ?? '', message: issue?.message ?? '' };
}

describe('SensorSaveInputSchema', () => {
  it('accepts a valid sensor and fills widget defaults', () => {
    const r = SensorSaveInputSchema.parse(base);
    expect(r.shadows[0]?.cantidadHoras).toBe(24);
  });

  it.each([
    ['label too short', { labelUsuario: 'a' }, 'labelUsuario', mensajes.muyCorto],
    ['label missing', { labelUsuario: '' }, 'labelUsuario', mensajes.requerido],
    ['label too long', { labelUsuario: 'a'.repeat(101) }, 'labelUsuario', mensajes.max100],
    ['calibration not numeric', { calibracion: 'x' }, 'calibracion', mensajes.soloNumerosEnteros],
    ['calibration empty', { calibracion: '' }, 'calibracion', mensajes.soloNumerosEnteros],
    ['topic with space', { nombreNexo: 'a b' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
    ['topic with slash', { nombreNexo: 'a/b' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
    ['topic with #', { nombreNexo: 'a#' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
    ['topic with +', { nombreNexo: 'a+' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
    ['topic with $', { nombreNexo: '$a' }, 'nombreNexo', mensajes.topicCaracteresInvalidos],
    ['no widgets', { shadows: [] }, 'shadows', mensajes.min1Widget],
    [
      'three widgets',
      { shadows: [base.shadows[0], base.shadows[0], base.shadows[0]] },
      'shadows',
      mensajes.max2Widgets,
    ],
    [
      'gauge without min',
      { shadows: [{ nombre: 'Gauge', tipoWidget: { id: 2 }, valorMaxReferencia: 10 }] },
      'shadows.0.valorMinReferencia',
      mensajes.requerido,
    ],
    [
      'min not below max',
      {
        shadows: [{ nombre: 'Gauge', tipoWidget: { id: 2 }, valorMinReferencia: 10, valorMaxReferencia: 10 }],
      },
      'shadows.0.valorMaxReferencia',
      mensajes.maxMayorQueMin,
    ],
    [
      'map with plain data',
      { shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 } }], variableJson: 'lat', variableLongitud: 'lng' },
      'tipoDato',
      mensajes.mapaRequiereJson,
    ],
    [
      'map without longitude variable',
      { tipoDato: { id: 2 }, variableJson: 'lat', shadows: [{ nombre: 'Mapa', tipoWidget: { id: 6 } }] },
      'variableLongitud',
      mensajes.requerido,
    ],
    ['JSON without variable', { tipoDato: { id: 2 } }, 'variableJson', mensajes.requerido],
    [
      'toggle without on value',
      { valorApagado: '0', shadows: [{ nombre: 'Toggle', tipoWidget: { id: 1 } }] },
      'valorEncendido',
      mensajes.requerido,
    ],
    [
      'toggle off value too long',
      {
        valorEncendido: '1',
        valorApagado: 'x'.repeat(51),
        shadows: [{ nombre: 'Toggle', tipoWidget: { id: 1 } }],
      },
      'valorApagado',
      mensajes.max50Nombre,
    ],
  ])('rejects %s', (_name, patch, path, message) => {
    expect(firstMessage({ ...base, ...patch })).toEqual({ path, message });
  });

  it('accepts map, chart, toggle and text without min/max', () => {
    const r = SensorSaveInputSchema.safeParse({
      ...base,
      tipoDato: { id: 2 },
      variableJson: 'lat',
      variableLongitud: 'lng',
      shadows: [
        { nombre: 'Mapa', tipoWidget: { id: 6 } },
        { nombre: 'Texto', tipoWidget: { id: 5 } },
      ],
    });
    expect(r.success).toBe(true);
  });

  it('accepts numeric strings from form inputs', () => {
    const r = SensorSaveInputSchema.parse({
      ...base,
      calibracion: '1.5',
      shadows: [
        { nombre: 'Termo', tipoWidget: { id: '3' }, valorMinReferencia: '0', valorMaxReferencia: '40' },
      ],
    });
    expect(r.calibracion).toBe(1.5);
    expect(r.shadows[0]?.valorMaxReferencia).toBe(40);
  });
});
