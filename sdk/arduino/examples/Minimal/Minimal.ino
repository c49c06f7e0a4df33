// Nexo: el ejemplo mínimo. Un sensor (temperatura) publicado cada 5 segundos.
// Complete WIFI_SSID, WIFI_PASSWORD y los datos del equipo (el modal de información del widget
// los muestra: servidor, puerto MQTT, apikey y secret).

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

WiFiClient red;
Nexo nexo(red, NEXO_APIKEY, NEXO_SECRET);
unsigned long ultimoEnvio = 0;

void setup() {
  Serial.begin(115200);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(200);
  nexo.begin(NEXO_HOST, NEXO_MQTT_PORT);
}

void loop() {
  nexo.loop();
  if (millis() - ultimoEnvio >= 5000) {
    ultimoEnvio = millis();
    // Reemplace por la lectura de su sensor: aquí, un LM35 en A0 (10 mV por grado, 3,3 V, 12 bits).
    float temperatura = analogRead(A0) * 3.3f / 4095.0f * 100.0f / 4.0f;
    nexo.publish("temperatura", temperatura, 1);
    Serial.print("temperatura: ");
    Serial.println(temperatura, 1);
  }
}
