"""What the server lets accounts start: tournaments filled by computers cost the server every
computer's moves, and a game between two computers is all cost and no player. Two limits:

- an account has at most ``per_account`` tournaments it created that are not finished
  (entering or playing), as on servers where people run their own tournaments;
- the computers of every unfinished tournament together weigh at most ``budget``: a place the
  computer fills (or, before the start, may fill) weighs its level's :func:`computer_weight`.
  Level 5 thinks up to a second a move on the server's work thread (shared with hints and
  every level-5 game), the other levels a few milliseconds, so a level-5 place weighs
  :data:`LEVEL_5_WEIGHT`.

>>> computer_weight(3), computer_weight(5)
(1, 8)
>>> entering = Unfinished("ann", 64, 5, True, "entering", people=1, computers=0)
>>> load_of(entering)
504
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.server.storage.tournament_store import Unfinished
from ginrummy.server.wire.protocol import ClientError

LEVEL_5_WEIGHT = 8
TOURNAMENTS_PER_ACCOUNT = 2
COMPUTER_BUDGET = 64
"""By default: the computers of one 64-place tournament at levels 1-4, or eight of level 5."""


def computer_weight(level: int) -> int:
    return LEVEL_5_WEIGHT if level >= 5 else 1


def load_of(tournament: Unfinished) -> int:
    """The weight of a tournament's computers: those that entered, or before the start, the
    places it may fill (every place no person has taken)."""
    places = tournament.computers
    if tournament.status == "entering":
        places = tournament.size - tournament.people if tournament.fill else 0
    return places * computer_weight(tournament.level)


def check_room(unfinished: Sequence[Unfinished], new: Unfinished, per_account: int,
               budget: int) -> None:
    """Refuse ``new`` (a tournament about to be created by ``new.created_by``) when its
    account has ``per_account`` unfinished tournaments already, or when its computers would
    take the server's computers past ``budget`` (0: no limit, either)."""
    mine = sum(1 for t in unfinished if t.created_by == new.created_by)
    if per_account and mine >= per_account:
        raise ClientError("too_many_tournaments", f"this account already runs {mine} "
                          "tournaments that are not finished (at most "
                          f"{per_account}): start or cancel one first")
    load, wanted = sum(load_of(t) for t in unfinished), load_of(new)
    if budget and wanted and load + wanted > budget:
        free = max(0, budget - load) // computer_weight(new.level)
        raise ClientError("computers_busy", f"the server's computers are busy in other "
                          f"tournaments: {free} place(s) of level {new.level} may be filled "
                          f"now, this tournament may need {wanted // computer_weight(new.level)}"
                          "; choose fewer places, a lower level, no filling, or try later")
