// An Arduino Client over a POSIX TCP socket: the host's stand-in for WiFiClient.
#ifndef NEXO_HOST_POSIX_CLIENT_H
#define NEXO_HOST_POSIX_CLIENT_H

#include "Client.h"

class PosixClient : public Client {
 public:
  PosixClient() : fd_(-1), peeked_(-1) {}
  ~PosixClient() override { stop(); }

  int connect(IPAddress ip, uint16_t port) override;
  int connect(const char* host, uint16_t port) override;
  size_t write(uint8_t byte) override;
  size_t write(const uint8_t* buffer, size_t size) override;
  int available() override;
  int read() override;
  int read(uint8_t* buffer, size_t size) override;
  int peek() override;
  void flush() override {}
  void stop() override;
  uint8_t connected() override;
  operator bool() override { return fd_ >= 0; }

  // Tests: the socket's descriptor, or -1.
  int fd() const { return fd_; }

 private:
  int fd_;
  int peeked_;
};

#endif
