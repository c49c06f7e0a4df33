#include "NexoMqtt.h"

#include <Arduino.h>
#include <string.h>

namespace {
const uint8_t CONNECT = 0x10;
const uint8_t CONNACK = 0x20;
const uint8_t PUBLISH = 0x30;
const uint8_t PUBACK = 0x40;
const uint8_t SUBSCRIBE = 0x82;  // with the reserved bits 0010
const uint8_t SUBACK = 0x90;
const uint8_t PINGREQ = 0xC0;
const uint8_t PINGRESP = 0xD0;
const uint8_t DISCONNECT = 0xE0;
}  // namespace

NexoMqtt::NexoMqtt(Client& client)
    : client_(client),
      context_(nullptr),
      onMessage_(nullptr),
      onPuback_(nullptr),
      tx_(),
      rx_(),
      rxState_(RX_HEADER),
      rxHeader_(0),
      rxLength_(0),
      rxMultiplier_(1),
      rxReceived_(0),
      connackCode_(-1),
      subackCode_(0),
      pingOutstanding_(false),
      pingSentAt_(0),
      lastSentAt_(0),
      open_(false) {}

void NexoMqtt::setHandlers(void* context, MessageHandler onMessage, AckHandler onPuback) {
  context_ = context;
  onMessage_ = onMessage;
  onPuback_ = onPuback;
}

uint8_t NexoMqtt::encodeLength(uint8_t* out, size_t length) {
  uint8_t count = 0;
  do {
    uint8_t digit = static_cast<uint8_t>(length % 128);
    length /= 128;
    if (length > 0) digit |= 0x80;
    out[count++] = digit;
  } while (length > 0 && count < 4);
  return count;
}

bool NexoMqtt::beginPacket(uint8_t header, size_t remaining, size_t* offset) {
  uint8_t length[4];
  uint8_t count = encodeLength(length, remaining);
  if (1 + count + remaining > sizeof(tx_)) return false;
  tx_[0] = header;
  memcpy(tx_ + 1, length, count);
  *offset = 1 + count;
  return true;
}

bool NexoMqtt::putString(size_t* offset, const char* text, size_t length) {
  if (*offset + 2 + length > sizeof(tx_)) return false;
  tx_[(*offset)++] = static_cast<uint8_t>(length >> 8);
  tx_[(*offset)++] = static_cast<uint8_t>(length & 0xFF);
  memcpy(tx_ + *offset, text, length);
  *offset += length;
  return true;
}

bool NexoMqtt::send(size_t length) {
  size_t written = client_.write(tx_, length);
  if (written != length) {
    drop();
    return false;
  }
  lastSentAt_ = millis();
  return true;
}

int NexoMqtt::connect(const char* host, uint16_t port, const NexoConnectOptions& options) {
  if (open_ || client_.connected()) drop();
  resetRx();
  connackCode_ = -1;
  subackCode_ = 0;
  pingOutstanding_ = false;

  size_t idLength = strlen(options.clientId);
  size_t userLength = options.username ? strlen(options.username) : 0;
  size_t passLength = options.password ? strlen(options.password) : 0;
  size_t willTopicLength = options.willTopic ? strlen(options.willTopic) : 0;
  size_t remaining = 10 + 2 + idLength;
  uint8_t flags = 0x02;  // clean session
  if (options.willTopic) {
    remaining += 2 + willTopicLength + 2 + options.willLength;
    flags |= 0x04 | 0x08;  // will, QoS 1, not retained
  }
  if (options.username) {
    remaining += 2 + userLength;
    flags |= 0x80;
  }
  if (options.password) {
    remaining += 2 + passLength;
    flags |= 0x40;
  }
  size_t offset = 0;
  if (!beginPacket(CONNECT, remaining, &offset)) return NEXO_CONNECT_TOO_LARGE;
  static const uint8_t protocol[] = {0x00, 0x04, 'M', 'Q', 'T', 'T', 0x04};
  memcpy(tx_ + offset, protocol, sizeof(protocol));
  offset += sizeof(protocol);
  tx_[offset++] = flags;
  tx_[offset++] = static_cast<uint8_t>(options.keepAliveSeconds >> 8);
  tx_[offset++] = static_cast<uint8_t>(options.keepAliveSeconds & 0xFF);
  putString(&offset, options.clientId, idLength);
  if (options.willTopic) {
    putString(&offset, options.willTopic, willTopicLength);
    putString(&offset, reinterpret_cast<const char*>(options.willPayload), options.willLength);
  }
  if (options.username) putString(&offset, options.username, userLength);
  if (options.password) putString(&offset, options.password, passLength);

  if (!client_.connect(host, port)) return NEXO_CONNECT_TCP_FAILED;
  open_ = true;
  if (!send(offset)) return NEXO_CONNECT_TCP_FAILED;

  unsigned long started = millis();
  while (connackCode_ < 0) {
    if (!readPackets()) {
      drop();
      return NEXO_CONNECT_TCP_FAILED;
    }
    if (connackCode_ >= 0) break;
    if (millis() - started >= NEXO_CONNECT_TIMEOUT_MS) {
      drop();
      return NEXO_CONNECT_TIMEOUT;
    }
    delay(5);
  }
  if (connackCode_ != 0) {
    int code = connackCode_;
    drop();
    return code;
  }
  return NEXO_CONNECT_OK;
}

bool NexoMqtt::publish(const char* topic, const uint8_t* payload, uint16_t length, uint8_t qos,
                       uint16_t packetId, bool dup) {
  if (!connected()) return false;
  size_t topicLength = strlen(topic);
  size_t remaining = 2 + topicLength + length + (qos > 0 ? 2 : 0);
  uint8_t header = PUBLISH | static_cast<uint8_t>(qos << 1) | (dup ? 0x08 : 0x00);
  size_t offset = 0;
  if (!beginPacket(header, remaining, &offset)) return false;
  putString(&offset, topic, topicLength);
  if (qos > 0) {
    tx_[offset++] = static_cast<uint8_t>(packetId >> 8);
    tx_[offset++] = static_cast<uint8_t>(packetId & 0xFF);
  }
  memcpy(tx_ + offset, payload, length);
  offset += length;
  return send(offset);
}

bool NexoMqtt::subscribe(const char* topic, uint8_t qos, uint16_t packetId) {
  if (!connected()) return false;
  size_t topicLength = strlen(topic);
  size_t offset = 0;
  if (!beginPacket(SUBSCRIBE, 2 + 2 + topicLength + 1, &offset)) return false;
  tx_[offset++] = static_cast<uint8_t>(packetId >> 8);
  tx_[offset++] = static_cast<uint8_t>(packetId & 0xFF);
  putString(&offset, topic, topicLength);
  tx_[offset++] = qos;
  return send(offset);
}

bool NexoMqtt::ping() {
  if (!connected()) return false;
  tx_[0] = PINGREQ;
  tx_[1] = 0;
  if (!send(2)) return false;
  pingOutstanding_ = true;
  pingSentAt_ = millis();
  return true;
}

void NexoMqtt::disconnect() {
  if (connected()) {
    tx_[0] = DISCONNECT;
    tx_[1] = 0;
    client_.write(tx_, 2);
    client_.flush();
  }
  drop();
}

void NexoMqtt::drop() {
  client_.stop();
  open_ = false;
  pingOutstanding_ = false;
  resetRx();
}

bool NexoMqtt::connected() {
  if (!open_) return false;
  if (!client_.connected()) {
    drop();
    return false;
  }
  return true;
}

bool NexoMqtt::poll() {
  if (!connected()) return false;
  if (!readPackets()) {
    drop();
    return false;
  }
  return open_;
}

void NexoMqtt::resetRx() {
  rxState_ = RX_HEADER;
  rxHeader_ = 0;
  rxLength_ = 0;
  rxMultiplier_ = 1;
  rxReceived_ = 0;
}

// Reads every byte available, one packet state at a time; false on a malformed length.
bool NexoMqtt::readPackets() {
  while (client_.available() > 0) {
    if (rxState_ == RX_HEADER) {
      int byte = client_.read();
      if (byte < 0) return true;
      rxHeader_ = static_cast<uint8_t>(byte);
      rxLength_ = 0;
      rxMultiplier_ = 1;
      rxReceived_ = 0;
      rxState_ = RX_LENGTH;
    } else if (rxState_ == RX_LENGTH) {
      int byte = client_.read();
      if (byte < 0) return true;
      rxLength_ += static_cast<uint32_t>(byte & 0x7F) * rxMultiplier_;
      if (rxMultiplier_ > 128UL * 128UL * 128UL) return false;
      rxMultiplier_ *= 128;
      if ((byte & 0x80) == 0) {
        rxState_ = rxLength_ > NEXO_MQTT_BUFFER_SIZE ? RX_SKIP : RX_BODY;
        if (rxLength_ == 0) {
          handlePacket();
          resetRx();
        }
      }
    } else {
      uint8_t scratch[32];
      uint32_t want = rxLength_ - rxReceived_;
      uint8_t* target = scratch;
      if (rxState_ == RX_BODY) {
        target = rx_ + rxReceived_;
      } else if (want > sizeof(scratch)) {
        want = sizeof(scratch);
      }
      int got = client_.read(target, want);
      if (got <= 0) return true;
      rxReceived_ += static_cast<uint32_t>(got);
      if (rxReceived_ >= rxLength_) {
        // A packet larger than the buffer is skipped whole (a QoS 1 one is then not acknowledged).
        if (rxState_ == RX_BODY) handlePacket();
        resetRx();
      }
    }
  }
  return true;
}

void NexoMqtt::handlePacket() {
  uint8_t type = rxHeader_ & 0xF0;
  if (type == CONNACK && rxLength_ >= 2) {
    connackCode_ = rx_[1];
  } else if (type == PUBACK && rxLength_ >= 2) {
    uint16_t id = static_cast<uint16_t>((rx_[0] << 8) | rx_[1]);
    if (onPuback_) onPuback_(context_, id);
  } else if (type == SUBACK && rxLength_ >= 3) {
    subackCode_ = rx_[2] == 0x80 ? 0x80 : static_cast<uint8_t>(rx_[2] | 0x10);
  } else if (type == PINGRESP) {
    pingOutstanding_ = false;
  } else if (type == PUBLISH && rxLength_ >= 2) {
    uint8_t qos = (rxHeader_ >> 1) & 0x03;
    uint16_t topicLength = static_cast<uint16_t>((rx_[0] << 8) | rx_[1]);
    uint32_t payloadStart = 2U + topicLength + (qos > 0 ? 2U : 0U);
    if (payloadStart > rxLength_) return;
    uint16_t packetId = 0;
    if (qos > 0) packetId = static_cast<uint16_t>((rx_[2 + topicLength] << 8) | rx_[3 + topicLength]);
    // Shift the topic one byte left over its length field, so it can end with a NUL in place.
    memmove(rx_ + 1, rx_ + 2, topicLength);
    rx_[1 + topicLength] = '\0';
    uint16_t payloadLength = static_cast<uint16_t>(rxLength_ - payloadStart);
    rx_[rxLength_] = '\0';
    if (qos > 0) {
      uint8_t ack[4] = {PUBACK, 2, static_cast<uint8_t>(packetId >> 8), static_cast<uint8_t>(packetId & 0xFF)};
      if (client_.write(ack, sizeof(ack)) == sizeof(ack)) lastSentAt_ = millis();
    }
    if (onMessage_) {
      onMessage_(context_, reinterpret_cast<char*>(rx_ + 1), reinterpret_cast<char*>(rx_ + payloadStart),
                 payloadLength);
    }
  }
}
