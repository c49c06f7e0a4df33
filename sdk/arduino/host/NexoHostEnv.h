// Forced into every example built on the host (-include): the connection comes from the
// environment (NEXO_HOST, NEXO_MQTT_PORT, NEXO_APIKEY, NEXO_SECRET) instead of #defines.
#ifndef NEXO_HOST_ENV_H
#define NEXO_HOST_ENV_H

#include "Arduino.h"

#define NEXO_HOST nexoHostEnv("NEXO_HOST", "127.0.0.1")
#define NEXO_MQTT_PORT nexoHostEnvPort("NEXO_MQTT_PORT", 1883)
#define NEXO_APIKEY nexoHostEnv("NEXO_APIKEY", "demo-invernadero")
#define NEXO_SECRET nexoHostEnv("NEXO_SECRET", "demo-secreto")
#define WIFI_SSID ""
#define WIFI_PASSWORD ""

#endif
