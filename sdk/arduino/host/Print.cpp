#include "Print.h"

#include <stdio.h>
#include <string.h>

size_t Print::write(const uint8_t* buffer, size_t size) {
  size_t n = 0;
  for (size_t i = 0; i < size; i++) n += write(buffer[i]);
  return n;
}

size_t Print::write(const char* text) { return write(reinterpret_cast<const uint8_t*>(text), strlen(text)); }
size_t Print::print(const char* text) { return write(text); }
size_t Print::print(char value) { return write(static_cast<uint8_t>(value)); }

namespace {
size_t printFormatted(Print& out, const char* format, ...) __attribute__((format(printf, 2, 3)));
}

#include <stdarg.h>
namespace {
size_t printFormatted(Print& out, const char* format, ...) {
  char text[64];
  va_list args;
  va_start(args, format);
  int length = vsnprintf(text, sizeof(text), format, args);
  va_end(args);
  if (length < 0) return 0;
  return out.write(reinterpret_cast<const uint8_t*>(text), strlen(text));
}
}  // namespace

size_t Print::print(int value) { return printFormatted(*this, "%d", value); }
size_t Print::print(long value) { return printFormatted(*this, "%ld", value); }
size_t Print::print(unsigned int value) { return printFormatted(*this, "%u", value); }
size_t Print::print(unsigned long value) { return printFormatted(*this, "%lu", value); }
size_t Print::print(double value, int decimals) { return printFormatted(*this, "%.*f", decimals, value); }
size_t Print::println() { return write("\r\n"); }
