// Nexo: el equipo de demostración "Invernadero" (los topics del equipo demo de la plataforma).
//   temperatura, humedad, luz  -> valores cada 5 s
//   riego                      <- interruptor (1 / 0) en el pin RIEGO_PIN, y confirma el estado
//   lampara                    <- dimmer 0..100 en el pin LAMPARA_PIN (PWM), y confirma el valor
//   gps                        -> posición {"lat":…,"lng":…} cada minuto
//   estado                     -> texto; "SIN CONEXIÓN" como última voluntad si se corta la conexión
// Complete la red y los datos del equipo (modal de información del widget).

#include <Nexo.h>
#include <WiFi.h>  // ESP32; en ESP8266: <ESP8266WiFi.h>

#ifndef WIFI_SSID
#define WIFI_SSID "mi-red"
#define WIFI_PASSWORD "mi-clave"
#endif
#ifndef NEXO_HOST
#define NEXO_HOST "mi-servidor.com"
#define NEXO_MQTT_PORT 1883
#define NEXO_APIKEY "apikey-del-equipo"
#define NEXO_SECRET "secret-del-equipo"
#endif

const uint8_t RIEGO_PIN = 26;
const uint8_t LAMPARA_PIN = 25;
const uint8_t LDR_PIN = 34;

WiFiClient red;
Nexo nexo(red, NEXO_APIKEY, NEXO_SECRET);

unsigned long ultimoEnvio = 0;
unsigned long ultimoGps = 0;
float temperatura = 22.0f;
float humedad = 60.0f;

void alCambiarRiego(const char* sensor, const char* valor) {
  bool encendido = strcmp(valor, "1") == 0;
  digitalWrite(RIEGO_PIN, encendido ? HIGH : LOW);
  nexo.publish(sensor, encendido);  // confirma el nuevo estado al panel
}

void alCambiarLampara(const char* sensor, const char* valor) {
  long brillo = strtol(valor, nullptr, 10);
  if (brillo < 0) brillo = 0;
  if (brillo > 100) brillo = 100;
  analogWrite(LAMPARA_PIN, static_cast<int>(brillo * 255 / 100));
  nexo.publish(sensor, brillo);
}

void setup() {
  Serial.begin(115200);
  pinMode(RIEGO_PIN, OUTPUT);
  pinMode(LAMPARA_PIN, OUTPUT);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(200);

  nexo.setWill("estado", "SIN CONEXIÓN");
  nexo.onCommand("riego", alCambiarRiego);
  nexo.onCommand("lampara", alCambiarLampara);
  nexo.begin(NEXO_HOST, NEXO_MQTT_PORT);
  nexo.publish("estado", "Todo en orden");
}

void loop() {
  nexo.loop();
  unsigned long ahora = millis();
  if (ahora - ultimoEnvio >= 5000) {
    ultimoEnvio = ahora;
    // Reemplace por sus sensores (DHT22, BME280…): aquí, valores que derivan despacio.
    temperatura += (random(21) - 10) / 20.0f;
    humedad += (random(21) - 10) / 10.0f;
    if (humedad < 20) humedad = 20;
    if (humedad > 95) humedad = 95;
    nexo.publish("temperatura", temperatura, 1);
    nexo.publish("humedad", humedad, 0);
    nexo.publish("luz", analogRead(LDR_PIN) / 4);  // 0..1023
  }
  if (ultimoGps == 0 || ahora - ultimoGps >= 60000) {
    ultimoGps = ahora;
    nexo.publishGps("gps", -34.6037, -58.3816);
  }
}
