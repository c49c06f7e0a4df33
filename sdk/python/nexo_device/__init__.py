"""nexo-device: conecta una Raspberry Pi, un gateway o cualquier equipo con Python a Nexo por MQTT."""

from .client import Nexo
from .ota import ErrorOta, Ota
from .protocol import CredencialesInvalidas, ErrorNexo, ValorInvalido, gps

__all__ = ["Nexo", "CredencialesInvalidas", "ErrorNexo", "ErrorOta", "Ota", "ValorInvalido", "gps"]
__version__ = "0.1.0"
