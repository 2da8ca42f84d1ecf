"""One line of a game's stored log (:class:`LogEntry`): what a table's state is the fold of."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

EntryKind = Literal["deal", "play", "ready", "time_up", "idle", "back", "choose", "timeout",
                    "forfeit", "resign"]
ENTRY_KINDS: tuple[EntryKind, ...] = ("deal", "play", "ready", "time_up", "idle", "back",
                                      "choose", "timeout", "forfeit", "resign")
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
"""The moment of an entry made without one (tests of the rules, which read no clock)."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of a game's action log.

    ``deal``: deal ``action`` is dealt at table ``seat`` from its stored deck (a game of one
    table may leave ``seat`` empty); ``play``: place ``seat`` plays action id ``action``;
    ``ready``: ``seat`` is ready for its table's next deal; ``time_up``: the time limit (R31)
    has passed; ``idle``: ``seat``'s player was idle too long and the computer plays for it;
    ``back``: it plays again; ``choose``: the higher cut ``seat`` chose whether to deal the
    first hand (R4; ``action`` 1: it deals, 0: the other seat deals); ``timeout``: ``seat``'s
    clock ran out and the computer plays the rest of its turn; ``forfeit``: ``seat`` loses the
    game by forfeit; ``resign``: ``seat``'s player resigned (its side loses the game).
    ``client_id`` is the id of the message that made it, ``at`` its moment.
    """

    seq: int
    kind: EntryKind
    seat: int | None = None
    action: int | None = None
    client_id: str | None = None
    at: datetime = EPOCH
