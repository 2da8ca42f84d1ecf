"""The names at the table, the running score, a team round's score and the settlement.

One game of any seating: two players (R27-R30), three (R33) or two teams (R34, R35).
Every word comes from the message catalogues of :mod:`ginrummy.i18n`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.game import Game
from ginrummy.core.scoring import Settlement, SettlementLine
from ginrummy.core.table import team_of
from ginrummy.i18n import Messages


def seat_names(players: int, m: Messages, you: str) -> tuple[str, ...]:
    """The names at the table: the person at place 0, then the computer (at three players
    numbered; in a team game partners and opponents)."""
    if players == 2:
        return (you, m("game.computer"))
    if players == 3:
        return (you, m("table.computer", number=1), m("table.computer", number=2))
    names = []
    for place in range(players):
        if place == 0:
            names.append(you)
        elif team_of(place) == 0:
            names.append(m("table.partner", number=place // 2))
        else:
            names.append(m("table.opponent_name", number=place // 2 + 1))
    return tuple(names)


def team_name(players: int, team: int, names: Sequence[str], m: Messages) -> str:
    return m("table.team", names=" & ".join(names[p] for p in range(players)
                                            if team_of(p) == team))


def side_names(game: Game, names: Sequence[str], m: Messages) -> tuple[str, ...]:
    """Who the totals belong to: the players, or the two teams."""
    if game.table_rules.kind == "teams":
        return tuple(team_name(game.players, t, names, m) for t in (0, 1))
    return tuple(names)


def score_lines(game: Game, names: Sequence[str], m: Messages) -> list[str]:
    """The running score: game totals towards the target, boxes and extra boxes (and, between
    two players, the game bonus to come)."""
    rules = game.rules
    if game.players == 2:
        return _two_score_lines(game, names, m)
    labels = side_names(game, names, m)
    totals = ", ".join(f"{labels[i]} {p}" for i, p in enumerate(game.totals))
    lines = [m("table.score", scores=totals, target=game.table_rules.target)]
    if rules.box_bonus:
        boxes = ", ".join(f"{labels[i]} {n}" for i, n in enumerate(game.wins))
        lines.append(m("table.boxes", boxes=boxes, bonus=rules.box_bonus))
    if rules.extra_boxes and any(game.extra_boxes):
        extra = ", ".join(f"{labels[i]} {n}" for i, n in enumerate(game.extra_boxes))
        lines.append(m("table.extra_boxes", boxes=extra))
    return lines


def _two_score_lines(game: Game, names: Sequence[str], m: Messages) -> list[str]:
    rules = game.rules
    lines = [m("score.line", name0=names[0], points0=game.points[0], name1=names[1],
               points1=game.points[1], target=rules.target)]
    if rules.box_bonus:
        lines.append(m("score.boxes", name0=names[0], boxes0=game.hands_won[0], name1=names[1],
                       boxes1=game.hands_won[1], bonus=rules.box_bonus))
    if rules.extra_boxes and any(game.extra_boxes):
        lines.append(m("score.extra_boxes", name0=names[0], boxes0=game.extra_boxes[0],
                       name1=names[1], boxes1=game.extra_boxes[1]))
    if rules.game_bonus:
        lines.append(m("score.game_bonus", bonus=rules.game_bonus))
    return lines


def round_lines(game: Game, names: Sequence[str], m: Messages) -> list[str]:
    """A team game's last round (R34, R35): each team's points at the tables, who scores the
    difference, then the running score."""
    players = game.players
    last = game.rounds[-1]
    score = last.score
    teams = [team_name(players, t, names, m) for t in (0, 1)]
    sums = {"number": last.number, "team0": teams[0], "points0": score.team_points[0],
            "team1": teams[1], "points1": score.team_points[1]}
    if score.winner is None:
        line = m("table.round_none", **sums)
    else:
        line = m("table.round_score", **sums, team=teams[score.winner], points=score.points)
    return ["", line, *score_lines(game, names, m)]


def settlement_label(line: SettlementLine, settlement: Settlement, m: Messages) -> str:
    """A score-sheet line's label, by its key, in the reader's language (boxes of a team game
    are for rounds won)."""
    key = line.key
    if key == "boxes" and settlement.box_unit == "rounds":
        key = "boxes_rounds"
    return m(f"settle.{key}", bonus=settlement.rules.box_bonus) if key else line.label


def settlement_lines(settlement: Settlement, names: Sequence[str], m: Messages,
                     each_payment: bool = False) -> list[str]:
    """The score sheet (each addend, then the totals) with a column a side, the winner, then
    the margin and payment between two players, or (``each_payment``: three players, teams)
    every payment."""
    rows = [("", tuple(names))]
    rules = settlement.rules
    for line in settlement.lines():
        if not any(line.values) and (
            (line.key == "boxes" and not rules.box_bonus)
            or (line.key == "game_bonus" and not rules.game_bonus)
        ):
            continue  # an addend these rules do not have
        rows.append((settlement_label(line, settlement, m), tuple(str(v) for v in line.values)))
    width = max(len(label) for label, _ in rows)
    columns = max(7, *(len(n) for n in names))
    text = [f"{label:<{width}}  " + "  ".join(f"{v:>{columns}}" for v in values)
            for label, values in rows]
    text.insert(-1, "-" * len(text[0]))
    if settlement.end_reason is None:
        text.append(m("settle.in_progress"))
    elif settlement.winner is None:
        text.append(m("settle.no_winner", reason=m(f"end.{settlement.end_reason}")))
    else:
        text.append(m("settle.winner", name=names[settlement.winner],
                      reason=m(f"end.{settlement.end_reason}")))
    if each_payment:
        return text + _payment_lines(settlement, names, m)
    return [*text, _margin_line(settlement, names, m)]


def _margin_line(settlement: Settlement, names: Sequence[str], m: Messages) -> str:
    stake = settlement.rules.stake_per_point
    if settlement.payer is None:
        return m("settle.margin_none")
    if stake == 0:
        return m("settle.margin", margin=settlement.margin)
    return m("settle.payment", margin=settlement.margin, payer=names[settlement.payer],
             payee=names[1 - settlement.payer], stake=stake, payment=settlement.payment)


def _payment_lines(settlement: Settlement, names: Sequence[str], m: Messages) -> list[str]:
    stake = settlement.rules.stake_per_point
    lines = []
    for payment in settlement.payments:
        if stake:
            lines.append(m("table.pays", payer=names[payment.payer], payee=names[payment.payee],
                           stake=stake, points=payment.points, payment=payment.amount))
        else:
            lines.append(m("table.owes", payer=names[payment.payer], payee=names[payment.payee],
                           points=payment.points))
    return lines


def game_end_lines(game: Game, names: Sequence[str], m: Messages) -> list[str]:
    """The settlement of ``game`` with its players' (or teams') names."""
    return settlement_lines(game.settlement(), side_names(game, names, m), m,
                            each_payment=game.players > 2)
