// Firmware over the air for Nexo (docs/ota.md): the retained notice on {apikey}/ota/aviso, the
// download over HTTP with the device's own credentials (resumed with Range after a dropped
// connection), the SHA-256 check before anything is committed, and the states reported on
// {apikey}/ota/estado. The image goes through the board's Update API (ESP32 <Update.h>, ESP8266
// Updater); on the host the shim writes it to a file.
//
//   WiFiClient http;                       // a second client, for the download
//   NexoOta ota(http, "1.0.0", "Riego");   // the version this firmware is
//   nexo.attachOta(ota);                   // before begin(): reports the version on every connect
//   ota.setHttpServer(host, 80);           // where downloads go when the notice has no absolute URL
//   loop() { nexo.loop(); if (ota.pending()) ota.perform(); }   // perform() reboots on success
#ifndef NEXO_OTA_H
#define NEXO_OTA_H

#include <Client.h>
#include <stddef.h>
#include <stdint.h>

#include "NexoSha256.h"

class Nexo;

#ifndef NEXO_OTA_MAX_PATH
#define NEXO_OTA_MAX_PATH 160
#endif
#ifndef NEXO_OTA_CHUNK
#define NEXO_OTA_CHUNK 512
#endif
#ifndef NEXO_OTA_ATTEMPTS
#define NEXO_OTA_ATTEMPTS 6
#endif
#ifndef NEXO_OTA_TIMEOUT_MS
#define NEXO_OTA_TIMEOUT_MS 15000UL
#endif

enum NexoOtaResult : uint8_t {
  NEXO_OTA_NONE = 0,         // nothing to do
  NEXO_OTA_COMMITTED,        // verified and committed: reboot into it
  NEXO_OTA_FAILED_DOWNLOAD,  // the download failed too many times
  NEXO_OTA_FAILED_CHECKSUM,  // the SHA-256 differs: nothing was committed
  NEXO_OTA_FAILED_UPDATE,    // the Update API refused (no space, write error)
  NEXO_OTA_CANCELLED,        // the server withdrew the notice
};

class NexoOta {
 public:
  NexoOta(Client& http, const char* version, const char* title = nullptr);

  // The HTTP server for notices without an absolute URL (the same host as MQTT, its HTTP port).
  void setHttpServer(const char* host, uint16_t port);
  // Called after a successful commit (default on ESP32/ESP8266: ESP.restart(); on the host: none).
  void onCommitted(void (*restart)());

  // A notice for another version waits.
  bool pending() const { return pending_; }
  // Downloads, verifies, commits and reports; blocks while it runs (calling nexo.loop() between
  // pieces so MQTT stays alive).
  NexoOtaResult perform();

  const char* version() const { return version_; }
  const char* title() const { return title_; }
  // The notice's id, version, size and digest (valid while pending() or after perform()).
  uint32_t noticeId() const { return id_; }
  const char* targetVersion() const { return targetVersion_; }
  uint32_t size() const { return size_; }
  const char* sha256() const { return sha256_; }
  // Bytes received in the last perform(), and how many HTTP requests it took.
  uint32_t received() const { return received_; }
  uint8_t requests() const { return requests_; }

  // Tests: the first request of the next perform() stops after this many bytes, like a dropped network.
  void dropAfter(uint32_t bytes) { dropAfter_ = bytes; }

 private:
  friend class Nexo;
  void attach(Nexo* nexo, const char* apikey, const char* secret);
  // A message on {apikey}/ota/aviso (empty: withdrawn).
  void notice(const char* payload, uint16_t length);
  // The JSON the device publishes on every connect: {"titulo":…,"version":…}.
  uint16_t versionReport(char* out, size_t size) const;

  void report(const char* state, const char* extra);
  bool request(uint32_t from, int* status, uint32_t* length);
  bool readLine(char* line, size_t size);
  bool fetch(bool* restarted);

  Client& http_;
  Nexo* nexo_;
  const char* apikey_;
  const char* secret_;
  const char* version_;
  const char* title_;
  const char* httpHost_;
  uint16_t httpPort_;
  void (*restart_)();
  bool pending_;
  bool cancelled_;
  uint32_t id_;
  uint32_t size_;
  uint32_t received_;
  uint32_t dropAfter_;
  uint8_t requests_;
  char targetVersion_[51];
  char sha256_[65];
  char host_[64];
  uint16_t port_;
  char path_[NEXO_OTA_MAX_PATH];
  NexoSha256 hash_;
};

#endif
