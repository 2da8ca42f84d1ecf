"""What the sockets of pages that only watch share (the lobby's, a tournament's): the origin
check and the per-client count of such sockets, an outbox that writes a prebuilt frame when it
can, and the loop that reads the client's messages (rate-limited, sized, of known kinds).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ginrummy.server.api.client_limits import ClientLimits, Refused, client_address
from ginrummy.server.api.frames import raw_socket
from ginrummy.server.api.origin import origin_allowed
from ginrummy.server.settings import Settings
from ginrummy.server.wire.protocol import error

MAX_OUTBOX = 200

Answer = Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]]
"""The answer to a well-formed message other than a ping (None: nothing to answer)."""


class BoardSocket:
    """One browser watching a page: its updates go out through its outbox, or as the
    prebuilt frame made for every watcher when nothing waits in the outbox before it."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.account_id: str | None = None
        """The account the page was opened by (a guest: None): whom it muted in the chat."""
        self.raw = raw_socket(websocket)
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.writing = False
        """The writer holds a message it has taken from the outbox and not written yet."""
        self.writer = asyncio.create_task(self._write(), name="lobby writer")

    def send(self, text: str) -> None:
        if self.outbox.qsize() >= MAX_OUTBOX:  # it does not read: let it go
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def send_frame(self, text: str, frame: bytes) -> None:
        """``text``, of which ``frame`` is the WebSocket frame (the same for every socket):
        written at once if the socket takes it now, else sent the normal way."""
        if (self.raw is None or self.writing or not self.outbox.empty()
                or not self.raw.write_frame(frame)):
            self.send(text)

    async def _write(self) -> None:
        try:
            while (text := await self.outbox.get()) is not None:
                self.writing = True
                await self.websocket.send_text(text)
                self.writing = False
            await self.websocket.close(4408, "the client does not read its messages")
        except (WebSocketDisconnect, RuntimeError, OSError):
            return

    async def finish(self) -> None:
        """Write what waits, then stop the writer."""
        self.outbox.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self.writer, timeout=5)


@contextlib.asynccontextmanager
async def admitted(websocket: WebSocket) -> AsyncIterator[bool]:
    """Whether the socket may be opened (its origin, the client's requests a minute and count
    of such sockets); refused, it has been told why and closed. The count is given back on
    leaving."""
    settings: Settings = websocket.app.state.settings
    limits: ClientLimits = websocket.app.state.client_limits
    address = client_address(websocket.scope)
    if not origin_allowed(websocket.headers, settings):
        await websocket.close(code=1008, reason="origin not allowed")
        yield False
        return
    try:
        limits.api_request(address)  # opening one reads the database, like a page's request
        limits.open_lobby_socket(address)
    except Refused as over:
        await websocket.accept()
        await websocket.send_text(json.dumps({**error(over.code, over.text, n=0),
                                              "retry_after": over.retry_after}))
        await websocket.close(code=4429, reason=over.code)
        yield False
        return
    try:
        yield True
    finally:
        limits.close_lobby_socket(address)


async def read_messages(websocket: WebSocket, socket: BoardSocket,
                        refusal: str, kinds: Mapping[str, set[str]] | None = None,
                        answer: Answer | None = None) -> None:
    """Read the client's messages until it goes: ``{"type": "ping", "id"?}`` is answered
    ``pong``; a message of another kind in ``kinds`` (with only those fields, and ``id``) goes
    to ``answer`` (``kinds`` and ``answer`` go together); anything else is answered
    ``bad_message`` saying ``refusal``. Too many messages close the socket (1008)."""
    settings: Settings = websocket.app.state.settings
    limits: ClientLimits = websocket.app.state.client_limits
    address = client_address(websocket.scope)
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            return
        text = received.get("text") or ""
        try:
            limits.message(address, None)
        except Refused as over:
            socket.send(json.dumps({**error("rate_limited", over.text, n=0),
                                    "retry_after": over.retry_after}))
            await websocket.close(code=1008, reason="too many messages")
            return
        try:
            message = json.loads(text) if len(text) <= settings.max_message_bytes else None
        except (ValueError, RecursionError):
            message = None
        kind = message.get("type") if isinstance(message, dict) else None
        fields = ({"ping": set[str](), **(kinds or {})}).get(kind) \
            if isinstance(kind, str) else None
        ident = message.get("id") if isinstance(message, dict) else None
        ident = ident[:64] if isinstance(ident, str) else None
        said: dict[str, Any] | None
        if fields is None or not isinstance(message, dict) \
                or not set(message) <= fields | {"type", "id"}:
            said = error("bad_message", refusal, n=0, ident=ident)
        elif kind == "ping":
            said = {"type": "pong", **({"id": ident} if ident is not None else {})}
        else:
            assert answer is not None  # a kind of ``kinds``
            said = await answer(message)
            if said is None:
                continue
            said = {**said, **({"id": ident} if ident is not None else {})}
        socket.send(json.dumps(said))
