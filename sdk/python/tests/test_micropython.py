"""The MicroPython port (sdk/micropython/nexo.py) under CPython, over a umqtt.simple stand-in,
against the real server; and its protocol copy matches the package's."""

import importlib
import os
import sys
import time

import pytest
from harness import URL, get, new_device, wait_value

HERE = os.path.dirname(os.path.abspath(__file__))
PORT_DIR = os.path.join(HERE, "..", "..", "micropython")


def test_el_port_comparte_el_protocolo_del_paquete():
    sys.path.insert(0, PORT_DIR)
    try:
        build = importlib.import_module("build")
    finally:
        sys.path.remove(PORT_DIR)
    assert build.copied_protocol(build.read(build.PORT)) == build.read(build.PROTOCOL), (
        "sdk/micropython/nexo.py no lleva la versión actual de protocol.py: python3 sdk/micropython/build.py"
    )


@pytest.fixture
def nexo_port():
    sys.path.insert(0, os.path.join(HERE, "fake_umqtt"))
    sys.path.insert(0, PORT_DIR)
    try:
        yield importlib.import_module("nexo")
    finally:
        sys.path.remove(PORT_DIR)
        sys.path.remove(os.path.join(HERE, "fake_umqtt"))


@pytest.mark.skipif(URL is None, reason="NEXO_HARNESS_URL no está definida")
def test_el_port_publica_recibe_comandos_y_reconecta(nexo_port):
    device = new_device()
    recibidos = []
    nexo = nexo_port.Nexo(
        device["host"], device["apikey"], device["secret"], port=device["mqtt_port"], will=("estado", "SIN CONEXIÓN")
    )
    nexo.on_command("riego", lambda sensor, valor: recibidos.append((sensor, valor)))
    nexo.connect()
    assert nexo.publish("temperatura", 19.75)
    assert wait_value(device, "temperatura", "19.75")

    assert get("/command", id=device["id"], topic="riego", valor="1")["status"] == "200"
    deadline = time.monotonic() + 10
    while not recibidos and time.monotonic() < deadline:
        nexo.loop()
    assert recibidos == [("riego", "1")]

    # The socket dies: the last will; then loop() reconnects after its backoff.
    nexo._mqtt.sock.close()
    assert wait_value(device, "estado", "SIN CONEXIÓN")
    deadline = time.monotonic() + 20
    while nexo.connections < 2 and time.monotonic() < deadline:
        nexo.loop()
        time.sleep(0.02)
    assert nexo.connections == 2
    assert nexo.publish("estado", "de vuelta")
    assert wait_value(device, "estado", "de vuelta")
    nexo.disconnect()


@pytest.mark.skipif(URL is None, reason="NEXO_HARNESS_URL no está definida")
def test_el_port_rechaza_credenciales_incorrectas(nexo_port):
    device = new_device()
    nexo = nexo_port.Nexo(device["host"], device["apikey"], "mal", port=device["mqtt_port"])
    with pytest.raises(nexo_port.CredencialesInvalidas):
        nexo.connect()


@pytest.mark.skipif(URL is None, reason="NEXO_HARNESS_URL no está definida")
def test_el_port_lee_el_ultimo_valor_por_http(nexo_port):
    device = new_device()
    http_url = "http://" + device["host"] + ":" + device["http_port"]
    nexo = nexo_port.Nexo(device["host"], device["apikey"], device["secret"], port=device["mqtt_port"], http_url=http_url)
    nexo.connect()
    try:
        assert nexo.publish("riego", True)
        assert wait_value(device, "riego", "1")
        ultimo = nexo.last_value("riego")
        assert ultimo["valor"] == "1" and ultimo["conectado"] is True and ultimo["fecha"] > 0
    finally:
        nexo.disconnect()
    intruso = nexo_port.Nexo(device["host"], device["apikey"], "mal", port=device["mqtt_port"], http_url=http_url)
    with pytest.raises(nexo_port.CredencialesInvalidas):
        intruso.last_value("riego")


def _bucle_hasta(nexo, condicion, timeout=30.0):
    limite = time.monotonic() + timeout
    while not condicion():
        if time.monotonic() > limite:
            return False
        nexo.loop()
        time.sleep(0.01)
    return True


def _sha_de(ruta):
    import hashlib

    with open(ruta, "rb") as archivo:
        return hashlib.sha256(archivo.read()).hexdigest()


@pytest.mark.skipif(URL is None, reason="NEXO_HARNESS_URL no está definida")
def test_el_port_actualiza_por_aire_reanudando_un_corte(nexo_port, tmp_path):
    device = new_device()
    http_url = "http://" + device["host"] + ":" + device["http_port"]
    archivo = str(tmp_path / "nexo-ota.bin")
    recibidas = []

    def equipo(version, al_recibir):
        nexo = nexo_port.Nexo(
            device["host"], device["apikey"], device["secret"], port=device["mqtt_port"], http_url=http_url
        )
        nexo.on_firmware(version, al_recibir, titulo="Riego", archivo=archivo)
        return nexo.connect()

    nexo = equipo("1.0.0", lambda ruta, aviso: recibidas.append((ruta, aviso)))
    nexo.ota_corte = 60000  # la red "se cae" después de 60 KB
    try:
        paquete = get("/ota", id=device["id"], version="2.0.0", size=200000)
        assert _bucle_hasta(nexo, lambda: recibidas)
        ruta, aviso = recibidas[0]
        assert aviso["version"] == "2.0.0"
        assert _sha_de(ruta) == paquete["sha256"]
        assert nexo.ota_peticiones == 2
        assert get("/wait-ota", id=device["id"], estado="ACTUALIZANDO")["ok"] == "1"
    finally:
        nexo.disconnect()
    # "Reinicio": la versión nueva, informada al conectarse, cierra la actualización.
    nuevo = equipo("2.0.0", lambda ruta, aviso: recibidas.append((ruta, aviso)))
    try:
        estado = get("/wait-ota", id=device["id"], estado="ACTUALIZADO")
        assert estado["ok"] == "1" and estado["version"] == "2.0.0"
        nuevo.loop()
        assert len(recibidas) == 1
    finally:
        nuevo.disconnect()


@pytest.mark.skipif(URL is None, reason="NEXO_HARNESS_URL no está definida")
def test_el_port_informa_fallido_si_la_imagen_no_se_aplica(nexo_port, tmp_path):
    device = new_device()
    archivo = str(tmp_path / "nexo-ota.bin")

    def rechazar(ruta, aviso):
        raise RuntimeError("Sin espacio")

    nexo = nexo_port.Nexo(
        device["host"],
        device["apikey"],
        device["secret"],
        port=device["mqtt_port"],
        http_url="http://" + device["host"] + ":" + device["http_port"],
    )
    nexo.on_firmware("1.0.0", rechazar, archivo=archivo)
    nexo.connect()
    try:
        get("/ota", id=device["id"], version="1.1.0", size=50000)
        assert _bucle_hasta(nexo, lambda: nexo.ota_ultimo == "FALLIDO")
        estado = get("/wait-ota", id=device["id"], estado="FALLIDO")
        assert estado["ok"] == "1"
        assert not os.path.exists(archivo)
    finally:
        nexo.disconnect()
