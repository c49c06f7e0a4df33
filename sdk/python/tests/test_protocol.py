import pytest

from nexo_device import protocol


def test_topics():
    assert protocol.topic_valor("k", "temperatura") == "k/temperatura"
    assert protocol.topic_comandos("k") == "k/+/set"
    assert protocol.sensor_de_comando("k", "k/lampara/set") == "lampara"
    assert protocol.sensor_de_comando("k", "otro/lampara/set") is None
    assert protocol.sensor_de_comando("k", "k/a/b/set") is None
    assert protocol.sensor_de_comando("k", "k/lampara") is None
    with pytest.raises(protocol.ValorInvalido):
        protocol.topic_valor("k", "")
    with pytest.raises(protocol.ValorInvalido):
        protocol.topic_valor("k", "a/b")


def test_cargas():
    assert protocol.carga(22.5) == b"22.5"
    assert protocol.carga(-0.125) == b"-0.125"
    assert protocol.carga(3.0) == b"3"
    assert protocol.carga(-0.0000001) == b"0"
    assert protocol.carga(True) == b"1"
    assert protocol.carga(False) == b"0"
    assert protocol.carga(512) == b"512"
    assert protocol.carga("Todo en orden") == "Todo en orden".encode()
    assert protocol.carga({"a": 1}) == b'{"a": 1}'
    assert protocol.gps(-34.6037, -58.3816) == '{"lat":-34.6037,"lng":-58.3816}'
    with pytest.raises(protocol.ValorInvalido):
        protocol.carga(float("nan"))
    with pytest.raises(protocol.ValorInvalido, match="4096"):
        protocol.carga("x" * 4097)
    with pytest.raises(protocol.ValorInvalido):
        protocol.carga([1, 2])


def test_backoff_crece_con_azar_hasta_el_maximo():
    backoff = protocol.Backoff(1, 8)
    assert backoff.siguiente(0) == 0.5
    assert backoff.siguiente(0.999) < 2
    assert 2 <= backoff.siguiente(0.5) <= 4
    for _ in range(10):
        assert 4 <= backoff.siguiente(0.3) <= 8
    backoff.reiniciar()
    assert backoff.siguiente(1) <= 1
    backoff.rendirse()
    assert backoff.siguiente(0) == 4
