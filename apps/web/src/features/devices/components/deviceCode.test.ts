import { describe, expect, it } from 'vitest';
import { arduinoSketch, pythonScript, SECRET_PLACEHOLDER } from './deviceCode';

const equipo = { nombre: 'Invernadero', apikey: 'k123', secret: 's"ecreto' };
const plain = {
  labelUsuario: 'Temperatura',
  nombreNexo: 'temperatura',
  variableJson: null,
  variableLongitud: null,
  valorEncendido: null,
  tipoDato: { id: 1 },
};

describe('ready-to-run device code', () => {
  it('fills in host, port, apikey and secret (escaped), and publishes a number', () => {
    const sketch = arduinoSketch({ equipo, sensor: plain, server: 'mqtt://nexo.example:1884' });
    expect(sketch).toContain('#define NEXO_HOST "nexo.example"');
    expect(sketch).toContain('#define NEXO_MQTT_PORT 1884');
    expect(sketch).toContain('#define NEXO_APIKEY "k123"');
    expect(sketch).toContain('#define NEXO_SECRET "s\\"ecreto"');
    expect(sketch).toContain('nexo.publish("temperatura", 21.5);');
    expect(sketch).toContain('nexo.onCommand("temperatura", alRecibir);');
    expect(sketch).not.toContain('WiFiClientSecure');
    const script = pythonScript({ equipo, sensor: plain, server: 'mqtt://nexo.example:1884' });
    expect(script).toContain('"nexo.example",\n    "k123",\n    "s\\"ecreto",\n    port=1884,');
    expect(script).toContain('nexo.publish("temperatura", 21.5)');
  });

  it('uses TLS for mqtts, the GPS fields of a map sensor, and a placeholder without the secret', () => {
    const gps = {
      ...plain,
      nombreNexo: 'gps',
      variableJson: 'la',
      variableLongitud: 'lo',
      tipoDato: { id: 2 },
    };
    const noSecret = { ...equipo, secret: undefined };
    const sketch = arduinoSketch({ equipo: noSecret, sensor: gps, server: 'mqtts://nexo.example' });
    expect(sketch).toContain('WiFiClientSecure red;');
    expect(sketch).toContain('#define NEXO_MQTT_PORT 8883');
    expect(sketch).toContain('nexo.publishGps("gps", -34.6037, -58.3816, "la", "lo");');
    expect(sketch).toContain(`#define NEXO_SECRET "${SECRET_PLACEHOLDER}"`);
    const script = pythonScript({ equipo: noSecret, sensor: gps, server: 'mqtts://nexo.example' });
    expect(script).toContain('tls=True');
    expect(script).toContain('nexo.publish_gps("gps", -34.6037, -58.3816, "la", "lo")');
  });
});
