// Arduino's Client interface (Client.h in every Arduino core), as the library uses it.
#ifndef NEXO_HOST_CLIENT_H
#define NEXO_HOST_CLIENT_H

#include <stddef.h>
#include <stdint.h>

#include "IPAddress.h"
#include "Print.h"

class Client : public Print {
 public:
  virtual int connect(IPAddress ip, uint16_t port) = 0;
  virtual int connect(const char* host, uint16_t port) = 0;
  size_t write(uint8_t byte) override = 0;
  size_t write(const uint8_t* buffer, size_t size) override = 0;
  virtual int available() = 0;
  virtual int read() = 0;
  virtual int read(uint8_t* buffer, size_t size) = 0;
  virtual int peek() = 0;
  virtual void flush() = 0;
  virtual void stop() = 0;
  virtual uint8_t connected() = 0;
  virtual operator bool() = 0;
};

#endif
