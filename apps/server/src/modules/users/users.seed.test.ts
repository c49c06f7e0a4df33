import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDb, engines, testConfig } from '../../test/helpers.js';
import { demoDevice, seedDemoDevice } from '../devices/index.js';
import { createLicensingService } from '../licensing/index.js';
import { createUsersService, findDemoUserId, verifyPassword } from './index.js';

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

describe.each(engines)('admin and demo seed (%s)', (engine) => {
  it('creates the admin with a random password logged once, and nothing more on the next start', async () => {
    const testDb = await createTestDb(engine);
    try {
      const first = capturingLogger();
      const config = testConfig();
      const app = await buildApp(config, { db: testDb.db, log: first.log, seedDemo: false });
      await app.close();
      const announced = first.lines.filter((l) => l.includes('Administrador creado'));
      expect(announced).toHaveLength(1);
      const password = /contraseña \\"([^"\\]+)\\"/.exec(announced[0] ?? '')?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(12);
      const admin = await testDb.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(admin.password_hash, password)).toBe(true);
      const roles = await testDb.db
        .selectFrom('user_roles')
        .select('rol')
        .where('user_id', '=', admin.id)
        .execute();
      expect(roles).toEqual([{ rol: 'ROLE_ADMIN' }]);

      const second = capturingLogger();
      const again = await buildApp(config, { db: testDb.db, log: second.log, seedDemo: false });
      await again.close();
      expect(second.lines.some((l) => l.includes('Administrador creado'))).toBe(false);
      const admins = await testDb.db
        .selectFrom('user_roles')
        .select('user_id')
        .where('rol', '=', 'ROLE_ADMIN')
        .execute();
      expect(admins).toHaveLength(1);
      const plans = await testDb.db.selectFrom('plans').select('id').execute();
      expect(plans).toHaveLength(5);
    } finally {
      await testDb.cleanup();
    }
  });

  it('uses ADMIN_* when given, and seeds the demo user with a Full licence in demo mode', async () => {
    const testDb = await createTestDb(engine);
    try {
      const config = testConfig(
        {},
        { ADMIN_USERNAME: 'jefa', ADMIN_PASSWORD: 'Jefa12345', ADMIN_EMAIL: 'jefa@nexo.test' },
      );
      const app = await buildApp(config, { db: testDb.db, log: pino({ level: 'silent' }), seedDemo: true });
      await app.close();
      const admin = await testDb.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'jefa')
        .executeTakeFirstOrThrow();
      expect(admin.mail).toBe('jefa@nexo.test');
      expect(await verifyPassword(admin.password_hash, 'Jefa12345')).toBe(true);

      const demoId = await findDemoUserId(testDb.db);
      expect(demoId).not.toBeNull();
      const demo = await testDb.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', demoId ?? 0)
        .executeTakeFirstOrThrow();
      expect(demo).toMatchObject({ username: 'demo', mail: 'demo@nexo.local', mail_validado: 1 });
      expect(await verifyPassword(demo.password_hash, 'Demo12345')).toBe(true);
      const licence = await createLicensingService({ db: testDb.db }).getActiveLicence(demo.id);
      expect(licence).toMatchObject({ tipoSuscripcion: { id: 4 }, esGratuito: false, permiteVistas: true });
    } finally {
      await testDb.cleanup();
    }
  });

  it('two instances starting together on one database seed everything once', async () => {
    const testDb = await createTestDb(engine);
    try {
      const config = testConfig({}, { ADMIN_PASSWORD: 'Admin12345' });
      const apps = await Promise.all(
        [1, 2].map(() =>
          buildApp(config, { db: testDb.db, log: pino({ level: 'silent' }), seedDemo: false }),
        ),
      );
      const services = apps.map((app) =>
        createUsersService({
          db: testDb.db,
          mailer: app.ctx.mailer,
          config,
          log: app.ctx.log,
          licensing: createLicensingService({ db: testDb.db }),
        }),
      );
      const demoIds = await Promise.all(services.map((service) => service.seedDemo()));
      expect(demoIds[0]).toBe(demoIds[1]);
      // Each instance then seeds the demo device, as modules.ts does after the demo user.
      const demoDeviceIds = await Promise.all(apps.map(() => seedDemoDevice(testDb.db)));
      expect(demoDeviceIds[0]).not.toBeNull();
      expect(demoDeviceIds[0]).toBe(demoDeviceIds[1]);
      await Promise.all(apps.map((app) => app.close()));
      const count = async (
        table: 'plans' | 'country_codes' | 'users' | 'devices' | 'sensors' | 'device_users',
      ) => (await testDb.db.selectFrom(table).selectAll().execute()).length;
      expect(await count('plans')).toBe(5);
      expect(await count('users')).toBe(2);
      expect(await count('devices')).toBe(1);
      expect(await count('device_users')).toBe(1);
      expect(await count('sensors')).toBe(demoDevice.sensores.length);
      expect(await count('country_codes')).toBeGreaterThan(200);
      expect(await count('country_codes')).toBeLessThan(250);
    } finally {
      await testDb.cleanup();
    }
  });

  it('findDemoUserId answers null without demo data', async () => {
    const testDb = await createTestDb(engine);
    try {
      expect(await findDemoUserId(testDb.db)).toBeNull();
    } finally {
      await testDb.cleanup();
    }
  });
});
