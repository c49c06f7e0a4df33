// "No heap allocation in loop()": the test binary is linked with --wrap=malloc/calloc/realloc and
// replaces operator new, so every allocation the library makes is counted. Connected to the real
// server, loop() runs with publishes, PUBACKs, pings and a command, and the count must not move.
#include <gtest/gtest.h>

#include <Arduino.h>
#include <Nexo.h>
#include <PosixClient.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "harness.h"

namespace {
std::atomic<long> allocations{0};
std::atomic<bool> counting{false};
void note() {
  if (counting.load()) allocations++;
}
int commands = 0;
void onCommand(const char*, const char*) { commands++; }
}  // namespace

extern "C" {
void* __real_malloc(size_t size);
void* __real_calloc(size_t count, size_t size);
void* __real_realloc(void* pointer, size_t size);
void* __wrap_malloc(size_t size) {
  note();
  return __real_malloc(size);
}
void* __wrap_calloc(size_t count, size_t size) {
  note();
  return __real_calloc(count, size);
}
void* __wrap_realloc(void* pointer, size_t size) {
  note();
  return __real_realloc(pointer, size);
}
}

void* operator new(size_t size) {
  note();
  void* pointer = __real_malloc(size == 0 ? 1 : size);
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}
void operator delete(void* pointer) noexcept { std::free(pointer); }
void operator delete(void* pointer, size_t) noexcept { std::free(pointer); }

void setup() {}
void loop() {}

TEST(SinMemoriaDinamica, LoopPublishYComandosNoReservanMemoria) {
  if (!harness::available()) GTEST_SKIP() << "NEXO_HARNESS_URL no está definida";
  harness::Device device = harness::newDevice();
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.setKeepAlive(1);  // pings within the window too
  nexo.onCommand("lampara", onCommand);
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000));
  for (int i = 0; i < 50; i++) {
    nexo.loop();
    delay(2);
  }
  ASSERT_EQ(harness::get("/command?id=" + device.id + "&topic=lampara&valor=30")["status"], "200");

  counting = true;
  unsigned long started = millis();
  int published = 0;
  while (millis() - started < 2500) {
    if (published < 20 && nexo.publish("temperatura", 20.0 + published)) published++;
    nexo.publish("estado", "ok");
    nexo.publishGps("gps", -34.6, -58.4);
    nexo.loop();
    delay(5);
  }
  counting = false;

  EXPECT_EQ(allocations.load(), 0) << "la biblioteca reservó memoria dinámica en loop()/publish()";
  EXPECT_EQ(commands, 1);
  EXPECT_EQ(published, 20);
  EXPECT_TRUE(nexo.flush(5000));
  nexo.disconnect();
}
