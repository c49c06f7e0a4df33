"""El equipo Nexo sobre paho-mqtt (API 1.6 y 2.x): publicar, comandos por sensor, reconexión con
espera creciente al azar, última voluntad, y un bucle bloqueante o en un hilo."""

import json
import random
import ssl
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import quote

import paho.mqtt.client as mqtt

from . import ota as _ota
from . import protocol
from .protocol import CredencialesInvalidas, ErrorNexo

_PAHO_V2 = hasattr(mqtt, "CallbackAPIVersion")
CONNECT_TIMEOUT_S = 10.0


def _codigo(rc):
    """El código de CONNACK como entero (paho 2.x entrega un ReasonCode)."""
    if isinstance(rc, int):
        return rc
    valor = getattr(rc, "value", rc)
    # paho 2.x traduce los CONNACK de MQTT 3.1.1 a códigos de MQTT 5.
    return {0: 0, 134: 4, 135: 5}.get(valor, valor)


def _acknowledged(info):
    """Whether the PUBACK arrived (a value queued while offline keeps rc NO_CONN in paho)."""
    try:
        return info.is_published()
    except (RuntimeError, ValueError):
        return bool(getattr(info, "_published", False))


class Nexo:
    """Un equipo de Nexo.

    nexo = Nexo("mi-servidor.com", "apikey", "secret")
    nexo.on_command("lampara", lambda sensor, valor: ...)
    nexo.connect()
    nexo.publish("temperatura", 22.5)
    nexo.loop_forever()   # o loop_start() / loop_stop()
    """

    def __init__(
        self, host, apikey, secret, port=1883, keepalive=30, will=None, tls=False, max_queue=100, http_url=None
    ):
        self.host = host
        # The server's web address, for last_value() (default: https://{host}).
        self.http_url = (http_url or ("https://" + host)).rstrip("/")
        self._secret = secret
        self.port = int(port)
        self.apikey = apikey
        self.keepalive = keepalive
        self._handlers = {}
        self._any = None
        self._backoff = protocol.Backoff()
        self._lock = threading.Condition()
        self._connected = False
        self._connack = None
        self._running = False
        self._thread = None
        self._next_attempt = 0.0
        self._connecting_since = None
        self.connections = 0
        self.last_error = None
        self._ota = None

        client_id = protocol.id_de_cliente(apikey)
        if _PAHO_V2:
            self._client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True)
        else:
            self._client = mqtt.Client(client_id=client_id, clean_session=True)
        self._secret = secret
        self._client.username_pw_set(apikey, secret)
        self._client.max_queued_messages_set(max_queue)
        if tls:
            self._client.tls_set(cert_reqs=ssl.CERT_REQUIRED)
        if will is not None:
            sensor, valor = will
            self._client.will_set(protocol.topic_valor(apikey, sensor), protocol.carga(valor), qos=1)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_message = self._on_message

    # ---- API ----

    def on_command(self, sensor, handler=None):
        """handler(sensor, valor) recibe los valores que la plataforma envía al sensor.
        on_command(handler) recibe los de sensores sin manejador propio. También como decorador."""
        if handler is None and callable(sensor):
            self._any = sensor
            return sensor
        if handler is None:

            def decorar(funcion):
                self._handlers[protocol.validar_sensor(sensor)] = funcion
                return funcion

            return decorar
        self._handlers[protocol.validar_sensor(sensor)] = handler
        return handler

    def publish(self, sensor, valor, qos=1, wait=False, timeout=10.0):
        """Publica un valor (número, bool, texto, dict o bytes). QoS 1: paho lo guarda y lo reenvía
        hasta su acuse, también tras una reconexión. wait=True espera el PUBACK."""
        info = self._client.publish(protocol.topic_valor(self.apikey, sensor), protocol.carga(valor), qos=qos)
        if info.rc == mqtt.MQTT_ERR_QUEUE_SIZE:
            raise ErrorNexo("La cola de valores pendientes está llena.")
        if wait:
            limite = time.monotonic() + timeout
            while not _acknowledged(info):
                if time.monotonic() > limite:
                    raise ErrorNexo("El servidor no confirmó el valor a tiempo.")
                if self._thread is None:
                    self.loop(0.05)
                else:
                    time.sleep(0.02)
        return info

    def on_firmware(self, version, al_recibir, titulo=None, http_port=80, http_host=None, https=False, directorio=None):
        """Firmware por aire (docs/ota.md): informa `version` en cada conexión, escucha el aviso
        retenido, baja la imagen (reanudando con Range), la verifica con SHA-256 y llama
        al_recibir(ruta_del_archivo, aviso) en un hilo propio. Si al_recibir lanza una excepción, la
        actualización queda FALLIDO con ese motivo; si vuelve, el equipo debería reiniciar con la
        versión nueva. Devuelve el objeto Ota (esperar(), ultimo estado)."""
        base = ("https" if https else "http") + "://" + (http_host or self.host) + ":" + str(http_port)
        self._ota = _ota.Ota(
            self.apikey,
            self._secret,
            version,
            al_recibir,
            base,
            lambda topic, payload: self._client.publish(topic, payload, qos=1),
            titulo=titulo,
            directorio=directorio,
        )
        return self._ota

    def publish_gps(self, sensor, lat, lng, campo_lat="lat", campo_lng="lng", **opciones):
        return self.publish(sensor, protocol.gps(lat, lng, campo_lat, campo_lng), **opciones)

    def last_value(self, sensor, timeout=10.0):
        """The sensor's last value over HTTP (GET /sv/dispositivo/{apikey}/{sensor}), e.g. the state
        of a switch after waking up: {"valor": "1", "fecha": ms, "conectado": bool}."""
        url = self.http_url + "/sv/dispositivo/" + quote(self.apikey, safe="") + "/" + quote(
            protocol.validar_sensor(sensor), safe=""
        )
        request = urllib.request.Request(url, headers={"X-Api-Secret": self._secret})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                body = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            mensaje = json.loads(error.read().decode("utf-8") or "{}").get("mensaje", str(error))
            if error.code == 401:
                raise CredencialesInvalidas(mensaje) from None
            raise ErrorNexo(mensaje) from None
        return {"valor": body.get("valor"), "fecha": body.get("fecha"), "conectado": body.get("conectado")}

    def connect(self, timeout=10.0):
        """Se conecta y espera el CONNACK. CredencialesInvalidas si el servidor rechaza el equipo."""
        limite = time.monotonic() + timeout
        self._attempt()
        while not self._connected:
            if self._connack is not None and self._connack != 0:
                break
            if time.monotonic() > limite:
                break
            self._client.loop(timeout=0.1)
        if self._connack in protocol.CONNACK_CREDENCIALES:
            raise CredencialesInvalidas("El apikey o el secret del equipo no son válidos.")
        if not self._connected:
            raise ErrorNexo("No se pudo conectar con " + self.host + ":" + str(self.port))
        return self

    def loop(self, timeout=0.1):
        """Una vuelta: lee, escribe, mantiene viva la conexión y reconecta cuando toca."""
        if not self._connected and self._connecting_since is None:
            espera = self._next_attempt - time.monotonic()
            if espera > 0:
                time.sleep(min(timeout, espera))
                return
            try:
                self._attempt()
            except OSError as error:
                self._failed(error)
                return
        if self._connecting_since is not None and time.monotonic() - self._connecting_since > CONNECT_TIMEOUT_S:
            # No CONNACK in time: close and try again later.
            self._connecting_since = None
            self._client.disconnect()
            self._failed(ErrorNexo("El servidor no respondió a la conexión."))
            return
        # A lost connection ends in on_disconnect, which schedules the next attempt.
        self._client.loop(timeout=timeout)

    def loop_forever(self):
        self._running = True
        while self._running:
            self.loop()

    def loop_start(self):
        """El bucle en un hilo propio (daemon)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self.loop_forever, name="nexo", daemon=True)
        self._thread.start()

    def loop_stop(self):
        self._running = False
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def disconnect(self):
        """Despedida limpia: el servidor no publica la última voluntad."""
        self.loop_stop()
        self._client.disconnect()
        self._client.loop(timeout=0.1)
        self._connected = False

    @property
    def connected(self):
        return self._connected

    def wait_connected(self, timeout=10.0):
        with self._lock:
            return self._lock.wait_for(lambda: self._connected, timeout)

    # ---- internals ----

    def _attempt(self):
        self._connack = None
        self._client.connect(self.host, self.port, self.keepalive)
        self._connecting_since = time.monotonic()

    def _failed(self, error):
        if error is not None:
            self.last_error = error
        self._next_attempt = time.monotonic() + self._backoff.siguiente(random.random())

    def _on_connect(self, client, userdata, flags, rc, *properties):
        self._connecting_since = None
        self._connack = _codigo(rc)
        if self._connack != 0:
            if self._connack in protocol.CONNACK_CREDENCIALES:
                self.last_error = CredencialesInvalidas("El apikey o el secret del equipo no son válidos.")
                self._backoff.rendirse()
            return
        client.subscribe(protocol.topic_comandos(self.apikey), qos=1)
        if self._ota is not None:
            client.subscribe(_ota.topic_aviso(self.apikey), qos=1)
            self._ota.informar_version()
        self._backoff.reiniciar()
        self.connections += 1
        self.last_error = None
        with self._lock:
            self._connected = True
            self._lock.notify_all()

    def _on_disconnect(self, client, userdata, *rest):
        self._connecting_since = None
        with self._lock:
            self._connected = False
            self._lock.notify_all()
        self._failed(None)

    def _on_message(self, client, userdata, message):
        if self._ota is not None and message.topic == _ota.topic_aviso(self.apikey):
            self._ota.recibir(message.payload)
            return
        sensor = protocol.sensor_de_comando(self.apikey, message.topic)
        if sensor is None:
            return
        handler = self._handlers.get(sensor, self._any)
        if handler is not None:
            handler(sensor, protocol.texto_de_comando(message.payload))
