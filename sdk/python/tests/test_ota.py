"""Firmware por aire contra el servidor real (tools/sdk/harness.ts): actualización completa,
descarga reanudada con Range y falla de checksum."""

import hashlib
import time

from harness import get, new_device, requires_server

from nexo_device import Nexo


def _equipo(device, version, recibidas, directorio, fallar=None):
    nexo = Nexo(device["host"], device["apikey"], device["secret"], port=device["mqtt_port"])

    def al_recibir(ruta, aviso):
        if fallar:
            raise RuntimeError(fallar)
        recibidas.append((ruta, aviso))

    ota = nexo.on_firmware(
        version, al_recibir, titulo="Invernadero", http_port=int(device["http_port"]), directorio=directorio
    )
    nexo.connect()
    nexo.loop_start()
    return nexo, ota


def _esperar(condicion, timeout=30.0):
    limite = time.monotonic() + timeout
    while not condicion():
        if time.monotonic() > limite:
            return False
        time.sleep(0.05)
    return True


def _sha(ruta):
    with open(ruta, "rb") as archivo:
        return hashlib.sha256(archivo.read()).hexdigest()


@requires_server
def test_actualizacion_completa_y_version_nueva_al_reiniciar(tmp_path):
    device = new_device()
    recibidas = []
    nexo, ota = _equipo(device, "1.0.0", recibidas, str(tmp_path))
    try:
        paquete = get("/ota", id=device["id"], version="2.0.0", size=300000)
        assert _esperar(lambda: recibidas)
        ruta, aviso = recibidas[0]
        assert aviso["version"] == "2.0.0"
        assert _sha(ruta) == paquete["sha256"]
        assert ota.descarga.peticiones == 1
        assert get("/wait-ota", id=device["id"], estado="ACTUALIZANDO")["ok"] == "1"
    finally:
        nexo.disconnect()
    # "Reinicio": la versión nueva, informada al conectarse, cierra la actualización.
    nuevo, _ = _equipo(device, "2.0.0", [], str(tmp_path))
    try:
        estado = get("/wait-ota", id=device["id"], estado="ACTUALIZADO")
        assert estado["ok"] == "1"
        assert estado["version"] == "2.0.0"
    finally:
        nuevo.disconnect()


@requires_server
def test_reanuda_una_descarga_cortada_con_range(tmp_path):
    device = new_device()
    recibidas = []
    nexo, ota = _equipo(device, "1.0.0", recibidas, str(tmp_path))
    ota.corte = 70000  # la red "se cae" después de 70 KB
    try:
        paquete = get("/ota", id=device["id"], version="2.1.0", size=250000)
        assert _esperar(lambda: recibidas)
        ruta, _ = recibidas[0]
        assert _sha(ruta) == paquete["sha256"]
        assert ota.descarga.peticiones == 2
        assert get("/wait-ota", id=device["id"], estado="ACTUALIZANDO")["ok"] == "1"
    finally:
        nexo.disconnect()


@requires_server
def test_checksum_incorrecto_queda_fallido_sin_llamar_al_usuario(tmp_path):
    device = new_device()
    recibidas = []
    nexo, ota = _equipo(device, "1.0.0", recibidas, str(tmp_path))
    try:
        get("/ota", id=device["id"], version="2.2.0", size=120000, corrupt=1)
        estado = get("/wait-ota", id=device["id"], estado="FALLIDO")
        assert estado["ok"] == "1"
        assert "SHA-256" in estado["motivo"]
        assert recibidas == []
        assert ota.ultimo == "FALLIDO"
    finally:
        nexo.disconnect()
