#include "NexoOta.h"

#include <Arduino.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "Nexo.h"

#if defined(ESP32)
#include <Update.h>
#elif defined(ESP8266)
#include <Updater.h>
#else
#include <Update.h>  // the host shim: writes the image to a file
#endif

namespace {

// The text value of "key":"…" in a flat JSON object (no escapes in the fields Nexo sends).
bool jsonString(const char* json, const char* key, char* out, size_t size) {
  char pattern[24];
  snprintf(pattern, sizeof(pattern), "\"%s\":", key);
  const char* at = strstr(json, pattern);
  if (!at) return false;
  at += strlen(pattern);
  while (*at == ' ') at++;
  if (*at != '"') return false;
  at++;
  size_t n = 0;
  while (at[n] && at[n] != '"') n++;
  if (at[n] != '"' || n + 1 > size) return false;
  memcpy(out, at, n);
  out[n] = '\0';
  return true;
}

bool jsonNumber(const char* json, const char* key, uint32_t* out) {
  char pattern[24];
  snprintf(pattern, sizeof(pattern), "\"%s\":", key);
  const char* at = strstr(json, pattern);
  if (!at) return false;
  at += strlen(pattern);
  while (*at == ' ') at++;
  if (*at < '0' || *at > '9') return false;
  *out = (uint32_t)strtoul(at, nullptr, 10);
  return true;
}

void abortUpdate() {
#if defined(ESP8266)
  Update.end(false);
#else
  Update.abort();
#endif
}

#if defined(ESP32) || defined(ESP8266)
void restartBoard() { ESP.restart(); }
#endif

}  // namespace

NexoOta::NexoOta(Client& http, const char* version, const char* title)
    : http_(http),
      nexo_(nullptr),
      apikey_(""),
      secret_(""),
      version_(version),
      title_(title),
      httpHost_(nullptr),
      httpPort_(80),
#if defined(ESP32) || defined(ESP8266)
      restart_(restartBoard),
#else
      restart_(nullptr),
#endif
      pending_(false),
      cancelled_(false),
      id_(0),
      size_(0),
      received_(0),
      dropAfter_(0),
      requests_(0),
      port_(80) {
  targetVersion_[0] = '\0';
  sha256_[0] = '\0';
  host_[0] = '\0';
  path_[0] = '\0';
}

void NexoOta::setHttpServer(const char* host, uint16_t port) {
  httpHost_ = host;
  httpPort_ = port;
}

void NexoOta::onCommitted(void (*restart)()) { restart_ = restart; }

void NexoOta::attach(Nexo* nexo, const char* apikey, const char* secret) {
  nexo_ = nexo;
  apikey_ = apikey;
  secret_ = secret;
}

uint16_t NexoOta::versionReport(char* out, size_t size) const {
  int n = title_ ? snprintf(out, size, "{\"titulo\":\"%s\",\"version\":\"%s\"}", title_, version_)
                 : snprintf(out, size, "{\"version\":\"%s\"}", version_);
  return n > 0 && (size_t)n < size ? (uint16_t)n : 0;
}

void NexoOta::notice(const char* payload, uint16_t length) {
  if (length == 0) {
    // Withdrawn: a running download stops at its next piece.
    pending_ = false;
    cancelled_ = true;
    return;
  }
  uint32_t id = 0;
  uint32_t size = 0;
  char version[sizeof(targetVersion_)];
  char sha[sizeof(sha256_)];
  char route[NEXO_OTA_MAX_PATH];
  if (!jsonNumber(payload, "id", &id) || !jsonNumber(payload, "tamano", &size) ||
      !jsonString(payload, "version", version, sizeof(version)) ||
      !jsonString(payload, "sha256", sha, sizeof(sha)) || strlen(sha) != 64 ||
      !jsonString(payload, "ruta", route, sizeof(route))) {
    return;
  }
  if (strcmp(version, version_) == 0) {
    // Already running it: saying so again lets the server close the update.
    char json[96];
    if (versionReport(json, sizeof(json)) > 0 && nexo_) nexo_->publishOtaReport(json);
    return;
  }
  if (pending_ && id == id_) return;
  id_ = id;
  size_ = size;
  strcpy(targetVersion_, version);
  strcpy(sha256_, sha);
  // An absolute http:// URL names its own server; otherwise the route goes to setHttpServer's.
  char url[NEXO_OTA_MAX_PATH + 64];
  if (jsonString(payload, "url", url, sizeof(url)) && strncmp(url, "http://", 7) == 0) {
    const char* hostStart = url + 7;
    const char* slash = strchr(hostStart, '/');
    const char* colon = strchr(hostStart, ':');
    size_t hostLength = (size_t)((colon && (!slash || colon < slash) ? colon : slash) - hostStart);
    if (!slash || hostLength + 1 > sizeof(host_) || strlen(slash) + 1 > sizeof(path_)) return;
    memcpy(host_, hostStart, hostLength);
    host_[hostLength] = '\0';
    port_ = colon && colon < slash ? (uint16_t)atoi(colon + 1) : 80;
    strcpy(path_, slash);
  } else {
    if (!httpHost_ || strlen(httpHost_) + 1 > sizeof(host_)) return;
    strcpy(host_, httpHost_);
    port_ = httpPort_;
    strcpy(path_, route);
  }
  cancelled_ = false;
  pending_ = true;
}

void NexoOta::report(const char* state, const char* extra) {
  if (!nexo_) return;
  char json[200];
  snprintf(json, sizeof(json), "{\"id\":%lu,\"estado\":\"%s\"%s%s}", (unsigned long)id_, state,
           extra ? "," : "", extra ? extra : "");
  nexo_->publishOtaReport(json);
  // Progress may be dropped when the queue is full; every other state waits for its PUBACK.
  if (strcmp(state, "DESCARGANDO") == 0) {
    nexo_->loop();
  } else {
    nexo_->flush(5000);
  }
}

bool NexoOta::readLine(char* line, size_t size) {
  size_t n = 0;
  unsigned long started = millis();
  while (millis() - started < NEXO_OTA_TIMEOUT_MS) {
    if (!http_.available()) {
      if (!http_.connected()) return false;
      delay(1);
      continue;
    }
    int c = http_.read();
    if (c < 0) continue;
    if (c == '\n') {
      if (n > 0 && line[n - 1] == '\r') n--;
      line[n] = '\0';
      return true;
    }
    if (n + 1 < size) line[n++] = (char)c;
  }
  return false;
}

bool NexoOta::request(uint32_t from, int* status, uint32_t* length) {
  requests_++;
  if (!http_.connect(host_, port_)) return false;
  char head[NEXO_OTA_MAX_PATH + 256];
  int n = snprintf(head, sizeof(head), "GET %s HTTP/1.1\r\nHost: %s\r\nX-Api-Secret: %s\r\nConnection: close\r\n",
                   path_, host_, secret_);
  if (n <= 0 || (size_t)n >= sizeof(head)) return false;
  http_.write((const uint8_t*)head, (size_t)n);
  if (from > 0) {
    // Resume only if the image is still the same one (If-Range with its ETag).
    n = snprintf(head, sizeof(head), "Range: bytes=%lu-\r\nIf-Range: \"%s\"\r\n", (unsigned long)from, sha256_);
    http_.write((const uint8_t*)head, (size_t)n);
  }
  http_.write((const uint8_t*)"\r\n", 2);
  char line[128];
  if (!readLine(line, sizeof(line)) || strncmp(line, "HTTP/1.", 7) != 0) return false;
  *status = atoi(line + 9);
  *length = 0;
  while (readLine(line, sizeof(line))) {
    if (line[0] == '\0') return true;
    if (strncasecmp(line, "content-length:", 15) == 0) *length = (uint32_t)strtoul(line + 15, nullptr, 10);
  }
  return false;
}

bool NexoOta::fetch(bool* restarted) {
  uint8_t buffer[NEXO_OTA_CHUNK];
  uint8_t reported = 0;
  for (uint8_t attempt = 0; attempt < NEXO_OTA_ATTEMPTS && received_ < size_; attempt++) {
    if (cancelled_) return false;
    int status = 0;
    uint32_t length = 0;
    if (request(received_, &status, &length)) {
      if (status == 200 && received_ > 0) {
        // The image changed on the server: start over.
        *restarted = true;
        return false;
      }
      if (status == 200 || status == 206) {
        uint32_t inThisRequest = 0;
        unsigned long lastData = millis();
        while (received_ < size_ && millis() - lastData < NEXO_OTA_TIMEOUT_MS) {
          int available = http_.available();
          if (available <= 0) {
            if (!http_.connected()) break;
            delay(1);
            continue;
          }
          size_t want = (size_t)available < sizeof(buffer) ? (size_t)available : sizeof(buffer);
          if (dropAfter_ > 0 && inThisRequest + want > dropAfter_) want = dropAfter_ - inThisRequest;
          int got = http_.read(buffer, want);
          if (got <= 0) continue;
          if (Update.write(buffer, (size_t)got) != (size_t)got) return false;
          hash_.update(buffer, (size_t)got);
          received_ += (uint32_t)got;
          inThisRequest += (uint32_t)got;
          lastData = millis();
          if (dropAfter_ > 0 && inThisRequest >= dropAfter_) {
            // Tests: the network "drops" here; the next request resumes with Range.
            dropAfter_ = 0;
            break;
          }
          uint8_t percent = (uint8_t)((uint64_t)received_ * 100 / size_);
          if (percent >= reported + 25 && percent < 100) {
            reported = (uint8_t)(percent - percent % 25);
            char extra[24];
            snprintf(extra, sizeof(extra), "\"progreso\":%u", (unsigned)reported);
            report("DESCARGANDO", extra);
          }
          if (nexo_) nexo_->loop();
        }
      }
    }
    http_.stop();
    if (received_ < size_) delay(200u * (attempt + 1u));
  }
  return received_ >= size_;
}

NexoOtaResult NexoOta::perform() {
  if (!pending_) return NEXO_OTA_NONE;
  pending_ = false;
  received_ = 0;
  requests_ = 0;
  hash_.reset();
  report("DESCARGANDO", "\"progreso\":0");
  if (!Update.begin(size_)) {
    report("FALLIDO", "\"motivo\":\"No hay espacio para la imagen\"");
    return NEXO_OTA_FAILED_UPDATE;
  }
  bool restarted = false;
  bool complete = fetch(&restarted);
  if (restarted) {
    // One fresh start from byte 0 (a 200 to a resumed request).
    abortUpdate();
    received_ = 0;
    hash_.reset();
    if (!Update.begin(size_)) {
      report("FALLIDO", "\"motivo\":\"No hay espacio para la imagen\"");
      return NEXO_OTA_FAILED_UPDATE;
    }
    complete = fetch(&restarted) && !restarted;
  }
  if (cancelled_) {
    abortUpdate();
    return NEXO_OTA_CANCELLED;
  }
  if (!complete) {
    abortUpdate();
    report("FALLIDO", "\"motivo\":\"La descarga no se pudo completar\"");
    return NEXO_OTA_FAILED_DOWNLOAD;
  }
  char digest[65];
  hash_.hex(digest);
  char extra[80];
  snprintf(extra, sizeof(extra), "\"sha256\":\"%s\"", digest);
  report("DESCARGADO", extra);
  if (strcmp(digest, sha256_) != 0) {
    // Never commit an image whose digest differs.
    abortUpdate();
    report("FALLIDO", "\"motivo\":\"La suma SHA-256 no coincide\"");
    return NEXO_OTA_FAILED_CHECKSUM;
  }
  report("VERIFICADO", extra);
  report("ACTUALIZANDO", nullptr);
  if (!Update.end(true)) {
    report("FALLIDO", "\"motivo\":\"No se pudo aplicar la imagen\"");
    return NEXO_OTA_FAILED_UPDATE;
  }
  if (nexo_) nexo_->flush(5000);
  if (restart_) restart_();
  return NEXO_OTA_COMMITTED;
}
