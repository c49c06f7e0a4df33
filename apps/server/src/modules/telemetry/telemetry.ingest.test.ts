import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createDevice, createSensor, createUser } from '../../test/factories.js';
import { engines, type TestApp, useTestApp } from '../../test/helpers.js';
import { historyServiceFor } from '../../test/history-fixtures.js';
import { createTelemetryDirectory, type TelemetryDirectory } from '../devices/index.js';
import { createLocalHub } from '../realtime/index.js';
import { createLookupCache } from './telemetry.cache.js';
import { createIngest } from './telemetry.ingest.js';

const text = (value: string) => new TextEncoder().encode(value);

async function deviceWithSensor(t: TestApp) {
  const owner = await createUser(t);
  const device = await createDevice(t, owner);
  const sensor = await createSensor(t, device, { ultimoValor: '1' });
  return { device, sensor };
}

async function storedState(t: TestApp, sensorId: number) {
  const readings = await t.db
    .selectFrom('readings')
    .select(['valor', 'ts'])
    .where('sensor_id', '=', sensorId)
    .orderBy('ts')
    .execute();
  const last = await t.db
    .selectFrom('sensors')
    .select(['ultimo_valor', 'fecha_uv'])
    .where('id', '=', sensorId)
    .executeTakeFirstOrThrow();
  return { readings: readings.map((r) => r.valor), ultimoValor: last.ultimo_valor, fechaUV: last.fecha_uv };
}

describe.each(engines)('ingest: readings and last values commit together (%s)', (engine) => {
  const t = useTestApp(engine);

  function ingestWith(directory: TelemetryDirectory) {
    return createIngest({
      directory,
      sink: historyServiceFor(t),
      hub: createLocalHub(),
      log: pino({ level: 'silent' }),
    });
  }

  it("a committed batch holds its readings and the newest one as the sensor's last value", async () => {
    const { device, sensor } = await deviceWithSensor(t);
    const repository = createTelemetryDirectory(t.db);
    const entry = await createLookupCache(repository).byApikey(device.apikey);
    if (!entry) throw new Error('sin equipo');
    const ingest = ingestWith(repository);
    const base = Date.now();
    // Out of order within the batch: the newest timestamp wins, not the last arrival.
    const results = await Promise.all([
      ingest.accept(entry, sensor.nombreNexo, text('20'), base + 1),
      ingest.accept(entry, sensor.nombreNexo, text('22'), base + 3),
      ingest.accept(entry, sensor.nombreNexo, text('21'), base + 2),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await storedState(t, sensor.id)).toEqual({
      readings: ['20', '21', '22'],
      ultimoValor: '22',
      fechaUV: base + 3,
    });
  });

  it('when the last value cannot be written, the readings roll back too and the values are refused', async () => {
    const { device, sensor } = await deviceWithSensor(t);
    const real = createTelemetryDirectory(t.db);
    // Writes the last value in the batch's transaction, then fails: as a crash between the two would.
    // (Given only as code, it takes PostgreSQL's transaction too, not the single statement.)
    const failing: TelemetryDirectory = {
      ...real,
      lastValuesWrite(values) {
        return {
          async within(trx) {
            await real.updateLastValues(values, trx);
            throw new Error('fallo simulado tras el último valor');
          },
        };
      },
    };
    const entry = await createLookupCache(real).byApikey(device.apikey);
    if (!entry) throw new Error('sin equipo');
    const before = await storedState(t, sensor.id);
    const ingest = ingestWith(failing);
    await expect(ingest.accept(entry, sensor.nombreNexo, text('30'), Date.now())).rejects.toThrow(
      'fallo simulado',
    );
    expect(await storedState(t, sensor.id)).toEqual(before);
    expect(before.readings).toEqual([]);
    expect(before.ultimoValor).toBe('1');

    // The device resends (no PUBACK was sent): with a healthy store both land together.
    const healthy = ingestWith(real);
    await healthy.accept(entry, sensor.nombreNexo, text('30'), Date.now());
    expect(await storedState(t, sensor.id)).toMatchObject({ readings: ['30'], ultimoValor: '30' });
  });
});
