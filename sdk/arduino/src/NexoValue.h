// Turns the values publish() accepts into the payload text the server expects:
// numbers as decimal text, booleans as "1"/"0", GPS as {"lat":…,"lng":…}. No heap, no printf.
#ifndef NEXO_VALUE_H
#define NEXO_VALUE_H

#include <stddef.h>
#include <stdint.h>

// Each writes a NUL-terminated text into out (size bytes) and returns its length, or -1 when it
// does not fit or the number is not finite (NaN, infinity).
int nexoFormatInteger(char* out, size_t size, long long value);
int nexoFormatUnsigned(char* out, size_t size, unsigned long long value);
// At most `decimals` (0..9) digits after the point, trailing zeros removed: 22.5, -0.125, 3.
int nexoFormatDouble(char* out, size_t size, double value, uint8_t decimals);
int nexoFormatGps(char* out, size_t size, const char* latField, double lat, const char* lngField, double lng);

#endif
