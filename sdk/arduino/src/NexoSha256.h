// SHA-256 (FIPS 180-4), streaming, no heap: what NexoOta uses to check a firmware image before it
// commits it. update() takes the image in pieces as they arrive; hex() gives the 64-char digest.
#ifndef NEXO_SHA256_H
#define NEXO_SHA256_H

#include <stddef.h>
#include <stdint.h>

class NexoSha256 {
 public:
  NexoSha256() { reset(); }
  void reset();
  void update(const uint8_t* data, size_t length);
  // Finishes and writes 32 bytes; the object must be reset() before it is used again.
  void finish(uint8_t out[32]);
  // Finishes and writes 64 lowercase hex characters and a NUL.
  void hex(char out[65]);

 private:
  void block(const uint8_t* data);

  uint32_t state_[8];
  uint8_t buffer_[64];
  uint64_t total_;
  size_t used_;
};

#endif
