#include "NexoValue.h"

#include <string.h>

namespace {
int appendText(char* out, size_t size, size_t* at, const char* text) {
  size_t length = strlen(text);
  if (*at + length >= size) return -1;
  memcpy(out + *at, text, length);
  *at += length;
  out[*at] = '\0';
  return 0;
}
}  // namespace

int nexoFormatUnsigned(char* out, size_t size, unsigned long long value) {
  char digits[24];
  size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value > 0);
  if (count + 1 > size) return -1;
  for (size_t i = 0; i < count; i++) out[i] = digits[count - 1 - i];
  out[count] = '\0';
  return static_cast<int>(count);
}

int nexoFormatInteger(char* out, size_t size, long long value) {
  if (value >= 0) return nexoFormatUnsigned(out, size, static_cast<unsigned long long>(value));
  if (size < 2) return -1;
  out[0] = '-';
  // -(value + 1) + 1 avoids overflowing on the smallest long long.
  unsigned long long magnitude = static_cast<unsigned long long>(-(value + 1)) + 1ULL;
  int length = nexoFormatUnsigned(out + 1, size - 1, magnitude);
  return length < 0 ? -1 : length + 1;
}

int nexoFormatDouble(char* out, size_t size, double value, uint8_t decimals) {
  if (value != value || value > 1e18 || value < -1e18) return -1;  // NaN, infinity, or too large
  if (decimals > 9) decimals = 9;
  unsigned long long scale = 1;
  for (uint8_t i = 0; i < decimals; i++) scale *= 10;
  bool negative = value < 0;
  double magnitude = negative ? -value : value;
  unsigned long long whole = static_cast<unsigned long long>(magnitude);
  unsigned long long fraction =
      static_cast<unsigned long long>((magnitude - static_cast<double>(whole)) * static_cast<double>(scale) + 0.5);
  if (fraction >= scale) {
    whole += 1;
    fraction -= scale;
  }
  uint8_t places = decimals;
  while (places > 0 && fraction % 10 == 0) {
    fraction /= 10;
    places--;
  }
  size_t at = 0;
  if (size < 2) return -1;
  out[0] = '\0';
  if (negative && (whole > 0 || fraction > 0)) {
    out[at++] = '-';
    out[at] = '\0';
  }
  int length = nexoFormatUnsigned(out + at, size - at, whole);
  if (length < 0) return -1;
  at += static_cast<size_t>(length);
  if (places > 0) {
    if (at + 1 + places >= size) return -1;
    out[at++] = '.';
    for (uint8_t i = places; i > 0; i--) {
      out[at + i - 1] = static_cast<char>('0' + fraction % 10);
      fraction /= 10;
    }
    at += places;
    out[at] = '\0';
  }
  return static_cast<int>(at);
}

int nexoFormatGps(char* out, size_t size, const char* latField, double lat, const char* lngField, double lng) {
  char number[32];
  size_t at = 0;
  if (size == 0) return -1;
  out[0] = '\0';
  if (appendText(out, size, &at, "{\"") < 0 || appendText(out, size, &at, latField) < 0 ||
      appendText(out, size, &at, "\":") < 0)
    return -1;
  if (nexoFormatDouble(number, sizeof(number), lat, 6) < 0 || appendText(out, size, &at, number) < 0) return -1;
  if (appendText(out, size, &at, ",\"") < 0 || appendText(out, size, &at, lngField) < 0 ||
      appendText(out, size, &at, "\":") < 0)
    return -1;
  if (nexoFormatDouble(number, sizeof(number), lng, 6) < 0 || appendText(out, size, &at, number) < 0) return -1;
  if (appendText(out, size, &at, "}") < 0) return -1;
  return static_cast<int>(at);
}
