"""What ``gin serve`` adds to uvicorn's HTTP and WebSocket protocols against slow and
flooding clients (uvicorn has no timeout for reading a request's headers, and answers
WebSocket pings without telling the application).

* a request's headers must arrive within ``header_timeout`` seconds of the connection
  (or of the first byte of the next request on a kept-alive connection), else the
  connection is closed: a slowloris client cannot hold connections open by trickling
  header lines;
* one address holds at most ``max_connections_per_address`` connections (off behind a
  trusted proxy, where every connection comes from the proxy), and the server at most
  ``max_connections`` (:class:`Connections`; both fitted to the descriptor limit by
  :mod:`ginrummy.server.api.descriptors`): when it is full, the connection that has waited
  longest for its request's headers is closed to make room, so that half-open connections,
  from however many addresses, cannot keep others out;
* every WebSocket ping frame is charged to the client's message budget like a message
  (:meth:`ClientLimits.message`); past it the socket is closed with 1008;
* the lobby's sockets (``/ws/lobby``) are not compressed: each ``lobby_update`` is the same
  text for hundreds of sockets, and compressing it once per socket was the largest part of a
  busy lobby's work (``bench/history/bench_lobby_load.md``). Table sockets keep
  permessage-deflate (uvicorn's windows), at zlib's fastest level: a state of a few
  kilobytes per event and socket, compressed in about half the time for a frame about 40%
  larger than at the default level.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.http11 import Request

from ginrummy.server.api.client_limits import ClientLimits, Refused, client_address
from ginrummy.server.api.frames import RAW_SOCKET, RawSocket
from ginrummy.server.api.rates import Counts
from ginrummy.server.settings import Settings

CLOSE_POLICY = 1008
UNCOMPRESSED_PATHS = frozenset({"/ws/lobby"})
COMPRESSION_LEVEL = 1


class Connections:
    """The server's open connections (by transport) against its cap, and which of them are
    waiting for a request's headers, oldest first."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.live: set[asyncio.Transport] = set()
        self.waiting: dict[asyncio.Transport, None] = {}

    def admit(self, transport: asyncio.Transport) -> bool:
        """Count a new connection, closing the longest waiting one if the server is full;
        False (not counted) if it is full of connections that are not waiting."""
        if self.limit and len(self.live) >= self.limit:
            if not self.waiting:
                return False
            oldest = next(iter(self.waiting))
            self.close(oldest)
            oldest.abort()
        self.live.add(transport)
        return True

    def wait(self, transport: asyncio.Transport) -> None:
        if transport in self.live:
            self.waiting[transport] = None

    def served(self, transport: asyncio.Transport) -> None:
        self.waiting.pop(transport, None)

    def close(self, transport: asyncio.Transport) -> None:
        self.waiting.pop(transport, None)
        self.live.discard(transport)


def protocols(settings: Settings, limits: ClientLimits
              ) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's ``http`` and ``ws`` protocol classes with the guards of this server."""
    per_address = 0 if settings.forwarded_allow_ips else settings.max_connections_per_address
    peers = Counts(per_address)
    connections = Connections(settings.max_connections)
    header_timeout = settings.header_timeout

    def peer_of(transport: asyncio.BaseTransport) -> str:
        peer = transport.get_extra_info("peername")
        return str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"

    class GuardedHTTP(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.peer: str | None = None
            self.header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = peer_of(transport)
            if not peers.open(peer):
                transport.abort()
                return
            if not connections.admit(transport):
                peers.close(peer)
                transport.abort()
                return
            self.peer = peer
            self._arm()

        def _arm(self) -> None:
            connections.wait(self.transport)
            if header_timeout and self.header_timer is None:
                self.header_timer = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            connections.served(self.transport)
            if self.header_timer is not None:
                self.header_timer.cancel()
                self.header_timer = None

        def _too_slow(self) -> None:
            self.header_timer = None
            if self.transport.get_protocol() is self and self.conn.their_state is h11.IDLE:
                self.transport.abort()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.transport.get_protocol() is not self or self.conn.their_state is not h11.IDLE:
                self._disarm()  # the headers are in (or the socket is a WebSocket now)
            else:
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            connections.close(self.transport)
            if self.peer is not None:
                peers.close(self.peer)
                self.peer = None
            super().connection_lost(exc)

        def handle_websocket_upgrade(self, event: h11.Request) -> None:
            self._disarm()
            peer, self.peer = self.peer, None  # the WebSocket protocol releases it
            super().handle_websocket_upgrade(event)
            protocol = self.transport.get_protocol()
            if isinstance(protocol, GuardedWebSocket):
                protocol.peer = peer
            elif peer is not None:
                peers.close(peer)

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        peer: str | None = None

        def handle_connect(self, event: Request) -> None:
            if urlsplit(event.path).path in UNCOMPRESSED_PATHS:
                self.conn.available_extensions = []  # permessage-deflate is not offered
            elif self.conn.available_extensions:  # uvicorn's offer, at the fastest level
                self.conn.available_extensions = [ServerPerMessageDeflateFactory(
                    server_max_window_bits=12, client_max_window_bits=12,
                    compress_settings={"memLevel": 5, "level": COMPRESSION_LEVEL})]
            super().handle_connect(event)
            scope = getattr(self, "scope", None)  # None: the handshake was refused
            if scope is not None:
                scope[RAW_SOCKET] = RawSocket(self)

        def handle_ping(self) -> None:
            super().handle_ping()  # the pong goes out first, as the protocol requires
            if not self.handshake_complete or self.close_sent:
                return
            try:
                limits.message(client_address(self.scope), None)
            except Refused as over:
                self.conn.fail(CLOSE_POLICY, f"too many messages; retry in {over.retry_after} s")
                self.transport.write(b"".join(self.conn.data_to_send()))
                self.close_sent = True
                self.queue.put_nowait({"type": "websocket.disconnect", "code": CLOSE_POLICY})
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            connections.close(self.transport)
            if self.peer is not None:
                peers.close(self.peer)
                self.peer = None
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket
