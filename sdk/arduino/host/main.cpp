// Runs a sketch on the host: setup() once, then loop() (a millisecond apart, as a board's
// scheduler would). NEXO_RUN_SECONDS ends it after that many seconds (0 or unset: forever).
#include <stdlib.h>

#include "Arduino.h"

int main() {
  unsigned long limit = strtoul(nexoHostEnv("NEXO_RUN_SECONDS", "0"), nullptr, 10) * 1000UL;
  randomSeed(static_cast<unsigned long>(micros()));
  setup();
  unsigned long started = millis();
  for (;;) {
    loop();
    if (limit > 0 && millis() - started >= limit) return 0;
    delay(1);
  }
}
