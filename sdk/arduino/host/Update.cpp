#include "Update.h"

#include <stdlib.h>
#include <string.h>

UpdateClass Update;

void UpdateClass::setPath(const char* path) {
  strncpy(path_, path, sizeof(path_) - 1);
  path_[sizeof(path_) - 1] = '\0';
}

const char* UpdateClass::path() const {
  if (path_[0]) return path_;
  const char* env = getenv("NEXO_OTA_FILE");
  return env && env[0] ? env : "nexo-ota.bin";
}

bool UpdateClass::begin(size_t size) {
  abort();
  snprintf(partial_, sizeof(partial_), "%s.part", path());
  file_ = fopen(partial_, "wb");
  size_ = size;
  written_ = 0;
  return file_ != nullptr;
}

size_t UpdateClass::write(uint8_t* data, size_t length) {
  if (!file_ || written_ + length > size_) return 0;
  size_t done = fwrite(data, 1, length, file_);
  written_ += done;
  return done;
}

bool UpdateClass::end(bool evenIfRemaining) {
  if (!file_) return false;
  bool complete = written_ == size_;
  fclose(file_);
  file_ = nullptr;
  if (!complete && !evenIfRemaining) {
    remove(partial_);
    return false;
  }
  return rename(partial_, path()) == 0;
}

void UpdateClass::abort() {
  if (!file_) return;
  fclose(file_);
  file_ = nullptr;
  remove(partial_);
}
