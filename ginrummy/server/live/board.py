"""The lobby's board: the listed games that wait for players or are being played, and the
people looking at it, told of every change.

An entry says what anyone may know of a listed game: its rules, its places (who sits where,
which are open), its stage, hand and totals — never a card. A change goes out at once as a
``lobby_update`` to every watcher of the board (the same text, and frame, for all) if none went
out in the last :data:`FLUSH_SECONDS`; else it is gathered with the others of that time and
they go out together :data:`FLUSH_SECONDS` after the last update.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from ginrummy.core.table import TableRules
from ginrummy.rating import family_of
from ginrummy.server.live import adjourn
from ginrummy.server.live.board_ratings import SeatRatings, level_shown
from ginrummy.server.live.summary import summary
from ginrummy.server.settings import Settings
from ginrummy.server.storage import ratings
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import SeatRow, Store
from ginrummy.server.wire.payload import rules_dict
from ginrummy.server.wire.text import message_text, text_frame

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)

FLUSH_SECONDS = 0.05
MAX_LISTED = 200
"""The most games the board shows (the newest); an older one shows again when one ends."""
PAGE_SIZE = 20
"""Games of each list (open, being played) a page of the lobby carries."""


class BoardListener(Protocol):
    account_id: str | None
    """The account that opened the page (a guest: None), whose mutes its chat follows."""

    def send(self, text: str) -> None: ...

    def send_frame(self, text: str, frame: bytes) -> None:
        """``text``, of which ``frame`` is the WebSocket frame
        (:func:`~ginrummy.server.wire.text.text_frame`), built once for every listener."""


def entry(game_id: str, table_rules: TableRules, seats: Sequence[SeatRow],
          facts: dict[str, Any], created_at: datetime, level: int | None,
          connected: frozenset[int], rated: bool = False,
          clock: dict[str, Any] | None = None, adjourned: bool = False,
          ends_at: datetime | None = None, min_completion: int | None = None
          ) -> dict[str, Any]:
    """What the board shows of one game (``clock``: its clock's rules, or None;
    ``adjourned``: none of its people is connected, and it ends at ``ends_at`` if nobody
    comes back, :mod:`.adjourn`; ``min_completion``: the least completion rate, in percent,
    of who takes an open place)."""
    stage = facts.get("stage")
    open_places = [s.seat for s in seats if s.kind == "human" and not s.joined
                   and s.token_hash is None] if stage != "over" else []
    return {
        "game_id": game_id,
        "players": table_rules.players,
        "family": family_of(table_rules.rules, table_rules.players),
        "rules": dict(rules_dict(table_rules.rules)),
        "team_target": table_rules.team_target,
        "level": level,
        "rated": rated,
        "min_completion": min_completion,
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name if s.joined else None,
                   "open": s.seat in open_places,
                   "connected": s.kind == "computer" or s.seat in connected,
                   "rating": level_shown(level) if s.kind == "computer" else None}
                  for s in seats],
        "open": open_places,
        "stage": stage,
        "hand_number": facts.get("hand_number"),
        "totals": facts.get("totals"),
        "created_at": created_at.isoformat(),
        "watch": f"/watch/{game_id}",
        "clock": clock,
        "adjourned": adjourned,
        "ends_at": None if ends_at is None else ends_at.isoformat(),
    }


class Board:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.entries: dict[str, dict[str, Any]] = {}
        self.listeners: set[BoardListener] = set()
        self.loaded = False
        self._changed: set[str] = set()
        self._flush: asyncio.Task[None] | None = None
        self._sent_at = float("-inf")
        """When (the event loop's clock) the last ``lobby_update`` went out."""
        self.people_at_tables: Callable[[], int] = lambda: 0
        """How many people are connected to a seat of a table (online too)."""
        self.tournaments: list[dict[str, Any]] | None = None
        """The tournaments the lobby lists, as last sent (None: not read yet)."""
        self.started = now()
        """The server's start (:class:`~ginrummy.server.live.adjourn.Adjournments`)."""
        self.ratings = SeatRatings(
            lambda names, family: ratings.ratings_by_username(store.engine, names, family),
            self._rated_again)

    async def load(self) -> None:
        """Read the listed games from the database (once, when the board is first used)."""
        if self.loaded:
            return
        found = await asyncio.to_thread(self.store.listed_games, MAX_LISTED)
        tournaments = await asyncio.to_thread(self.store.in_tournaments,
                                              [row.id for row, _ in found])
        for row, seats in found:
            if row.id not in self.entries:  # not in memory: nobody is connected to it
                rematch = row.rematch_of is not None
                adjourned = not adjourn.awaits_players(seats, rematch) and (
                    row.id not in tournaments)
                ends_at = adjourn.stored_deadline(row.updated_at, seats, rematch, self.started,
                                                  self.settings.adjourn_seconds
                                                  ) if adjourned else None
                self.entries[row.id] = self.ratings.fill(row.id, entry(
                    row.id, table_rules_of(row.rules), seats, row.summary, row.created_at,
                    row.level, frozenset(), row.rated, row.clock, adjourned, ends_at,
                    row.min_completion))
        self.loaded = True

    def show(self, table: Table) -> None:
        """Note what ``table`` shows now (or that it is gone: over, or no longer listed)."""
        if not table.listed:
            return
        connected = frozenset(listener.seat for listener in table.listeners
                              if listener.seat is not None)
        if table.stage() == "over" or table.abandoned:
            shown = None
        else:
            adjourned = adjourn.adjournable(table) and not adjourn.people_connected(table)
            shown = entry(table.id, table.table_rules, table.seats,
                          summary(table.position, table.seats), table.created_at, table.level,
                          connected, table.rated, None if table.clock_rules is None else
                          table.clock_rules.to_dict(), adjourned,
                          adjourn.deadline(table, self.started, self.settings.adjourn_seconds),
                          table.min_completion)
        self.put(table.id, shown)

    def put(self, game_id: str, shown: dict[str, Any] | None) -> None:
        """Note that ``game_id`` shows ``shown`` now (None: it left the board)."""
        if shown is None:
            self.ratings.forget(game_id)
        else:
            shown = self.ratings.fill(game_id, shown)
        if self.entries.get(game_id) == shown:
            return
        if shown is None:
            self.entries.pop(game_id, None)
        else:
            self.entries[game_id] = shown
        self._changed.add(game_id)
        self._schedule()

    def _rated_again(self, game_id: str) -> None:
        shown = self.entries.get(game_id)
        if shown is not None:
            self.put(game_id, shown)

    def show_tournaments(self, listing: list[dict[str, Any]]) -> None:
        """Note the tournaments' list; if it changed, every lobby socket is sent it."""
        if listing == self.tournaments:
            return
        first = self.tournaments is None
        self.tournaments = listing
        if first:
            return  # nobody was sent one yet: the snapshots carry it
        text = message_text({"type": "tournaments", "tournaments": listing})
        frame = text_frame(text)
        for listener in list(self.listeners):
            listener.send_frame(text, frame)

    def online(self) -> int:
        return len(self.listeners) + self.people_at_tables()

    def snapshot(self, page: int = 0) -> dict[str, Any]:
        """Page ``page`` of each list, the newest first, with how many each holds."""
        open_games, playing, adjourned = self._lists()
        start, end = page * PAGE_SIZE, (page + 1) * PAGE_SIZE
        return {
            "open": open_games[start:end],
            "playing": playing[start:end],
            "adjourned": adjourned[start:end],
            **self._counts(open_games, playing, adjourned),
            "page": page,
            "page_size": PAGE_SIZE,
            "online": self.online(),
        }

    def _lists(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                              list[dict[str, Any]]]:
        """The open games, those being played and the adjourned ones, newest first."""
        listed = sorted(self.entries.values(), key=lambda e: e["created_at"], reverse=True)
        return ([e for e in listed if e["open"]],
                [e for e in listed if not e["open"] and e["stage"] != "waiting"
                 and not e["adjourned"]],
                [e for e in listed if e["adjourned"]])

    @staticmethod
    def _counts(open_games: list[Any], playing: list[Any],
                adjourned: list[Any]) -> dict[str, int]:
        return {"open_count": len(open_games), "playing_count": len(playing),
                "adjourned_count": len(adjourned)}

    def attach(self, listener: BoardListener) -> None:
        self.listeners.add(listener)
        self._schedule()  # the online count changed

    def detach(self, listener: BoardListener) -> None:
        self.listeners.discard(listener)
        self._schedule()

    def _schedule(self) -> None:
        if self._flush is None or self._flush.done():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            wait = max(0.0, self._sent_at + FLUSH_SECONDS - loop.time())
            self._flush = loop.create_task(self._send_later(wait), name="lobby board")

    async def _send_later(self, wait: float) -> None:
        await asyncio.sleep(wait)
        self._sent_at = asyncio.get_running_loop().time()
        changed, self._changed = self._changed, set()
        update = {
            "type": "lobby_update",
            "changed": [self.entries[i] for i in sorted(changed) if i in self.entries],
            "gone": sorted(i for i in changed if i not in self.entries),
            **self._counts(*self._lists()),
            "online": self.online(),
        }
        text = message_text(update)
        frame = text_frame(text)
        for listener in list(self.listeners):
            listener.send_frame(text, frame)
