"""A stand-in for uvicorn's WebSocket protocol object as :class:`RawSocket` uses it (its
transport records what is written), and a reader of the server's frames."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from websockets.protocol import State
from websockets.server import ServerProtocol

from ginrummy.server.api.frames import RAW_SOCKET, RawSocket


class Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return False


class Protocol:
    """``writable`` cleared: the client has stopped reading (uvicorn waits to send)."""

    def __init__(self) -> None:
        self.handshake_complete, self.close_sent, self.disconnected = True, False, False
        self.writable = asyncio.Event()
        self.writable.set()
        self.conn = ServerProtocol()
        self.conn.state = State.OPEN
        self.transport = Transport()


class Socket:
    """A Starlette WebSocket whose ``send_text`` waits while ``gate`` is closed."""

    def __init__(self, protocol: Protocol, app: Any = None) -> None:
        self.scope: dict[str, Any] = {RAW_SOCKET: RawSocket(cast(Any, protocol)),
                                      "client": ("127.0.0.1", 5000)}
        self.app = app
        self.query_params: dict[str, str] = {}
        self.gate = asyncio.Event()
        self.gate.set()
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = code


def texts_of(data: bytes) -> list[str]:
    """The text messages in ``data``: unmasked, uncompressed, final frames."""
    out = []
    while data:
        assert data[0] == 0x81, f"not a final text frame: {data[:2]!r}"
        length, start = data[1], 2
        if length == 126:
            length, start = int.from_bytes(data[2:4], "big"), 4
        out.append(data[start:start + length].decode())
        data = data[start + length:]
    return out
