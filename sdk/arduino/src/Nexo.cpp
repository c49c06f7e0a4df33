#include "Nexo.h"

#include <Arduino.h>
#include <string.h>

#include "NexoOta.h"
#include "NexoValue.h"

namespace {
const size_t TOPIC_SIZE = NEXO_MAX_APIKEY + 1 + NEXO_MAX_SENSOR_NAME + 5;
}

Nexo::Nexo(Client& client, const char* apikey, const char* secret)
    : mqtt_(client),
      outbox_(),
      backoff_(NEXO_BACKOFF_MIN_MS, NEXO_BACKOFF_MAX_MS),
      apikey_(apikey),
      secret_(secret),
      host_(nullptr),
      port_(1883),
      keepAlive_(NEXO_KEEPALIVE_S),
      qos_(1),
      active_(false),
      wasConnected_(false),
      nextAttemptAt_(0),
      packetId_(0),
      connections_(0),
      lastError_(NEXO_OK),
      commands_(),
      anyCommand_(nullptr),
      ota_(nullptr),
      willSensor_(),
      willValue_(),
      clientId_() {
  mqtt_.setHandlers(this, &Nexo::onMessage, &Nexo::onPuback);
}

void Nexo::begin(const char* host, uint16_t port) {
  host_ = host;
  port_ = port;
  active_ = true;
  nextAttemptAt_ = millis();
  backoff_.reset();
  // The client id: "nexo-" and the apikey (one session per device; a new one replaces the old).
  strcpy(clientId_, "nexo-");
  strncat(clientId_, apikey_, NEXO_MAX_APIKEY);
}

void Nexo::setWill(const char* sensor, const char* value) {
  if (strlen(sensor) > NEXO_MAX_SENSOR_NAME || strlen(value) > NEXO_MAX_PAYLOAD) {
    lastError_ = NEXO_ERROR_TOO_LARGE;
    return;
  }
  strcpy(willSensor_, sensor);
  strcpy(willValue_, value);
}

void Nexo::attachOta(NexoOta& ota) {
  ota_ = &ota;
  ota.attach(this, apikey_, secret_);
}

bool Nexo::publishOtaReport(const char* json) {
  return enqueue("ota/estado", reinterpret_cast<const uint8_t*>(json), static_cast<uint16_t>(strlen(json)));
}

void Nexo::setKeepAlive(uint16_t seconds) { keepAlive_ = seconds; }

void Nexo::setQos(uint8_t qos) { qos_ = qos > 0 ? 1 : 0; }

bool Nexo::buildTopic(char* out, size_t size, const char* sensor, const char* suffix) const {
  size_t apikeyLength = strlen(apikey_);
  size_t sensorLength = strlen(sensor);
  size_t suffixLength = strlen(suffix);
  if (apikeyLength + 1 + sensorLength + suffixLength + 1 > size) return false;
  memcpy(out, apikey_, apikeyLength);
  out[apikeyLength] = '/';
  memcpy(out + apikeyLength + 1, sensor, sensorLength);
  memcpy(out + apikeyLength + 1 + sensorLength, suffix, suffixLength + 1);
  return true;
}

uint16_t Nexo::nextPacketId() {
  if (++packetId_ == 0) packetId_ = 1;
  return packetId_;
}

bool Nexo::enqueue(const char* sensor, const uint8_t* payload, uint16_t length) {
  if (sensor == nullptr || sensor[0] == '\0') {
    lastError_ = NEXO_ERROR_INVALID;
    return false;
  }
  if (strlen(sensor) > NEXO_MAX_SENSOR_NAME || length > NEXO_MAX_PAYLOAD) {
    lastError_ = NEXO_ERROR_TOO_LARGE;
    return false;
  }
  if (qos_ == 0) {
    char topic[TOPIC_SIZE];
    if (!buildTopic(topic, sizeof(topic), sensor, "") || !mqtt_.publish(topic, payload, length, 0, 0, false)) {
      lastError_ = NEXO_ERROR_NETWORK;
      return false;
    }
    return true;
  }
  NexoOutboxEntry* entry = outbox_.add(sensor, payload, length, nextPacketId());
  if (entry == nullptr) {
    lastError_ = NEXO_ERROR_QUEUE_FULL;
    return false;
  }
  sendDue();
  return true;
}

bool Nexo::publishRaw(const char* sensor, const uint8_t* payload, uint16_t length) {
  return enqueue(sensor, payload, length);
}

bool Nexo::publish(const char* sensor, const char* text) {
  size_t length = strlen(text);
  if (length > NEXO_MAX_PAYLOAD) {
    lastError_ = NEXO_ERROR_TOO_LARGE;
    return false;
  }
  return enqueue(sensor, reinterpret_cast<const uint8_t*>(text), static_cast<uint16_t>(length));
}

bool Nexo::publish(const char* sensor, double value, uint8_t decimals) {
  char text[32];
  int length = nexoFormatDouble(text, sizeof(text), value, decimals);
  if (length < 0) {
    lastError_ = NEXO_ERROR_INVALID;
    return false;
  }
  return enqueue(sensor, reinterpret_cast<const uint8_t*>(text), static_cast<uint16_t>(length));
}

bool Nexo::publish(const char* sensor, float value, uint8_t decimals) {
  return publish(sensor, static_cast<double>(value), decimals);
}

bool Nexo::publish(const char* sensor, long value) {
  char text[24];
  int length = nexoFormatInteger(text, sizeof(text), value);
  return enqueue(sensor, reinterpret_cast<const uint8_t*>(text), static_cast<uint16_t>(length));
}

bool Nexo::publish(const char* sensor, int value) { return publish(sensor, static_cast<long>(value)); }

bool Nexo::publish(const char* sensor, unsigned long value) {
  char text[24];
  int length = nexoFormatUnsigned(text, sizeof(text), value);
  return enqueue(sensor, reinterpret_cast<const uint8_t*>(text), static_cast<uint16_t>(length));
}

bool Nexo::publish(const char* sensor, unsigned int value) {
  return publish(sensor, static_cast<unsigned long>(value));
}

bool Nexo::publish(const char* sensor, bool value) { return publish(sensor, value ? "1" : "0"); }

bool Nexo::publishGps(const char* sensor, double lat, double lng, const char* latField, const char* lngField) {
  char text[NEXO_MAX_PAYLOAD + 1];
  int length = nexoFormatGps(text, sizeof(text), latField, lat, lngField, lng);
  if (length < 0) {
    lastError_ = NEXO_ERROR_INVALID;
    return false;
  }
  return enqueue(sensor, reinterpret_cast<const uint8_t*>(text), static_cast<uint16_t>(length));
}

bool Nexo::onCommand(const char* sensor, NexoCommandHandler handler) {
  for (size_t i = 0; i < NEXO_MAX_COMMANDS; i++) {
    if (commands_[i].sensor == nullptr || strcmp(commands_[i].sensor, sensor) == 0) {
      commands_[i].sensor = sensor;
      commands_[i].handler = handler;
      return true;
    }
  }
  return false;
}

void Nexo::onCommand(NexoCommandHandler handler) { anyCommand_ = handler; }

bool Nexo::connected() { return mqtt_.connected(); }

void Nexo::connectNow() {
  char willTopic[TOPIC_SIZE];
  NexoConnectOptions options;
  options.clientId = clientId_;
  options.username = apikey_;
  options.password = secret_;
  options.willTopic = nullptr;
  options.willPayload = nullptr;
  options.willLength = 0;
  options.keepAliveSeconds = keepAlive_;
  if (willSensor_[0] != '\0' && buildTopic(willTopic, sizeof(willTopic), willSensor_, "")) {
    options.willTopic = willTopic;
    options.willPayload = reinterpret_cast<const uint8_t*>(willValue_);
    options.willLength = static_cast<uint16_t>(strlen(willValue_));
  }
  int result = mqtt_.connect(host_, port_, options);
  if (result == NEXO_CONNECT_OK) {
    char commands[TOPIC_SIZE];
    if (!buildTopic(commands, sizeof(commands), "+", "/set") || !mqtt_.subscribe(commands, 1, nextPacketId())) {
      lastError_ = NEXO_ERROR_NETWORK;
      lost();
      return;
    }
    if (ota_ != nullptr) {
      // The retained notice, and the running version on every connect (docs/ota.md).
      char notices[TOPIC_SIZE];
      char report[128];
      if (!buildTopic(notices, sizeof(notices), "ota", "/aviso") || !mqtt_.subscribe(notices, 1, nextPacketId())) {
        lastError_ = NEXO_ERROR_NETWORK;
        lost();
        return;
      }
      if (ota_->versionReport(report, sizeof(report)) > 0) publishOtaReport(report);
    }
    wasConnected_ = true;
    connections_++;
    lastError_ = NEXO_OK;
    backoff_.reset();
    outbox_.markAllUnsent();
    sendDue();
    return;
  }
  if (result == NEXO_CONNECT_REFUSED_CREDENTIALS || result == NEXO_CONNECT_REFUSED_NOT_AUTHORIZED) {
    lastError_ = NEXO_ERROR_CREDENTIALS;
    backoff_.giveUp();
  } else if (result == NEXO_CONNECT_TIMEOUT) {
    lastError_ = NEXO_ERROR_TIMEOUT;
  } else if (result == NEXO_CONNECT_TCP_FAILED) {
    lastError_ = NEXO_ERROR_NETWORK;
  } else {
    lastError_ = NEXO_ERROR_PROTOCOL;
  }
  nextAttemptAt_ = millis() + backoff_.next(random(0x7FFFFFFFL));
}

void Nexo::lost() {
  mqtt_.drop();
  if (wasConnected_ && lastError_ == NEXO_OK) lastError_ = NEXO_ERROR_NETWORK;
  wasConnected_ = false;
  nextAttemptAt_ = millis() + backoff_.next(random(0x7FFFFFFFL));
}

void Nexo::sendDue() {
  if (!mqtt_.connected()) return;
  char topic[TOPIC_SIZE];
  unsigned long now = millis();
  // Each pending value once per call at most; a failed write ends the connection.
  for (size_t i = 0; i < NexoOutbox::capacity(); i++) {
    NexoOutboxEntry* entry = outbox_.due(now, NEXO_RETRY_MS);
    if (entry == nullptr) return;
    bool dup = entry->sentAt != 0;
    if (!buildTopic(topic, sizeof(topic), entry->sensor, "")) {
      outbox_.acknowledge(entry->packetId);
      continue;
    }
    if (!mqtt_.publish(topic, entry->payload, entry->length, 1, entry->packetId, dup)) {
      lost();
      return;
    }
    entry->sent = true;
    entry->sentAt = now == 0 ? 1 : now;
  }
}

void Nexo::keepAlive() {
  if (keepAlive_ == 0) return;
  unsigned long now = millis();
  unsigned long interval = static_cast<uint32_t>(keepAlive_) * 1000UL;
  // Something must reach the server within each keepalive: ping at three quarters of it.
  unsigned long pingEvery = interval - interval / 4;
  if (mqtt_.pingOutstanding()) {
    if (now - mqtt_.pingSentAt() >= interval) {
      lastError_ = NEXO_ERROR_TIMEOUT;
      lost();
    }
    return;
  }
  if (now - mqtt_.lastSentAt() >= pingEvery && !mqtt_.ping()) lost();
}

void Nexo::loop() {
  if (!active_ || host_ == nullptr) return;
  if (!mqtt_.connected()) {
    if (wasConnected_) lost();
    if (static_cast<long>(millis() - nextAttemptAt_) >= 0) connectNow();
    return;
  }
  if (!mqtt_.poll()) {
    lost();
    return;
  }
  if (mqtt_.lastSubackCode() == 0x80) {
    lastError_ = NEXO_ERROR_PROTOCOL;
  }
  sendDue();
  if (mqtt_.connected()) keepAlive();
}

bool Nexo::flush(uint32_t timeoutMs) {
  unsigned long started = millis();
  while (outbox_.pending() > 0) {
    if (millis() - started >= timeoutMs) return false;
    loop();
    delay(5);
  }
  return true;
}

bool Nexo::waitConnected(uint32_t timeoutMs) {
  unsigned long started = millis();
  while (!connected()) {
    if (millis() - started >= timeoutMs) return false;
    loop();
    delay(5);
  }
  return true;
}

void Nexo::disconnect() {
  active_ = false;
  wasConnected_ = false;
  mqtt_.disconnect();
}

void Nexo::dispatch(char* topic, char* payload) {
  // {apikey}/{sensor}/set
  size_t apikeyLength = strlen(apikey_);
  if (strncmp(topic, apikey_, apikeyLength) != 0 || topic[apikeyLength] != '/') return;
  char* sensor = topic + apikeyLength + 1;
  size_t sensorLength = strlen(sensor);
  if (sensorLength <= 4 || strcmp(sensor + sensorLength - 4, "/set") != 0) return;
  sensor[sensorLength - 4] = '\0';
  for (size_t i = 0; i < NEXO_MAX_COMMANDS; i++) {
    if (commands_[i].sensor != nullptr && strcmp(commands_[i].sensor, sensor) == 0) {
      commands_[i].handler(sensor, payload);
      return;
    }
  }
  if (anyCommand_ != nullptr) anyCommand_(sensor, payload);
}

void Nexo::onMessage(void* context, char* topic, char* payload, uint16_t length) {
  Nexo* self = static_cast<Nexo*>(context);
  if (self->ota_ != nullptr) {
    char notices[TOPIC_SIZE];
    if (self->buildTopic(notices, sizeof(notices), "ota", "/aviso") && strcmp(topic, notices) == 0) {
      self->ota_->notice(payload, length);
      return;
    }
  }
  self->dispatch(topic, payload);
}

void Nexo::onPuback(void* context, uint16_t packetId) {
  static_cast<Nexo*>(context)->outbox_.acknowledge(packetId);
}
