"""umqtt.simple's API (MicroPython) over paho-mqtt, so the MicroPython port runs under CPython
against the real server in the tests. Same blocking behaviour: connect and QoS 1 publish wait."""

import time

import paho.mqtt.client as mqtt

_V2 = hasattr(mqtt, "CallbackAPIVersion")


class MQTTException(Exception):
    pass


class MQTTClient:
    def __init__(self, client_id, server, port=0, user=None, password=None, keepalive=0, ssl=False, ssl_params=None):
        if _V2:
            self._c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True)
        else:
            self._c = mqtt.Client(client_id=client_id, clean_session=True)
        self.server, self.port, self.keepalive = server, port or 1883, keepalive
        if user is not None:
            self._c.username_pw_set(user, password)
        self._cb = None
        self._rc = None
        self._c.on_connect = self._on_connect
        self._c.on_message = lambda c, u, m: self._cb and self._cb(m.topic.encode(), m.payload)

    def _on_connect(self, client, userdata, flags, rc, *rest):
        value = rc if isinstance(rc, int) else {0: 0, 134: 4, 135: 5}.get(rc.value, rc.value)
        self._rc = value

    @property
    def sock(self):
        return self._c.socket()

    def set_callback(self, f):
        self._cb = f

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self._c.will_set(topic if isinstance(topic, str) else topic.decode(), msg, qos=qos, retain=retain)

    def connect(self, clean_session=True):
        self._rc = None
        self._c.connect(self.server, self.port, self.keepalive)
        deadline = time.monotonic() + 10
        while self._rc is None and time.monotonic() < deadline:
            self._c.loop(0.05)
        if self._rc != 0:
            self._c.disconnect()
            raise MQTTException(self._rc if self._rc is not None else 0)
        return False

    def publish(self, topic, msg, retain=False, qos=0):
        info = self._c.publish(topic.decode() if isinstance(topic, bytes) else topic, msg, qos=qos, retain=retain)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            raise OSError(info.rc)
        deadline = time.monotonic() + 10
        while qos and not info.is_published():
            if time.monotonic() > deadline or self._c.loop(0.05) != mqtt.MQTT_ERR_SUCCESS:
                raise OSError("sin acuse")

    def subscribe(self, topic, qos=0):
        self._c.subscribe(topic.decode() if isinstance(topic, bytes) else topic, qos)
        self._c.loop(0.05)

    def check_msg(self):
        if self._c.loop(0.01) != mqtt.MQTT_ERR_SUCCESS:
            raise OSError("conexión perdida")

    def ping(self):
        pass

    def disconnect(self):
        self._c.disconnect()
