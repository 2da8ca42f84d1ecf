"""Text rendering of cards, views, scores and the settlement for the terminal game.

Every word comes from the message catalogues of :mod:`ginrummy.i18n`, in the
language of the :class:`~ginrummy.i18n.Messages` passed in.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from ginrummy.core.cards import cards_of, mask_value
from ginrummy.core.melds import best_arrangement
from ginrummy.core.result import HandResult
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Messages
from ginrummy.i18n.card_words import CardWords

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

    def card_words(self, card: int) -> CardWords:
        """:meth:`card` for a sentence: ``{card:art}`` in a template adds its article."""
        words = self.m.card_words(card)
        return CardWords(self.card(card), words.rank, words.lang)

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
