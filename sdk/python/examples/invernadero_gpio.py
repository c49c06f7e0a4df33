#!/usr/bin/env python3
"""Nexo en una Raspberry Pi: el equipo 'Invernadero' con GPIO reales, o valores simulados donde no
hay GPIO (una PC). La conexión sale del entorno:

    NEXO_HOST=mi-servidor.com NEXO_MQTT_PORT=1883 NEXO_APIKEY=… NEXO_SECRET=… python3 invernadero_gpio.py

GPIO (numeración BCM): riego -> relé en el GPIO 17; lampara -> LED PWM en el GPIO 18;
un pulsador en el GPIO 27 informa 'luz' 1/0 (reemplácelo por su sensor).
"""

import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from nexo_device import Nexo  # noqa: E402

RIEGO, LAMPARA, PULSADOR = 17, 18, 27

try:
    from gpiozero import LED, PWMLED, Button

    riego, lampara, pulsador = LED(RIEGO), PWMLED(LAMPARA), Button(PULSADOR)
    print("GPIO de la Raspberry Pi en uso")
except Exception:  # gpiozero no está, o no es una Raspberry Pi: valores simulados
    riego = lampara = pulsador = None
    print("Sin GPIO: se simulan los valores")

nexo = Nexo(
    os.environ.get("NEXO_HOST", "127.0.0.1"),
    os.environ.get("NEXO_APIKEY", "demo-invernadero"),
    os.environ.get("NEXO_SECRET", "demo-secreto"),
    port=int(os.environ.get("NEXO_MQTT_PORT", "1883")),
    will=("estado", "SIN CONEXIÓN"),
)


@nexo.on_command("riego")
def al_cambiar_riego(sensor, valor):
    encendido = valor == "1"
    if riego is not None:
        riego.value = encendido
    nexo.publish(sensor, encendido)  # confirma el nuevo estado al panel


@nexo.on_command("lampara")
def al_cambiar_lampara(sensor, valor):
    brillo = max(0, min(100, int(float(valor))))
    if lampara is not None:
        lampara.value = brillo / 100
    nexo.publish(sensor, brillo)


nexo.loop_start()  # conecta y reconecta solo, en un hilo
nexo.publish("estado", "Todo en orden")
temperatura, humedad = 22.0, 60.0
limite = float(os.environ.get("NEXO_RUN_SECONDS", "0"))
inicio = time.monotonic()
try:
    while not limite or time.monotonic() - inicio < limite:
        temperatura += random.uniform(-0.5, 0.5)
        humedad = max(20, min(95, humedad + random.uniform(-1, 1)))
        nexo.publish("temperatura", round(temperatura, 1))
        nexo.publish("humedad", round(humedad))
        if pulsador is not None:
            nexo.publish("luz", 1023 if pulsador.is_pressed else 0)
        else:
            nexo.publish("luz", int(512 + 400 * math.sin(time.time() / 60)))
        time.sleep(5)
finally:
    nexo.disconnect()
