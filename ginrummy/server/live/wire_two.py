"""Wire 2 of the table socket (``?wire=2``): the table's own events instead of whole states.

A socket of wire 2 is sent, when it connects and whenever it resyncs, a ``snapshot``
(:func:`ginrummy.livetable.reader.snapshot` for its reader, at the table's ``version``),
then each event and notice of :mod:`ginrummy.livetable.events` that its reader may see
(:meth:`~ginrummy.livetable.Audience.admits`; a watcher is None) as ``{"type": "event",
...}`` (:func:`~ginrummy.livetable.reader.event_json`), in version order. An event whose
version the reader's snapshot already holds is not sent again.

What the live table knows besides its value goes as small messages of their own, after each
snapshot: ``table_info`` (the seats' names and kinds and who is connected, the game's
kind, level, rating, links to its tournament and to the game it is a rematch of),
``rating_changes`` (a finished rated game's) and ``adjourned`` (a game nobody came back to).
The derived facts go as two notices, ``facts`` (everyone's: scores, settlement, boxes,
fair-deal rows, who plays where) and ``seat_facts`` (the reader's own arrangement of its hand
and its layouts), each worked out once per change of the table and written once for every
socket it goes to (:class:`~ginrummy.server.wire.facts.SharedFacts`), sent after the events
that changed them and after each snapshot.
The chat, ``presence`` (watchers, the idle timer), acknowledgements and refusals are the
same messages as on wire 1. A rematch offer is the table's own ``rematch`` notice, for the
players.

Every socket of one table renders the same event the same way; what differs is which events
it is sent (:class:`WireTwo`, one per socket, keeps the version its reader holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final
from weakref import WeakKeyDictionary

from ginrummy.livetable.events import Event, Notice
from ginrummy.livetable.reader import event_json, snapshot
from ginrummy.server.live.listeners import EventRef, Told
from ginrummy.server.wire.facts import SharedFacts
from ginrummy.server.wire.text import Written

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

WIRE_VERSIONS: Final = (1, 2)
SNAPSHOT: Final[dict[str, Any]] = {"type": "snapshot"}
"""What a socket of wire 2 is pushed to be sent a snapshot of the table as it is when sent
(any ``snapshot`` of wire 1 pushed to it is taken the same way)."""
OWN_TYPES: Final = ("snapshot", "event", "table_info", "rating_changes", "adjourned", "facts",
                     "seat_facts")
"""The message types of wire 2 that wire 1 does not send (besides its own of both)."""


class WireTwo:
    """What one socket of wire 2 is sent for what its table pushes to it."""

    def __init__(self, table: Table, seat: int | None) -> None:
        self.table = table
        self.seat = seat
        self.version = -1
        """The latest version the reader holds (-1: no snapshot yet)."""
        self.facts: Written | None = None
        self.seat_facts: Written | None = None
        """The facts last sent (the table's shared messages: a new one is a change)."""

    def render(self, item: dict[str, Any] | EventRef | Told) -> list[dict[str, Any]]:
        """The messages ``item`` is sent as (none: a wire 1 event)."""
        if isinstance(item, Told):
            out = self.events(item.events)
            if self._latest(item):
                out += self.changed_facts()
            return out
        if isinstance(item, EventRef):
            return []
        kind = item.get("type")
        if kind == "snapshot":
            return self.snapshot()
        if kind == "rematch":  # wire 1's: wire 2 has the table's own notice
            return []
        return [item]

    def events(self, events: tuple[Event | Notice, ...]) -> list[dict[str, Any]]:
        """Those of ``events`` the reader may see and does not hold yet."""
        out = []
        for event in events:
            if not event.audience.admits(self.seat):
                continue
            if isinstance(event, Event):
                if event.version <= self.version:
                    continue
                self.version = event.version
            out.append({"type": "event", **event_json(event)})
        return out

    def snapshot(self) -> list[dict[str, Any]]:
        """The reader's snapshot of the table now, with what the server knows beside it."""
        table = self.table
        state = snapshot(table.table, self.seat)
        self.version = table.table.version
        out = [{"type": "snapshot", "version": self.version, "state": state}, table_info(table)]
        self.facts = self.seat_facts = None
        out += self.changed_facts()
        if table.rating_changes is not None:
            out.append({"type": "rating_changes", "version": self.version,
                        "changes": table.rating_changes})
        if table.abandoned or table.game.end_reason == "forfeit":
            out.append({"type": "adjourned", "version": self.version,
                        "abandoned": table.abandoned,
                        "forfeit_left": table.game.end_reason == "forfeit"
                        and table.view.forfeit_on_leaving()})
        return out

    def _latest(self, told: Told) -> bool:
        """Whether ``told`` holds the table's latest event (the facts of the table now are
        those after it; a socket whose outbox lags gets them with the last command's)."""
        latest = max((e.version if isinstance(e, Event) else e.after for e in told.events),
                     default=-1)
        return latest >= self.table.table.version

    def changed_facts(self) -> list[dict[str, Any]]:
        """The table's facts, and the reader's own, where they changed since last sent."""
        table = self.table
        shared = shared_facts(table)
        out: list[dict[str, Any]] = []
        self.facts, public = shared.public_update(table.info(), table.table, self.facts)
        if public is not None:
            out.append(public)
        if self.seat is not None:
            own = shared.seat(table.table, self.seat)
            if own is not self.seat_facts:
                self.seat_facts = own
                out.append(own)
        return out


_SHARED: WeakKeyDictionary[Table, SharedFacts] = WeakKeyDictionary()


def shared_facts(table: Table) -> SharedFacts:
    """The table's :class:`SharedFacts` (made when its first socket of wire 2 asks)."""
    shared = _SHARED.get(table)
    if shared is None:
        shared = _SHARED[table] = SharedFacts()
    return shared


def table_info(table: Table) -> dict[str, Any]:
    """Who sits where and what game this is, as wire 2 tells it beside the snapshot."""
    info = table.info()
    return {
        "type": "table_info", "version": table.table.version, "game_id": info.game_id,
        "kind": info.kind, "level": info.level, "computer": info.computer,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "joined": s.joined,
                   "connected": s.connected} for s in info.seats],
        "listed": info.listed, "rated": info.rated, "fair_id": info.fair_id,
        "duplicate": info.duplicate, "reveals_held": info.reveals_held,
        "tournament": info.tournament, "rematch_of": table.rematch_of,
    }
