# Nexo para MicroPython (ESP32, ESP8266, Raspberry Pi Pico W): un solo archivo sobre umqtt.simple.
# Copie nexo.py a la placa (mpremote cp nexo.py :) y:
#
#   from nexo import Nexo
#   nexo = Nexo("mi-servidor.com", "apikey", "secret", will=("estado", "SIN CONEXIÓN"))
#   nexo.on_command("lampara", lambda sensor, valor: print(sensor, valor))
#   nexo.connect()
#   while True:
#       nexo.publish("temperatura", 22.5)
#       nexo.loop()      # lee comandos, mantiene viva la conexión y reconecta
#       time.sleep(5)
#
#   nexo.last_value("riego")  # por HTTP (http_url=, por defecto https://{host}): {"valor", "fecha", "conectado"}
#
#   nexo.on_firmware("1.0.0", aplicar)  # antes de connect(): firmware por aire (docs/ota.md)
#
# El protocolo (topics, valores, esperas) es una copia literal de sdk/python/nexo_device/protocol.py
# entre las marcas de abajo: no lo edite aquí; edite aquel y ejecute `python3 sdk/micropython/build.py`,
# que renueva la copia (un test comprueba que sean iguales).

import time

try:
    import random

    def _azar():
        return random.getrandbits(16) / 65536
except ImportError:  # pragma: no cover

    def _azar():
        return 0.5


try:
    from time import ticks_diff, ticks_ms
except ImportError:  # CPython (tests)

    def ticks_ms():
        return int(time.monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b


try:
    import usocket as socket
except ImportError:  # CPython (tests)
    import socket

try:
    import hashlib
except ImportError:  # MicroPython antiguo
    import uhashlib as hashlib

try:
    import binascii
except ImportError:  # MicroPython antiguo
    import ubinascii as binascii

try:
    import os
except ImportError:  # MicroPython antiguo
    import uos as os

from umqtt.simple import MQTTClient, MQTTException

# --- protocolo: copia de sdk/python/nexo_device/protocol.py ---
# Protocolo de dispositivo de Nexo (docs/api-devices.md): topics, valores y esperas de reconexión.
# Lógica pura, sin red ni hilos, compartida por el paquete de CPython (nexo_device) y el port de
# MicroPython (sdk/micropython/nexo.py lleva una copia literal de este archivo entre marcas; un
# test comprueba que no se aparten). Por eso: sin typing, sin dataclasses, sin f-strings, y sin
# herencia múltiple de excepciones nativas.

import json

# El servidor no guarda valores de más de 4 KiB (UTF-8).
MAX_PAYLOAD = 4096
MAX_SENSOR = 64
BACKOFF_MIN_S = 1.0
BACKOFF_MAX_S = 60.0
CONNACK_CREDENCIALES = (4, 5)


class ErrorNexo(Exception):
    pass


class CredencialesInvalidas(ErrorNexo):
    """El servidor rechazó el apikey o el secret (CONNACK 4 o 5)."""


class ValorInvalido(ValueError):
    """El valor no se puede enviar (demasiado grande, no finito, sensor vacío…)."""


def validar_sensor(sensor):
    if not isinstance(sensor, str) or not sensor:
        raise ValorInvalido("El nombre del sensor no puede estar vacío.")
    if len(sensor) > MAX_SENSOR or "/" in sensor or "+" in sensor or "#" in sensor:
        raise ValorInvalido("Nombre de sensor no válido: " + sensor)
    return sensor


def topic_valor(apikey, sensor):
    """{apikey}/{sensor}: donde el equipo publica los valores de un sensor."""
    return apikey + "/" + validar_sensor(sensor)


def topic_comandos(apikey):
    """{apikey}/+/set: los comandos de todos los sensores del equipo."""
    return apikey + "/+/set"


def sensor_de_comando(apikey, topic):
    """El sensor de un topic de comando {apikey}/{sensor}/set, o None."""
    prefijo = apikey + "/"
    if not topic.startswith(prefijo) or not topic.endswith("/set"):
        return None
    sensor = topic[len(prefijo) : -4]
    if not sensor or "/" in sensor:
        return None
    return sensor


def numero(valor, decimales=6):
    """Un número como texto: 22.5, -0.125, 3 (sin ceros de más)."""
    if isinstance(valor, bool):
        return "1" if valor else "0"
    if isinstance(valor, int):
        return str(valor)
    if valor != valor or valor in (float("inf"), float("-inf")):
        raise ValorInvalido("El valor no es un número finito.")
    texto = ("{:." + str(decimales) + "f}").format(valor)
    if "." in texto:
        texto = texto.rstrip("0").rstrip(".")
    if texto in ("-0", ""):
        texto = "0"
    return texto


def gps(lat, lng, campo_lat="lat", campo_lng="lng"):
    """La carga de un sensor de mapa: {"lat":…,"lng":…} (o los campos que declare el sensor)."""
    return '{"' + campo_lat + '":' + numero(lat) + ',"' + campo_lng + '":' + numero(lng) + "}"


def carga(valor):
    """El payload (bytes) de un valor: números, booleanos ("1"/"0"), texto, dict (JSON) o bytes."""
    if isinstance(valor, (bytes, bytearray)):
        datos = bytes(valor)
    elif isinstance(valor, str):
        datos = valor.encode("utf-8")
    elif isinstance(valor, (bool, int, float)):
        datos = numero(valor).encode("utf-8")
    elif isinstance(valor, dict):
        datos = json.dumps(valor).encode("utf-8")
    else:
        raise ValorInvalido("Tipo de valor no admitido: " + str(type(valor)))
    if len(datos) > MAX_PAYLOAD:
        raise ValorInvalido("El valor supera los " + str(MAX_PAYLOAD) + " bytes que admite el servidor.")
    return datos


def texto_de_comando(payload):
    """El valor de un comando como texto (el servidor envía UTF-8)."""
    if isinstance(payload, str):
        return payload
    return bytes(payload).decode("utf-8")


def id_de_cliente(apikey):
    return "nexo-" + apikey


class Backoff:
    """Esperas de reconexión: se duplican de BACKOFF_MIN_S a BACKOFF_MAX_S, cada una al azar en la
    mitad superior de su ventana (así un aula llena de placas no se reconecta a la vez)."""

    def __init__(self, minimo=BACKOFF_MIN_S, maximo=BACKOFF_MAX_S):
        self.minimo = minimo
        self.maximo = maximo
        self.fallos = 0

    def siguiente(self, azar):
        """La próxima espera en segundos; azar es un número en [0, 1)."""
        ventana = min(self.minimo * (2 ** min(self.fallos, 30)), self.maximo)
        self.fallos += 1
        return ventana / 2 + (ventana / 2) * azar

    def rendirse(self):
        """Credenciales rechazadas: directamente la ventana más larga."""
        self.fallos = 30

    def reiniciar(self):
        self.fallos = 0


# Firmware por aire (docs/ota.md): los topics, el aviso, los reportes y la URL de la descarga.
ESTADOS_OTA = ("DESCARGANDO", "DESCARGADO", "VERIFICADO", "ACTUALIZANDO", "ACTUALIZADO", "FALLIDO")


def topic_aviso(apikey):
    return apikey + "/ota/aviso"


def topic_estado(apikey):
    return apikey + "/ota/estado"


def leer_aviso(payload):
    """El aviso como dict, o None si está vacío (cancelado) o no se entiende."""
    if not payload:
        return None
    try:
        aviso = json.loads(payload.decode("utf-8") if isinstance(payload, bytes) else payload)
    except ValueError:
        return None
    campos = ("id", "version", "tamano", "sha256", "ruta")
    if not isinstance(aviso, dict) or any(c not in aviso for c in campos):
        return None
    return aviso


def reporte(estado=None, id=None, **campos):
    """El JSON de un reporte: la versión en ejecución, un estado, o ambos."""
    cuerpo = {}
    if id is not None:
        cuerpo["id"] = id
    if estado is not None:
        if estado not in ESTADOS_OTA:
            raise ValueError("estado desconocido: " + estado)
        cuerpo["estado"] = estado
    for clave, valor in campos.items():
        if valor is not None:
            cuerpo[clave] = valor
    return json.dumps(cuerpo, separators=(",", ":")).encode("utf-8")


def url_de(aviso, base):
    """La URL de la descarga: la absoluta del aviso, o la ruta sobre el servidor conocido."""
    if aviso.get("url"):
        return aviso["url"]
    return base.rstrip("/") + aviso["ruta"]
# --- fin del protocolo ---


# --- el equipo sobre umqtt.simple ---

PENDIENTES_MAX = 16


_NO_RESERVADOS = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"


def _cita(texto):
    # Percent-encoding de un segmento de ruta (UTF-8).
    return "".join(chr(b) if b in _NO_RESERVADOS else "%%%02X" % b for b in texto.encode("utf-8"))


def _http_abrir(url, cabeceras, timeout=10):
    # Un GET de HTTP/1.0 sobre un socket propio (la placa no necesita urequests): devuelve el estado,
    # la conexión abierta para leer el resto del cuerpo, y lo que ya llegó de él.
    esquema, _, resto = url.partition("://")
    anfitrion, _, ruta = resto.partition("/")
    puerto = 443 if esquema == "https" else 80
    if ":" in anfitrion:
        anfitrion, numero = anfitrion.rsplit(":", 1)
        puerto = int(numero)
    direccion = socket.getaddrinfo(anfitrion, puerto)[0][-1]
    conexion = socket.socket()
    try:
        conexion.settimeout(timeout)
        conexion.connect(direccion)
        if esquema == "https":
            import ssl

            if hasattr(ssl, "wrap_socket"):
                conexion = ssl.wrap_socket(conexion, server_hostname=anfitrion)
            else:  # CPython 3.12+
                conexion = ssl.create_default_context().wrap_socket(conexion, server_hostname=anfitrion)
        pedido = "GET /" + ruta + " HTTP/1.0\r\nHost: " + anfitrion + "\r\n"
        for nombre in cabeceras:
            pedido += nombre + ": " + cabeceras[nombre] + "\r\n"
        datos = (pedido + "\r\n").encode("utf-8")
        while datos:
            datos = datos[conexion.send(datos) :]
        respuesta = b""
        while b"\r\n\r\n" not in respuesta:
            parte = conexion.recv(512)
            if not parte:
                raise OSError("El servidor cerró la conexión sin responder.")
            respuesta += parte
    except Exception:
        conexion.close()
        raise
    cabecera, _, sobrante = respuesta.partition(b"\r\n\r\n")
    return int(cabecera.split(b" ", 2)[1]), conexion, sobrante


def _http_get(url, cabeceras, timeout=10):
    # (estado, cuerpo en texto) de un GET.
    estado, conexion, cuerpo = _http_abrir(url, cabeceras, timeout)
    try:
        while True:
            parte = conexion.recv(512)
            if not parte:
                break
            cuerpo += parte
    finally:
        conexion.close()
    return estado, cuerpo.decode("utf-8")


OTA_BLOQUE = 4096
OTA_INTENTOS = 6


class Nexo:
    def __init__(self, host, apikey, secret, port=1883, keepalive=30, will=None, ssl=False, http_url=None):
        self.apikey = apikey
        self._secret = secret
        # La dirección web del servidor, para last_value() (por defecto https://{host}).
        self.http_url = (http_url or ("https://" + host)).rstrip("/")
        self._ota = None
        self._aviso = None
        # Pruebas: corta la descarga después de tantos bytes, como una caída de la red.
        self.ota_corte = None
        self.ota_peticiones = 0
        self.ota_ultimo = None
        self.keepalive = keepalive
        self._handlers = {}
        self._any = None
        self._backoff = Backoff()
        self._proximo = ticks_ms()
        self._ultimo_envio = ticks_ms()
        self._pendientes = []
        self.connected = False
        self.connections = 0
        self.last_error = None
        self._mqtt = MQTTClient(
            id_de_cliente(apikey), host, port=port, user=apikey, password=secret, keepalive=keepalive, ssl=ssl
        )
        self._mqtt.set_callback(self._al_recibir)
        if will is not None:
            self._mqtt.set_last_will(topic_valor(apikey, will[0]), carga(will[1]), qos=1)

    def on_firmware(self, version, al_recibir, titulo=None, archivo="nexo-ota.bin"):
        """Firmware por aire (docs/ota.md): informa `version` en cada conexión, escucha el aviso,
        baja la imagen a `archivo` desde http_url (reanudando con Range), la verifica con SHA-256 y
        llama al_recibir(archivo, aviso) desde loop(). Si al_recibir lanza una excepción la
        actualización queda FALLIDO con ese motivo; si vuelve, reinicie la placa (machine.reset()) con
        la versión nueva. Llámelo antes de connect()."""
        self._ota = (version, al_recibir, titulo, archivo)

    def on_command(self, sensor, handler=None):
        """handler(sensor, valor) recibe los valores que la plataforma envía al sensor;
        on_command(handler) los de sensores sin manejador propio."""
        if handler is None:
            self._any = sensor
        else:
            self._handlers[validar_sensor(sensor)] = handler

    def connect(self):
        """Se conecta; CredencialesInvalidas si el servidor rechaza el equipo, OSError sin red."""
        try:
            self._mqtt.connect(clean_session=True)
        except MQTTException as error:
            codigo = error.args[0] if error.args else 0
            if codigo in CONNACK_CREDENCIALES:
                self._backoff.rendirse()
                self.last_error = CredencialesInvalidas("El apikey o el secret del equipo no son válidos.")
                raise self.last_error
            raise
        self._mqtt.subscribe(topic_comandos(self.apikey).encode(), qos=1)
        if self._ota is not None:
            self._informar_version()
            self._mqtt.subscribe(topic_aviso(self.apikey).encode(), qos=1)
        self.connected = True
        self.connections += 1
        self.last_error = None
        self._backoff.reiniciar()
        self._ultimo_envio = ticks_ms()
        # Lo que quedó sin acuse al cortarse, en orden.
        pendientes, self._pendientes = self._pendientes, []
        for topic, datos in pendientes:
            self._enviar(topic, datos)
        return self

    def publish(self, sensor, valor):
        """Publica con QoS 1 (umqtt espera el acuse). Sin conexión, el valor espera (hasta 16)."""
        topic = topic_valor(self.apikey, sensor).encode()
        datos = carga(valor)
        if not self.connected:
            self._guardar(topic, datos)
            return False
        return self._enviar(topic, datos)

    def publish_gps(self, sensor, lat, lng, campo_lat="lat", campo_lng="lng"):
        return self.publish(sensor, gps(lat, lng, campo_lat, campo_lng))

    def loop(self):
        """Lee comandos, mantiene viva la conexión y reconecta cuando toca (sin bloquear)."""
        if not self.connected:
            if ticks_diff(ticks_ms(), self._proximo) < 0:
                return
            try:
                self.connect()
            except Exception as error:  # sin red, servidor caído o credenciales
                self._perdida(error)
            return
        if self._aviso is not None:
            aviso, self._aviso = self._aviso, None
            self._actualizar(aviso)
            return
        try:
            self._mqtt.check_msg()
            if ticks_diff(ticks_ms(), self._ultimo_envio) >= self.keepalive * 750:
                self._mqtt.ping()
                self._ultimo_envio = ticks_ms()
        except OSError as error:
            self._perdida(error)

    def last_value(self, sensor, timeout=10):
        """El último valor del sensor por HTTP (GET /sv/dispositivo/{apikey}/{sensor}), p. ej. el estado
        de un interruptor al despertar: {"valor": "1", "fecha": ms, "conectado": bool}."""
        url = self.http_url + "/sv/dispositivo/" + _cita(self.apikey) + "/" + _cita(validar_sensor(sensor))
        estado, texto = _http_get(url, {"X-Api-Secret": self._secret}, timeout)
        cuerpo = json.loads(texto) if texto else {}
        if estado == 401:
            raise CredencialesInvalidas(cuerpo.get("mensaje", "El apikey o el secret del equipo no son válidos."))
        if estado != 200:
            raise ErrorNexo(cuerpo.get("mensaje", "El servidor respondió " + str(estado) + "."))
        return {"valor": cuerpo.get("valor"), "fecha": cuerpo.get("fecha"), "conectado": cuerpo.get("conectado")}

    def disconnect(self):
        """Despedida limpia: el servidor no publica la última voluntad."""
        if self.connected:
            try:
                self._mqtt.disconnect()
            except OSError:
                pass
        self.connected = False

    def _informar_version(self):
        version, _, titulo, _ = self._ota
        self._mqtt.publish(topic_estado(self.apikey).encode(), reporte(titulo=titulo, version=version), qos=1)

    def _estado_ota(self, aviso, estado, **campos):
        self.ota_ultimo = estado
        self._mqtt.publish(topic_estado(self.apikey).encode(), reporte(estado, aviso["id"], **campos), qos=1)
        self._ultimo_envio = ticks_ms()

    def _actualizar(self, aviso):
        version, al_recibir, _, archivo = self._ota
        if aviso["version"] == version:
            self._informar_version()
            return
        try:
            self._estado_ota(aviso, "DESCARGANDO", progreso=0)
            suma = self._descargar(aviso, archivo)
            self._estado_ota(aviso, "DESCARGADO", sha256=suma)
            if suma != aviso["sha256"]:
                raise ErrorNexo("La suma SHA-256 no coincide")
            self._estado_ota(aviso, "VERIFICADO", sha256=suma)
            self._estado_ota(aviso, "ACTUALIZANDO")
            al_recibir(archivo, aviso)
        except Exception as error:  # cualquier fallo termina en FALLIDO con su motivo
            try:
                self._estado_ota(aviso, "FALLIDO", motivo=(str(error) or "Error")[:300])
            except OSError as perdida:
                self._perdida(perdida)
            try:
                os.remove(archivo)
            except OSError:
                pass

    def _descargar(self, aviso, archivo):
        # Baja la imagen a `archivo`; ante un corte reintenta y reanuda con Range + If-Range.
        url = url_de(aviso, self.http_url)
        tamano = aviso["tamano"]
        recibidos = 0
        suma = hashlib.sha256()
        informado = 0
        fallos = 0
        salida = open(archivo, "wb")
        try:
            while recibidos < tamano:
                cabeceras = {"X-Api-Secret": self._secret}
                if recibidos > 0:
                    cabeceras["Range"] = "bytes=" + str(recibidos) + "-"
                    cabeceras["If-Range"] = '"' + aviso["sha256"] + '"'
                self.ota_peticiones += 1
                conexion = None
                try:
                    estado, conexion, datos = _http_abrir(url, cabeceras, 30)
                    if estado == 200 and recibidos > 0:
                        # La imagen cambió: de nuevo desde el principio.
                        salida.close()
                        salida = open(archivo, "wb")
                        recibidos = 0
                        suma = hashlib.sha256()
                    elif estado not in (200, 206):
                        raise ErrorNexo("La descarga respondió " + str(estado))
                    en_esta = 0
                    while True:
                        if datos:
                            corte = self.ota_corte
                            if corte is not None and en_esta + len(datos) > corte:
                                datos = datos[: corte - en_esta]
                                self.ota_corte = None
                                salida.write(datos)
                                suma.update(datos)
                                recibidos += len(datos)
                                raise OSError("corte simulado")
                            salida.write(datos)
                            suma.update(datos)
                            recibidos += len(datos)
                            en_esta += len(datos)
                            porcentaje = recibidos * 100 // max(1, tamano)
                            if porcentaje >= informado + 25 and porcentaje < 100:
                                informado = porcentaje - porcentaje % 25
                                self._estado_ota(aviso, "DESCARGANDO", progreso=informado)
                            elif ticks_diff(ticks_ms(), self._ultimo_envio) >= self.keepalive * 750:
                                self._mqtt.ping()
                                self._ultimo_envio = ticks_ms()
                        datos = conexion.recv(OTA_BLOQUE)
                        if not datos:
                            break
                except OSError as error:
                    fallos += 1
                    if fallos >= OTA_INTENTOS:
                        raise ErrorNexo("La descarga se cortó demasiadas veces: " + str(error))
                    time.sleep(min(8, 0.5 * 2**fallos))
                finally:
                    if conexion is not None:
                        conexion.close()
        finally:
            salida.close()
        return binascii.hexlify(suma.digest()).decode()

    def _guardar(self, topic, datos):
        if len(self._pendientes) >= PENDIENTES_MAX:
            self._pendientes.pop(0)
        self._pendientes.append((topic, datos))

    def _enviar(self, topic, datos):
        try:
            self._mqtt.publish(topic, datos, qos=1)
            self._ultimo_envio = ticks_ms()
            return True
        except OSError as error:
            self._guardar(topic, datos)
            self._perdida(error)
            return False

    def _perdida(self, error):
        self.connected = False
        if not isinstance(self.last_error, CredencialesInvalidas):
            self.last_error = error
        try:
            self._mqtt.sock.close()
        except Exception:
            pass
        self._proximo = ticks_ms() + int(self._backoff.siguiente(_azar()) * 1000)

    def _al_recibir(self, topic, mensaje):
        if self._ota is not None and texto_de_comando(topic) == topic_aviso(self.apikey):
            # Se atiende en loop(): aquí no se bloquea. Un aviso vacío cancela uno pendiente.
            self._aviso = leer_aviso(mensaje)
            return
        sensor = sensor_de_comando(self.apikey, texto_de_comando(topic))
        if sensor is None:
            return
        handler = self._handlers.get(sensor, self._any)
        if handler is not None:
            handler(sensor, texto_de_comando(mensaje))
