// Compile-time limits of the Nexo library. Every buffer is static: define any of these before
// including <Nexo.h> (or with -D in platformio.ini build_flags) to trade memory for capacity.
#ifndef NEXO_CONFIG_H
#define NEXO_CONFIG_H

// Small AVR boards (Uno, Nano: 2 KiB of RAM) get small defaults; ESP32/ESP8266 and the rest, below.
#if defined(__AVR__)
#ifndef NEXO_MQTT_BUFFER_SIZE
#define NEXO_MQTT_BUFFER_SIZE 160
#endif
#ifndef NEXO_MAX_PAYLOAD
#define NEXO_MAX_PAYLOAD 48
#endif
#ifndef NEXO_MAX_SENSOR_NAME
#define NEXO_MAX_SENSOR_NAME 24
#endif
#ifndef NEXO_MAX_APIKEY
#define NEXO_MAX_APIKEY 40
#endif
#ifndef NEXO_OUTBOX_SIZE
#define NEXO_OUTBOX_SIZE 2
#endif
#ifndef NEXO_MAX_COMMANDS
#define NEXO_MAX_COMMANDS 4
#endif
#endif

// Largest MQTT packet sent or received (topic + payload + a few header bytes).
#ifndef NEXO_MQTT_BUFFER_SIZE
#define NEXO_MQTT_BUFFER_SIZE 512
#endif

// Largest value payload publish() accepts (the server takes up to 4 KiB).
#ifndef NEXO_MAX_PAYLOAD
#define NEXO_MAX_PAYLOAD 256
#endif

// Longest sensor name (nombreNexo) and apikey.
#ifndef NEXO_MAX_SENSOR_NAME
#define NEXO_MAX_SENSOR_NAME 48
#endif
#ifndef NEXO_MAX_APIKEY
#define NEXO_MAX_APIKEY 64
#endif

// QoS 1 values waiting for their PUBACK (publish() answers false when it is full).
#ifndef NEXO_OUTBOX_SIZE
#define NEXO_OUTBOX_SIZE 8
#endif

// Sensors with their own onCommand() handler.
#ifndef NEXO_MAX_COMMANDS
#define NEXO_MAX_COMMANDS 8
#endif

// An unacknowledged QoS 1 value is sent again (DUP) after this long.
#ifndef NEXO_RETRY_MS
#define NEXO_RETRY_MS 5000UL
#endif

// Reconnection: the wait doubles from MIN up to MAX, with random jitter in its upper half.
#ifndef NEXO_BACKOFF_MIN_MS
#define NEXO_BACKOFF_MIN_MS 1000UL
#endif
#ifndef NEXO_BACKOFF_MAX_MS
#define NEXO_BACKOFF_MAX_MS 60000UL
#endif

// How long CONNECT waits for the server's CONNACK.
#ifndef NEXO_CONNECT_TIMEOUT_MS
#define NEXO_CONNECT_TIMEOUT_MS 8000UL
#endif

// Default MQTT keepalive, in seconds (setKeepAlive changes it).
#ifndef NEXO_KEEPALIVE_S
#define NEXO_KEEPALIVE_S 30
#endif

#endif
