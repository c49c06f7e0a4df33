// Unit tests of the library's parts that need no server.
#include <gtest/gtest.h>

#include <string>

#include "NexoBackoff.h"
#include "NexoMqtt.h"
#include "NexoOutbox.h"
#include "NexoValue.h"

namespace {
std::string formatDouble(double value, uint8_t decimals) {
  char text[32];
  int length = nexoFormatDouble(text, sizeof(text), value, decimals);
  return length < 0 ? "<error>" : std::string(text, static_cast<size_t>(length));
}
}  // namespace

TEST(Valores, NumerosComoTexto) {
  EXPECT_EQ(formatDouble(22.5, 3), "22.5");
  EXPECT_EQ(formatDouble(-0.125, 3), "-0.125");
  EXPECT_EQ(formatDouble(3.0, 2), "3");
  EXPECT_EQ(formatDouble(0.0, 2), "0");
  EXPECT_EQ(formatDouble(-0.0001, 2), "0");
  EXPECT_EQ(formatDouble(9.996, 2), "10");
  EXPECT_EQ(formatDouble(-34.6037, 6), "-34.6037");
  EXPECT_EQ(formatDouble(0.0 / 0.0, 2), "<error>");
  EXPECT_EQ(formatDouble(1e300, 2), "<error>");
  char text[24];
  EXPECT_EQ(nexoFormatInteger(text, sizeof(text), -9223372036854775807LL - 1), 20);
  EXPECT_STREQ(text, "-9223372036854775808");
  EXPECT_EQ(nexoFormatUnsigned(text, 3, 123), -1);
}

TEST(Valores, Gps) {
  char text[64];
  ASSERT_GT(nexoFormatGps(text, sizeof(text), "lat", -34.6, "lng", -58.4), 0);
  EXPECT_STREQ(text, "{\"lat\":-34.6,\"lng\":-58.4}");
  EXPECT_EQ(nexoFormatGps(text, 10, "lat", -34.6, "lng", -58.4), -1);
}

TEST(Mqtt, LongitudRestante) {
  uint8_t out[4];
  EXPECT_EQ(NexoMqtt::encodeLength(out, 0), 1);
  EXPECT_EQ(NexoMqtt::encodeLength(out, 127), 1);
  EXPECT_EQ(NexoMqtt::encodeLength(out, 128), 2);
  EXPECT_EQ(out[0], 0x80);
  EXPECT_EQ(out[1], 0x01);
  EXPECT_EQ(NexoMqtt::encodeLength(out, 16383), 2);
  EXPECT_EQ(NexoMqtt::encodeLength(out, 16384), 3);
}

TEST(Backoff, CreceConAzarHastaElMaximo) {
  NexoBackoff backoff(1000, 8000);
  EXPECT_EQ(backoff.next(0), 500u);       // window 1000: 500..1000
  EXPECT_EQ(backoff.next(500), 1000u + 500u % 1001u);  // window 2000
  EXPECT_LE(backoff.next(123456), 4000u);  // window 4000
  for (int i = 0; i < 10; i++) {
    uint32_t wait = backoff.next(987654321);
    EXPECT_GE(wait, 4000u);
    EXPECT_LE(wait, 8000u);
  }
  backoff.reset();
  EXPECT_LE(backoff.next(999), 1000u);
  backoff.giveUp();
  EXPECT_GE(backoff.next(0), 4000u);
}

TEST(Outbox, AcotadaYEnOrden) {
  NexoOutbox outbox;
  const uint8_t value[] = {'1'};
  for (uint16_t i = 1; i <= NexoOutbox::capacity(); i++) ASSERT_NE(outbox.add("t", value, 1, i), nullptr);
  EXPECT_EQ(outbox.add("t", value, 1, 99), nullptr);
  EXPECT_EQ(outbox.pending(), NexoOutbox::capacity());
  NexoOutboxEntry* first = outbox.due(1000, 5000);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->packetId, 1);
  first->sent = true;
  first->sentAt = 1000;
  EXPECT_EQ(outbox.due(1000, 5000)->packetId, 2);
  EXPECT_TRUE(outbox.acknowledge(2));
  EXPECT_FALSE(outbox.acknowledge(2));
  EXPECT_EQ(outbox.pending(), NexoOutbox::capacity() - 1);
  char longName[NEXO_MAX_SENSOR_NAME + 2];
  memset(longName, 'x', sizeof(longName) - 1);
  longName[sizeof(longName) - 1] = '\0';
  EXPECT_TRUE(outbox.acknowledge(3));
  EXPECT_EQ(outbox.add(longName, value, 1, 7), nullptr);
}
