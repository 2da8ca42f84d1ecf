"""Who a request is: the signed-in account of its session cookie, and the seat it plays.

The ``gin-session`` cookie holds a session's random token (:mod:`.accounts_api` makes and
ends them). A guest's seat cookies are ``gin_{game_id}``; a signed-in browser plays the
seats its account owns without them (:func:`seat_for`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import HTTPConnection

from ginrummy.server.live.lobby import Lobby
from ginrummy.server.live.table import WATCHER, Table
from ginrummy.server.settings import Settings
from ginrummy.server.storage.accounts import Account, AccountStore
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.storage.tokens import looks_like_game_id, looks_like_token, token_hash
from ginrummy.server.wire.protocol import ClientError

log = logging.getLogger(__name__)

SESSION_COOKIE = "gin-session"
"""Not ``gin_…``: those are seat cookies, one per game."""
SEAT_COOKIE_PREFIX = "gin_"


def settings_of(connection: HTTPConnection) -> Settings:
    settings: Settings = connection.app.state.settings
    return settings


def lobby_of(connection: HTTPConnection) -> Lobby:
    lobby: Lobby = connection.app.state.lobby
    return lobby


def account_store(connection: HTTPConnection) -> AccountStore:
    store = lobby_of(connection).store
    return AccountStore(store.engine, store.guard)


def now_of(connection: HTTPConnection) -> datetime:
    return datetime.fromtimestamp(settings_of(connection).clock(), UTC)


def session_token(connection: HTTPConnection) -> str | None:
    token = connection.cookies.get(SESSION_COOKIE)
    return token if looks_like_token(token) else None


def seat_cookies(connection: HTTPConnection) -> list[tuple[str, str]]:
    """``(game_id, token)`` of the seat cookies the browser holds (at most 200)."""
    prefix = SEAT_COOKIE_PREFIX
    return [
        (name[len(prefix):], value) for name, value in connection.cookies.items()
        if name.startswith(prefix) and looks_like_game_id(name[len(prefix):])
        and looks_like_token(value)
    ][:200]


async def signed_in(connection: HTTPConnection) -> Account | None:
    """The account whose live session the request's cookie is, if any."""
    token = session_token(connection)
    if token is None:
        return None
    return await asyncio.to_thread(account_store(connection).session, token,
                                   now_of(connection))


class SeatOfAnAccount(Exception):
    """A token opened a seat that belongs to an account this request is not signed in to."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} belongs to an account: sign in to that account to play "
                         "it (its links and cookies alone no longer open it)")
        self.seat = seat


async def seat_for(connection: HTTPConnection, table: Table, role: int | None,
                   claim: bool = True) -> int | None:
    """The role of a request at ``table``, given the role its token gave (None: none).

    A seat that an account owns is played only by a browser signed in to that account
    (:class:`SeatOfAnAccount` otherwise): a copied seat cookie or link alone opens nothing.
    A signed-in browser without a token of the table plays the seat its account owns
    there; a taken seat that the browser's own seat cookie opens (``claim``: not a token
    passed in the query) becomes the account's if it is nobody's yet. A token's role stands:
    a watch link stays a watch link.
    Raises :class:`ClientError` ``storage`` when the database cannot tell.
    """
    try:
        return await _seat_for(connection, table, role, claim)
    except (StorageGone, SQLAlchemyError) as failure:
        log.error("game %s: the account's seat could not be read or kept: %s", table.id,
                  failure)
        raise ClientError("storage", "the database could not tell whose seat this is; "
                          "nothing changed") from None


async def _seat_for(connection: HTTPConnection, table: Table, role: int | None,
                    claim: bool) -> int | None:
    store = account_store(connection)
    seat = None if role is None or role == WATCHER else role
    owner = None if seat is None else await asyncio.to_thread(store.owner_of, table.id, seat)
    account = await signed_in(connection)
    if seat is not None and owner is not None and (account is None or account.id != owner):
        raise SeatOfAnAccount(seat)
    if account is None:
        return role
    if role is None:
        return await asyncio.to_thread(store.seat_in, account.id, table.id)
    if claim and seat is not None and owner is None and table.seats[seat].joined:
        await asyncio.to_thread(store.claim_seat, account.id, table.id, seat,
                                now_of(connection))
    return role


async def account_games(connection: HTTPConnection) -> list[tuple[str, str]] | None:
    """For ``/api/games/mine``: ``(game_id, token_hash)`` of the signed-in account's seats
    (the browser's seat cookies claimed first), or None for a guest."""
    account = await signed_in(connection)
    if account is None:
        return None
    store = account_store(connection)
    await asyncio.to_thread(store.claim_tokens, account.id, seat_cookies(connection),
                            now_of(connection))
    seats = await asyncio.to_thread(store.seats_of, account.id)
    return [(game_id, token_hash) for game_id, _, token_hash in seats]


EndSocket = Callable[[str], None]
"""Ends a tracked socket, telling its client why: ``signed_out`` or ``account_banned``."""


class TrackedSocket:
    """A table socket opened signed in: its account, the session it belongs to now (the
    SHA-256 of its token, which follows the browser's sign-in when it is renewed), how to end
    it, and what forgets it when it closes."""

    def __init__(self, account_id: str, session: str, end: EndSocket) -> None:
        self.account_id, self.session, self.end = account_id, session, end
        self.forget: Callable[[], None] = lambda: None


class SignedInSockets:
    """The table WebSockets opened by signed-in browsers, by account and session, so that a
    session that ends (signed out, a new password, the account deleted) also closes the
    sockets it opened: an old session plays nothing, not even over a socket already open."""

    def __init__(self) -> None:
        self._sockets: dict[str, dict[str, set[TrackedSocket]]] = {}
        """account id -> session token hash -> its sockets."""

    def _put(self, socket: TrackedSocket) -> None:
        self._sockets.setdefault(socket.account_id, {}).setdefault(socket.session,
                                                                  set()).add(socket)

    def _drop(self, socket: TrackedSocket) -> None:
        sessions = self._sockets.get(socket.account_id, {})
        held = sessions.get(socket.session, set())
        held.discard(socket)
        if not held:
            sessions.pop(socket.session, None)
            if not sessions:
                self._sockets.pop(socket.account_id, None)

    def add(self, account_id: str, session: str, end: EndSocket) -> TrackedSocket:
        """Keep ``end`` for a socket of the session whose token hash is ``session``."""
        socket = TrackedSocket(account_id, session, end)
        self._put(socket)
        socket.forget = lambda: self._drop(socket)
        return socket

    def end(self, account_id: str, only: str | None = None, keep: str | None = None,
            why: str = "signed_out") -> None:
        """End the sockets of the account's sessions: of the session whose token is ``only``,
        else of all but the one whose token is ``keep``; ``why`` is what their clients are
        told."""
        wanted = None if only is None else token_hash(only)
        spared = None if keep is None else token_hash(keep)
        self.end_hashed(account_id, lambda session: (wanted is None or session == wanted)
                        and session != spared, why)

    def end_hashed(self, account_id: str, which: Callable[[str], bool], why: str) -> None:
        """End the sockets of the account's sessions whose token hash ``which`` picks."""
        for session, held in list(self._sockets.get(account_id, {}).items()):
            if which(session):
                for socket in list(held):
                    socket.end(why)

    def held(self) -> dict[str, set[str]]:
        """The token hashes of the sessions that hold sockets, by account id."""
        return {account_id: set(sessions) for account_id, sessions in self._sockets.items()}

    def rotate(self, old: str, new: str, account_id: str) -> None:
        """The browser's session ``old`` became ``new``, of ``account_id``: its sockets
        follow it if it was the same account's, and end if it was another's."""
        old_hash = token_hash(old)
        for owner, sessions in list(self._sockets.items()):
            for socket in list(sessions.get(old_hash, ())):
                if owner != account_id:
                    socket.end("signed_out")
                    continue
                self._drop(socket)
                socket.session = token_hash(new)
                self._put(socket)


def signed_in_sockets(connection: HTTPConnection) -> SignedInSockets:
    state = connection.app.state
    sockets: SignedInSockets | None = getattr(state, "signed_in_sockets", None)
    if sockets is None:
        sockets = state.signed_in_sockets = SignedInSockets()
    return sockets


async def track_socket(connection: HTTPConnection, end: EndSocket) -> TrackedSocket | None:
    """Keep a table socket of a signed-in browser with its session (:class:`SignedInSockets`);
    None for a guest's."""
    token = session_token(connection)
    try:
        account = None if token is None else await signed_in(connection)
    except (StorageGone, SQLAlchemyError):
        account = None
    if token is None or account is None:
        return None
    tracked = signed_in_sockets(connection).add(account.id, token_hash(token), end)
    try:  # a session that ended while the socket opened has missed this socket: end it now
        still = await signed_in(connection)
    except (StorageGone, SQLAlchemyError):
        still = account
    if still is None or still.id != account.id:
        end("signed_out")
    return tracked
