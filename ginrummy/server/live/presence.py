"""Who is online: the accounts with a socket open to the lobby or to a table, each with the
listed game it plays (if any), and how many guests.

Read from the sockets in memory, once per :data:`FRESH_SECONDS` at most, so that a page
polling it costs the server one walk of its tables however many ask. A guest is counted, never
named: a guest's name is whatever they typed."""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Protocol

FRESH_SECONDS = 2.0
"""How long one reading of who is online serves every request."""


class Reader(Protocol):
    """A lobby socket: the account it was opened by (None: a guest)."""

    @property
    def account_id(self) -> str | None: ...


class SeatListener(Protocol):
    @property
    def seat(self) -> int | None: ...

    @property
    def account_id(self) -> str | None: ...


class LiveTable(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def listed(self) -> bool: ...

    @property
    def abandoned(self) -> bool: ...

    @property
    def listeners(self) -> Collection[SeatListener]: ...

    def stage(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Online:
    playing: dict[str, str | None]
    """Each account online: the listed game it plays now (to watch), or None."""
    guests: int
    """Guests' sockets in the lobby and at a seat (a guest with two tabs counts twice)."""


def online_now(readers: Iterable[Reader], tables: Iterable[LiveTable]) -> Online:
    """Who is online, read from the sockets open now."""
    playing: dict[str, str | None] = {}
    guests = 0
    for reader in readers:
        if reader.account_id is None:
            guests += 1
        else:
            playing.setdefault(reader.account_id, None)
    for table in tables:
        watchable = table.listed and not table.abandoned and table.stage() != "over"
        for listener in table.listeners:
            account = listener.account_id
            if account is None:
                guests += listener.seat is not None
            elif listener.seat is not None and watchable:
                playing[account] = table.id
            else:
                playing.setdefault(account, None)
    return Online(playing, guests)


class Presence:
    """:func:`online_now`, read again at most once per :data:`FRESH_SECONDS`."""

    def __init__(self, read: Callable[[], Online],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.read = read
        self.clock = clock
        self._last: tuple[float, Online] | None = None

    def now(self) -> Online:
        moment = self.clock()
        if self._last is None or moment - self._last[0] >= FRESH_SECONDS:
            self._last = (moment, self.read())
        return self._last[1]
