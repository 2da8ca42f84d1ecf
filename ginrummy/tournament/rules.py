"""What a tournament is before anyone plays: its format, its size and its rounds.

>>> TournamentRules("swiss", 8).rounds_for(8), TournamentRules("knockout", 16).rounds_for(11)
(3, 4)
>>> TournamentRules("swiss", 27, table_size=3).rounds_for(27)
3
>>> TournamentRules("swiss", 16, table_size=4).rounds_for(16)
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from ginrummy.core.errors import CodedError

Format = Literal["knockout", "swiss", "duplicate"]
FORMATS: tuple[Format, ...] = get_args(Format)
MIN_PLAYERS = 4
MAX_PLAYERS = 64
TABLE_SIZES = (2, 3, 4)


class TournamentError(CodedError):
    """A tournament option, entry or result that is not allowed (its code names which)."""


@dataclass(frozen=True, slots=True)
class TournamentRules:
    """``format``: ``knockout`` (a loser is out), ``swiss`` (everyone plays every round,
    against players with the same score) or ``duplicate`` (paired like Swiss, every table of
    a round plays the same decks, scored against the field on the same deals). ``size``: the
    most players. ``rounds``: the Swiss and duplicate rounds; None gives enough rounds for one
    player to stand alone on top (``ceil(log2(players))``). A knockout has as many rounds as
    its bracket needs. ``table_size``: the players at each table, 2, 3 (R33, the dealer
    sitting out each hand; Swiss only, where None rounds is ``ceil(log3(players))``) or 4
    (R34, two partnerships; Swiss only, partners drawn afresh each round; a table has two
    winners, so None rounds is ``ceil(log2(players))`` as at two)."""

    format: Format
    size: int
    rounds: int | None = None
    table_size: int = 2

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise TournamentError(
                f"format must be one of {', '.join(FORMATS)}, not {self.format!r}",
                "tournament.format", value=repr(self.format), allowed=", ".join(FORMATS))
        if (not isinstance(self.size, int) or isinstance(self.size, bool)
                or not MIN_PLAYERS <= self.size <= MAX_PLAYERS):
            raise TournamentError(
                f"size must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, "
                f"not {self.size!r}", "tournament.size", value=repr(self.size),
                low=MIN_PLAYERS, high=MAX_PLAYERS)
        if self.rounds is not None:
            if self.format == "knockout":
                raise TournamentError("a knockout has as many rounds as its bracket needs: "
                                      "give no rounds", "tournament.knockout_rounds")
            if (not isinstance(self.rounds, int) or isinstance(self.rounds, bool)
                    or not 1 <= self.rounds < self.size):
                raise TournamentError(
                    f"rounds must be a whole number from 1 to {self.size - 1}, "
                    f"not {self.rounds!r}", "tournament.rounds", value=repr(self.rounds),
                    high=self.size - 1)
        self._check_table_size()

    def _check_table_size(self) -> None:
        size = self.table_size
        if not isinstance(size, int) or isinstance(size, bool) or size not in TABLE_SIZES:
            raise TournamentError(f"table_size must be 2, 3 or 4 (players at each table), "
                                  f"not {size!r}", "tournament.table_size", value=repr(size))
        if size == 3 and self.format == "knockout":
            raise TournamentError("a knockout is played at tables of two: a table of three "
                                  "has two losers", "tournament.knockout_three")
        if size == 3 and self.format == "duplicate":
            raise TournamentError("a duplicate tournament is played at tables of two: its "
                                  "paired tables swap two seats", "tournament.duplicate_three")
        if size == 4 and self.format != "swiss":
            raise TournamentError("tables of four (two partnerships, R34) are played as a "
                                  "Swiss: partners change from round to round",
                                  "tournament.teams_swiss_only")

    def rounds_for(self, players: int) -> int:
        """How many rounds ``players`` entrants play."""
        needed = max(1, (players - 1).bit_length())
        if self.table_size == 3:
            needed = max(1, next(r for r in range(1, players + 1) if 3 ** r >= players))
        if self.format == "knockout" or self.rounds is None:
            return needed
        return self.rounds

    def check_entries(self, players: int) -> None:
        """Raise unless ``players`` entrants can start this tournament."""
        if not MIN_PLAYERS <= players <= self.size:
            raise TournamentError(
                f"cannot start with {players} entered: it takes {MIN_PLAYERS} to {self.size} "
                "players",
                "tournament.entries", count=players, low=MIN_PLAYERS, high=self.size)
        rounds = self.rounds_for(players)
        if self.format != "knockout" and rounds >= players:
            raise TournamentError(
                f"{rounds} rounds need at least {rounds + 1} players to avoid rematches, "
                f"not {players}", "tournament.too_few_for_rounds", rounds=rounds,
                needed=rounds + 1, count=players)
