#include "NexoBackoff.h"

uint32_t NexoBackoff::next(long randomValue) {
  uint32_t window = minMs_;
  for (uint8_t i = 0; i < failures_ && window < maxMs_; i++) window *= 2;
  if (window > maxMs_) window = maxMs_;
  if (failures_ < 31) failures_++;
  uint32_t half = window / 2;
  uint32_t jitter = static_cast<uint32_t>(randomValue < 0 ? -randomValue : randomValue) % (half + 1);
  return half + jitter;
}
