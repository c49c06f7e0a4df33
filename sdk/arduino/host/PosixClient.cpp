#include "PosixClient.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {
const int CONNECT_TIMEOUT_MS = 5000;

int connectWithTimeout(const addrinfo* address) {
  int fd = socket(address->ai_family, address->ai_socktype, address->ai_protocol);
  if (fd < 0) return -1;
  int flags = fcntl(fd, F_GETFL, 0);
  fcntl(fd, F_SETFL, flags | O_NONBLOCK);
  int result = ::connect(fd, address->ai_addr, address->ai_addrlen);
  if (result < 0 && errno == EINPROGRESS) {
    pollfd waiting = {fd, POLLOUT, 0};
    if (::poll(&waiting, 1, CONNECT_TIMEOUT_MS) == 1) {
      int error = 0;
      socklen_t length = sizeof(error);
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
      result = error == 0 ? 0 : -1;
    }
  }
  if (result < 0) {
    close(fd);
    return -1;
  }
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  return fd;
}
}  // namespace

int PosixClient::connect(IPAddress ip, uint16_t port) {
  char host[16];
  snprintf(host, sizeof(host), "%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
  return connect(host, port);
}

int PosixClient::connect(const char* host, uint16_t port) {
  stop();
  char service[8];
  snprintf(service, sizeof(service), "%u", port);
  addrinfo hints = {};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host, service, &hints, &found) != 0) return 0;
  for (addrinfo* address = found; address != nullptr && fd_ < 0; address = address->ai_next) {
    fd_ = connectWithTimeout(address);
  }
  freeaddrinfo(found);
  peeked_ = -1;
  return fd_ >= 0 ? 1 : 0;
}

size_t PosixClient::write(uint8_t byte) { return write(&byte, 1); }

size_t PosixClient::write(const uint8_t* buffer, size_t size) {
  if (fd_ < 0) return 0;
  size_t sent = 0;
  while (sent < size) {
    ssize_t n = send(fd_, buffer + sent, size - sent, MSG_NOSIGNAL);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      pollfd waiting = {fd_, POLLOUT, 0};
      if (::poll(&waiting, 1, 5000) != 1) return sent;
      continue;
    }
    if (n <= 0) return sent;
    sent += static_cast<size_t>(n);
  }
  return sent;
}

int PosixClient::available() {
  if (fd_ < 0) return 0;
  int count = 0;
  if (ioctl(fd_, FIONREAD, &count) < 0) return 0;
  return count + (peeked_ >= 0 ? 1 : 0);
}

int PosixClient::read() {
  if (peeked_ >= 0) {
    int byte = peeked_;
    peeked_ = -1;
    return byte;
  }
  uint8_t byte;
  return read(&byte, 1) == 1 ? byte : -1;
}

int PosixClient::read(uint8_t* buffer, size_t size) {
  if (fd_ < 0 || size == 0) return -1;
  size_t offset = 0;
  if (peeked_ >= 0) {
    buffer[offset++] = static_cast<uint8_t>(peeked_);
    peeked_ = -1;
    if (offset == size) return 1;
  }
  ssize_t n = recv(fd_, buffer + offset, size - offset, MSG_DONTWAIT);
  if (n <= 0) return offset > 0 ? static_cast<int>(offset) : -1;
  return static_cast<int>(offset + static_cast<size_t>(n));
}

int PosixClient::peek() {
  if (peeked_ < 0) peeked_ = read();
  return peeked_;
}

void PosixClient::stop() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  peeked_ = -1;
}

uint8_t PosixClient::connected() {
  if (fd_ < 0) return 0;
  if (peeked_ >= 0) return 1;
  uint8_t byte;
  ssize_t n = recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
  if (n == 0) return 0;  // the peer closed
  if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return 0;
  return 1;
}
