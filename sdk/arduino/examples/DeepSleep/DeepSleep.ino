// Nexo: un equipo a batería. Despierta, se conecta, publica, espera la confirmación del servidor
// y vuelve a dormir. En ESP32 y ESP8266 usa el sueño profundo; en otras placas, espera.
// (ESP8266: una GPIO16 -> RST para despertar.)

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

const unsigned long SEGUNDOS_DORMIDO = 300;

WiFiClient red;
Nexo nexo(red, NEXO_APIKEY, NEXO_SECRET);

void dormir() {
#if defined(ESP32)
  esp_sleep_enable_timer_wakeup(SEGUNDOS_DORMIDO * 1000000ULL);
  esp_deep_sleep_start();
#elif defined(ESP8266)
  ESP.deepSleep(SEGUNDOS_DORMIDO * 1000000ULL);
#else
  delay(SEGUNDOS_DORMIDO * 1000UL);
#endif
}

void setup() {
  Serial.begin(115200);
  WiFi.begin(WIFI_SSID, WIFI_PASSWORD);
  unsigned long inicio = millis();
  while (WiFi.status() != WL_CONNECTED && millis() - inicio < 15000) delay(100);

  nexo.setKeepAlive(15);
  nexo.begin(NEXO_HOST, NEXO_MQTT_PORT);
  if (nexo.waitConnected(10000)) {
    // Reemplace por su sensor. La batería, por ejemplo, con un divisor a la mitad en A0.
    float bateria = analogRead(A0) * 3.3f / 4095.0f * 2.0f;
    nexo.publish("bateria", bateria, 2);
    nexo.publish("temperatura", 21.5);
    nexo.flush(5000);  // espera el acuse (PUBACK) de cada valor
    nexo.disconnect();
  } else {
    Serial.println("No se pudo conectar; se reintenta al despertar.");
  }
  dormir();
}

void loop() {
  // En ESP32 y ESP8266 nunca llega aquí: el equipo se reinicia al despertar.
  setup();
}
