"""All the tables of a server: creating games, loading them on demand, listing a player's games."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Literal

from ginrummy.game import cut_for_deal
from ginrummy.rules import Rules
from ginrummy.server import fairness
from ginrummy.server.collector import Collector
from ginrummy.server.computer import computer_name
from ginrummy.server.replay import ReplayError, start
from ginrummy.server.settings import Settings
from ginrummy.server.store import GameRow, LogEntry, SeatRow, Store, StoredGame, now
from ginrummy.server.table import Table, status_of, summary
from ginrummy.server.tokens import new_game_id, new_token, token_hash
from ginrummy.server.writer import GroupWriter

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Created:
    table: Table
    token: str
    """Seat 0's token (the creator's)."""
    invite_token: str | None
    """Seat 1's token in a game against a friend."""
    watch_token: str


class Lobby:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.writer = GroupWriter(store)
        """Every write goes through one thread, the log appends by group commit."""
        self._collecting = Collector.acquire()
        """Short garbage-collection pauses while tables are held (:mod:`.collector`)."""
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Table | None]] = {}

    async def get(self, game_id: str) -> Table | None:
        """The live table of ``game_id``, loaded from the database if needed; None if unknown."""
        table = self.tables.get(game_id)
        if table is not None:
            self.tables.move_to_end(game_id)
            return table
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            stored = await asyncio.to_thread(self.store.load, game_id)
            table = None if stored is None else Table(stored, self.store, self.settings,
                                                      self.writer)
        except BaseException as failure:
            if isinstance(failure, ReplayError):
                log.exception("game %s does not replay", game_id)
            if isinstance(failure, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(failure)
                future.exception()  # marked as retrieved; waiters re-raise it
            raise
        finally:
            del self._loading[game_id]
        if table is not None:
            self._keep(table)
            table.kick()
        future.set_result(table)
        return table

    def _keep(self, table: Table) -> None:
        self.tables[table.id] = table
        excess = len(self.tables) - self.settings.max_cached_tables
        for game_id in list(self.tables):
            if excess <= 0:
                break
            if not self.tables[game_id].busy:
                del self.tables[game_id]
                excess -= 1

    async def create(
        self,
        rules: Rules,
        opponent: Literal["computer", "friend"],
        level: int | None,
        name: str,
    ) -> Created:
        rng = self.settings.rng
        created = now()
        cut = cut_for_deal(rng)
        token, invite, watch = new_token(), new_token(), new_token()
        if opponent == "computer":
            other = SeatRow(1, "computer", f"Computer (level {level})", None, True)
        else:
            other = SeatRow(1, "human", "Friend", token_hash(invite), False)
        seats = [SeatRow(0, "human", name, token_hash(token), True), other]
        position = start(rules, cut.rounds)
        game_id = new_game_id()
        first = fairness.draw(rng, 1)  # its commitment is shown before the first deal
        entries: list[LogEntry] = []
        decks: dict[int, list[int]] = {}
        if opponent == "computer":
            deck = fairness.deck_of(first, game_id)
            entries.append(LogEntry(1, "deal", None, 1, at=created))
            decks[1] = deck
            position = type(position)(position.game.deal(deck))
        row = GameRow(
            id=game_id, created_at=created, updated_at=created, kind=opponent,
            level=level, rules=rules.to_dict(), cut=cut.rounds, watch_hash=token_hash(watch),
            status=status_of(position), log_length=len(entries), summary=summary(position, seats),
        )
        await self.writer.run(self.store.create, row, seats, entries, dict(decks), [first])
        stored = StoredGame(row, seats, {k: tuple(v) for k, v in decks.items()}, entries,
                            {1: first})
        table = Table(stored, self.store, self.settings, self.writer)
        self._keep(table)
        table.kick()
        return Created(table, token, invite if opponent == "friend" else None, watch)

    async def games_of(self, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The games in which ``(game_id, token)`` pairs hold a seat, newest activity first."""
        hashed = {(game_id, token_hash(token)): token for game_id, token in pairs}
        found = await asyncio.to_thread(self.store.games_of, list(hashed))
        out = []
        for row, seats in found:
            seat = next(s.seat for s in seats if (row.id, s.token_hash) in hashed)
            info = row.summary
            to_act = info.get("to_act")
            out.append({
                "game_id": row.id,
                "seat": seat,
                "kind": row.kind,
                "level": row.level,
                "computer": computer_name(row.level) if row.level is not None else None,
                "status": row.status,
                "stage": info.get("stage"),
                "rules": row.rules.get("name"),
                "target": row.rules.get("target"),
                "created_at": row.created_at.isoformat(),
                "updated_at": row.updated_at.isoformat(),
                "hand_number": info.get("hand_number"),
                "totals": info.get("totals"),
                "to_act": to_act,
                "your_turn": to_act == seat,
                "winner": info.get("winner"),
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "joined": s.joined}
                          for s in seats],
            })
        return out

    async def close(self) -> None:
        tasks = [task for t in self.tables.values() for task in (t.computer_task, t.idle_task)
                 if task is not None and not task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.writer.close()
        if self._collecting:
            self._collecting = False
            await Collector.release()
