"""nexo_device against the real Nexo server (tools/sdk/harness.ts)."""

import threading
import time

import pytest
from harness import get, last, new_device, requires_server, wait_stomp, wait_value

from nexo_device import CredencialesInvalidas, Nexo, ValorInvalido

pytestmark = requires_server


def connect(device, **options):
    http_url = "http://" + device["host"] + ":" + device["http_port"]
    return Nexo(device["host"], device["apikey"], device["secret"], port=device["mqtt_port"], http_url=http_url, **options)


def test_publica_y_se_ve_en_la_api_y_en_stomp():
    device = new_device()
    nexo = connect(device).connect()
    try:
        nexo.publish("temperatura", 22.5, wait=True)
        nexo.publish("riego", True, wait=True)
        # Values other than the device's initial ones (the harness seeds the demo device's values).
        nexo.publish("estado", "Regando", wait=True)
        nexo.publish_gps("gps", -31.4201, -64.1888, wait=True)
        assert wait_stomp(device, "temperatura", "22.5")
        assert wait_value(device, "temperatura", "22.5")
        assert wait_value(device, "riego", "1")
        assert wait_value(device, "estado", "Regando")
        assert wait_value(device, "gps", '{"lat":-31.4201,"lng":-64.1888}')
        assert last(device, "temperatura")["equipo_conectado"] == "1"
    finally:
        nexo.disconnect()


def test_recibe_comandos_en_un_hilo():
    device = new_device()
    recibido = threading.Event()
    valores = []

    nexo = connect(device)

    @nexo.on_command("lampara")
    def lampara(sensor, valor):
        valores.append((sensor, valor))
        recibido.set()

    nexo.connect()
    nexo.loop_start()
    try:
        time.sleep(0.3)  # the SUBACK
        assert get("/command", id=device["id"], topic="lampara", valor="75")["status"] == "200"
        assert recibido.wait(10)
        assert valores == [("lampara", "75")]
    finally:
        nexo.disconnect()


def test_se_reconecta_tras_reiniciar_el_servidor_y_entrega_lo_pendiente():
    device = new_device()
    nexo = connect(device).connect()
    nexo.loop_start()
    try:
        assert nexo.connections == 1
        assert get("/stop")["ok"] == "1"
        deadline = time.monotonic() + 10
        while nexo.connected and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not nexo.connected
        nexo.publish("temperatura", 30.25)  # queued while the server is down
        assert get("/start")["ok"] == "1"
        assert nexo.wait_connected(30)
        assert nexo.connections == 2
        assert wait_value(device, "temperatura", "30.25")
    finally:
        nexo.disconnect()


def test_ultima_voluntad_al_cortarse_la_conexion():
    device = new_device()
    nexo = connect(device, will=("estado", "SIN CONEXIÓN")).connect()
    nexo.publish("estado", "Todo en orden", wait=True)
    assert last(device, "estado")["equipo_conectado"] == "1"
    nexo._client.socket().close()  # the socket dies without DISCONNECT
    assert wait_value(device, "estado", "SIN CONEXIÓN")
    assert get("/wait-offline", id=device["id"], timeout=5000)["ok"] == "1"


def test_credenciales_incorrectas():
    device = new_device()
    nexo = Nexo(device["host"], device["apikey"], "secret-equivocado", port=device["mqtt_port"])
    with pytest.raises(CredencialesInvalidas):
        nexo.connect()
    assert not nexo.connected


def test_carga_demasiado_grande():
    device = new_device()
    nexo = connect(device).connect()
    try:
        with pytest.raises(ValorInvalido):
            nexo.publish("estado", "x" * 5000)
        nexo.publish("estado", "sigue conectado", wait=True)
        assert nexo.connected
        assert wait_value(device, "estado", "sigue conectado")
    finally:
        nexo.disconnect()


def test_ultimo_valor_por_http():
    device = new_device()
    nexo = connect(device).connect()
    try:
        nexo.publish("riego", True, wait=True)
        assert wait_value(device, "riego", "1")
        ultimo = nexo.last_value("riego")
        assert ultimo["valor"] == "1" and ultimo["conectado"] is True and ultimo["fecha"] > 0
    finally:
        nexo.disconnect()
    intruso = Nexo(
        device["host"], device["apikey"], "mal", http_url="http://" + device["host"] + ":" + device["http_port"]
    )
    with pytest.raises(CredencialesInvalidas):
        intruso.last_value("riego")


def test_el_ejemplo_gpio_publica_con_la_conexion_del_entorno():
    import os
    import subprocess
    import sys

    device = new_device()
    example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "invernadero_gpio.py")
    env = dict(
        os.environ,
        NEXO_HOST=device["host"],
        NEXO_MQTT_PORT=str(device["mqtt_port"]),
        NEXO_APIKEY=device["apikey"],
        NEXO_SECRET=device["secret"],
        NEXO_RUN_SECONDS="1",
    )
    subprocess.run([sys.executable, example], env=env, check=True, timeout=60, capture_output=True)
    valor = last(device, "temperatura")["valor"]
    assert valor and valor != "24.5"  # the seeded value; the example starts at 22 ± 0.5
