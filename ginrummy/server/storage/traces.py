"""Where accounts sign in from: the addresses and browsers each account used, as keyed hashes.

A trace is an HMAC-SHA-256 of an address (or of a browser's ``gin-browser`` id) under a
random key of the server's, kept in the database (``server_keys``), so the database holds no
address in clear and the hashes mean nothing without the key. Traces tell two things:

- an account's own browser or address (:meth:`TraceStore.known`): sign-in attempts from
  there do not count against the username's limit, so guessers elsewhere cannot lock the
  owner out;
- two accounts that share an address or a browser (:func:`shared`): their games together
  are not rated (one person with two accounts could farm a rating), and the operator lists
  such pairs (``gin admin --shared-accounts``).

Blocking calls, one transaction each; the app runs them in threads.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware

ADDRESS, BROWSER = "address", "browser"
KEY_NAME = "traces"

_keys: dict[str, bytes] = {}
"""The key of each database (by its URL), read once."""


def server_key(engine: Engine) -> bytes:
    """The database's key for traces, made on first use."""
    url = engine.url.render_as_string(hide_password=False)
    if url in _keys:
        return _keys[url]
    table = db.server_keys
    with engine.connect() as conn:
        value = conn.execute(sa.select(table.c.value).where(table.c.name == KEY_NAME)).scalar()
    if value is None:
        try:
            with engine.begin() as conn:
                conn.execute(table.insert().values(name=KEY_NAME, value=secrets.token_hex(32)))
        except IntegrityError:  # made at the same moment by another process
            pass
        with engine.connect() as conn:
            value = conn.execute(sa.select(table.c.value)
                                 .where(table.c.name == KEY_NAME)).scalar_one()
    _keys[url] = bytes.fromhex(value)
    return _keys[url]


def digest(key: bytes, kind: str, value: str) -> str:
    return hmac.new(key, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()


@dataclass(frozen=True, slots=True)
class SharedPair:
    """Two accounts seen at one address or browser, and the games both played."""

    first: str
    second: str
    kind: str
    trace: str
    """The first 12 hex digits of the trace: which address or browser, not what it is."""
    last_at: datetime
    games: tuple[tuple[str, bool], ...]
    """``(game id, rated)`` of the games both accounts have a seat in."""


class TraceStore:
    def __init__(self, engine: Engine, guard: db.FileGuard) -> None:
        self.engine = engine
        self.guard = guard

    def _digests(self, address: str | None, browser: str | None) -> list[tuple[str, str]]:
        key = server_key(self.engine)
        return [(kind, digest(key, kind, value)) for kind, value in
                ((ADDRESS, address), (BROWSER, browser)) if value]

    def note(self, account_id: str, address: str | None, browser: str | None,
             moment: datetime) -> None:
        """The account signed in (or took a rated place) from ``address`` in ``browser``."""
        traces = db.account_traces
        for kind, value in self._digests(address, browser):
            where = (traces.c.account_id == account_id, traces.c.kind == kind,
                     traces.c.digest == value)
            try:
                with self.engine.begin() as conn:
                    if conn.execute(traces.update().where(*where)
                                    .values(last_at=moment)).rowcount == 0:
                        conn.execute(traces.insert().values(
                            account_id=account_id, kind=kind, digest=value, first_at=moment,
                            last_at=moment))
                    self.guard.check()
            except IntegrityError:  # noted at the same moment by another request
                pass

    def known(self, account_id: str, address: str | None, browser: str | None) -> bool:
        """Whether the account signed in from this address or this browser before."""
        found = self._digests(address, browser)
        if not found:
            return False
        traces = db.account_traces
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(traces.c.kind).where(
                traces.c.account_id == account_id,
                sa.or_(*(sa.and_(traces.c.kind == kind, traces.c.digest == value)
                         for kind, value in found))).limit(1)).first()
        return row is not None

    def shares(self, account_id: str, others: Iterable[str],
               kinds: tuple[str, ...] | None = None) -> bool:
        """Whether the account shares an address or a browser (only ``kinds``, if given)
        with one of ``others``."""
        with self.engine.connect() as conn:
            return shared(conn, [account_id, *others], account_id, kinds)

    def any_share(self, account_ids: Iterable[str], kinds: tuple[str, ...] | None = None
                  ) -> bool:
        """Whether two of ``account_ids`` share an address or a browser (only ``kinds``)."""
        with self.engine.connect() as conn:
            return shared(conn, account_ids, None, kinds)

    def pairs(self) -> list[SharedPair]:
        """Every two accounts that share an address or a browser, latest first."""
        mine, theirs = db.account_traces.alias("mine"), db.account_traces.alias("theirs")
        first, second = db.accounts.alias("first"), db.accounts.alias("second")
        query = (sa.select(first.c.id.label("first_id"), first.c.username.label("first"),
                           second.c.id.label("second_id"), second.c.username.label("second"),
                           mine.c.kind, mine.c.digest,
                           sa.func.max(mine.c.last_at).label("last_at"))
                 .join(theirs, sa.and_(mine.c.kind == theirs.c.kind,
                                       mine.c.digest == theirs.c.digest,
                                       mine.c.account_id < theirs.c.account_id))
                 .join(first, first.c.id == mine.c.account_id)
                 .join(second, second.c.id == theirs.c.account_id)
                 .group_by(first.c.id, first.c.username, second.c.id, second.c.username,
                           mine.c.kind, mine.c.digest))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            found = [SharedPair(r.first, r.second, r.kind, r.digest[:12], aware(r.last_at),
                                _games_of(conn, r.first_id, r.second_id)) for r in rows]
        return sorted(found, key=lambda pair: pair.last_at, reverse=True)


def _games_of(conn: sa.Connection, first: str, second: str) -> tuple[tuple[str, bool], ...]:
    seats = db.account_seats
    theirs = seats.alias("theirs")
    rows = conn.execute(
        sa.select(db.games.c.id, db.games.c.rated).distinct()
        .join(seats, seats.c.game_id == db.games.c.id)
        .join(theirs, theirs.c.game_id == db.games.c.id)
        .where(seats.c.account_id == first, theirs.c.account_id == second)
        .order_by(db.games.c.id)).all()
    return tuple((r.id, bool(r.rated)) for r in rows)


def shared(conn: sa.Connection, account_ids: Iterable[str], one: str | None = None,
           kinds: tuple[str, ...] | None = None) -> bool:
    """Whether two of ``account_ids`` (one of them ``one``, if given) share an address or a
    browser (only ``kinds`` of traces, if given)."""
    ids = sorted(set(account_ids))
    if len(ids) < 2:
        return False
    traces = db.account_traces
    theirs = traces.alias("theirs")
    query = (sa.select(traces.c.account_id)
             .join(theirs, sa.and_(traces.c.kind == theirs.c.kind,
                                   traces.c.digest == theirs.c.digest,
                                   traces.c.account_id != theirs.c.account_id))
             .where(traces.c.account_id.in_(ids), theirs.c.account_id.in_(ids)))
    if one is not None:
        query = query.where(traces.c.account_id == one)
    if kinds is not None:
        query = query.where(traces.c.kind.in_(kinds))
    return conn.execute(query.limit(1)).first() is not None


def forget(conn: sa.Connection, account_id: str) -> None:
    """Delete the account's traces (the account is being deleted)."""
    conn.execute(db.account_traces.delete().where(db.account_traces.c.account_id == account_id))
