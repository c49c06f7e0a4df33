// The bounded queue of QoS 1 values: each stays until its PUBACK arrives, and is sent again
// (with DUP) after NEXO_RETRY_MS or after a reconnection. Fixed slots, copied in; no heap.
#ifndef NEXO_OUTBOX_H
#define NEXO_OUTBOX_H

#include <stddef.h>
#include <stdint.h>

#include "NexoConfig.h"

struct NexoOutboxEntry {
  bool used;
  bool sent;  // sent at least once since the current connection opened
  uint16_t packetId;
  unsigned long sentAt;
  uint16_t length;
  char sensor[NEXO_MAX_SENSOR_NAME + 1];
  uint8_t payload[NEXO_MAX_PAYLOAD];
};

class NexoOutbox {
 public:
  NexoOutbox();

  // Copies the value in; false when every slot is taken.
  NexoOutboxEntry* add(const char* sensor, const uint8_t* payload, uint16_t length, uint16_t packetId);
  // The PUBACK of packetId arrived: frees its slot. False when no slot had that id.
  bool acknowledge(uint16_t packetId);
  // After a reconnection every pending value goes out again.
  void markAllUnsent();
  // The next entry due to (re)send at `now`, or nullptr.
  NexoOutboxEntry* due(unsigned long now, unsigned long retryMs);
  void clear();

  size_t pending() const;
  static size_t capacity() { return NEXO_OUTBOX_SIZE; }

 private:
  NexoOutboxEntry entries_[NEXO_OUTBOX_SIZE];
  uint32_t order_[NEXO_OUTBOX_SIZE];  // insertion order, so values leave in the order they came
  uint32_t counter_;
};

#endif
