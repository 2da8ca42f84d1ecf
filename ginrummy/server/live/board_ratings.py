"""The ratings the lobby's board shows beside the players of a listed game.

A rated game's players are accounts named by their usernames, so each gets its rating in the
game's family (``"1523"``, or ``"1500?"`` while provisional); a computer's place gets its level's
fixed rating (:func:`~ginrummy.rating.levels.level_ratings`). A casual game's people are names
anyone may type, and show none: a guest calling themselves after an account must not borrow its
rating.

The accounts' ratings are read from the database off the event loop, once for each set of
names a game shows: until the answer is in, those places show ``None``, then the board sends
the entry again with them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from ginrummy.rating import Family, Rating
from ginrummy.rating.levels import SETTLED_SIGMA, level_ratings

log = logging.getLogger(__name__)

ReadRatings = Callable[[Sequence[str], Family], dict[str, Rating]]
"""The ratings in a family of the accounts of some usernames (see
:func:`~ginrummy.server.storage.ratings.ratings_by_username`)."""

Names = tuple[str | None, ...]


def level_shown(level: int | None) -> str | None:
    """A computer level's rating as the board shows it (None: no level)."""
    rating = None if level is None else level_ratings().get(level)
    return None if rating is None else Rating(rating, SETTLED_SIGMA).shown


def people_of(shown: dict[str, Any]) -> Names:
    """The usernames an entry's rated places show, place by place (None: not a rated person)."""
    seats = shown.get("seats", ())
    if not shown.get("rated"):
        return tuple(None for _ in seats)
    return tuple(s["name"] if s["kind"] == "human" else None for s in seats)


class SeatRatings:
    """The shown ratings of the accounts at the board's rated games, read once per set of names."""

    def __init__(self, read: ReadRatings, again: Callable[[str], None]) -> None:
        self.read = read
        self.again = again
        """Called with a game's id when its ratings have been read: its entry is to be put again."""
        self.known: dict[str, tuple[Names, tuple[str | None, ...]]] = {}
        """Game id: the names its ratings were read for, and each place's rating shown."""
        self.reading: dict[str, Names] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    def fill(self, game_id: str, shown: dict[str, Any]) -> dict[str, Any]:
        """``shown`` with each rated person's rating (read now if not known for these names)."""
        names = people_of(shown)
        known = self.known.get(game_id)
        if known is None or known[0] != names:
            if any(names):
                self._read_later(game_id, names, shown["family"])
            return shown
        seats = [seat if seat["kind"] != "human" else {**seat, "rating": rating}
                 for seat, rating in zip(shown["seats"], known[1], strict=True)]
        return {**shown, "seats": seats}

    def forget(self, game_id: str) -> None:
        """The game left the board: its ratings, and any reading of them, are dropped."""
        self.known.pop(game_id, None)
        self.reading.pop(game_id, None)

    def _read_later(self, game_id: str, names: Names, family: Family) -> None:
        if self.reading.get(game_id) == names:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.reading[game_id] = names
        task = loop.create_task(self._read(game_id, names, family), name="lobby ratings")
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _read(self, game_id: str, names: Names, family: Family) -> None:
        try:
            found = await asyncio.to_thread(self.read, [n for n in names if n], family)
        except Exception:  # the board goes on without them; the next change reads again
            log.exception("reading the ratings of %s", game_id)
            found = None
        if self.reading.get(game_id) != names:
            return  # other names since: their own reading is under way
        del self.reading[game_id]
        if found is None:
            return
        self.known[game_id] = (names, tuple(
            None if name is None or name not in found else found[name].shown for name in names))
        self.again(game_id)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
