"""The raw frame writer steps aside, for good, when uvicorn's protocol lacks what it reads."""

from __future__ import annotations

from typing import Any, cast

import pytest

from ginrummy.server.api.frames import RawSocket


class RenamedProtocol:
    """A uvicorn protocol whose release renamed ``conn``: only the transport is where it was."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.transport = self

    def write(self, data: bytes) -> None:
        self.written.append(data)


def test_a_protocol_without_the_attributes_read_refuses_every_write_and_writes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RawSocket, "usable", True)
    protocol = RenamedProtocol()
    socket = RawSocket(cast(Any, protocol))
    assert socket.write_frame(b"\x81\x02{}") is False
    assert RawSocket.usable is False
    assert socket.write_texts(["{}"]) is False
    assert RawSocket(cast(Any, protocol)).write_frame(b"\x81\x02{}") is False
    assert protocol.written == []
