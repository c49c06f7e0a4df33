import type { Equipo, Sensor } from '@nexo/contracts';

/**
 * Ready-to-run code for one sensor of a device (issue 28): an Arduino sketch on the Nexo library
 * (sdk/arduino) and a Python script on nexo-device (sdk/python), with the device's server, port,
 * apikey and secret filled in. Without the secret (a role that may not see it) a placeholder goes
 * in its place.
 */
export interface DeviceCodeInput {
  equipo: Pick<Equipo, 'nombre' | 'apikey' | 'secret'>;
  sensor: Pick<
    Sensor,
    'labelUsuario' | 'nombreNexo' | 'variableJson' | 'variableLongitud' | 'valorEncendido'
  > & {
    tipoDato: { id: number };
  };
  /** The broker's URL (mqtt://host:1883 or mqtts://host:8883). */
  server: string;
}

export const SECRET_PLACEHOLDER = 'SECRET-DEL-EQUIPO';

const cString = (text: string) => JSON.stringify(text);
const pyString = (text: string) => JSON.stringify(text);

function broker(server: string) {
  const tls = server.startsWith('mqtts:');
  const url = new URL(server.replace(/^mqtts?:/, 'http:'));
  return { host: url.hostname, port: Number(url.port || (tls ? 8883 : 1883)), tls };
}

/** What the example publishes: a GPS pair, a JSON object, the switch's 'on' value, or a number. */
function sampleValue(sensor: DeviceCodeInput['sensor']) {
  if (sensor.variableLongitud) {
    return {
      kind: 'gps' as const,
      lat: sensor.variableJson || 'lat',
      lng: sensor.variableLongitud,
    };
  }
  if (sensor.tipoDato.id === 2 && sensor.variableJson) {
    return { kind: 'json' as const, json: JSON.stringify({ [sensor.variableJson]: 21.5 }) };
  }
  if (sensor.valorEncendido) return { kind: 'text' as const, text: sensor.valorEncendido };
  return { kind: 'number' as const };
}

export function arduinoSketch({ equipo, sensor, server }: DeviceCodeInput): string {
  const { host, port, tls } = broker(server);
  const topic = cString(sensor.nombreNexo);
  const value = sampleValue(sensor);
  const publish =
    value.kind === 'gps'
      ? `nexo.publishGps(${topic}, -34.6037, -58.3816, ${cString(value.lat)}, ${cString(value.lng)});  // su GPS`
      : value.kind === 'json'
        ? `nexo.publish(${topic}, ${cString(value.json)});  // su objeto JSON`
        : value.kind === 'text'
          ? `nexo.publish(${topic}, ${cString(value.text)});  // el estado de su equipo`
          : `nexo.publish(${topic}, 21.5);  // reemplace por la lectura de su sensor`;
  return `// Nexo: ${equipo.nombre} · ${sensor.labelUsuario}
// Biblioteca "Nexo" (Arduino IDE o PlatformIO). Placa: ESP32; en ESP8266 use <ESP8266WiFi.h>.
#include <Nexo.h>
#include <WiFi.h>
${tls ? '#include <WiFiClientSecure.h>\n' : ''}
#define WIFI_SSID "mi-red"
#define WIFI_PASSWORD "mi-clave"
#define NEXO_HOST ${cString(host)}
#define NEXO_MQTT_PORT ${port}
#define NEXO_APIKEY ${cString(equipo.apikey)}
#define NEXO_SECRET ${cString(equipo.secret ?? SECRET_PLACEHOLDER)}

${tls ? 'WiFiClientSecure red;' : 'WiFiClient red;'}
Nexo nexo(red, NEXO_APIKEY, NEXO_SECRET);
unsigned long ultimoEnvio = 0;

// Los valores que envía la plataforma (widgets de control) a ${sensor.nombreNexo}.
void alRecibir(const char* sensor, const char* valor) {
  Serial.print(sensor);
  Serial.print(" = ");
  Serial.println(valor);
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(200);
${tls ? '  red.setInsecure();  // o red.setCACert(...) con el certificado de su servidor\n' : ''}  nexo.onCommand(${topic}, alRecibir);
  nexo.begin(NEXO_HOST, NEXO_MQTT_PORT);
}

void loop() {
  nexo.loop();
  if (millis() - ultimoEnvio >= 5000) {
    ultimoEnvio = millis();
    ${publish}
  }
}
`;
}

export function pythonScript({ equipo, sensor, server }: DeviceCodeInput): string {
  const { host, port, tls } = broker(server);
  const topic = pyString(sensor.nombreNexo);
  const value = sampleValue(sensor);
  const publish =
    value.kind === 'gps'
      ? `nexo.publish_gps(${topic}, -34.6037, -58.3816, ${pyString(value.lat)}, ${pyString(value.lng)})  # su GPS`
      : value.kind === 'json'
        ? `nexo.publish(${topic}, ${value.json})  # su objeto JSON`
        : value.kind === 'text'
          ? `nexo.publish(${topic}, ${pyString(value.text)})  # el estado de su equipo`
          : `nexo.publish(${topic}, 21.5)  # reemplace por la lectura de su sensor`;
  return `# Nexo: ${equipo.nombre} · ${sensor.labelUsuario}
# Requiere nexo-device (sdk/python) y paho-mqtt (apt install python3-paho-mqtt).
import time

from nexo_device import Nexo

nexo = Nexo(
    ${pyString(host)},
    ${pyString(equipo.apikey)},
    ${pyString(equipo.secret ?? SECRET_PLACEHOLDER)},
    port=${port},${tls ? '\n    tls=True,' : ''}
)


@nexo.on_command(${topic})
def al_recibir(sensor, valor):
    print(sensor, "=", valor)  # los valores que envía la plataforma


nexo.loop_start()  # conecta y reconecta solo, en un hilo
while True:
    ${publish}
    time.sleep(5)
`;
}
