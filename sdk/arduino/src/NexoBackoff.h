// Reconnection delays: doubling from NEXO_BACKOFF_MIN_MS to NEXO_BACKOFF_MAX_MS, each drawn at
// random in the upper half of its window, so a room full of boards does not reconnect in step.
#ifndef NEXO_BACKOFF_H
#define NEXO_BACKOFF_H

#include <stdint.h>

class NexoBackoff {
 public:
  NexoBackoff(uint32_t minMs, uint32_t maxMs) : minMs_(minMs), maxMs_(maxMs), failures_(0) {}

  // The wait before the next attempt, given a random number (Arduino random()).
  uint32_t next(long randomValue);
  // Wrong credentials: go straight to the longest window.
  void giveUp() { failures_ = 31; }
  void reset() { failures_ = 0; }
  uint8_t failures() const { return failures_; }

 private:
  uint32_t minMs_;
  uint32_t maxMs_;
  uint8_t failures_;
};

#endif
