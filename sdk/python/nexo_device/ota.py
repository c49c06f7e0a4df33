"""Firmware por aire (docs/ota.md): el aviso retenido en {apikey}/ota/aviso, la descarga por HTTP con
las credenciales del equipo (reanudada con Range), la verificación SHA-256, los estados en
{apikey}/ota/estado y la entrega de la imagen verificada a una función del usuario."""

import hashlib
import http.client
import os
import tempfile
import threading
import time
import urllib.parse

# La parte pura (topics, el aviso, los reportes, la URL) está en protocol.py, compartida con MicroPython.
from .protocol import leer_aviso, reporte, topic_aviso, topic_estado, url_de  # noqa: F401

BLOQUE = 16 * 1024
INTENTOS = 6


class ErrorOta(Exception):
    """La actualización no se pudo completar (el motivo va al servidor como FALLIDO)."""


class Descarga:
    """Una imagen que se baja a un archivo, reanudable: guarda cuántos bytes tiene y el SHA-256
    calculado hasta ahí, así que nunca vuelve a leer lo escrito."""

    def __init__(self, aviso, destino):
        self.aviso = aviso
        self.destino = destino
        self.recibidos = 0
        self.peticiones = 0
        self._hash = hashlib.sha256()
        self._archivo = open(destino, "wb")

    def reiniciar(self):
        self._archivo.seek(0)
        self._archivo.truncate()
        self.recibidos = 0
        self._hash = hashlib.sha256()

    def escribir(self, datos):
        self._archivo.write(datos)
        self._hash.update(datos)
        self.recibidos += len(datos)

    def cerrar(self):
        self._archivo.close()

    def sha256(self):
        return self._hash.hexdigest()

    @property
    def completa(self):
        return self.recibidos >= self.aviso["tamano"]


def descargar(aviso, base, secret, destino, progreso=None, corte=None, timeout=30.0):
    """Baja la imagen del aviso a `destino`; reintenta y reanuda con Range + If-Range. Devuelve la
    Descarga (cerrada). `progreso(porcentaje)` se llama cada 25 %. `corte` (pruebas): cierra la
    conexión después de esos bytes, como un corte de red."""
    url = urllib.parse.urlsplit(url_de(aviso, base))
    conexion_de = http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
    ruta = url.path + ("?" + url.query if url.query else "")
    descarga = Descarga(aviso, destino)
    informado = -25
    fallos = 0
    try:
        while not descarga.completa:
            cabeceras = {"X-Api-Secret": secret}
            if descarga.recibidos > 0:
                cabeceras["Range"] = "bytes=" + str(descarga.recibidos) + "-"
                cabeceras["If-Range"] = '"' + aviso["sha256"] + '"'
            conexion = conexion_de(url.hostname, url.port, timeout=timeout)
            descarga.peticiones += 1
            try:
                conexion.request("GET", ruta, headers=cabeceras)
                respuesta = conexion.getresponse()
                if respuesta.status == 200 and descarga.recibidos > 0:
                    descarga.reiniciar()  # la imagen cambió: de nuevo desde el principio
                elif respuesta.status not in (200, 206):
                    raise ErrorOta("La descarga respondió " + str(respuesta.status))
                en_esta = 0
                while True:
                    datos = respuesta.read(BLOQUE)
                    if not datos:
                        break
                    if corte is not None and en_esta + len(datos) > corte:
                        datos = datos[: corte - en_esta]
                        descarga.escribir(datos)
                        corte = None
                        raise ConnectionResetError("corte simulado")
                    descarga.escribir(datos)
                    en_esta += len(datos)
                    porcentaje = descarga.recibidos * 100 // max(1, aviso["tamano"])
                    if progreso is not None and porcentaje >= informado + 25 and porcentaje < 100:
                        informado = porcentaje - porcentaje % 25
                        progreso(informado)
            except (OSError, http.client.HTTPException) as error:
                fallos += 1
                if fallos >= INTENTOS:
                    raise ErrorOta("La descarga se cortó demasiadas veces: " + str(error)) from error
                time.sleep(min(8.0, 0.5 * 2**fallos))
            finally:
                conexion.close()
    finally:
        descarga.cerrar()
    return descarga


class Ota:
    """El lado del equipo de una actualización (lo usa Nexo.on_firmware).

    publicar(topic, payload) manda un mensaje QoS 1; base es http(s)://servidor:puerto;
    al_recibir(ruta, aviso) recibe la imagen verificada y la aplica (devuelve normalmente) o lanza
    una excepción con el motivo. Después de aplicarla el equipo reinicia y, al volver a conectarse,
    informa la versión nueva (Nexo la manda al conectar)."""

    def __init__(self, apikey, secret, version, al_recibir, base, publicar, titulo=None, directorio=None):
        self.apikey = apikey
        self.secret = secret
        self.version = version
        self.titulo = titulo
        self.al_recibir = al_recibir
        self.base = base
        self.publicar = publicar
        self.directorio = directorio or tempfile.gettempdir()
        self.corte = None
        self.ultimo = None
        self.descarga = None
        self._trabajando = None
        self._lock = threading.Lock()
        self._hilo = None

    def informar_version(self):
        self.publicar(topic_estado(self.apikey), reporte(titulo=self.titulo, version=self.version))

    def _estado(self, aviso, estado, **campos):
        self.ultimo = estado
        self.publicar(topic_estado(self.apikey), reporte(estado, aviso["id"], **campos))

    def recibir(self, payload):
        """Un mensaje de {apikey}/ota/aviso (se llama desde el bucle MQTT: no bloquea)."""
        aviso = leer_aviso(payload)
        if aviso is None:
            return
        if aviso["version"] == self.version:
            self.informar_version()
            return
        with self._lock:
            if self._trabajando == aviso["id"]:
                return
            self._trabajando = aviso["id"]
        self._hilo = threading.Thread(target=self._actualizar, args=(aviso,), name="nexo-ota", daemon=True)
        self._hilo.start()

    def esperar(self, timeout=None):
        """Espera a que termine la actualización en curso (pruebas, scripts)."""
        if self._hilo is not None:
            self._hilo.join(timeout)

    def _actualizar(self, aviso):
        destino = os.path.join(self.directorio, "nexo-ota-" + str(aviso["id"]) + ".bin")
        try:
            self._estado(aviso, "DESCARGANDO", progreso=0)
            corte, self.corte = self.corte, None
            descarga = descargar(
                aviso,
                self.base,
                self.secret,
                destino,
                progreso=lambda p: self._estado(aviso, "DESCARGANDO", progreso=p),
                corte=corte,
            )
            self.descarga = descarga
            suma = descarga.sha256()
            self._estado(aviso, "DESCARGADO", sha256=suma)
            if suma != aviso["sha256"]:
                raise ErrorOta("La suma SHA-256 no coincide")
            self._estado(aviso, "VERIFICADO", sha256=suma)
            self._estado(aviso, "ACTUALIZANDO")
            self.al_recibir(destino, aviso)
        except Exception as error:  # noqa: BLE001 - cualquier fallo termina en FALLIDO con su motivo
            self._estado(aviso, "FALLIDO", motivo=str(error)[:300] or "Error")
            try:
                os.remove(destino)
            except OSError:
                pass
        finally:
            with self._lock:
                self._trabajando = None
