"""Who a live table talks to: its :class:`Listener` connections, and the numbered events
(:class:`EventRef`) pushed to them, each rendered for its reader's seat when it is sent; the
same command's events as :mod:`ginrummy.livetable` says them (:class:`Told`) for wire 2."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ginrummy.livetable.events import Event, Notice
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.position import Position

WATCHER = -1
"""What :meth:`~ginrummy.server.live.table.Table.authenticate` returns for the watch token."""


@dataclass(frozen=True, slots=True)
class EventRef:
    """A numbered event to render for each listener's seat when it is sent."""

    entry: LogEntry
    position: Position


@dataclass(frozen=True, slots=True)
class Told:
    """The events and notices of one command, for the sockets of wire 2 (each is sent those
    its reader may see, :mod:`.wire_two`); a socket of wire 1 takes no notice of them."""

    events: tuple[Event | Notice, ...]


class Listener(Protocol):
    """A connection to a table: the seat it plays (None: a watcher), the chat channel it
    reads, its reader's language and its outbox."""

    seat: int | None
    chat_channel: str | None
    lang: str | None
    """The language its reader reads (None: the English written for programs)."""

    @property
    def account_id(self) -> str | None: ...

    def push(self, item: dict[str, Any] | EventRef | Told) -> None: ...
