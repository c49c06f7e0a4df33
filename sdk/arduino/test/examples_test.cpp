// The examples, built for the host, read their connection from the environment (NEXO_HOST,
// NEXO_MQTT_PORT, NEXO_APIKEY, NEXO_SECRET) and their values reach the real server.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <string>

#include "harness.h"

namespace {
std::string envFor(const harness::Device& device) {
  return "NEXO_HOST=" + device.host + " NEXO_MQTT_PORT=" + std::to_string(device.mqttPort) +
         " NEXO_APIKEY=" + device.apikey + " NEXO_SECRET=" + device.secret + " NEXO_RUN_SECONDS=7 ";
}

// Waits until the sensor's value differs from the one the harness seeded.
bool changed(const harness::Device& device, const std::string& topic, const std::string& seeded) {
  for (int i = 0; i < 40; i++) {
    std::string value = harness::get("/last?id=" + device.id + "&topic=" + topic)["valor"];
    if (!value.empty() && value != seeded) return true;
    usleep(250000);
  }
  return false;
}
}  // namespace

TEST(Ejemplos, MinimalEInvernaderoPublicanConLaConexionDelEntorno) {
  if (!harness::available()) GTEST_SKIP() << "NEXO_HARNESS_URL no está definida";
  harness::Device minimal = harness::newDevice();
  harness::Device invernadero = harness::newDevice();
  ASSERT_FALSE(minimal.apikey.empty());
  // Both at once (each publishes after 5 s), quietly.
  std::string command = "(" + envFor(minimal) + NEXO_EXAMPLES_DIR "/example_Minimal & " + envFor(invernadero) +
                        NEXO_EXAMPLES_DIR "/example_Invernadero & wait) > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_TRUE(changed(minimal, "temperatura", "24.5"));
  EXPECT_TRUE(changed(invernadero, "temperatura", "24.5"));
  EXPECT_TRUE(changed(invernadero, "humedad", "61"));
  // The process ended without a goodbye: the Invernadero's last will.
  EXPECT_EQ(harness::get("/wait-value?id=" + invernadero.id + "&topic=estado&valor=" +
                         harness::encode("SIN CONEXIÓN") + "&timeout=5000")["ok"],
            "1");
}
