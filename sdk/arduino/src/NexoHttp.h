// A sensor's last value through Nexo's device HTTP route (GET /sv/dispositivo/{apikey}/{sensor},
// the widget info modal's "servicio de último valor"): e.g. a switch's state when a board wakes
// from deep sleep. It takes its own Client (WiFiClient, or WiFiClientSecure for https on 443), so
// the MQTT connection stays up. Plain HTTP/1.0, stack buffers only.
#ifndef NEXO_HTTP_H
#define NEXO_HTTP_H

#include <Client.h>
#include <stddef.h>
#include <stdint.h>

enum NexoHttpResult : int {
  NEXO_HTTP_NETWORK = -1,      // no connection, or no answer within the timeout
  NEXO_HTTP_CREDENTIALS = -2,  // 401: apikey or secret refused
  NEXO_HTTP_NOT_FOUND = -3,    // 404: no sensor with that name on the device
  NEXO_HTTP_ERROR = -4,        // any other status, or an answer that cannot be read
  NEXO_HTTP_TOO_LARGE = -5,    // the value does not fit in `out`
  NEXO_HTTP_NO_VALUE = -6,     // the sensor has no value yet
};

// Writes the value (NUL-terminated) into out and returns its length, or a NexoHttpResult.
int nexoLastValue(Client& http, const char* host, uint16_t port, const char* apikey, const char* secret,
                  const char* sensor, char* out, size_t size, unsigned long timeoutMs = 5000);

#endif
