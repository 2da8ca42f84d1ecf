"""Games nobody plays (PROTOCOL.md "Adjourned games"): adjourned, then ended.

A listed or rated game that is on (not over, no place waiting for its player's first visit
but a rematch's, not a tournament's) is *adjourned* while none of its people is connected to
it. The idle rule (:mod:`ginrummy.livetable`) cannot help then: it needs someone waiting.
An adjourned game ends once nobody has come back for
:attr:`~ginrummy.server.settings.Settings.adjourn_seconds` after it was adjourned:

* a rated game that a person has played a card in is lost by forfeit (the ``forfeit`` log
  entry of the clocks' rule, so its record, ``gin verify`` and the ratings follow the usual
  path) by the person who left first: the one whose last connection closed earliest, when every
  person of the game has left and that one left at least :data:`LEFT_FIRST_MARGIN` before the
  next (a person who never connected, or people who left together, as at a server's stop, make
  nobody the first);
* any other game, an unplayed rematch among them, ends without a result: its status becomes
  ``abandoned`` and nothing more can be played in it.

The deadline comes from stored times alone (the game's last change, each seat's ``left_at``,
and the server's start: a server that was down does not count its downtime against anyone),
so a restart keeps it; :class:`Adjournments` looks for games past it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ginrummy.livetable import Forfeit, Refused
from ginrummy.server.live.tasks import cancelled
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import SeatRow
from ginrummy.server.wire.protocol import ClientError

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)

LEFT_FIRST_MARGIN = timedelta(seconds=10)
"""How much earlier than everyone else a person must have left to have left first."""
LOOK_AT_MOST = 50
"""Games a look for adjourned games ends at most (the next look takes the others)."""


def awaits_players(seats: Sequence[SeatRow], rematch: bool) -> bool:
    """A place waits for its player's first visit: an open place of the lobby, or a friend's
    invite not used yet (not a rematch's place: its player is known and asked for it)."""
    return any(s.kind == "human" and not s.joined and (s.token_hash is None or not rematch)
               for s in seats)


def adjournable(table: Table) -> bool:
    """``table`` is adjourned when none of its people is connected."""
    return ((table.listed or table.rated) and table.tournament_id is None
            and not table.idle_alone and not table.abandoned and table.stage() != "over"
            and not awaits_players(table.seats, table.rematch_of is not None))


def people_connected(table: Table) -> bool:
    return any(listener.seat is not None and table.seats[listener.seat].kind == "human"
               for listener in table.listeners)


def deadline_of(changed: datetime, left: Iterable[datetime | None], started: datetime,
                seconds: float) -> datetime:
    """When a game nobody is connected to ends: ``seconds`` after the latest of its last
    change (a move, a seat taken), its people's last leaving (``left``) and the server's
    start."""
    times = [changed, started, *(at for at in left if at is not None)]
    return max(times) + timedelta(seconds=seconds)


def stored_deadline(updated_at: datetime, seats: Sequence[SeatRow], rematch: bool,
                    started: datetime, seconds: float | None) -> datetime | None:
    """:func:`deadline_of` a stored game that nobody is connected to (None: never ends)."""
    if not seconds or awaits_players(seats, rematch):
        return None
    return deadline_of(updated_at, (s.left_at for s in seats if s.kind == "human"), started,
                       seconds)


def deadline(table: Table, started: datetime, seconds: float | None) -> datetime | None:
    """When ``table`` ends if nobody comes back (None: it is not adjourned, or never ends)."""
    if not seconds or not adjournable(table) or people_connected(table):
        return None
    return deadline_of(table.updated_at, table.left_at.values(), started, seconds)


def left_first(left_at: Mapping[int, datetime | None]) -> int | None:
    """The person who left first (see the module's rule), or None."""
    times = sorted((at, seat) for seat, at in left_at.items() if at is not None)
    if not times or len(times) < len(left_at):
        return None
    if len(times) > 1 and times[1][0] - times[0][0] < LEFT_FIRST_MARGIN:
        return None
    return times[0][1]


def played(table: Table) -> bool:
    """A person has played a card (or the log is longer than the memory keeps: surely)."""
    humans = {s.seat for s in table.seats if s.kind == "human"}
    return table.n > len(table.recent) or any(
        entry.kind == "play" and entry.seat in humans for entry, _ in table.recent)


class NotDue(Exception):
    """The game is not adjourned past its deadline (any more)."""


async def end_if_due(table: Table, started: datetime, seconds: float | None) -> bool:
    """End ``table`` if it is adjourned past its deadline; whether it ended."""
    def due() -> None:
        at = deadline(table, started, seconds)
        if at is None or at > now():
            raise NotDue

    try:
        due()
    except NotDue:
        return False
    people = {s.seat: table.left_at.get(s.seat) for s in table.seats if s.kind == "human"}
    loser = left_first(people) if table.rated and played(table) else None
    if loser is not None:
        try:
            await table.run(Forfeit(loser), before=due)
        except (NotDue, Refused):
            return False
        except ClientError as refused:
            log.warning("game %s: could not end it adjourned: %s", table.id, refused.message)
            return False
        log.info("game %s: adjourned too long, lost by seat %d", table.id, loser)
        return True
    async with table.lock:
        try:
            due()
        except NotDue:
            return False
        if not await asyncio.to_thread(table.store.abandon, table.id, table.n):
            return False
        table.abandoned = True
        table.arm()  # stops: nothing runs in an abandoned game
        table.changed()
        for listener in list(table.listeners):  # watchers
            listener.push(table.snapshot(listener.seat))
        log.info("game %s: adjourned too long, ended without a result", table.id)
        return True


class Adjournments:
    """Looks now and then for games adjourned past their deadline, and ends them."""

    def __init__(self, seconds: float | None, quiet: Callable[[datetime], Awaitable[list[str]]],
                 get: Callable[[str], Awaitable[Table | None]]) -> None:
        self.seconds = seconds
        self.started = now()
        """The server's start: time nobody could connect does not count."""
        self.quiet = quiet
        """The ids of games with no move since a moment (:meth:`Store.quiet_games`)."""
        self.get = get
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.seconds and self.task is None:
            self.task = asyncio.create_task(self._run(), name="adjourned games")

    async def _run(self) -> None:
        every = min(30.0, max(0.05, self.seconds / 4 if self.seconds else 30.0))
        while True:
            await asyncio.sleep(every)
            try:
                await self.look()
            except Exception:  # the next look tries again
                log.exception("looking for adjourned games")

    async def look(self) -> int:
        """End the games adjourned past their deadline; how many ended."""
        if not self.seconds:
            return 0
        before = now() - timedelta(seconds=self.seconds)
        if before < self.started:
            return 0  # nothing can be due before the server has run that long
        ended = 0
        for game_id in await self.quiet(before):
            table = await self.get(game_id)
            if table is not None and await end_if_due(table, self.started, self.seconds):
                ended += 1
        return ended

    async def close(self) -> None:
        task, self.task = self.task, None
        await cancelled(task)
