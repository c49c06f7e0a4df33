// Nexo: connects an Arduino-compatible board to a Nexo server over MQTT.
//
//   WiFiClient wifi;
//   Nexo nexo(wifi, "apikey", "secret");
//   nexo.begin("mi-servidor.com", 1883);
//   nexo.onCommand("lampara", alCambiarLampara);
//   ...
//   nexo.publish("temperatura", 22.5);
//   nexo.loop();  // as often as possible
//
// The device contract is docs/api-devices.md: values go to {apikey}/{sensor}, commands arrive on
// {apikey}/{sensor}/set. Everything is static (see NexoConfig.h); loop() never allocates.
#ifndef NEXO_H
#define NEXO_H

#include <Client.h>
#include <stddef.h>
#include <stdint.h>

#include "NexoBackoff.h"
#include "NexoConfig.h"
#include "NexoMqtt.h"
#include "NexoOutbox.h"

class NexoOta;

// A command for a sensor: its name (nombreNexo) and the value sent from the platform, as text.
typedef void (*NexoCommandHandler)(const char* sensor, const char* value);

enum NexoError : uint8_t {
  NEXO_OK = 0,
  NEXO_ERROR_NETWORK,      // the TCP connection could not be opened or was lost
  NEXO_ERROR_TIMEOUT,      // the server did not answer CONNECT in time
  NEXO_ERROR_CREDENTIALS,  // apikey or secret refused (CONNACK 4 or 5)
  NEXO_ERROR_TOO_LARGE,    // payload above NEXO_MAX_PAYLOAD, or a name too long
  NEXO_ERROR_QUEUE_FULL,   // NEXO_OUTBOX_SIZE values still wait for their acknowledgement
  NEXO_ERROR_INVALID,      // not a number (NaN, infinity) or an empty sensor name
  NEXO_ERROR_PROTOCOL,     // the server refused the subscription or broke the protocol
};

class Nexo {
 public:
  Nexo(Client& client, const char* apikey, const char* secret);

  // Where to connect; the first loop() connects. host and the credentials must outlive Nexo.
  void begin(const char* host, uint16_t port = 1883);

  // Values: sent with QoS 1 and kept until acknowledged (also across reconnections). False when
  // the value cannot be queued (see lastError()). Booleans go as "1"/"0".
  bool publish(const char* sensor, double value, uint8_t decimals = 3);
  bool publish(const char* sensor, float value, uint8_t decimals = 3);
  bool publish(const char* sensor, int value);
  bool publish(const char* sensor, long value);
  bool publish(const char* sensor, unsigned int value);
  bool publish(const char* sensor, unsigned long value);
  bool publish(const char* sensor, bool value);
  bool publish(const char* sensor, const char* text);
  // Raw bytes as the payload (JSON sensors, for instance).
  bool publishRaw(const char* sensor, const uint8_t* payload, uint16_t length);
  // A map sensor: {"lat":…,"lng":…} (or the field names the sensor declares).
  bool publishGps(const char* sensor, double lat, double lng, const char* latField = "lat",
                  const char* lngField = "lng");

  // Calls handler when the platform sends a value to this sensor. The name must outlive Nexo.
  bool onCommand(const char* sensor, NexoCommandHandler handler);
  // Any command without its own handler.
  void onCommand(NexoCommandHandler handler);

  // Firmware over the air (NexoOta.h, docs/ota.md): reports the firmware's version on every
  // connect and hands the retained notice to `ota`. Call before begin(); `ota` must outlive Nexo.
  void attachOta(NexoOta& ota);
  // A report on {apikey}/ota/estado (QoS 1, queued like a value). NexoOta uses it.
  bool publishOtaReport(const char* json);

  // The value the server stores for `sensor` if the connection dies without a goodbye
  // (e.g. setWill("estado", "SIN CONEXIÓN")). Call before begin().
  void setWill(const char* sensor, const char* value);
  void setKeepAlive(uint16_t seconds);
  // QoS of publish(): 1 (default, acknowledged and retried) or 0 (fire and forget, never queued).
  void setQos(uint8_t qos);

  // Connects when due, reads commands, sends pending values, keeps the connection alive.
  void loop();
  // Runs loop() until every queued value is acknowledged, or timeoutMs passes.
  bool flush(uint32_t timeoutMs);
  // Runs loop() until connected, or timeoutMs passes.
  bool waitConnected(uint32_t timeoutMs);

  bool connected();
  // A clean goodbye (no last will); loop() does not reconnect until begin() is called again.
  void disconnect();

  NexoError lastError() const { return lastError_; }
  // Times the connection was established (a reconnection increments it).
  uint32_t connections() const { return connections_; }
  size_t pending() const { return outbox_.pending(); }

 private:
  struct CommandSlot {
    const char* sensor;
    NexoCommandHandler handler;
  };

  bool enqueue(const char* sensor, const uint8_t* payload, uint16_t length);
  bool buildTopic(char* out, size_t size, const char* sensor, const char* suffix) const;
  void connectNow();
  void lost();
  void sendDue();
  void keepAlive();
  uint16_t nextPacketId();
  void dispatch(char* topic, char* payload);

  static void onMessage(void* context, char* topic, char* payload, uint16_t length);
  static void onPuback(void* context, uint16_t packetId);

  NexoMqtt mqtt_;
  NexoOutbox outbox_;
  NexoBackoff backoff_;
  const char* apikey_;
  const char* secret_;
  const char* host_;
  uint16_t port_;
  uint16_t keepAlive_;
  uint8_t qos_;
  bool active_;
  bool wasConnected_;
  unsigned long nextAttemptAt_;
  uint16_t packetId_;
  uint32_t connections_;
  NexoError lastError_;
  CommandSlot commands_[NEXO_MAX_COMMANDS];
  NexoCommandHandler anyCommand_;
  NexoOta* ota_;
  char willSensor_[NEXO_MAX_SENSOR_NAME + 1];
  char willValue_[NEXO_MAX_PAYLOAD + 1];
  char clientId_[NEXO_MAX_APIKEY + 6];
};

#endif
