// A minimal Arduino core for building and testing the Nexo library on a POSIX host (Linux, macOS).
// Only what the library and its examples use: time, random, GPIO stand-ins and Serial.
#ifndef NEXO_HOST_ARDUINO_H
#define NEXO_HOST_ARDUINO_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "Client.h"
#include "IPAddress.h"
#include "Print.h"

#define HIGH 0x1
#define LOW 0x0
#define INPUT 0x0
#define OUTPUT 0x1
#define INPUT_PULLUP 0x2
#define LED_BUILTIN 2
#define A0 36
#define F(text) (text)

unsigned long millis();
unsigned long micros();
void delay(unsigned long ms);
void yield();
long random(long max);
long random(long min, long max);
void randomSeed(unsigned long seed);

// GPIO stand-ins: outputs are remembered, analog inputs drift around mid-scale.
void pinMode(uint8_t pin, uint8_t mode);
void digitalWrite(uint8_t pin, uint8_t value);
int digitalRead(uint8_t pin);
int analogRead(uint8_t pin);
void analogWrite(uint8_t pin, int value);

class HostSerial : public Print {
 public:
  void begin(unsigned long baud) { (void)baud; }
  size_t write(uint8_t byte) override;
  size_t write(const uint8_t* buffer, size_t size) override;
  operator bool() const { return true; }
};
extern HostSerial Serial;

// Host only: a setting from the environment, or the fallback (the examples' NEXO_* macros).
const char* nexoHostEnv(const char* name, const char* fallback);
uint16_t nexoHostEnvPort(const char* name, uint16_t fallback);

void setup();
void loop();

#endif
