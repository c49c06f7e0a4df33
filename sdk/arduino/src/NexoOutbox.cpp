#include "NexoOutbox.h"

#include <string.h>

NexoOutbox::NexoOutbox() : entries_(), order_(), counter_(0) { clear(); }

void NexoOutbox::clear() {
  for (size_t i = 0; i < NEXO_OUTBOX_SIZE; i++) {
    entries_[i].used = false;
    entries_[i].sent = false;
    order_[i] = 0;
  }
}

NexoOutboxEntry* NexoOutbox::add(const char* sensor, const uint8_t* payload, uint16_t length, uint16_t packetId) {
  size_t sensorLength = strlen(sensor);
  if (sensorLength > NEXO_MAX_SENSOR_NAME || length > NEXO_MAX_PAYLOAD) return nullptr;
  for (size_t i = 0; i < NEXO_OUTBOX_SIZE; i++) {
    NexoOutboxEntry& entry = entries_[i];
    if (entry.used) continue;
    entry.used = true;
    entry.sent = false;
    entry.packetId = packetId;
    entry.sentAt = 0;
    entry.length = length;
    memcpy(entry.sensor, sensor, sensorLength + 1);
    memcpy(entry.payload, payload, length);
    order_[i] = ++counter_;
    return &entry;
  }
  return nullptr;
}

bool NexoOutbox::acknowledge(uint16_t packetId) {
  for (size_t i = 0; i < NEXO_OUTBOX_SIZE; i++) {
    if (entries_[i].used && entries_[i].packetId == packetId) {
      entries_[i].used = false;
      return true;
    }
  }
  return false;
}

void NexoOutbox::markAllUnsent() {
  for (size_t i = 0; i < NEXO_OUTBOX_SIZE; i++) entries_[i].sent = false;
}

NexoOutboxEntry* NexoOutbox::due(unsigned long now, unsigned long retryMs) {
  NexoOutboxEntry* oldest = nullptr;
  uint32_t oldestOrder = 0;
  for (size_t i = 0; i < NEXO_OUTBOX_SIZE; i++) {
    NexoOutboxEntry& entry = entries_[i];
    if (!entry.used) continue;
    if (entry.sent && now - entry.sentAt < retryMs) continue;
    if (oldest == nullptr || order_[i] < oldestOrder) {
      oldest = &entry;
      oldestOrder = order_[i];
    }
  }
  return oldest;
}

size_t NexoOutbox::pending() const {
  size_t count = 0;
  for (size_t i = 0; i < NEXO_OUTBOX_SIZE; i++)
    if (entries_[i].used) count++;
  return count;
}
