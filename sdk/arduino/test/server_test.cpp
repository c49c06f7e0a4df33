// The library against the real Nexo server (tools/sdk/harness.ts): values seen through the API
// and the live channel (STOMP), commands, reconnection after a restart, the last will, wrong
// credentials and an oversize payload.
#include <gtest/gtest.h>

#include <Arduino.h>
#include <Nexo.h>
#include <NexoHttp.h>
#include <PosixClient.h>

#include <string>

#include "harness.h"

// The host shim runs sketches; the tests have none.
void setup() {}
void loop() {}

namespace {

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!harness::available()) GTEST_SKIP() << "NEXO_HARNESS_URL no está definida (node tools/sdk/run.mjs)";
    device = harness::newDevice();
    ASSERT_FALSE(device.apikey.empty()) << "el harness no creó el equipo";
  }

  std::map<std::string, std::string> last(const std::string& topic) {
    return harness::get("/last?id=" + device.id + "&topic=" + topic);
  }

  bool waitValue(const std::string& topic, const std::string& value, int timeoutMs = 10000) {
    return harness::get("/wait-value?id=" + device.id + "&topic=" + topic + "&valor=" + harness::encode(value) +
                        "&timeout=" + std::to_string(timeoutMs))["ok"] == "1";
  }

  bool waitStomp(const std::string& topic, const std::string& value, int timeoutMs = 10000) {
    return harness::get("/wait-stomp?id=" + device.id + "&topic=" + topic + "&valor=" + harness::encode(value) +
                        "&timeout=" + std::to_string(timeoutMs))["ok"] == "1";
  }

  // Runs nexo.loop() until the condition holds or the time is up.
  template <typename Condition>
  bool loopUntil(Nexo& nexo, Condition condition, unsigned long timeoutMs) {
    unsigned long started = millis();
    while (!condition()) {
      if (millis() - started > timeoutMs) return false;
      nexo.loop();
      delay(2);
    }
    return true;
  }

  harness::Device device;
};

std::string received;
void remember(const char* sensor, const char* value) { received = std::string(sensor) + "=" + value; }

}  // namespace

TEST_F(ServerTest, PublicaYSeVeEnLaApiYEnStomp) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000)) << "error " << nexo.lastError();

  ASSERT_TRUE(nexo.publish("temperatura", 22.5));
  ASSERT_TRUE(nexo.publish("riego", true));
  // Values other than the device's initial ones (the harness seeds the demo device's values).
  ASSERT_TRUE(nexo.publish("luz", 700));
  ASSERT_TRUE(nexo.publish("estado", "Regando"));
  ASSERT_TRUE(nexo.publishGps("gps", -31.4201, -64.1888));
  ASSERT_TRUE(nexo.flush(10000)) << "quedan " << nexo.pending() << " valores sin acuse";
  EXPECT_EQ(nexo.pending(), 0u);

  EXPECT_TRUE(waitStomp("temperatura", "22.5"));
  EXPECT_TRUE(waitValue("temperatura", "22.5"));
  EXPECT_TRUE(waitValue("riego", "1"));
  EXPECT_TRUE(waitValue("luz", "700"));
  EXPECT_TRUE(waitValue("estado", "Regando"));
  EXPECT_TRUE(waitValue("gps", "{\"lat\":-31.4201,\"lng\":-64.1888}"));
  EXPECT_EQ(last("temperatura")["equipo_conectado"], "1");
  nexo.disconnect();
}

TEST_F(ServerTest, RecibeComandos) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.onCommand("lampara", remember);
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000));
  // The subscription is in place once the server answered SUBACK; a loop round or two.
  loopUntil(nexo, [] { return false; }, 300);
  received.clear();
  ASSERT_EQ(harness::get("/command?id=" + device.id + "&topic=lampara&valor=75")["status"], "200");
  EXPECT_TRUE(loopUntil(nexo, [] { return !received.empty(); }, 10000));
  EXPECT_EQ(received, "lampara=75");
  nexo.disconnect();
}

TEST_F(ServerTest, SeReconectaTrasReiniciarElServidorYEntregaLoPendiente) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000));
  EXPECT_EQ(nexo.connections(), 1u);

  ASSERT_EQ(harness::get("/stop")["ok"], "1");
  ASSERT_TRUE(loopUntil(nexo, [&] { return !nexo.connected(); }, 10000));
  // Queued while the server is down: QoS 1 values wait in the outbox.
  ASSERT_TRUE(nexo.publish("temperatura", 30.25));
  ASSERT_EQ(harness::get("/start")["ok"], "1");
  ASSERT_TRUE(loopUntil(nexo, [&] { return nexo.connected(); }, 30000)) << "error " << nexo.lastError();
  EXPECT_EQ(nexo.connections(), 2u);
  EXPECT_TRUE(nexo.flush(10000));
  EXPECT_TRUE(waitValue("temperatura", "30.25"));
  nexo.disconnect();
}

TEST_F(ServerTest, UltimaVoluntadAlCortarseLaConexion) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.setWill("estado", "SIN CONEXIÓN");
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000));
  ASSERT_TRUE(nexo.publish("estado", "Todo en orden"));
  ASSERT_TRUE(nexo.flush(5000));
  EXPECT_EQ(last("estado")["equipo_conectado"], "1");

  client.stop();  // the socket dies without DISCONNECT, as when a board loses power

  EXPECT_TRUE(waitValue("estado", "SIN CONEXIÓN"));
  EXPECT_EQ(harness::get("/wait-offline?id=" + device.id + "&timeout=5000")["ok"], "1");
}

TEST_F(ServerTest, CredencialesIncorrectas) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), "secret-equivocado");
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  EXPECT_TRUE(loopUntil(nexo, [&] { return nexo.lastError() == NEXO_ERROR_CREDENTIALS; }, 10000));
  EXPECT_FALSE(nexo.connected());
  EXPECT_EQ(nexo.connections(), 0u);
}

TEST_F(ServerTest, CargaDemasiadoGrandeSeRechazaSinCortarLaConexion) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000));
  std::string big(NEXO_MAX_PAYLOAD + 1, 'x');
  EXPECT_FALSE(nexo.publish("estado", big.c_str()));
  EXPECT_EQ(nexo.lastError(), NEXO_ERROR_TOO_LARGE);
  EXPECT_EQ(nexo.pending(), 0u);
  ASSERT_TRUE(nexo.publish("estado", "sigue conectado"));
  ASSERT_TRUE(nexo.flush(5000));
  EXPECT_TRUE(nexo.connected());
  EXPECT_TRUE(waitValue("estado", "sigue conectado"));
  nexo.disconnect();
}

TEST_F(ServerTest, UltimoValorPorHttp) {
  PosixClient client;
  Nexo nexo(client, device.apikey.c_str(), device.secret.c_str());
  nexo.begin(device.host.c_str(), static_cast<uint16_t>(device.mqttPort));
  ASSERT_TRUE(nexo.waitConnected(10000));
  ASSERT_TRUE(nexo.publish("estado", "Riego \"listo\" ñ"));
  ASSERT_TRUE(nexo.flush(5000));
  ASSERT_TRUE(waitValue("estado", "Riego \"listo\" ñ"));

  PosixClient http;  // its own connection: MQTT stays up
  char value[64];
  uint16_t port = static_cast<uint16_t>(device.httpPort);
  EXPECT_EQ(nexoLastValue(http, device.host.c_str(), port, device.apikey.c_str(), device.secret.c_str(), "estado",
                          value, sizeof(value)),
            static_cast<int>(strlen("Riego \"listo\" ñ")));
  EXPECT_STREQ(value, "Riego \"listo\" ñ");
  EXPECT_TRUE(nexo.connected());
  EXPECT_EQ(nexoLastValue(http, device.host.c_str(), port, device.apikey.c_str(), device.secret.c_str(), "nada",
                          value, sizeof(value)),
            NEXO_HTTP_NOT_FOUND);
  EXPECT_EQ(nexoLastValue(http, device.host.c_str(), port, device.apikey.c_str(), "mal", "estado", value,
                          sizeof(value)),
            NEXO_HTTP_CREDENTIALS);
  EXPECT_EQ(nexoLastValue(http, device.host.c_str(), port, device.apikey.c_str(), device.secret.c_str(), "estado",
                          value, 4),
            NEXO_HTTP_TOO_LARGE);
  nexo.disconnect();
}
