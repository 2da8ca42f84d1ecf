"""A player's numbers and last games, kept between profile reads so that a read parses only the
records of games that ended since the last one.

Each read asks the database which finished games are the account's (ids, seats and places in
the chain of records, no record): when the games counted before are all still there, at the
same seats, only the new ones are read and added (:class:`~.profile_stats.Tally` adds a game
at a time); otherwise (a seat claimed in a game counted, a game gone) the numbers are counted
again from every record. Nothing has to tell the cache that a game ended, so it holds across
processes and restarts alike, and the numbers are always those of the records.

Blocking calls; the app runs them in threads (one lock guards the entries).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Set
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from ginrummy.core.rules import Rules, RulesError
from ginrummy.rating import Family, family_of
from ginrummy.server.storage import profiles
from ginrummy.server.storage.profile_stats import PlayedGame, Tally, won

LAST_GAMES = 20
ACCOUNTS = 1000
"""Accounts whose numbers are kept; the least recently read are let go."""


@dataclass(frozen=True, slots=True)
class LastGame:
    """What a profile lists of one of the player's games (no card: counts and names)."""

    game_id: str
    seq: int
    seat: int
    finished_at: datetime
    rated: bool
    family: Family | None
    players: int
    won: bool | None
    totals: Any
    seats: tuple[tuple[int, str, str], ...]
    """``(seat, kind, name)`` of every seat."""


def _family_of(record: dict[str, Any]) -> Family | None:
    try:
        return family_of(Rules.from_dict(dict(record["rules"])), int(record.get("players", 2)))
    except (RulesError, TypeError, ValueError, KeyError):
        return None


def last_game_of(game: PlayedGame) -> LastGame:
    record = game.data["record"]
    seats = tuple((s["seat"], s["kind"], s["name"]) for s in game.data.get("seats") or [])
    return LastGame(game.game_id, game.seq, game.seat, game.finished_at, game.rated,
                    _family_of(record), int(record.get("players", 2)), won(game),
                    (record.get("final") or {}).get("points"), seats)


@dataclass(slots=True)
class Played:
    """An account's numbers: the games they count (``game_id`` → ``(seat, seq)``), their
    tally, and the newest :data:`LAST_GAMES` of them, newest first."""

    counted: dict[str, tuple[int, int]] = field(default_factory=dict)
    tally: Tally = field(default_factory=Tally)
    last: list[LastGame] = field(default_factory=list)

    def stats(self) -> dict[str, Any]:
        return self.tally.to_json()


def _counted_still(before: Played, now: dict[str, tuple[int, int]]) -> bool:
    return all(now.get(game_id) == place for game_id, place in before.counted.items())


class ProfileCache:
    def __init__(self, accounts: int = ACCOUNTS) -> None:
        self.accounts = accounts
        self._entries: OrderedDict[str, Played] = OrderedDict()
        self._lock = threading.Lock()

    def played(self, engine: Engine, account_id: str, held: Set[str] = frozenset()) -> Played:
        """The account's numbers as its records say now, but for the games ``held`` (a
        duplicate round's, whose results wait for the round's last table)."""
        seats = {game_id: seat for game_id, seat in
                 profiles.finished_seats(engine, account_id).items() if game_id not in held}
        with self._lock:
            before = self._entries.get(account_id)
        if before is not None and len(before.counted) == len(seats) \
                and _counted_still(before, seats):
            found = before
        else:
            base = before if before is not None and _counted_still(before, seats) else Played()
            games = profiles.played_games(engine, account_id,
                                          set(seats) - set(base.counted)
                                          if base.counted or held else None)
            found = _added(base, games)
        with self._lock:
            self._entries[account_id] = found
            self._entries.move_to_end(account_id)
            while len(self._entries) > self.accounts:
                self._entries.popitem(last=False)
        return found


def _added(base: Played, games: list[PlayedGame]) -> Played:
    """``base`` with ``games`` counted too (``base`` itself is left as it was: another
    thread may be reading it)."""
    tally = base.tally.copy()
    counted = dict(base.counted)
    for game in games:
        tally.add(game)
        counted[game.game_id] = (game.seat, game.seq)
    last = sorted([*base.last, *(last_game_of(game) for game in games)],
                  key=lambda game: game.seq, reverse=True)[:LAST_GAMES]
    return Played(counted, tally, last)
