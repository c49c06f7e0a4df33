// Nexo: firmware por aire (docs/ota.md). El equipo informa su versión al conectarse; cuando el
// usuario despliega un paquete desde la página Firmware, lo descarga por HTTP (reanudando si se
// corta), verifica el SHA-256 antes de aplicarlo con la API Update, y reinicia con la versión nueva.
// FIRMWARE_VERSION es la versión de ESTE programa: súbala en cada paquete nuevo.

#include <Nexo.h>
#include <NexoOta.h>
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
#ifndef NEXO_HTTP_PORT
#define NEXO_HTTP_PORT 8080
#endif
#define FIRMWARE_VERSION "1.0.0"

WiFiClient red;   // MQTT
WiFiClient http;  // la descarga del firmware
Nexo nexo(red, NEXO_APIKEY, NEXO_SECRET);
NexoOta ota(http, FIRMWARE_VERSION, "Invernadero");

void setup() {
  Serial.begin(115200);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  while (WiFi.status() != WL_CONNECTED) delay(200);
  ota.setHttpServer(NEXO_HOST, NEXO_HTTP_PORT);
  nexo.attachOta(ota);
  nexo.begin(NEXO_HOST, NEXO_MQTT_PORT);
}

void loop() {
  nexo.loop();
  if (ota.pending()) {
    Serial.print("actualizando a ");
    Serial.println(ota.targetVersion());
    // Bloquea mientras descarga; si todo sale bien reinicia con la imagen nueva.
    NexoOtaResult result = ota.perform();
    Serial.print("resultado OTA: ");
    Serial.println(static_cast<int>(result));
  }
}
