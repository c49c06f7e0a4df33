// The SDK test harness (tools/sdk/harness.ts): the real Nexo server, driven over plain HTTP.
// Its address comes from NEXO_HARNESS_URL (http://127.0.0.1:PORT).
#ifndef NEXO_TEST_HARNESS_H
#define NEXO_TEST_HARNESS_H

#include <map>
#include <string>

namespace harness {

bool available();
// GET path on the harness; the answer's key=value lines. Empty on failure.
std::map<std::string, std::string> get(const std::string& path);
std::string encode(const std::string& text);

struct Device {
  std::string id, apikey, secret, host;
  int mqttPort = 0;
  int httpPort = 0;
};
// A fresh 'Invernadero' device (temperatura, humedad, luz, riego, lampara, gps, estado).
Device newDevice();

}  // namespace harness

#endif
