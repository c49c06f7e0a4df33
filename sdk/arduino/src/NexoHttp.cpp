#include "NexoHttp.h"

#include <Arduino.h>
#include <string.h>

namespace {
const size_t BODY_SIZE = 384;

bool writeText(Client& http, const char* text) {
  size_t length = strlen(text);
  return http.write(reinterpret_cast<const uint8_t*>(text), length) == length;
}

// Path segments are apikeys and sensor names: letters, digits and a few marks; others are escaped.
bool writeEscaped(Client& http, const char* text) {
  static const char hex[] = "0123456789ABCDEF";
  for (const char* c = text; *c != '\0'; c++) {
    uint8_t byte = static_cast<uint8_t>(*c);
    bool plain = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
                 byte == '-' || byte == '_' || byte == '.' || byte == '~';
    if (plain) {
      if (http.write(byte) != 1) return false;
    } else {
      uint8_t escaped[3] = {'%', static_cast<uint8_t>(hex[byte >> 4]), static_cast<uint8_t>(hex[byte & 15])};
      if (http.write(escaped, 3) != 3) return false;
    }
  }
  return true;
}

// Reads the answer (HTTP/1.0: the server closes) keeping only the status code and the body: the
// headers (a kilobyte of security headers) are skipped as they stream by. The body's length, or -1.
int readAnswer(Client& http, int* status, char* body, size_t size, unsigned long timeoutMs) {
  size_t used = 0;
  uint32_t window = 0;  // the last four header bytes, to find the blank line
  bool inBody = false;
  int spaces = 0;
  *status = 0;
  unsigned long started = millis();
  while (http.connected() || http.available() > 0) {
    if (http.available() <= 0) {
      if (millis() - started >= timeoutMs) return -1;
      delay(2);
      continue;
    }
    int byte = http.read();
    if (byte < 0) continue;
    if (inBody) {
      if (used + 1 < size) body[used++] = static_cast<char>(byte);
      continue;
    }
    // "HTTP/1.1 200 OK": the digits after the first space.
    if (spaces == 0 && byte == ' ') {
      spaces = 1;
    } else if (spaces == 1) {
      if (byte >= '0' && byte <= '9') *status = *status * 10 + (byte - '0');
      else spaces = 2;
    }
    window = (window << 8) | static_cast<uint8_t>(byte);
    if (window == 0x0D0A0D0AUL) inBody = true;
  }
  body[used] = '\0';
  return inBody ? static_cast<int>(used) : -1;
}

// The JSON string after "valor": into out (\" \\ \/ \n \t \r and \uXXXX below 0x800 decoded).
int jsonValue(const char* body, char* out, size_t size) {
  const char* at = strstr(body, "\"valor\":");
  if (at == nullptr) return NEXO_HTTP_ERROR;
  at += 8;
  while (*at == ' ') at++;
  if (strncmp(at, "null", 4) == 0) return NEXO_HTTP_NO_VALUE;
  if (*at != '"') return NEXO_HTTP_ERROR;
  at++;
  size_t length = 0;
  while (*at != '\0' && *at != '"') {
    char c = *at++;
    if (c == '\\') {
      char e = *at++;
      if (e == 'n') c = '\n';
      else if (e == 't') c = '\t';
      else if (e == 'r') c = '\r';
      else if (e == 'u') {
        unsigned code = 0;
        for (int i = 0; i < 4; i++) {
          char h = *at++;
          code = code * 16 + static_cast<unsigned>(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
        }
        if (code >= 0x80) {
          if (length + 2 >= size) return NEXO_HTTP_TOO_LARGE;
          out[length++] = static_cast<char>(0xC0 | (code >> 6));
          c = static_cast<char>(0x80 | (code & 0x3F));
        } else {
          c = static_cast<char>(code);
        }
      } else {
        c = e;
      }
    }
    if (length + 1 >= size) return NEXO_HTTP_TOO_LARGE;
    out[length++] = c;
  }
  if (*at != '"') return NEXO_HTTP_ERROR;
  out[length] = '\0';
  return static_cast<int>(length);
}
}  // namespace

int nexoLastValue(Client& http, const char* host, uint16_t port, const char* apikey, const char* secret,
                  const char* sensor, char* out, size_t size, unsigned long timeoutMs) {
  if (size == 0) return NEXO_HTTP_TOO_LARGE;
  out[0] = '\0';
  if (!http.connect(host, port)) return NEXO_HTTP_NETWORK;
  bool sent = writeText(http, "GET /sv/dispositivo/") && writeEscaped(http, apikey) && writeText(http, "/") &&
              writeEscaped(http, sensor) && writeText(http, " HTTP/1.0\r\nHost: ") && writeText(http, host) &&
              writeText(http, "\r\nX-Api-Secret: ") && writeText(http, secret) &&
              writeText(http, "\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
  if (!sent) {
    http.stop();
    return NEXO_HTTP_NETWORK;
  }
  char body[BODY_SIZE];
  int status = 0;
  int length = readAnswer(http, &status, body, sizeof(body), timeoutMs);
  http.stop();
  if (length < 0) return NEXO_HTTP_NETWORK;
  if (status == 401 || status == 429) return NEXO_HTTP_CREDENTIALS;
  if (status == 404) return NEXO_HTTP_NOT_FOUND;
  if (status != 200) return NEXO_HTTP_ERROR;
  return jsonValue(body, out, size);
}
