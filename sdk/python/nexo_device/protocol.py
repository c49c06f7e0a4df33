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
