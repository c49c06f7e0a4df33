// A compact MQTT 3.1.1 client over an Arduino Client (WiFiClient, EthernetClient, a TLS client…).
// It owns two static buffers and never allocates: what Nexo needs and nothing more (QoS 0/1
// publish, subscribe, ping, last will). Incoming packets are read without blocking by poll().
#ifndef NEXO_MQTT_H
#define NEXO_MQTT_H

#include <Client.h>
#include <stddef.h>
#include <stdint.h>

#include "NexoConfig.h"

struct NexoConnectOptions {
  const char* clientId;
  const char* username;
  const char* password;
  const char* willTopic;  // nullptr: no last will
  const uint8_t* willPayload;
  uint16_t willLength;
  uint16_t keepAliveSeconds;
};

// Result of NexoMqtt::connect: 0 accepted, 1..5 the CONNACK refusal code, or one of these.
enum NexoConnectResult : int {
  NEXO_CONNECT_OK = 0,
  NEXO_CONNECT_REFUSED_CREDENTIALS = 4,
  NEXO_CONNECT_REFUSED_NOT_AUTHORIZED = 5,
  NEXO_CONNECT_TCP_FAILED = -1,
  NEXO_CONNECT_TIMEOUT = -2,
  NEXO_CONNECT_TOO_LARGE = -3,
  NEXO_CONNECT_PROTOCOL = -4,
};

class NexoMqtt {
 public:
  // A PUBLISH from the server: topic and payload are NUL-terminated inside the receive buffer.
  typedef void (*MessageHandler)(void* context, char* topic, char* payload, uint16_t length);
  // A PUBACK for one of our QoS 1 packets.
  typedef void (*AckHandler)(void* context, uint16_t packetId);

  explicit NexoMqtt(Client& client);

  void setHandlers(void* context, MessageHandler onMessage, AckHandler onPuback);

  // Opens the TCP connection, sends CONNECT and waits for CONNACK (at most NEXO_CONNECT_TIMEOUT_MS).
  int connect(const char* host, uint16_t port, const NexoConnectOptions& options);

  bool publish(const char* topic, const uint8_t* payload, uint16_t length, uint8_t qos, uint16_t packetId,
               bool dup);
  bool subscribe(const char* topic, uint8_t qos, uint16_t packetId);
  bool ping();

  // Clean end: DISCONNECT, then close (the server does not publish the last will).
  void disconnect();
  // Closes the socket without DISCONNECT (the server publishes the last will).
  void drop();

  bool connected();

  // Reads whatever has arrived and dispatches complete packets. False when the connection is lost
  // or the server broke the protocol (the socket is then closed).
  bool poll();

  // millis() of the last packet sent, and whether a PINGREQ waits for its PINGRESP.
  unsigned long lastSentAt() const { return lastSentAt_; }
  bool pingOutstanding() const { return pingOutstanding_; }
  unsigned long pingSentAt() const { return pingSentAt_; }
  // 0 until a SUBACK arrives; then its return code (0x00, 0x01 or 0x80 refused).
  uint8_t lastSubackCode() const { return subackCode_; }

  // Size of a packet's "remaining length" field, and its encoding (exposed for the tests).
  static uint8_t encodeLength(uint8_t* out, size_t length);

 private:
  enum RxState : uint8_t { RX_HEADER, RX_LENGTH, RX_BODY, RX_SKIP };

  bool send(size_t length);
  bool beginPacket(uint8_t header, size_t remaining, size_t* offset);
  bool putString(size_t* offset, const char* text, size_t length);
  bool readPackets();
  void handlePacket();
  void resetRx();

  Client& client_;
  void* context_;
  MessageHandler onMessage_;
  AckHandler onPuback_;

  uint8_t tx_[NEXO_MQTT_BUFFER_SIZE];
  uint8_t rx_[NEXO_MQTT_BUFFER_SIZE + 1];  // +1: room for the payload's NUL

  RxState rxState_;
  uint8_t rxHeader_;
  uint32_t rxLength_;
  uint32_t rxMultiplier_;
  uint32_t rxReceived_;

  int connackCode_;  // -1 while waiting
  uint8_t subackCode_;
  bool pingOutstanding_;
  unsigned long pingSentAt_;
  unsigned long lastSentAt_;
  bool open_;
};

#endif
