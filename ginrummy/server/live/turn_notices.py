""""Your turn" for a player whose game's page is not open: when the turn passes to a person
at a table where no socket holds that person's seat, the account that owns the seat hears it
on every other page it has open (:mod:`.account_news`), as a ``your_turn`` message with the
game's link.

Once per turn, not per event: a player is told when the turn *passes to* them (they were not
to move after the table's previous change and are now), so an idle timer, a clock or a
watcher arriving while it is their turn says nothing again; the computer playing for them
(their stand-in) or a player with the game's page open (even in a hidden tab, which tells
them itself) hears nothing. A seat nobody's account owns (a guest's) has nowhere to be told.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from ginrummy.livetable.clocks import clocked_places
from ginrummy.server.live.tasks import cancelled

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)

OwnerOf = Callable[[str, int], "str | None"]
"""The id of the account that owns a game's seat (None: nobody's), read from the database."""
Tell = Callable[[Collection[str], dict[str, Any]], None]


class TurnNotices:
    def __init__(self, owner_of: OwnerOf, tell: Tell) -> None:
        self.owner_of = owner_of
        self.tell = tell
        self.to_move: dict[str, frozenset[int]] = {}
        """Per game in progress, the people whose move it waited for after its last change."""
        self.owners: dict[tuple[str, int], str] = {}
        """Seats known to be an account's (an owner never changes once a seat is claimed)."""
        self.background: set[asyncio.Task[None]] = set()

    def changed(self, table: Table) -> None:
        """``table`` changed: tell the people the turn just passed to who are away from it."""
        humans = frozenset(s.seat for s in table.seats if s.kind == "human")
        now_to_move = (frozenset() if table.game.is_over or table.abandoned
                       else clocked_places(table.position, humans))
        before = self.to_move.pop(table.id, frozenset())
        if now_to_move:
            self.to_move[table.id] = now_to_move
        for place in sorted(now_to_move - before - _seats_here(table)):
            task = asyncio.create_task(self._tell(table, place), name=f"your turn {table.id}")
            self.background.add(task)
            task.add_done_callback(self.background.discard)

    async def _tell(self, table: Table, place: int) -> None:
        key = (table.id, place)
        owner = self.owners.get(key)
        if owner is None:
            try:
                owner = await asyncio.to_thread(self.owner_of, table.id, place)
            except Exception:  # noqa: BLE001 - the game's page still shows whose turn it is
                log.exception("could not read who owns a seat to tell them it is their turn")
                return
            if owner is None:
                return
            if len(self.owners) > 10_000:
                self.owners.clear()
            self.owners[key] = owner
        if place in _seats_here(table):
            return  # came back to the table meanwhile
        others = [seat.name for seat in table.seats if seat.seat != place]
        self.tell({owner}, {"type": "your_turn", "game": f"/play/{table.id}",
                            "against": others})

    def forget(self, game_id: str) -> None:
        """A table left memory: it is told again from its next change once loaded."""
        self.to_move.pop(game_id, None)

    async def close(self) -> None:
        for task in list(self.background):
            await cancelled(task)


def _seats_here(table: Table) -> set[int | None]:
    """The places with a socket open at the table (None: a watcher's)."""
    return {listener.seat for listener in table.listeners}
