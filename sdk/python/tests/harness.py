"""The SDK test harness (tools/sdk/harness.ts) over plain HTTP: the real Nexo server."""

import os
import urllib.parse
import urllib.request

import pytest

URL = os.environ.get("NEXO_HARNESS_URL")

requires_server = pytest.mark.skipif(URL is None, reason="NEXO_HARNESS_URL no está definida (node tools/sdk/run.mjs)")


def get(path, **query):
    url = URL + path + ("?" + urllib.parse.urlencode(query) if query else "")
    with urllib.request.urlopen(url, timeout=60) as response:
        text = response.read().decode("utf-8")
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def new_device():
    device = get("/device")
    device["mqtt_port"] = int(device["mqtt_port"])
    return device


def wait_value(device, topic, valor, timeout=10000):
    return get("/wait-value", id=device["id"], topic=topic, valor=valor, timeout=timeout)["ok"] == "1"


def wait_stomp(device, topic, valor, timeout=10000):
    return get("/wait-stomp", id=device["id"], topic=topic, valor=valor, timeout=timeout)["ok"] == "1"


def last(device, topic):
    return get("/last", id=device["id"], topic=topic)
