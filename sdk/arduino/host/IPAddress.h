#ifndef NEXO_HOST_IPADDRESS_H
#define NEXO_HOST_IPADDRESS_H

#include <stdint.h>

class IPAddress {
 public:
  IPAddress() : bytes_{0, 0, 0, 0} {}
  IPAddress(uint8_t a, uint8_t b, uint8_t c, uint8_t d) : bytes_{a, b, c, d} {}
  uint8_t operator[](int index) const { return bytes_[index]; }

 private:
  uint8_t bytes_[4];
};

#endif
