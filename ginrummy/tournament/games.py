"""The pieces of a round: who plays whom at which table, and what a finished game reports."""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.table import team_of
from ginrummy.tournament.rules import TournamentError


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of a tournament: ``id`` as the caller names them (an account, a computer
    level), ``rating`` for the seeding (higher seeds first; equal ratings keep entry order)."""

    id: str
    rating: float = 1500.0


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a round: ``seats`` are the entrants in seat 0, 1 (and 2 at a table of
    three; 2 and 3 at a table of four, where seats 0 and 2 are partners against 1 and 3,
    R34)."""

    round: int
    table: int
    seats: tuple[str, ...]

    @property
    def sides(self) -> tuple[tuple[str, ...], ...]:
        """Who scores together: each player alone, or at a table of four the two
        partnerships (seats 0 and 2, seats 1 and 3)."""
        if len(self.seats) != 4:
            return tuple((player,) for player in self.seats)
        return tuple(tuple(p for seat, p in enumerate(self.seats) if team_of(seat) == team)
                     for team in (0, 1))

    def side_of(self, player: str) -> tuple[str, ...]:
        return next(side for side in self.sides if player in side)


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal of a game, as duplicate scoring needs it: its number in the game (from 1),
    the seat that dealt, and each seat's points won minus points lost in that deal."""

    deal: int
    dealer: int
    net: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game of a round: its winner (at a table of four, either partner of the
    winning side) and each seat's final points (one per seat; at four, each partner has the
    side's total); ``deals`` are needed for a duplicate tournament only."""

    round: int
    table: int
    winner: str
    points: tuple[int, ...]
    deals: tuple[DealResult, ...] = ()

    def check_against(self, pairing: Pairing, duplicate: bool) -> None:
        """Raise unless this result can be the result of ``pairing``'s game."""
        if self.winner not in pairing.seats:
            raise TournamentError(
                f"the winner {self.winner!r} does not play at table {pairing.table}",
                "tournament.winner_not_at_table", winner=repr(self.winner),
                table=pairing.table)
        if any(not isinstance(p, int) or isinstance(p, bool) for p in self.points):
            raise TournamentError(f"points must be whole numbers, not {self.points!r}",
                                  "tournament.points", value=repr(self.points))
        if len(self.points) != len(pairing.seats):
            raise TournamentError(
                f"table {pairing.table} has {len(pairing.seats)} seats, the result "
                f"{len(self.points)} points", "tournament.points_per_seat",
                table=pairing.table, seats=len(pairing.seats), points=len(self.points))
        if len(pairing.seats) == 4 and (self.points[0] != self.points[2]
                                        or self.points[1] != self.points[3]):
            raise TournamentError(
                f"partners score together: seats 0 and 2, and 1 and 3, have the same points, "
                f"not {self.points!r}", "tournament.partner_points", value=repr(self.points))
        if duplicate and not self.deals:
            raise TournamentError("a duplicate game's result lists its deals",
                                  "tournament.no_deals")
        for index, deal in enumerate(self.deals, start=1):
            if deal.deal != index or deal.dealer not in (0, 1) or deal.net[0] != -deal.net[1]:
                raise TournamentError(
                    f"deal {index} of the result is not a deal of a two-player game",
                    "tournament.bad_deal", deal=index)


@dataclass(frozen=True, slots=True)
class Round:
    """A round's games, its bye (a player without a game this round) and the results in."""

    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[str, ...] = ()
    results: tuple[GameResult, ...] = ()

    @property
    def complete(self) -> bool:
        return len(self.results) == len(self.pairings)

    def pairing(self, table: int) -> Pairing:
        for pairing in self.pairings:
            if pairing.table == table:
                return pairing
        raise TournamentError(f"round {self.number} has no table {table}",
                              "tournament.no_table", round=self.number, table=table)

    def result_of(self, table: int) -> GameResult | None:
        return next((r for r in self.results if r.table == table), None)
