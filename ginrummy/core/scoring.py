"""Scoring above a hand: a round's score, who deals next, and the settlement (R5, R28-R35).

The arithmetic of a single hand is :func:`ginrummy.core.result.score_hand`. A
round is one decided hand at each table of a seating (:mod:`ginrummy.core.seating`):
heads-up and three players have one table, so a round is one hand and its winner
scores its points; teams have a table per pair, and the team with the larger sum of
points won at its tables scores the difference (R34, R35). The final totals (points,
boxes, extra boxes, game bonus, shutout) come from :func:`settle` with one column per
side (a player, or a team), and :func:`settle_game` adds who pays whom.

>>> score_round([(0, 18), (1, 30)]).winner, score_round([(0, 18), (1, 30)]).points
(1, 12)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ginrummy.core.errors import CodedError
from ginrummy.core.result import HandResult
from ginrummy.core.rules import DealerRule, Rules
from ginrummy.core.table import TableKind

EndReason = Literal["target", "max_hands", "time_limit", "forfeit", "resigned"]
END_REASON_CODES: dict[str, str] = {
    "target": "end.target", "max_hands": "end.max_hands", "time_limit": "end.time_limit",
    "forfeit": "end.forfeit", "resigned": "end.resigned",
}
"""The code of each end reason, for an error that names it (its English text is the word)."""


def end_reason_word(reason: str | None) -> object:
    """``reason`` as a coded text for an error's parameters (``target`` in English)."""
    code = END_REASON_CODES.get(reason or "")
    return reason if code is None else CodedError(reason or "", code)


def next_dealer(rules: Rules, dealer: int, result: HandResult) -> int:
    """Who deals after a hand dealt by ``dealer`` ended with ``result`` (R5)."""
    if result.is_void:
        return dealer
    if rules.dealer_rule == "alternate":
        return 1 - dealer
    if result.winner is None:  # a tie: nobody lost, nobody won
        return dealer
    return result.winner if rules.dealer_rule == "winner" else 1 - result.winner


# ---------------------------------------------------------------- settlement (R28-R30)


@dataclass(frozen=True, slots=True)
class SettlementLine:
    """One line of the score sheet: a label, one number per side, and the line's code for the
    reader's words (``hand_points``, ``boxes``, ``extra_boxes``, ``game_bonus``,
    ``shutout_bonus``, ``shutout_all``, ``final``; the box bonus is the rules')."""

    label: str
    values: tuple[int, ...]
    key: str = ""


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end-of-game arithmetic (R28-R30), every step kept for display.

    While the game is going on this is the provisional account: no game
    bonus, no shutout.
    """

    rules: Rules
    points: tuple[int, ...]
    """Game totals: the sum of the hand points (what the target counts)."""
    hands_won: tuple[int, ...]
    box_points: tuple[int, ...]
    extra_boxes: tuple[int, ...]
    extra_box_points: tuple[int, ...]
    game_bonus: tuple[int, ...]
    shutout: bool
    shutout_points: tuple[int, ...]
    """What the shutout adds: a second game bonus, or (double_all) the winner's subtotal again."""
    final: tuple[int, ...]
    winner: int | None
    """The winner of the game (R29, R31), or None while it goes on or after a tie at a limit."""
    end_reason: EndReason | None
    margin: int
    payer: int | None
    """The side with the lower final total, which pays; None if the totals are equal."""
    payment: int
    box_unit: str = "hands"
    """What earns a box (R28): ``hands`` won, or (a team game, R34) ``rounds`` won."""
    payments: tuple[Payment, ...] = ()
    """Who pays whom once the game is over: two players or teams, the lower final total pays
    the margin (R30); three players, each other player pays the winner the difference (R33)."""

    def lines(self) -> list[SettlementLine]:
        """The score sheet, top to bottom: each addend, then the final totals."""
        bonus = self.rules.box_bonus
        out = [SettlementLine("hand points", self.points, "hand_points")]
        out.append(SettlementLine(f"boxes ({self.box_unit} won × {bonus})", self.box_points,
                                  "boxes"))
        if self.rules.extra_boxes:
            out.append(SettlementLine(f"extra boxes (× {bonus})", self.extra_box_points,
                                      "extra_boxes"))
        out.append(SettlementLine("game bonus", self.game_bonus, "game_bonus"))
        if self.shutout:
            double = self.rules.shutout_rule == "double_bonus"
            kind = "bonus doubled" if double else "score doubled"
            out.append(SettlementLine(f"shutout ({kind})", self.shutout_points,
                                      "shutout_bonus" if double else "shutout_all"))
        out.append(SettlementLine("final total", self.final, "final"))
        return out


def settle(
    rules: Rules,
    points: Sequence[int],
    hands_won: Sequence[int],
    extra_boxes: Sequence[int],
    winner: int | None,
    end_reason: EndReason | None,
) -> Settlement:
    """Compute the settlement from the running numbers of a game."""
    seats = range(len(points))
    box_points = tuple(n * rules.box_bonus for n in hands_won)
    extra_points = tuple(n * rules.box_bonus for n in extra_boxes)
    game_bonus = [0 for _ in seats]
    shutout_points = [0 for _ in seats]
    shutout = False
    if winner is not None and (end_reason == "target" or rules.limit_awards_game_bonus):
        game_bonus[winner] = rules.game_bonus
        shutout = rules.shutout_rule != "none" and all(
            points[s] == 0 for s in seats if s != winner
        )
        if shutout and rules.shutout_rule == "double_bonus":
            shutout_points[winner] = rules.game_bonus
        elif shutout:
            shutout_points[winner] = (
                points[winner] + box_points[winner] + extra_points[winner] + game_bonus[winner]
            )
    final = tuple(
        points[s] + box_points[s] + extra_points[s] + game_bonus[s] + shutout_points[s]
        for s in seats
    )
    margin = abs(final[0] - final[1])
    payer = None if margin == 0 else (0 if final[0] < final[1] else 1)
    return Settlement(
        rules=rules,
        points=tuple(points),
        hands_won=tuple(hands_won),
        box_points=box_points,
        extra_boxes=tuple(extra_boxes),
        extra_box_points=extra_points,
        game_bonus=tuple(game_bonus),
        shutout=shutout,
        shutout_points=tuple(shutout_points),
        final=final,
        winner=winner,
        end_reason=end_reason,
        margin=margin,
        payer=payer,
        payment=margin * rules.stake_per_point,
    )


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    payee: int
    points: int
    """The difference of final totals that is paid for."""
    amount: int
    """``points`` × stake per point."""


@dataclass(frozen=True, slots=True)
class RoundScore:
    """What one round of a team game scores (R34, R35).

    Each team adds up the points its players won at their tables. The team
    with the larger sum scores the difference: when both players of a team
    won, the other sum is 0 and the team scores the whole sum; when each
    team won a game, the larger score takes the difference. Equal sums
    (nothing won, or equal wins) score nothing.
    """

    team_points: tuple[int, ...]
    """The points won at the tables by each side's players (a side: a team, or at one table
    a player)."""
    games_won: tuple[int, ...]
    winner: int | None
    """The team that scores this round, or None when the sums are equal."""
    points: int
    """What the winning team scores: the difference of the sums."""
    extra_boxes: tuple[int, ...]
    """R32 extra boxes won at the tables, by side."""


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


def score_hand_round(sides: int, side: int | None, result: HandResult) -> RoundScore:
    """A round of one table (heads-up, three players): the hand's winner (``side``, None after
    a tie) scores its points and earns a box, even when they are 0 (R28)."""
    zero = tuple(0 for _ in range(sides))
    if side is None:
        return RoundScore(zero, zero, None, 0, zero)
    one = tuple(1 if s == side else 0 for s in range(sides))
    return RoundScore(tuple(result.points if s == side else 0 for s in range(sides)), one, side,
                      result.points,
                      tuple(result.extra_boxes if s == side else 0 for s in range(sides)))


def next_dealing_team(rule: DealerRule, dealing: int, winner: int | None) -> int:
    """The team dealing at every table of the next round (R5 applied to teams)."""
    if rule == "alternate":
        return 1 - dealing
    if winner is None:
        return dealing
    return winner if rule == "winner" else 1 - winner


def settle_three(rules: Rules, points: Sequence[int], hands_won: Sequence[int],
                 extra_boxes: Sequence[int], winner: int | None,
                 end_reason: EndReason | None) -> Settlement:
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
    return replace(sheet, payments=tuple(payments))


def settle_teams(rules: Rules, points: Sequence[int], rounds_won: Sequence[int],
                 extra_boxes: Sequence[int], winner: int | None,
                 end_reason: EndReason | None) -> Settlement:
    """R34 with R28-R30: the two teams settle as the two players of a two-player game."""
    return settle_two(rules, points, rounds_won, extra_boxes, winner, end_reason, "rounds")


def settle_two(rules: Rules, points: Sequence[int], won: Sequence[int],
               extra_boxes: Sequence[int], winner: int | None, end_reason: EndReason | None,
               box_unit: str = "hands") -> Settlement:
    """R28-R30 between two sides: once the game is over the lower final total pays the margin."""
    sheet = replace(settle(rules, points, won, extra_boxes, winner, end_reason),
                    box_unit=box_unit)
    if end_reason is not None and sheet.payer is not None:
        payment = Payment(sheet.payer, 1 - sheet.payer, sheet.margin, sheet.payment)
        sheet = replace(sheet, payments=(payment,))
    return sheet


def settle_game(kind: TableKind, rules: Rules, points: Sequence[int], won: Sequence[int],
                extra_boxes: Sequence[int], winner: int | None,
                end_reason: EndReason | None) -> Settlement:
    """The settlement of a game of ``kind``: the sheet (R28-R30) and who pays whom."""
    if kind == "three":
        return settle_three(rules, points, won, extra_boxes, winner, end_reason)
    if kind == "teams":
        return settle_teams(rules, points, won, extra_boxes, winner, end_reason)
    return settle_two(rules, points, won, extra_boxes, winner, end_reason)


def leader(points: Sequence[int]) -> int | None:
    """The only index with the highest total, or None when it is shared (R31)."""
    top = max(points)
    leaders = [i for i, p in enumerate(points) if p == top]
    return leaders[0] if len(leaders) == 1 else None
