// The host's Print: text and numbers written through write().
#ifndef NEXO_HOST_PRINT_H
#define NEXO_HOST_PRINT_H

#include <stddef.h>
#include <stdint.h>

class Print {
 public:
  virtual ~Print() {}
  virtual size_t write(uint8_t byte) = 0;
  virtual size_t write(const uint8_t* buffer, size_t size);
  size_t write(const char* text);
  size_t print(const char* text);
  size_t print(char value);
  size_t print(int value);
  size_t print(long value);
  size_t print(unsigned int value);
  size_t print(unsigned long value);
  size_t print(double value, int decimals = 2);
  size_t println();
  template <typename T>
  size_t println(T value) {
    size_t n = print(value);
    return n + println();
  }
  size_t println(double value, int decimals) {
    size_t n = print(value, decimals);
    return n + println();
  }
};

#endif
