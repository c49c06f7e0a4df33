// Host shim of the ESP32/ESP8266 Update API: the image goes to a file instead of flash
// (UpdateClass::setPath, or NEXO_OTA_FILE, default ./nexo-ota.bin). end(true) "commits" by
// renaming the partial file into place, so a failed update never leaves a half-written image.
#ifndef NEXO_HOST_UPDATE_H
#define NEXO_HOST_UPDATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

class UpdateClass {
 public:
  void setPath(const char* path);
  const char* path() const;
  bool begin(size_t size);
  size_t write(uint8_t* data, size_t length);
  bool end(bool evenIfRemaining = false);
  void abort();
  bool isRunning() const { return file_ != nullptr; }
  size_t size() const { return size_; }
  size_t progress() const { return written_; }

 private:
  FILE* file_ = nullptr;
  size_t size_ = 0;
  size_t written_ = 0;
  char path_[256] = {0};
  char partial_[264] = {0};
};

extern UpdateClass Update;

#endif
