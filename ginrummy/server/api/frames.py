"""Writing to a WebSocket without the ASGI round trip: uvicorn's protocol object of a socket
(put in its scope by :mod:`.guard`), to write a frame built once for many sockets, or
several messages in one write.

Each write is refused (False: the caller sends the normal way) unless the socket is open,
its transport takes more data without waiting, and — for a prebuilt frame — it compresses
nothing (a permessage-deflate socket compresses each frame with its own window).
The writer reads attributes of uvicorn's protocol that are not its public API: should a
uvicorn release rename one, every write is refused from then on and the server goes on
sending the normal way.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlette.websockets import WebSocket
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

RAW_SOCKET = "gin.raw_socket"
"""The scope key of a socket's :class:`RawSocket`."""


class RawSocket:
    usable = True
    """False once uvicorn's protocol lacked an attribute the writer reads (for all sockets)."""

    def __init__(self, protocol: WebSocketsSansIOProtocol) -> None:
        self.protocol = protocol

    def _open(self) -> bool:
        p = self.protocol
        return (p.handshake_complete and not p.close_sent and not p.disconnected
                and p.writable.is_set() and p.conn.state is State.OPEN
                and not p.conn.expect_continuation_frame and not p.transport.is_closing())

    def _writable(self, compressed_ok: bool) -> bool:
        if not RawSocket.usable:
            return False
        try:
            return (compressed_ok or not self.protocol.conn.extensions) and self._open()
        except AttributeError:
            RawSocket.usable = False
            return False

    def write_frame(self, frame: bytes) -> bool:
        """Write a prebuilt frame (:func:`~ginrummy.server.wire.text.text_frame`)."""
        if not self._writable(compressed_ok=False):
            return False
        self.protocol.transport.write(frame)
        return True

    def write_texts(self, texts: Sequence[str]) -> bool:
        """Write ``texts`` as messages (compressed if the socket is), in one write."""
        if not self._writable(compressed_ok=True):
            return False
        conn = self.protocol.conn
        for text in texts:
            conn.send_text(text.encode())
        self.protocol.transport.write(b"".join(conn.data_to_send()))
        return True


def raw_socket(websocket: WebSocket) -> RawSocket | None:
    """The socket's :class:`RawSocket`, None if its server is not ``gin serve``'s uvicorn
    (a test client)."""
    found = websocket.scope.get(RAW_SOCKET)
    return found if isinstance(found, RawSocket) else None
