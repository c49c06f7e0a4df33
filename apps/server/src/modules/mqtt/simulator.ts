import mqtt, { type MqttClient } from 'mqtt';
import { attachOta, type SimulatedFirmware } from './simulator.ota.js';

/** The two log levels the simulator writes (a pino logger, or console in the CLI). */
export interface SimulatorLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What a simulated sensor does: numeric signals, a GPS track, a switch or dimmer that obeys `/set`, or text. */
export type SignalKind = 'temperatura' | 'humedad' | 'luz' | 'gps' | 'switch' | 'dimmer' | 'texto';

export interface SimulatedSensor {
  topic: string;
  kind: SignalKind;
  /** JSON field names for a GPS sensor (variableJson / variableLongitud). */
  latField?: string;
  lngField?: string;
}

export interface SimulatedDevice {
  apikey: string;
  secret: string;
  /** Defaults to the demo device's topics. */
  sensors?: SimulatedSensor[];
  /** The firmware it reports (default 'Invernadero' 1.0.0). */
  firmware?: SimulatedFirmware;
}

export interface SimulatorOptions {
  url: string;
  devices: SimulatedDevice[];
  /** Milliseconds between rounds of values (each sensor publishes once per round). */
  intervalMs?: number;
  keepaliveSeconds?: number;
  log?: SimulatorLog;
  /** The server's HTTP address for firmware downloads (docs/ota.md); without it updates fail. */
  httpUrl?: () => string | null;
  /** Milliseconds between the update's steps, so a screen can follow them. */
  otaStepMs?: number;
}

export interface Simulator {
  /** Current state of the switches/dimmers, by `apikey/topic` (tests check the command round trip). */
  state(apikey: string, topic: string): string | undefined;
  /** The firmware a device runs now (it changes after an update). */
  firmware(apikey: string): SimulatedFirmware | undefined;
  stop(): Promise<void>;
}

/** The demo device's topics (modules/devices demo seed). */
export const demoSensors: SimulatedSensor[] = [
  { topic: 'temperatura', kind: 'temperatura' },
  { topic: 'humedad', kind: 'humedad' },
  { topic: 'luz', kind: 'luz' },
  { topic: 'riego', kind: 'switch' },
  { topic: 'lampara', kind: 'dimmer' },
  { topic: 'gps', kind: 'gps', latField: 'lat', lngField: 'lng' },
  { topic: 'estado', kind: 'texto' },
];

/** Guesses what a topic carries from its name (for devices given only by apikey). */
export function kindOfTopic(topic: string): SignalKind {
  const t = topic.toLowerCase();
  if (/temp|ds18|lm35/.test(t)) return 'temperatura';
  if (/hum/.test(t)) return 'humedad';
  if (/luz|ldr|light|lux/.test(t)) return 'luz';
  if (/gps|mapa|ubic|pos/.test(t)) return 'gps';
  if (/riego|switch|rele|relay|toggle|buzzer|bomba/.test(t)) return 'switch';
  if (/lampara|dimmer|brillo/.test(t)) return 'dimmer';
  if (/estado|texto|msg|mensaje/.test(t)) return 'texto';
  return 'temperatura';
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** Signal generators with plausible physics: slow drift, a day curve for light, a walking track. */
function createSignals(seed: number) {
  let temperature = 22 + (seed % 5);
  let humidity = 55 + (seed % 10);
  let lat = -34.6037 + (seed % 7) * 0.001;
  let lng = -58.3816 + (seed % 3) * 0.001;
  let heading = (seed * 37) % 360;
  const messages = ['Todo en orden', 'Riego programado', 'Ventilación activa', 'Sin novedades'];
  let tick = 0;
  return {
    next(kind: SignalKind): string | Record<string, number> | null {
      tick++;
      switch (kind) {
        case 'temperatura':
          // Mean-reverting random walk around 23 °C.
          temperature += (Math.random() - 0.5) * 0.4 + (23 - temperature) * 0.02;
          return String(round(temperature, 1));
        case 'humedad':
          humidity += (Math.random() - 0.5) * 1.2 + (60 - humidity) * 0.03 - (temperature - 23) * 0.05;
          humidity = Math.min(100, Math.max(0, humidity));
          return String(round(humidity, 0));
        case 'luz': {
          // LDR reading (0–1023) following the time of day, plus noise.
          const now = new Date();
          const hours = now.getHours() + now.getMinutes() / 60;
          const daylight = Math.max(0, Math.sin(((hours - 6) / 12) * Math.PI));
          return String(
            Math.round(Math.min(1023, Math.max(0, 80 + daylight * 900 + (Math.random() - 0.5) * 40))),
          );
        }
        case 'gps': {
          heading = (heading + (Math.random() - 0.5) * 30 + 360) % 360;
          const step = 0.00015;
          lat += Math.cos((heading * Math.PI) / 180) * step;
          lng += Math.sin((heading * Math.PI) / 180) * step;
          return { lat: round(lat, 6), lng: round(lng, 6) };
        }
        case 'texto':
          return tick % 10 === 1
            ? (messages[Math.floor(tick / 10) % messages.length] ?? 'Todo en orden')
            : null;
        default:
          return null;
      }
    },
  };
}

/**
 * Connects each device over real MQTT (username = apikey, password = secret), publishes its
 * signals every interval and obeys `{apikey}/{topic}/set` for switches and dimmers, reporting
 * the new value back at once. Used by `npm run simulate`, by DEMO=1 in-process and by tests.
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const intervalMs = options.intervalMs ?? 2000;
  const states = new Map<string, string>();
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  const firmwares = new Map<string, () => SimulatedFirmware>();

  await Promise.all(
    options.devices.map(async (device, index) => {
      const sensors = device.sensors ?? demoSensors;
      const signals = createSignals(index + 1);
      const client = mqtt.connect(options.url, {
        username: device.apikey,
        password: device.secret,
        clientId: `sim-${device.apikey}-${Math.random().toString(16).slice(2, 8)}`,
        keepalive: options.keepaliveSeconds ?? 30,
        reconnectPeriod: 2000,
        clean: true,
      });
      clients.push(client);
      // Firmware over the air: reports its version on every connect, follows notices.
      const ota = attachOta(client, device, device.firmware ?? { titulo: 'Invernadero', version: '1.0.0' }, {
        httpUrl: options.httpUrl ?? (() => null),
        ...(options.otaStepMs !== undefined ? { stepMs: options.otaStepMs } : {}),
        log: options.log,
      });
      firmwares.set(device.apikey, ota.firmware);
      const report = (sensor: SimulatedSensor, value: string) => {
        client.publish(`${device.apikey}/${sensor.topic}`, value, { qos: 1 });
      };
      for (const sensor of sensors) {
        if (sensor.kind === 'switch') states.set(`${device.apikey}/${sensor.topic}`, '0');
        if (sensor.kind === 'dimmer') states.set(`${device.apikey}/${sensor.topic}`, '40');
      }
      client.on('message', (topic, payload) => {
        const match = topic.slice(device.apikey.length + 1).replace(/\/set$/, '');
        const sensor = sensors.find((s) => s.topic === match);
        if (!sensor || (sensor.kind !== 'switch' && sensor.kind !== 'dimmer')) return;
        let value = payload.toString('utf8');
        if (sensor.kind === 'dimmer') {
          const level = Number(value);
          if (!Number.isFinite(level)) return;
          value = String(Math.round(Math.min(100, Math.max(0, level))));
        }
        states.set(`${device.apikey}/${sensor.topic}`, value);
        options.log?.info(
          { apikey: device.apikey, topic: sensor.topic, valor: value },
          'simulador: comando aplicado',
        );
        report(sensor, value);
      });
      client.on('error', (error) =>
        options.log?.warn({ err: error, apikey: device.apikey }, 'simulador: error MQTT'),
      );
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', (error) => {
          // Refused credentials: stop retrying instead of reconnecting forever.
          client.end(true);
          reject(error);
        });
      });
      await client.subscribeAsync(`${device.apikey}/+/set`, { qos: 1 });
      await client.subscribeAsync(`${device.apikey}/ota/aviso`, { qos: 1 });
      const round = () => {
        if (!client.connected) return;
        for (const sensor of sensors) {
          const key = `${device.apikey}/${sensor.topic}`;
          if (sensor.kind === 'switch' || sensor.kind === 'dimmer') {
            report(sensor, states.get(key) ?? '0');
            continue;
          }
          const value = signals.next(sensor.kind);
          if (value === null) continue;
          if (typeof value === 'string') {
            report(sensor, value);
          } else {
            report(
              sensor,
              JSON.stringify({
                [sensor.latField ?? 'lat']: value.lat,
                [sensor.lngField ?? 'lng']: value.lng,
              }),
            );
          }
        }
      };
      round();
      const timer = setInterval(round, intervalMs);
      timer.unref();
      timers.push(timer);
      options.log?.info(
        { apikey: device.apikey, sensores: sensors.length },
        'simulador: dispositivo conectado',
      );
    }),
  );

  return {
    state: (apikey, topic) => states.get(`${apikey}/${topic}`),
    firmware: (apikey) => firmwares.get(apikey)?.(),
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}
