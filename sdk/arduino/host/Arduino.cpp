#include "Arduino.h"

#include <math.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "WiFi.h"

HostSerial Serial;
HostWiFi WiFi;

namespace {
uint64_t nowMicros() {
  static timespec start = {0, 0};
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  if (start.tv_sec == 0 && start.tv_nsec == 0) start = now;
  return static_cast<uint64_t>(now.tv_sec - start.tv_sec) * 1000000ULL +
         static_cast<uint64_t>(now.tv_nsec / 1000) - static_cast<uint64_t>(start.tv_nsec / 1000);
}
int outputs[64];
}  // namespace

unsigned long millis() { return static_cast<unsigned long>(nowMicros() / 1000ULL); }
unsigned long micros() { return static_cast<unsigned long>(nowMicros()); }
void delay(unsigned long ms) { usleep(static_cast<useconds_t>(ms * 1000UL)); }
void yield() {}

long random(long max) { return max <= 0 ? 0 : ::random() % max; }
long random(long min, long max) { return max <= min ? min : min + ::random() % (max - min); }
void randomSeed(unsigned long seed) { ::srandom(static_cast<unsigned int>(seed)); }

void pinMode(uint8_t pin, uint8_t mode) {
  (void)pin;
  (void)mode;
}
void digitalWrite(uint8_t pin, uint8_t value) { outputs[pin % 64] = value; }
int digitalRead(uint8_t pin) { return outputs[pin % 64]; }
int analogRead(uint8_t pin) {
  double t = static_cast<double>(millis()) / 60000.0;
  return 2048 + static_cast<int>(900.0 * sin(t + pin)) + static_cast<int>(random(41)) - 20;
}
void analogWrite(uint8_t pin, int value) { outputs[pin % 64] = value; }

size_t HostSerial::write(uint8_t byte) { return fwrite(&byte, 1, 1, stdout); }
size_t HostSerial::write(const uint8_t* buffer, size_t size) {
  size_t n = fwrite(buffer, 1, size, stdout);
  fflush(stdout);
  return n;
}

const char* nexoHostEnv(const char* name, const char* fallback) {
  const char* value = getenv(name);
  return value != nullptr && value[0] != '\0' ? value : fallback;
}

uint16_t nexoHostEnvPort(const char* name, uint16_t fallback) {
  const char* value = getenv(name);
  if (value == nullptr || value[0] == '\0') return fallback;
  long port = strtol(value, nullptr, 10);
  return port > 0 && port < 65536 ? static_cast<uint16_t>(port) : fallback;
}
