"""The table of a tournament: each player's wins, points and tie-breaks, in order.

Swiss: score (a win or a bye is 1), then Buchholz (the sum of the opponents' scores), then
points won minus points lost, then seed. At tables of three (R33) only the game's winner
scores 1, the Buchholz adds both table mates' scores, and a player's points for are their
own final total, their points against the sum of their two table mates' totals. At tables
of four (R34) both partners of the winning side score 1, the Buchholz adds the two
opponents' scores, and the points are the sides' totals.
Duplicate: the duplicate score (below), then score, then seed. Knockout: the round a player
went out in (the winner never did), then seed.

The duplicate score compares each deal with the same deal at the other tables: every table
of a round plays the same decks, so the players who held the dealer's cards of deal 3 in
round 2 all held the same cards. A player's deal score is their points won minus points lost
in that deal, minus the average of the others who held the same cards; the duplicate score
is the sum over their deals (a deal nobody else played counts 0).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ginrummy.tournament.games import GameResult, Round


@dataclass(slots=True)
class Standing:
    """One player's line of the table."""

    player: str
    seed: int
    """From 1, by rating at the start."""
    place: int = 0
    score: float = 0
    games: int = 0
    wins: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    buchholz: float = 0
    duplicate: Fraction = Fraction(0)
    out_in_round: int | None = None
    """Knockout: the round this player lost (None: still in, or the winner)."""
    opponents: list[str] = field(default_factory=list)
    partners: list[str] = field(default_factory=list)
    """At tables of four (R34): the partner of each game."""


def tally(seeded: Sequence[str], rounds: Sequence[Round]) -> dict[str, Standing]:
    """Every player's wins, points, opponents and byes over ``rounds``."""
    table = {player: Standing(player, seed) for seed, player in enumerate(seeded, start=1)}
    for round_ in rounds:
        for bye in round_.byes:
            table[bye].score += 1
            table[bye].byes += 1
        for result in round_.results:
            pairing = round_.pairing(result.table)
            seats = pairing.seats
            side_points = {side: result.points[seats.index(side[0])] for side in pairing.sides}
            winners = pairing.side_of(result.winner)
            for seat, player in enumerate(seats):
                line = table[player]
                mine = pairing.side_of(player)
                line.games += 1
                line.opponents += [p for p in seats if p not in mine]
                line.partners += [p for p in mine if p != player]
                line.points_for += result.points[seat]
                line.points_against += sum(v for side, v in side_points.items() if side != mine)
                if player in winners:
                    line.wins += 1
                    line.score += 1
                else:
                    line.out_in_round = round_.number
    for line in table.values():
        line.buchholz = sum(table[o].score for o in line.opponents)
    return table


def duplicate_scores(rounds: Sequence[Round]) -> dict[str, Fraction]:
    """Each player's duplicate score (see the module's docstring)."""
    held: dict[tuple[int, int, bool], list[tuple[str, int]]] = defaultdict(list)
    for round_ in rounds:
        for result in round_.results:
            _deals_of(round_, result, held)
    scores: dict[str, Fraction] = defaultdict(Fraction)
    for entries in held.values():
        total = sum(net for _, net in entries)
        for player, net in entries:
            if len(entries) > 1:
                scores[player] += net - Fraction(total - net, len(entries) - 1)
    return scores


def _deals_of(round_: Round, result: GameResult,
              held: dict[tuple[int, int, bool], list[tuple[str, int]]]) -> None:
    seats = round_.pairing(result.table).seats
    for deal in result.deals:
        for seat, player in enumerate(seats):
            held[(round_.number, deal.deal, seat == deal.dealer)].append((player, deal.net[seat]))


def ordered(table: dict[str, Standing], format: str, rounds: Sequence[Round]) -> list[Standing]:
    """The lines in place order, each with its ``place`` (from 1)."""
    if format == "duplicate":
        for player, score in duplicate_scores(rounds).items():
            table[player].duplicate = score

    def key(line: Standing) -> tuple[float, ...]:
        if format == "knockout":
            out = len(rounds) + 1 if line.out_in_round is None else line.out_in_round
            return (-out, line.seed)
        if format == "duplicate":
            return (-float(line.duplicate), -line.score, line.seed)
        return (-line.score, -line.buchholz, line.points_against - line.points_for, line.seed)

    lines = sorted(table.values(), key=key)
    for place, line in enumerate(lines, start=1):
        line.place = place
    return lines
