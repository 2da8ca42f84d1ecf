"""The daily deal: one fixed sequence of deals a day (UTC), the same for every account, against
the same computer level; a leaderboard by points.

The day's seed is drawn from ``Settings.rng`` (the operating system's CSPRNG in a real server)
and stored the first time the day is asked for; its commitment is shown all day and the seed
once the day is over (:mod:`ginrummy.format.daily_deal` derives every deal's server seed from
it). A daily game is a two-player game against the computer whose cut and decks come from the
day's seeds alone, under the day's key (``GameRow.deal_key``), as a duplicate round's: no
player's seed goes into them. Until its day is over a daily game is *held* (its tables'
``reveals_held``): no server seed, record or other hand of it is shown, and it stays off its
player's profile, since every other player of the day is dealt the same cards.

Only accounts play it, one game a day each: a guest id is a cookie anyone can make up, so a
guest could see the day's cards as often as it liked before playing them on an account.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.format.daily_deal import day_of_key, deal_key, deal_seed
from ginrummy.format.provably_fair import SERVER_SEED_BYTES
from ginrummy.server.live.table import Table
from ginrummy.server.live.tasks import cancelled
from ginrummy.server.settings import Settings
from ginrummy.server.storage.daily_store import DailyEntry, DailyStore
from ginrummy.server.storage.fairness import FairRow
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import SeatRow
from ginrummy.server.storage.tokens import new_game_id, new_token, token_hash

log = logging.getLogger(__name__)

LEVEL = 3
"""The computer level every daily game is played against."""
HANDS = 5
"""Hands a daily game lasts (R31: ``max_hands``), unless someone reaches 100 first."""
SEEDED_DEALS = 40
"""Deals of the day whose seeds every daily game gets: five hands and many void ones."""
TICK_SECONDS = 60.0
"""How often (at most) the server looks whether the day changed."""

CreateSeated = Callable[..., Awaitable[Table]]
CachedTable = Callable[[str], Table | None]


def rules() -> Rules:
    """The daily deal's rules: standard Gin, the dealer alternating, five hands."""
    return Rules.preset("standard", max_hands=HANDS)


def day_at(seconds: float) -> date:
    """The UTC day of a moment given in seconds since the epoch."""
    return datetime.fromtimestamp(seconds, UTC).date()


def day_end(day: date) -> datetime:
    """When ``day`` ends (and its seed is revealed): the next UTC midnight."""
    return datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(days=1)


def held_reason(key: str | None) -> str | None:
    """Why a held game's seeds wait (``round_not_over``'s reason), from its deal key:
    ``daily``, a daily game's, until its day is over; None, a duplicate round's."""
    return "daily" if day_of_key(key) is not None else None


def deal_rows(day_seed: str, day: date) -> list[FairRow]:
    """The server seeds of the day's deals 1 to :data:`SEEDED_DEALS`."""
    seed = bytes.fromhex(day_seed)
    return [FairRow(n, deal_seed(seed, day, n).hex()) for n in range(1, SEEDED_DEALS + 1)]


class DailyPlayed(Exception):
    """The account has its game of the day already."""


class DailyDeals:
    """Today's seed, the games of the days not over yet (held), and starting a daily game."""

    def __init__(self, store: DailyStore, settings: Settings, create_seated: CreateSeated,
                 cached: CachedTable) -> None:
        self.store = store
        self.settings = settings
        self.create_seated = create_seated
        self.cached = cached
        self.held: dict[str, date] = {}
        """Daily games whose day is not over: game id -> day."""
        self.released_before: date | None = None
        """The days before this one have had their games released and closed."""
        self.starting = asyncio.Lock()
        self.ticker: asyncio.Task[None] | None = None

    def today(self) -> date:
        return day_at(self.settings.clock())

    def holds(self, game_id: str) -> bool:
        return game_id in self.held

    async def load(self) -> None:
        """After a start: hold the games of days not over, and release the others."""
        today = self.today()
        for game_id in await asyncio.to_thread(self.store.held_from, today.isoformat()):
            self.held[game_id] = today  # a later day's only with a clock turned back
        await self.release()
        if self.ticker is None:
            self.ticker = asyncio.create_task(self._tick(), name="daily deal")

    async def _tick(self) -> None:
        while True:
            left = (day_end(self.today()) - datetime.fromtimestamp(self.settings.clock(), UTC))
            await asyncio.sleep(min(TICK_SECONDS, max(1.0, left.total_seconds())))
            try:
                await self.release()
            except Exception:  # noqa: BLE001 - the next tick tries again
                log.exception("could not release the daily games of the days over")

    async def release(self) -> None:
        """The days before today are over: their unfinished games close (never counted) and
        every game of theirs shows its seeds."""
        today = self.today()
        if self.released_before == today:
            return
        await asyncio.to_thread(self.store.close_before, today.isoformat())
        self.released_before = today
        for game_id, day in list(self.held.items()):
            if day < today:
                del self.held[game_id]
                table = self.cached(game_id)
                if table is not None:
                    table.reveals_held = False
                    table.changed_fair()

    async def seed_of(self, day: date) -> str:
        """The day's seed (hex), drawn now if nobody asked for the day before."""
        rng = self.settings.rng
        return await asyncio.to_thread(self.store.seed_of, day.isoformat(),
                                       lambda: rng.randbytes(SERVER_SEED_BYTES).hex(), now())

    async def start(self, account_id: str, username: str) -> tuple[Table, DailyEntry]:
        """The account's game of today (:class:`DailyPlayed` if it had one already)."""
        await self.release()
        async with self.starting:
            today = self.today()
            known = await asyncio.to_thread(self.store.entry_of, today.isoformat(), account_id)
            if known is not None:
                raise DailyPlayed(today.isoformat())
            key = deal_key(today)
            deals = deal_rows(await self.seed_of(today), today)
            game_id, watch = new_game_id(), new_token()
            seats = [SeatRow(0, "human", username, token_hash(new_token()), True),
                     SeatRow(1, "computer", f"Computer (level {LEVEL})", None, True)]
            self.held[game_id] = today  # held from its first state on
            try:
                table = await self.create_seated(
                    TableRules(2, rules()), seats, LEVEL, token_hash(watch), listed=False,
                    game_id=game_id, owner=account_id, deals=(key, deals))
            except BaseException:
                self.held.pop(game_id, None)
                raise
            entry = DailyEntry(today.isoformat(), account_id, game_id, watch, now())
            await asyncio.to_thread(self.store.add, entry)
            return table, entry

    def info(self) -> dict[str, Any]:
        """What every day's game is: its rules, level and length."""
        return {"level": LEVEL, "hands": HANDS, "rules": rules().to_dict()}

    async def close(self) -> None:
        await cancelled(self.ticker)
        self.ticker = None
