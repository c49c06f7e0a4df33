// Host stand-in for the ESP32/ESP8266 WiFi library: the network is already there.
#ifndef NEXO_HOST_WIFI_H
#define NEXO_HOST_WIFI_H

#include "Arduino.h"
#include "PosixClient.h"

#define WL_CONNECTED 3
#define WIFI_STA 1

class HostWiFi {
 public:
  int begin(const char* ssid, const char* password) {
    (void)ssid;
    (void)password;
    return WL_CONNECTED;
  }
  int status() { return WL_CONNECTED; }
  void mode(int value) { (void)value; }
  void disconnect(bool off = false) { (void)off; }
};

extern HostWiFi WiFi;

typedef PosixClient WiFiClient;

#endif
