"""The table WebSocket, ``/ws/{game_id}?token=...``: one connection per seat or watcher.

Each connection has an outbox drained by its own writer task, so a slow
client never holds up the table; events are rendered for the connection's
seat as they are sent, the messages queued together in one write. The reader
enforces the size and rate limits and hands ``action`` and ``ready`` messages to
the table's command queue. A socket opened with ``?wire=2`` is sent the table's events
instead of whole states (:mod:`ginrummy.server.live.wire_two`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket, WebSocketDisconnect

from ginrummy.i18n import LANGUAGES
from ginrummy.server.api.client_limits import ClientLimits, Refused, client_address
from ginrummy.server.api.frames import raw_socket
from ginrummy.server.api.origin import origin_allowed
from ginrummy.server.api.params import whole_number
from ginrummy.server.api.rated import RatedRefused, check_rated_place
from ginrummy.server.api.session_watch import BANNED, refusal_of
from ginrummy.server.api.sessions import (
    SeatOfAnAccount,
    TrackedSocket,
    account_store,
    now_of,
    seat_for,
    session_token,
    signed_in,
    track_socket,
)
from ginrummy.server.live import names
from ginrummy.server.live.chat import channel_of, chat_line
from ginrummy.server.live.listeners import Told
from ginrummy.server.live.lobby import Lobby
from ginrummy.server.live.table import WATCHER, EventRef, Table
from ginrummy.server.live.wire_two import SNAPSHOT, WIRE_VERSIONS, WireTwo
from ginrummy.server.settings import Settings
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.storage.tokens import looks_like_game_id
from ginrummy.server.wire.protocol import (
    PROTOCOL_VERSION,
    ClientError,
    Message,
    error,
    message_id,
    parse_message,
)
from ginrummy.server.wire.text import message_text

log = logging.getLogger(__name__)

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_SERVER_ERROR = 1011
CLOSE_BAD_REQUEST = 4400
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_SLOW = 4408
CLOSE_REPLACED = 4409
CLOSE_TOO_MANY = 4429
MAX_SINCE = 10**9
MAX_OUTBOX = 1000
MAX_BATCH = 16
"""The most queued messages a connection's writer takes out of its outbox for one write."""
_CLOSE = object()


class MessageBudget:
    """The messages of one connection, charged to its client's address and seat together
    with those of the client's other connections (:class:`ClientLimits`)."""

    def __init__(self, limits: ClientLimits, address: str, seat: tuple[str, int] | None) -> None:
        self.limits, self.address, self.seat = limits, address, seat

    def refusal(self) -> Refused | None:
        try:
            self.limits.message(self.address, self.seat)
        except Refused as over:
            return over
        return None


class Connection:
    """One WebSocket at a table: its seat (None for a watcher) and its outbox."""

    def __init__(self, websocket: WebSocket, table: Table, seat: int | None,
                 wire: int = 1) -> None:
        self.websocket = websocket
        self.table = table
        self.seat = seat
        self.limits: ClientLimits = websocket.app.state.client_limits
        self.address = client_address(websocket.scope)
        self.raw = raw_socket(websocket)
        self.outbox: asyncio.Queue[Any] = asyncio.Queue()
        self.closing: tuple[int, str] | None = None
        self.signed_in: TrackedSocket | None = None
        """The account and session that opened this socket (a guest's: None)."""
        self.chat_channel: str | None = channel_of(seat)
        """The chat it reads: a player's watch socket reads none (:func:`_player_watching`)."""
        self.lang: str | None = websocket.query_params.get("lang")
        """The language its reader reads (``lang`` in its URL): a refusal's ``message`` is
        said in it; without one, in the English written for programs and logs."""
        self.wire_two = WireTwo(table, seat) if wire == 2 else None
        """Wire 2 (``?wire=2``): the table's events (:mod:`ginrummy.server.live.wire_two`)."""
        self.writer = asyncio.create_task(self._write(), name=f"ws writer {table.id}")

    @property
    def account_id(self) -> str | None:
        """The account that opened this socket (a guest: None)."""
        return None if self.signed_in is None else self.signed_in.account_id

    @property
    def reporter(self) -> str:
        """Who reports a chat line, as the operator reads it (one report each per line)."""
        if self.seat is not None:
            return f"seat {self.seat}"
        account = self.account_id
        return f"watcher at {self.address}" if account is None else f"watcher {account}"

    def push(self, item: dict[str, Any] | EventRef | Told) -> None:
        if self.closing is not None:
            return
        if isinstance(item, EventRef if self.wire_two is not None else Told):
            return  # what the other wire is sent
        if self.outbox.qsize() >= MAX_OUTBOX and not self._fall_behind():
            self.close(CLOSE_SLOW, "the client does not read its messages")
            return
        self.outbox.put_nowait(item)

    def _fall_behind(self) -> bool:
        """Wire 2: the events queued give way to one snapshot, sent when the client reads
        again (whether that left room in the outbox)."""
        if self.wire_two is None:
            return False
        queued = [self.outbox.get_nowait() for _ in range(self.outbox.qsize())]
        kept = [item for item in queued if isinstance(item, dict)
                and item.get("type") != "snapshot"]
        for item in [*kept, SNAPSHOT]:
            self.outbox.put_nowait(item)
        return self.outbox.qsize() < MAX_OUTBOX

    def close(self, code: int, reason: str) -> None:
        """Send what is queued, then close with ``code``."""
        if self.closing is None:
            self.closing = (code, reason)
            self.outbox.put_nowait(_CLOSE)

    def _render(self, item: dict[str, Any] | EventRef | Told) -> list[dict[str, Any]]:
        if self.wire_two is not None:
            return self.wire_two.render(item)
        if isinstance(item, EventRef):
            return [self.table.render_event(item, self.seat)]
        return [] if isinstance(item, Told) else [item]

    async def _write(self) -> None:
        """Send what the outbox holds: the messages queued together (a move's ack and its
        events) in one write when the socket takes them at once."""
        try:
            while True:
                batch = [await self.outbox.get()]
                while len(batch) < MAX_BATCH and not self.outbox.empty():
                    batch.append(self.outbox.get_nowait())
                closes = any(item is _CLOSE for item in batch)
                if closes:
                    batch = batch[:next(i for i, item in enumerate(batch) if item is _CLOSE)]
                texts = [message_text(message) for item in batch
                         for message in self._render(item)]
                if texts and (self.raw is None or not self.raw.write_texts(texts)):
                    for text in texts:
                        await self.websocket.send_text(text)
                if closes:
                    assert self.closing is not None
                    await self.websocket.close(*self.closing)
                    return
        except (WebSocketDisconnect, RuntimeError, OSError):
            return  # the client went away; the reader notices too

    async def finish(self) -> None:
        if not self.writer.done():
            if self.closing is None:
                self.writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self.writer, timeout=5)


def resync(connection: Connection, since: int, ident: str | None) -> None:
    """Send the events after ``since``, or a snapshot, then ``synced`` (wire 2: always a
    snapshot)."""
    table = connection.table
    events = None if connection.wire_two is not None else table.events_since(since)
    if events is None:
        two = connection.wire_two is not None
        connection.push(SNAPSHOT if two else table.snapshot(connection.seat))
    else:
        for ref in events:
            connection.push(ref)
    done: dict[str, Any] = {"type": "synced", "n": table.n}
    if ident is not None:
        done["id"] = ident
    connection.push(done)


async def table_socket(websocket: WebSocket) -> None:
    """Check the query and the client's socket count before anything is registered."""
    raw_since, raw_lang = websocket.query_params.get("since"), websocket.query_params.get("lang")
    raw_wire = websocket.query_params.get("wire", "1")
    try:
        since = None if raw_since is None else whole_number("since", raw_since, MAX_SINCE)
        if raw_lang is not None and raw_lang not in LANGUAGES:
            raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, got {raw_lang[:20]!r}")
        if raw_wire not in [str(v) for v in WIRE_VERSIONS]:
            raise ValueError(f"wire must be one of {', '.join(map(str, WIRE_VERSIONS))}, got "
                             f"{raw_wire[:20]!r}")
    except ValueError as failure:
        await websocket.accept()
        await _refuse(websocket, "bad_request", str(failure), CLOSE_BAD_REQUEST)
        return
    limits: ClientLimits = websocket.app.state.client_limits
    address, game_id = client_address(websocket.scope), websocket.path_params["game_id"]
    releases: list[Callable[[], None]] = []
    try:
        limits.open_socket(address)
        releases.append(lambda: limits.close_socket(address))
    except Refused as over:
        if await _seat_of(websocket, game_id) is None:  # a seat's socket always has room
            await websocket.accept()
            await _refuse(websocket, over.code, over.text, CLOSE_TOO_MANY, over.retry_after)
            return
    try:
        await _table_socket(websocket, since, MessageBudget(limits, address, None), releases,
                            int(raw_wire))
    finally:
        for release in releases:
            release()


async def _seat_of(websocket: WebSocket, game_id: str) -> int | None:
    """The seat whose token (or cookie) this socket carries, of a game in memory (a game
    being played is), or else that its signed-in account owns there: asked only of a
    socket over its address's limit, which waits :attr:`Settings.refusal_delay` unless its
    token or cookie is a seat's."""
    lobby: Lobby = websocket.app.state.lobby
    table = lobby.tables.get(game_id)
    token = websocket.query_params.get("token") or websocket.cookies.get(f"gin_{game_id}")
    role = None if table is None or not token else table.authenticate(token)
    if role is not None and role != WATCHER:
        return role
    settings: Settings = websocket.app.state.settings
    await asyncio.sleep(settings.refusal_delay)
    if table is None or "token" in websocket.query_params or session_token(websocket) is None:
        return None
    try:
        account = await signed_in(websocket)
        if account is None:
            return None
        seat: int | None = await asyncio.to_thread(account_store(websocket).seat_in,
                                                   account.id, table.id)
    except (StorageGone, SQLAlchemyError):
        return None
    return seat


async def _table_socket(websocket: WebSocket, since: int | None, budget: MessageBudget,
                        releases: list[Callable[[], None]], wire: int = 1) -> None:
    lobby: Lobby = websocket.app.state.lobby
    settings: Settings = websocket.app.state.settings
    if not origin_allowed(websocket.headers, settings):
        await websocket.close(code=CLOSE_POLICY, reason="origin not allowed")
        return
    game_id = websocket.path_params["game_id"]
    token = websocket.query_params.get("token") or websocket.cookies.get(f"gin_{game_id}")
    table = await lobby.get(game_id) if looks_like_game_id(game_id) else None
    await websocket.accept()
    if table is None:
        await _refuse(websocket, "not_found", f"no game {game_id!r}", CLOSE_NOT_FOUND)
        return
    try:
        role = await seat_for(websocket, table, table.authenticate(token) if token else None,
                              claim="token" not in websocket.query_params)
        if role is None and not token:
            role = table.authenticate(None)  # a listed game: a watcher
    except (SeatOfAnAccount, ClientError) as refused:
        code = "seat_of_account" if isinstance(refused, SeatOfAnAccount) else refused.code
        close = CLOSE_BAD_TOKEN if code == "seat_of_account" else CLOSE_SERVER_ERROR
        await _refuse(websocket, code, str(refused), close)
        return
    if role is None:
        spent = table.spent_seat(token)
        if spent is not None:
            await _refuse(websocket, "invite_spent", f"seat {spent} is taken: this invite has "
                          "been used and no longer opens it", CLOSE_BAD_TOKEN)
            return
        await _refuse(websocket, "bad_token", "the token is not a seat or watch token of "
                      "this game", CLOSE_BAD_TOKEN)
        return
    seat = None if role == WATCHER else role
    try:
        releases.append(budget.limits.open_place(table.id, seat))
    except Refused as over:
        await asyncio.sleep(settings.refusal_delay)
        await _refuse(websocket, over.code, over.text, CLOSE_TOO_MANY, over.retry_after)
        return
    issued = None
    if seat is not None and not table.seats[seat].joined and token is not None:
        try:
            username = await check_rated_place(websocket, table)
        except RatedRefused as refused:
            await _refuse(websocket, refused.code, refused.message, CLOSE_BAD_TOKEN)
            return
        try:
            issued = await table.join(seat, username or table.seats[seat].name, token)
        except ClientError as refused:
            close = CLOSE_BAD_TOKEN if refused.code == "invite_spent" else CLOSE_SERVER_ERROR
            await _refuse(websocket, refused.code, refused.message, close)
            return
        with contextlib.suppress(ClientError):  # the seat is taken; its claim can wait
            await seat_for(websocket, table, seat)  # the signed-in account's now
    if seat is not None and seat in table.position.stand_in:
        try:
            await table.come_back(seat)
        except ClientError as refused:
            await _refuse(websocket, refused.code, refused.message, CLOSE_SERVER_ERROR)
            return
    connection = Connection(websocket, table, seat, wire)
    connection.signed_in = await track_socket(websocket, lambda why: _ended(connection, why))
    forget = connection.signed_in.forget if connection.signed_in is not None else lambda: None
    if connection.closing is not None:  # its sign-in ended as it opened
        forget()
        await connection.finish()
        return
    if seat is not None:
        _replace_older(table, seat)
        a_player_arrived(table, connection.address, connection.account_id)
    elif await _player_watching(websocket, table, connection):
        connection.chat_channel = None
    lobby.news.arriving(connection.account_id)
    table.listeners.add(connection)  # counted as connected in its own first snapshot
    connection.push({
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "game_id": table.id,
        "seat": seat,
        "role": "watcher" if seat is None else "player",
        "n": table.n,
        "limits": {"max_message_bytes": settings.max_message_bytes,
                   "rate_per_second": settings.rate_per_second, "burst": settings.rate_burst},
        "idle_seconds": settings.idle_seconds,
        **({} if issued is None else {"token": issued}),  # the seat's new token, sent once
        **({} if wire == 1 else {"wire": wire}),
    })
    if wire == 2:  # a snapshot, whatever ``since`` says
        connection.push(SNAPSHOT)
    elif since is not None:
        resync(connection, since, None)
    else:
        connection.push(table.snapshot(seat))
    try:  # the greeting ends with the channel's chat, before anyone's presence
        connection.push(await table.chat.history(connection.chat_channel,
                                                 connection.account_id))
    except Exception:  # noqa: BLE001 - the game goes on without the chat's past lines
        log.exception("game %s: could not read the chat", table.id)
    table.attach(connection)
    budget.seat = None if seat is None else (table.id, seat)
    try:
        await _read(websocket, connection, budget, settings)
    finally:
        forget()
        table.detach(connection)
        await connection.finish()


ENDED = {"signed_out": "the sign-in that opened this connection has ended (signed out, a "
         "new password, or the account deleted)",
         BANNED: "the account that opened this connection has been banned by the server's "
         "operator"}


def a_player_arrived(table: Table, address: str, account: str | None) -> None:
    """A seat of ``table`` was taken or opened from ``address`` (by ``account``): that
    address is a player's from now on, and the watch sockets already open there (or by
    that account) stop reading the watchers' chat."""
    table.player_addresses.add(address)
    for connection in list(table.listeners):
        if not isinstance(connection, Connection) or connection.seat is not None or (
                connection.chat_channel is None):
            continue
        if connection.address == address or (
                account is not None and connection.account_id == account):
            connection.chat_channel = None
            connection.push({"type": "chat_history", "channel": None, "lines": [],
                             "n": table.n})


async def _player_watching(websocket: WebSocket, table: Table, connection: Connection
                           ) -> bool:
    """Whether this watch socket is a player's of ``table``: its browser holds a seat's
    cookie, its account owns a seat, or it comes from an address a seat was taken or
    opened from. The watchers' chat is apart from the players by who they are, not by
    which socket they opened."""
    cookie = websocket.cookies.get(f"gin_{table.id}")
    if cookie and table.authenticate(cookie) not in (None, WATCHER):
        return True
    if connection.address in table.player_addresses:
        return True
    account = connection.account_id
    if account is None:
        return False
    try:
        seat = await asyncio.to_thread(account_store(websocket).seat_in, account, table.id)
    except (StorageGone, SQLAlchemyError):
        return True  # cannot tell: no watchers' chat
    return seat is not None


def _ended(connection: Connection, why: str, ident: str | None = None) -> None:
    """The session that opened this socket has ended, or its account was banned (``why``):
    so does the socket (``ident``: the message that found it out)."""
    connection.push(error(why, ENDED[why], n=connection.table.n, ident=ident))
    connection.close(CLOSE_BAD_TOKEN, why)


def _replace_older(table: Table, seat: int) -> None:
    """One connection plays a seat: a newer one closes the older ones (the player opened the
    table in another window; reconnecting there takes the seat back)."""
    for older in [c for c in table.listeners if isinstance(c, Connection) and c.seat == seat]:
        older.push(error("seat_replaced", f"seat {seat} was opened by another connection, "
                         "which plays it now", n=table.n))
        older.close(CLOSE_REPLACED, "seat_replaced")


async def _refuse(websocket: WebSocket, code: str, message: str, close_code: int,
                  retry_after: int | None = None) -> None:
    refusal = error(code, message, n=0)
    reason = code
    if retry_after is not None:
        refusal["retry_after"] = retry_after
        reason = f"{code}; retry in {retry_after} s"
    await websocket.send_text(json.dumps(refusal))
    await websocket.close(code=close_code, reason=reason)


async def _read(
    websocket: WebSocket, connection: Connection, budget: MessageBudget, settings: Settings
) -> None:
    table = connection.table
    while connection.closing is None:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect" or connection.closing is not None:
            return
        text = received.get("text")
        data = text.encode() if text is not None else received.get("bytes") or b""
        if len(data) > settings.max_message_bytes:
            connection.push(error("too_large", f"a message may have at most "
                                  f"{settings.max_message_bytes} bytes, got {len(data)}",
                                  n=table.n))
            connection.close(CLOSE_TOO_BIG, "message too big")
            return
        over = budget.refusal()
        if over is not None:
            refusal = error("rate_limited", over.text, n=table.n)
            refusal["retry_after"] = over.retry_after
            connection.push(refusal)
            connection.close(CLOSE_POLICY, f"too many messages; retry in {over.retry_after} s")
            return
        if text is None:
            connection.push(error("bad_message", "send text frames with JSON, not binary",
                                  n=table.n))
            continue
        try:
            message = parse_message(text)
        except ClientError as refused:
            ident = None
            with contextlib.suppress(ValueError, RecursionError):
                ident = message_id(json.loads(text))
            connection.push(error(refused.code, refused.message, n=table.n, ident=ident))
            continue
        try:
            await _handle(connection, message)
        except Exception:  # a bug must cost one message, not the connection
            log.exception("game %s: message %r failed", table.id, message)
            connection.push(error("internal", "the server failed on this message; nothing "
                                  "changed", n=table.n, ident=message.id))


async def _handle(connection: Connection, message: Message) -> None:
    table = connection.table
    if message.type == "ping":
        pong: dict[str, Any] = {"type": "pong", "n": table.n}
        if message.id is not None:
            pong["id"] = message.id
        connection.push(pong)
    elif message.type == "resync":
        assert message.since is not None
        resync(connection, message.since, message.id)
    elif message.type in ("chat", "chat_report", "chat_mute", "chat_show"):
        await _chat(connection, message)
    else:  # action, ready, back, cut_choice, resign
        await table.submit(connection, message)


async def _chat(connection: Connection, message: Message) -> None:
    """A chat line (to the players' channel from a seat, the watchers' from a watcher), or
    a report of one; refused lines change nothing."""
    table, seat, fields = connection.table, connection.seat, message.chat or {}
    channel = connection.chat_channel
    try:
        if channel is None:
            raise ClientError("chat_at_your_seat", "you play at this game: its watchers' chat "
                              "is not yours; chat at your seat")
        if message.type == "chat_report":
            await table.chat.report(
                channel, connection.reporter, fields.get("chat_id"), fields.get("reason"),
                lambda: connection.limits.report(
                    connection.address, None if seat is None else (table.id, seat),
                    connection.account_id), connection.account_id)
            done: dict[str, Any] = {"type": "chat_reported", "chat_id": fields["chat_id"]}
            if message.id is not None:
                done["id"] = message.id
            connection.push(done)
            return
        if message.type == "chat_show":
            shown = await table.chat.show(channel, fields.get("chat_id"),
                                          connection.account_id)
            connection.push(shown if message.id is None else {**shown, "id": message.id})
            return
        if message.type == "chat_mute":
            try:
                history = await table.chat.mute(channel, connection.account_id,
                                                fields.get("chat_id"), fields.get("mute"))
            except (StorageGone, SQLAlchemyError):
                raise ClientError("storage", "the database could not store the mute; nothing "
                                  "changed") from None
            connection.push(history)
            return
        if seat is not None:
            name = table.seats[seat].name
        else:
            try:
                name = names.player_name(fields.get("name", "Watcher"))
            except names.NameRefused as refused:
                raise ClientError("bad_chat", refused.message) from None
        chat_line(fields.get("text"), fields.get("phrase"))  # a refused line costs nothing
        signed_in, account = connection.signed_in, None
        if signed_in is not None:  # a ban holds at once, here too
            account = signed_in.account_id
            try:
                why = await refusal_of(table.store.engine, account, signed_in.session,
                                       now_of(connection.websocket))
            except (StorageGone, SQLAlchemyError):
                raise ClientError("storage", "the database could not tell whether this "
                                  "account may speak; nothing was said") from None
            if why is not None:
                _ended(connection, why, message.id)
                return
        connection.limits.chat(connection.address, table.id, seat, account)
        await table.chat.say(seat, name, fields.get("text"), fields.get("phrase"), account)
    except ClientError as refused:
        connection.push(error(refused.code, refused.message, n=table.n, ident=message.id))
    except Refused as over:
        refusal = error(over.code, over.text, n=table.n, ident=message.id)
        refusal["retry_after"] = over.retry_after
        connection.push(refusal)

