#include "harness.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <sstream>

namespace harness {

namespace {
bool endpoint(std::string* host, int* port) {
  const char* url = std::getenv("NEXO_HARNESS_URL");
  if (url == nullptr) return false;
  std::string text(url);
  std::string prefix = "http://";
  if (text.compare(0, prefix.size(), prefix) != 0) return false;
  text = text.substr(prefix.size());
  size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  *host = text.substr(0, colon);
  *port = std::atoi(text.substr(colon + 1).c_str());
  return *port > 0;
}
}  // namespace

bool available() {
  std::string host;
  int port = 0;
  return endpoint(&host, &port);
}

std::string encode(const std::string& text) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::map<std::string, std::string> get(const std::string& path) {
  std::map<std::string, std::string> result;
  std::string host;
  int port = 0;
  if (!endpoint(&host, &port)) return result;
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address = {};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, host.c_str(), &address.sin_addr);
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    close(fd);
    return result;
  }
  std::string request = "GET " + path + " HTTP/1.0\r\nHost: " + host + "\r\n\r\n";
  if (send(fd, request.data(), request.size(), 0) < 0) {
    close(fd);
    return result;
  }
  std::string response;
  char buffer[4096];
  ssize_t n;
  while ((n = recv(fd, buffer, sizeof(buffer), 0)) > 0) response.append(buffer, static_cast<size_t>(n));
  close(fd);
  size_t body = response.find("\r\n\r\n");
  if (body == std::string::npos) return result;
  std::istringstream lines(response.substr(body + 4));
  std::string line;
  while (std::getline(lines, line)) {
    size_t eq = line.find('=');
    if (eq != std::string::npos) result[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return result;
}

Device newDevice() {
  std::map<std::string, std::string> answer = get("/device");
  Device device;
  device.id = answer["id"];
  device.apikey = answer["apikey"];
  device.secret = answer["secret"];
  device.host = answer["host"];
  device.mqttPort = std::atoi(answer["mqtt_port"].c_str());
  device.httpPort = std::atoi(answer["http_port"].c_str());
  return device;
}

}  // namespace harness
