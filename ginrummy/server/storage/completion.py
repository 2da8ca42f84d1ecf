"""How often an account plays its games to the end: its completion rate, counted from the
stored games every time (nothing kept beside them that could drift).

The games counted are the account's finished games (those with a record) in which no seat
is the computer's: games between people, rated or not, tournaments' too; a game against the
computer, the daily deal and a game nobody finished (no record) do not count. Each counted
game is, for the account, exactly one of:

- **resigned**: its seat resigned the game (a ``resign`` entry of its seat);
- **abandoned**: it lost by forfeit (a ``forfeit`` entry of its seat: its clock ran out in
  a game that forfeits on time, or it left an adjourned game and never came back), or the
  computer was playing for it when the game ended (its last ``idle`` came after its last
  ``back``: it walked away, as :func:`.ratings.abandoned` reads it);
- **finished**: any other (it played to the end, won by the other's resignation or forfeit).

The completion rate is finished / (finished + resigned + abandoned). An account with fewer
than :data:`NEW_PLAYER_GAMES` counted games is new: it meets any minimum.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from ginrummy.server.storage import db
from ginrummy.server.storage.ratings import abandoned

NEW_PLAYER_GAMES = 10
"""Counted games below which an account meets any minimum completion rate."""
MINIMUMS = (80, 90, 95)
"""The minimum completion rates (percent) a quick match or an open table may ask for."""
_KINDS = ("resign", "forfeit", "idle", "back")


@dataclass(frozen=True, slots=True)
class Completion:
    """An account's counted games by how they ended for it."""

    finished: int = 0
    resigned: int = 0
    abandoned: int = 0

    @property
    def games(self) -> int:
        return self.finished + self.resigned + self.abandoned

    @property
    def new_player(self) -> bool:
        return self.games < NEW_PLAYER_GAMES

    @property
    def percent(self) -> int | None:
        """The completion rate in whole percent, rounded down (None: no game counted)."""
        return None if self.games == 0 else self.finished * 100 // self.games

    def meets(self, minimum: int | None) -> bool:
        """Whether the account may play where ``minimum`` percent is asked (None: no
        minimum): a new player always may; else finished / games >= minimum / 100."""
        return minimum is None or self.new_player or self.finished * 100 >= minimum * self.games

    def to_json(self) -> dict[str, Any]:
        return {"finished": self.finished, "resigned": self.resigned,
                "abandoned": self.abandoned, "games": self.games, "percent": self.percent,
                "new_player": self.new_player, "new_player_games": NEW_PLAYER_GAMES}


def how_it_ended(entries: Sequence[tuple[str, int | None]], seat: int
                 ) -> str:
    """``"resigned"``, ``"abandoned"`` or ``"finished"`` for the player of ``seat``, from a
    finished game's ``(kind, seat)`` log entries in order."""
    if any(kind == "resign" and at == seat for kind, at in entries):
        return "resigned"
    if any(kind == "forfeit" and at == seat for kind, at in entries) or seat in abandoned(
            entries):
        return "abandoned"
    return "finished"


def completion_of(engine: sa.Engine, account_id: str) -> Completion:
    """The account's :class:`Completion`, counted from its stored games now."""
    seats = db.account_seats
    computer = sa.exists().where(db.seats.c.game_id == seats.c.game_id,
                                 db.seats.c.kind == "computer")
    query = (sa.select(seats.c.game_id, seats.c.seat, db.log.c.kind, db.log.c.seat.label("at"))
             .join(db.records, db.records.c.game_id == seats.c.game_id)
             .outerjoin(db.log, sa.and_(db.log.c.game_id == seats.c.game_id,
                                        db.log.c.seat == seats.c.seat,
                                        db.log.c.kind.in_(_KINDS)))
             .where(seats.c.account_id == account_id, ~computer)
             .order_by(seats.c.game_id, seats.c.seat, db.log.c.seq))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    games: dict[str, dict[int, list[tuple[str, int | None]]]] = {}
    for row in rows:
        entries = games.setdefault(row.game_id, {}).setdefault(row.seat, [])
        if row.kind is not None:
            entries.append((row.kind, row.at))
    counts = {"finished": 0, "resigned": 0, "abandoned": 0}
    for by_seat in games.values():
        ends = {how_it_ended(entries, seat) for seat, entries in by_seat.items()}
        worst = next(end for end in ("resigned", "abandoned", "finished") if end in ends)
        counts[worst] += 1  # one account at several seats counts the game once
    return Completion(**counts)
