// Firmware over the air against the real Nexo server (tools/sdk/harness.ts): a full update, a
// download resumed with Range after a dropped connection, and a checksum failure. On the host the
// Update shim writes the image to a file in place of flash.
#include <gtest/gtest.h>

#include <Arduino.h>
#include <Nexo.h>
#include <NexoOta.h>
#include <NexoSha256.h>
#include <PosixClient.h>
#include <Update.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness.h"

namespace {

struct OtaDevice {
  std::string id, apikey, secret, host;
  uint16_t mqttPort = 0;
  uint16_t httpPort = 0;
};

std::string fileSha(const std::string& path) {
  FILE* file = fopen(path.c_str(), "rb");
  if (!file) return "";
  NexoSha256 sha;
  uint8_t buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), file)) > 0) sha.update(buffer, n);
  fclose(file);
  char hex[65];
  sha.hex(hex);
  return hex;
}

class OtaTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!harness::available()) GTEST_SKIP() << "NEXO_HARNESS_URL no está definida (node tools/sdk/run.mjs)";
    auto answer = harness::get("/device");
    device.id = answer["id"];
    device.apikey = answer["apikey"];
    device.secret = answer["secret"];
    device.host = answer["host"];
    device.mqttPort = static_cast<uint16_t>(atoi(answer["mqtt_port"].c_str()));
    device.httpPort = static_cast<uint16_t>(atoi(answer["http_port"].c_str()));
    ASSERT_FALSE(device.apikey.empty()) << "el harness no creó el equipo";
    image = "/tmp/nexo-ota-" + device.apikey + ".bin";
    remove(image.c_str());
    Update.setPath(image.c_str());
  }
  void TearDown() override { remove(image.c_str()); }

  std::map<std::string, std::string> rollOut(const std::string& version, int size, bool corrupt = false) {
    return harness::get("/ota?id=" + device.id + "&version=" + version + "&size=" + std::to_string(size) +
                        "&corrupt=" + (corrupt ? "1" : "0"));
  }

  std::map<std::string, std::string> waitOta(const std::string& state) {
    return harness::get("/wait-ota?id=" + device.id + "&estado=" + state + "&timeout=15000");
  }

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

  OtaDevice device;
  std::string image;
};

}  // namespace

TEST_F(OtaTest, ActualizacionCompletaYVersionNuevaAlReiniciar) {
  {
    PosixClient mqtt, http;
    Nexo nexo(mqtt, device.apikey.c_str(), device.secret.c_str());
    NexoOta ota(http, "1.0.0", "Invernadero");
    ota.setHttpServer(device.host.c_str(), device.httpPort);
    nexo.attachOta(ota);
    nexo.begin(device.host.c_str(), device.mqttPort);
    ASSERT_TRUE(nexo.waitConnected(10000)) << "error " << nexo.lastError();
    auto package = rollOut("3.0.0", 200000);
    ASSERT_FALSE(package["sha256"].empty());
    ASSERT_TRUE(loopUntil(nexo, [&] { return ota.pending(); }, 15000)) << "no llegó el aviso";
    EXPECT_STREQ(ota.targetVersion(), "3.0.0");
    EXPECT_EQ(ota.perform(), NEXO_OTA_COMMITTED);
    EXPECT_EQ(ota.requests(), 1);
    EXPECT_EQ(fileSha(image), package["sha256"]);
    EXPECT_EQ(waitOta("ACTUALIZANDO")["ok"], "1");
    nexo.disconnect();
  }
  // The "reboot": the new firmware reports its version on connect, which closes the update.
  PosixClient mqtt, http;
  Nexo nexo(mqtt, device.apikey.c_str(), device.secret.c_str());
  NexoOta ota(http, "3.0.0", "Invernadero");
  nexo.attachOta(ota);
  nexo.begin(device.host.c_str(), device.mqttPort);
  ASSERT_TRUE(nexo.waitConnected(10000));
  ASSERT_TRUE(nexo.flush(5000));
  auto state = waitOta("ACTUALIZADO");
  EXPECT_EQ(state["ok"], "1") << "estado " << state["estado"] << " " << state["motivo"];
  EXPECT_EQ(state["version"], "3.0.0");
  EXPECT_FALSE(ota.pending());
  nexo.disconnect();
}

TEST_F(OtaTest, ReanudaConRangeUnaDescargaCortada) {
  PosixClient mqtt, http;
  Nexo nexo(mqtt, device.apikey.c_str(), device.secret.c_str());
  NexoOta ota(http, "1.0.0", "Invernadero");
  ota.setHttpServer(device.host.c_str(), device.httpPort);
  nexo.attachOta(ota);
  nexo.begin(device.host.c_str(), device.mqttPort);
  ASSERT_TRUE(nexo.waitConnected(10000));
  auto package = rollOut("3.1.0", 180000);
  ASSERT_TRUE(loopUntil(nexo, [&] { return ota.pending(); }, 15000));
  ota.dropAfter(50000);  // the network "drops" after 50 KB
  EXPECT_EQ(ota.perform(), NEXO_OTA_COMMITTED);
  EXPECT_EQ(ota.requests(), 2) << "la segunda petición reanuda con Range";
  EXPECT_EQ(ota.received(), 180000u);
  EXPECT_EQ(fileSha(image), package["sha256"]);
  EXPECT_EQ(waitOta("ACTUALIZANDO")["ok"], "1");
  nexo.disconnect();
}

TEST_F(OtaTest, ChecksumIncorrectoNoAplicaLaImagenYQuedaFallido) {
  PosixClient mqtt, http;
  Nexo nexo(mqtt, device.apikey.c_str(), device.secret.c_str());
  NexoOta ota(http, "1.0.0", "Invernadero");
  ota.setHttpServer(device.host.c_str(), device.httpPort);
  nexo.attachOta(ota);
  nexo.begin(device.host.c_str(), device.mqttPort);
  ASSERT_TRUE(nexo.waitConnected(10000));
  rollOut("3.2.0", 90000, true);
  ASSERT_TRUE(loopUntil(nexo, [&] { return ota.pending(); }, 15000));
  EXPECT_EQ(ota.perform(), NEXO_OTA_FAILED_CHECKSUM);
  // Nothing was committed: no image file.
  FILE* file = fopen(image.c_str(), "rb");
  EXPECT_EQ(file, nullptr);
  if (file) fclose(file);
  auto state = waitOta("FALLIDO");
  EXPECT_EQ(state["ok"], "1");
  EXPECT_NE(state["motivo"].find("SHA-256"), std::string::npos) << state["motivo"];
  nexo.disconnect();
}

TEST(Sha256, DigestsOfKnownTexts) {
  NexoSha256 sha;
  char hex[65];
  sha.hex(hex);
  EXPECT_STREQ(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  sha.reset();
  sha.update(reinterpret_cast<const uint8_t*>("abc"), 3);
  sha.hex(hex);
  EXPECT_STREQ(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
