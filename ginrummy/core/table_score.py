"""Scoring for more than two players: a team round (R34, R35) and the settlements (R29, R30, R33).

The arithmetic of a single hand is the two-player one
(:func:`ginrummy.core.result.score_hand`); the final totals (points, boxes,
extra boxes, game bonus, shutout) come from :func:`ginrummy.core.game.settle`
with one entry per player (three players) or per team. Only what a
two-player game does not have lives here: how a round of simultaneous
sub-games turns into team points, and who pays whom.

>>> score_round([(0, 18), (1, 30)]).winner, score_round([(0, 18), (1, 30)]).points
(1, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ginrummy.core.game import EndReason, Settlement, settle
from ginrummy.core.rules import DealerRule, Rules


@dataclass(frozen=True, slots=True)
class RoundScore:
    """What one round of a team game scores (R34, R35).

    Each team adds up the points its players won at their tables. The team
    with the larger sum scores the difference: when both players of a team
    won, the other sum is 0 and the team scores the whole sum; when each
    team won a game, the larger score takes the difference. Equal sums
    (nothing won, or equal wins) score nothing.
    """

    team_points: tuple[int, int]
    """The points won at the tables by each team's players."""
    games_won: tuple[int, int]
    winner: int | None
    """The team that scores this round, or None when the sums are equal."""
    points: int
    """What the winning team scores: the difference of the sums."""
    extra_boxes: tuple[int, int]
    """R32 extra boxes won at the tables, by team."""


def score_round(wins: Sequence[tuple[int, int]], extra: Sequence[tuple[int, int]] = ()
                ) -> RoundScore:
    """Score a round from ``(team, points)`` for each table won (tied tables left out) and
    ``(team, extra boxes)`` for each table that earned some."""
    sums = [0, 0]
    won = [0, 0]
    for team, points in wins:
        sums[team] += points
        won[team] += 1
    boxes = [0, 0]
    for team, count in extra:
        boxes[team] += count
    difference = sums[0] - sums[1]
    winner = None if difference == 0 else (0 if difference > 0 else 1)
    return RoundScore((sums[0], sums[1]), (won[0], won[1]), winner, abs(difference),
                      (boxes[0], boxes[1]))


def next_dealing_team(rule: DealerRule, dealing: int, winner: int | None) -> int:
    """The team dealing at every table of the next round (R5 applied to teams)."""
    if rule == "alternate":
        return 1 - dealing
    if winner is None:
        return dealing
    return winner if rule == "winner" else 1 - winner


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    points: int
    """The difference of final totals that is paid for."""
    amount: int
    """``points`` × stake per point."""


@dataclass(frozen=True, slots=True)
class TableSettlement:
    """The end-of-game account of a multi-player game.

    ``sheet`` has one column per player (three players) or per team; its
    ``margin`` and ``payer`` describe two columns only, so for three players
    read ``payments`` instead.
    """

    sheet: Settlement
    payments: tuple[Payment, ...]
    """R33: each other player pays the winner the difference of the totals; teams: the
    team with the lower total pays the margin (R30). Empty while the game goes on."""

    @property
    def final(self) -> tuple[int, ...]:
        return self.sheet.final

    @property
    def winner(self) -> int | None:
        return self.sheet.winner


def settle_three(rules: Rules, points: Sequence[int], hands_won: Sequence[int],
                 extra_boxes: Sequence[int], winner: int | None,
                 end_reason: EndReason | None) -> TableSettlement:
    """R33: totals as in a two-player game, then each other player pays the winner the
    difference between the winner's total and its own (the winner pays it back when the
    difference is negative, as large box bonuses can make it)."""
    sheet = settle(rules, points, hands_won, extra_boxes, winner, end_reason)
    payments: list[Payment] = []
    if winner is not None and end_reason is not None:
        for player, total in enumerate(sheet.final):
            difference = sheet.final[winner] - total
            if player == winner or difference == 0:
                continue
            payer, payee = (player, winner) if difference > 0 else (winner, player)
            payments.append(Payment(payer, payee, abs(difference),
                                    abs(difference) * rules.stake_per_point))
    return TableSettlement(sheet, tuple(payments))


def settle_teams(rules: Rules, points: Sequence[int], rounds_won: Sequence[int],
                 extra_boxes: Sequence[int], winner: int | None,
                 end_reason: EndReason | None) -> TableSettlement:
    """R34 with R28-R30: the two teams settle as the two players of a two-player game."""
    sheet = replace(settle(rules, points, rounds_won, extra_boxes, winner, end_reason),
                    box_unit="rounds")
    payments: tuple[Payment, ...] = ()
    if end_reason is not None and sheet.payer is not None:
        payments = (Payment(sheet.payer, 1 - sheet.payer, sheet.margin, sheet.payment),)
    return TableSettlement(sheet, payments)


def leader(points: Sequence[int]) -> int | None:
    """The only index with the highest total, or None when it is shared (R31)."""
    top = max(points)
    leaders = [i for i, p in enumerate(points) if p == top]
    return leaders[0] if len(leaders) == 1 else None
