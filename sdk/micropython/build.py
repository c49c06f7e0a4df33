"""Refreshes, inside nexo.py, the literal copy of sdk/python/nexo_device/protocol.py (between the
marks), so the MicroPython port and the Python package share one protocol.
   python3 sdk/micropython/build.py"""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
PORT = os.path.join(HERE, "nexo.py")
PROTOCOL = os.path.join(HERE, "..", "python", "nexo_device", "protocol.py")
START = "# --- protocolo: copia de sdk/python/nexo_device/protocol.py ---\n"
END = "# --- fin del protocolo ---\n"


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def copied_protocol(port_text):
    """The protocol block inside the port."""
    return port_text.split(START, 1)[1].split(END, 1)[0]


def refreshed(port_text, protocol_text):
    head, rest = port_text.split(START, 1)
    tail = rest.split(END, 1)[1]
    return head + START + protocol_text + END + tail


if __name__ == "__main__":
    text = refreshed(read(PORT), read(PROTOCOL))
    with open(PORT, "w", encoding="utf-8") as f:
        f.write(text)
