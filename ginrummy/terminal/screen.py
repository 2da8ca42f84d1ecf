"""Text rendering of cards, views, scores and the settlement for the terminal game.

Every word comes from the message catalogues of :mod:`ginrummy.i18n`, in the
language of the :class:`~ginrummy.i18n.Messages` passed in.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from ginrummy.core.cards import cards_of, mask_value
from ginrummy.core.game import Cut, Game, Settlement, SettlementLine
from ginrummy.core.melds import best_arrangement
from ginrummy.core.result import HandResult
from ginrummy.core.rules import CHOICES, Rules
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Messages

_RED = "\033[31m"
_BOLD = "\033[1m"
_DIM = "\033[2m"
_RESET = "\033[0m"

OUTCOMES = ("knock", "gin", "big_gin", "undercut", "tie", "void")


class Painter:
    """Card names in the reader's language, with ANSI colours when the terminal wants them.

    ``NO_COLOR`` in the environment turns colours off.
    """

    def __init__(self, colour: bool, messages: Messages | None = None) -> None:
        self.colour = colour and "NO_COLOR" not in os.environ
        self.m = messages or Messages("en")

    def card(self, card: int) -> str:
        name = self.m.card(card)
        if self.colour and card // 13 in (1, 2):
            return f"{_RED}{name}{_RESET}"
        return name

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards)

    def melds(self, melds: Iterable[int]) -> str:
        return " ".join(f"[{self.cards(cards_of(m))}]" for m in melds)

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text

    def dim(self, text: str) -> str:
        return f"{_DIM}{text}{_RESET}" if self.colour else text


def laid_out(paint: Painter, melds: Sequence[int], loose: int) -> str:
    """Melds as laid out in brackets, then the loose cards and their count."""
    text = f"{paint.melds(melds)} {paint.cards(cards_of(loose))}".strip()
    return text + "   " + paint.dim(paint.m("table.deadwood", count=mask_value(loose)))


def grouped(paint: Painter, cards: int) -> str:
    """A hand with its best melds in brackets, then the deadwood and its count."""
    shown = best_arrangement(cards)
    text = f"{paint.melds(shown.melds)} {paint.cards(cards_of(shown.unmatched))}".strip()
    return text + "   " + paint.dim(paint.m("table.deadwood", count=shown.deadwood))


def table_lines(paint: Painter, view: PlayerView, names: Sequence[str]) -> list[str]:
    """The table as the seat of ``view`` sees it: stock, pile, opponent, own hand."""
    m = paint.m
    me, other = names[view.seat], names[view.opponent]
    top = paint.card(view.pile[-1]) if view.pile else "-"
    under = m("table.under", cards=paint.cards(view.pile[-4:-1])) if len(view.pile) > 1 else ""
    lines = [m("table.line", stock=view.stock_size, top=top, under=under,
               limit=view.knock_limit)]
    known = cards_of(view.opponent_known)
    line = m.plural("table.opponent", view.opponent_count, name=other, count=view.opponent_count)
    if known:
        line += m("table.opponent_known", cards=paint.cards(known))
    lines.append(line)
    lines.append(m("table.me", name=me, hand=grouped(paint, view.hand)))
    return lines


def outcome_name(outcome: str, m: Messages) -> str:
    return m(f"outcome.{outcome}")


VOID_REASONS = {
    "R21": "void.R21",
    "R22": "void.R22",
    "R36": "void.R36",
    "the discard pile was drawn from too often": "void.pile_cap",
    "the same card was taken and thrown back": "void.returned",
}


def void_reason_key(reason: str | None) -> str:
    """The catalogue key of a void hand's reason as :mod:`ginrummy.core.hand` writes it."""
    for start, key in VOID_REASONS.items():
        if reason and reason.startswith(start):
            return key
    return "void.unknown"


def void_reason(reason: str | None, m: Messages) -> str:
    """A void hand's reason in the reader's language."""
    return m(void_reason_key(reason), reason=reason or "")


def result_lines(paint: Painter, result: HandResult, names: Sequence[str],
                 layoffs: int = 0, box_bonus: int = 0) -> list[str]:
    """A hand's score, line by line: counts, outcome, each addend, boxes."""
    m = paint.m
    if result.is_void:
        return [m("result.void", reason=void_reason(result.void_reason, m))]
    assert result.knocker is not None
    knocker, defender = names[result.knocker], names[1 - result.knocker]
    if result.outcome == "big_gin":
        lines = [m("result.knocker_big_gin", name=knocker)]
    elif result.outcome == "gin":
        lines = [m("result.knocker_gin", name=knocker)]
    else:
        lines = [m("result.knocker", name=knocker, count=result.knocker_deadwood)]
    if layoffs:
        lines.append(m("result.defender_layoffs", name=defender, count=result.defender_deadwood,
                       cards=paint.cards(cards_of(layoffs))))
    else:
        lines.append(m("result.defender", name=defender, count=result.defender_deadwood))
    lines.append(m("result.outcome", outcome=paint.bold(outcome_name(result.outcome, m))))
    if result.winner is None:
        lines.append(m("result.tie"))
        return lines
    parts = [m("result.part.difference", value=result.difference)]
    if result.bonus:
        parts.append(m("result.part.bonus", outcome=outcome_name(result.outcome, m),
                       value=result.bonus))
    total = " + ".join(parts)
    if result.multiplier != 1:
        total = m("result.multiplied", sum=total, multiplier=result.multiplier)
    lines.append(m("result.points", name=names[result.winner], sum=total,
                   points=paint.bold(str(result.points))))
    if box_bonus:
        lines.append(m("result.box", name=names[result.winner], bonus=box_bonus))
    if result.extra_boxes:
        lines.append(m.plural("result.extra_boxes", result.extra_boxes,
                              name=names[result.winner], count=result.extra_boxes))
    return lines


def score_lines(game: Game, names: Sequence[str], m: Messages) -> list[str]:
    """The running score: game totals towards the target, boxes and extra boxes."""
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


def settlement_label(line: SettlementLine, settlement: Settlement, m: Messages) -> str:
    """A score-sheet line's label, from :meth:`Settlement.lines`, in the reader's language."""
    bonus = settlement.rules.box_bonus
    label = line.label
    if label.startswith("hand points"):
        return m("settle.hand_points")
    if label.startswith("boxes (rounds"):
        return m("settle.boxes_rounds", bonus=bonus)
    if label.startswith("boxes"):
        return m("settle.boxes", bonus=bonus)
    if label.startswith("extra boxes"):
        return m("settle.extra_boxes", bonus=bonus)
    if label.startswith("game bonus"):
        return m("settle.game_bonus")
    if label.startswith("shutout"):
        kind = "bonus" if settlement.rules.shutout_rule == "double_bonus" else "all"
        return m(f"settle.shutout_{kind}")
    if label.startswith("final total"):
        return m("settle.final")
    return label


def settlement_lines(settlement: Settlement, names: Sequence[str], m: Messages) -> list[str]:
    """The score sheet (each addend, then the totals), the winner, the margin and payment."""
    rows = [("", tuple(names))]
    rules = settlement.rules
    for line in settlement.lines():
        if not any(line.values) and (
            (line.label.startswith("boxes") and not rules.box_bonus)
            or (line.label.startswith("game bonus") and not rules.game_bonus)
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
    stake = settlement.rules.stake_per_point
    if settlement.payer is None:
        text.append(m("settle.margin_none"))
    elif stake == 0:
        text.append(m("settle.margin", margin=settlement.margin))
    else:
        text.append(m("settle.payment", margin=settlement.margin, payer=names[settlement.payer],
                      payee=names[1 - settlement.payer], stake=stake,
                      payment=settlement.payment))
    return text


def cut_text(cut: Cut, names: Sequence[str], paint: Painter, high_chooses: bool = False) -> str:
    """The cut for the first deal in words (R4); ``high_chooses``: the higher card chooses
    who deals (``first_dealer`` ``high_cut_chooses``)."""
    m = paint.m
    parts = []
    for a, b in cut.rounds:
        text = m("cut.round", name0=names[0], card0=paint.card(a), name1=names[1],
                 card1=paint.card(b))
        if a % 13 == b % 13:
            text += m("cut.tie")
        parts.append(text)
    if high_chooses:
        return "; ".join(parts) + "; " + m("cut.high_chooses", name=names[cut.high])
    return "; ".join(parts) + "; " + m("cut.result", name=names[cut.dealer])


RULE_OPTIONS = (
    "knock_limit", "oklahoma", "ace_upcard_gin_only", "spade_double", "extra_boxes",
    "first_dealer", "dealer_rule", "eleven_card_deal", "allow_discard_of_drawn_upcard",
    "big_gin", "knocker_may_hide_melds", "gin_bonus",
    "undercut_bonus", "big_gin_bonus", "undercut_on_tie", "fiftieth_card_action",
    "max_turns_without_stock_draw", "discard_pile_draw_limit", "void_on_second_returned_discard",
    "target", "box_bonus", "game_bonus", "shutout_rule", "max_hands", "time_limit_minutes",
    "limit_awards_game_bonus", "stake_per_point",
)
"""The options of :class:`~ginrummy.core.rules.Rules` that have a label ``option.<name>``."""


def option_value(rules: Rules, name: str, m: Messages) -> str:
    value = getattr(rules, name)
    if isinstance(value, bool):
        return m("word.yes") if value else m("word.no")
    if value is None:
        return m("word.none")
    if name in CHOICES:
        return m(f"{name}.{value}")
    if name == "knock_limit" and rules.oklahoma:
        return m("option.knock_limit_oklahoma")
    return str(value)


def rules_lines(rules: Rules, m: Messages) -> list[str]:
    """The preset's description and its main options, one per line."""
    key = f"preset.{rules.name}"
    lines = [m(key) if m.has(key) else m("preset.custom", name=rules.name)]
    shown = ["knock_limit", "gin_bonus", "undercut_bonus"]
    if rules.big_gin:
        shown.append("big_gin_bonus")
    for name in ("box_bonus", "game_bonus"):
        if getattr(rules, name):
            shown.append(name)
    if rules.game_bonus and rules.shutout_rule != "none":
        shown.append("shutout_rule")
    shown += ["target", "dealer_rule"]
    if rules.first_dealer != "low_cut_deals":
        shown.append("first_dealer")
    if rules.fiftieth_card_action != "off":
        shown.append("fiftieth_card_action")
    for name in ("spade_double", "ace_upcard_gin_only", "extra_boxes", "eleven_card_deal",
                 "allow_discard_of_drawn_upcard", "knocker_may_hide_melds", "max_hands",
                 "time_limit_minutes", "stake_per_point"):
        if getattr(rules, name):
            shown.append(name)
    if rules.limit_awards_game_bonus and rules.game_bonus and (
            rules.max_hands or rules.time_limit_minutes):
        shown.append("limit_awards_game_bonus")
    parts = [f"{m(f'option.{name}')}: {option_value(rules, name, m)}" for name in shown]
    lines.append("; ".join(parts))
    return lines
