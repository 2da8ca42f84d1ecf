"""Text rendering of cards, views and scores for the terminal game."""

from __future__ import annotations

import os
from collections.abc import Iterable

from ginrummy.cards import card_name, cards_of
from ginrummy.hand import Phase
from ginrummy.melds import best_arrangement, best_discards
from ginrummy.result import HandResult
from ginrummy.views import PlayerView

_RED = "\033[31m"
_BOLD = "\033[1m"
_DIM = "\033[2m"
_RESET = "\033[0m"

OUTCOME_WORDS = {
    "knock": "knock",
    "gin": "gin",
    "big_gin": "big gin",
    "undercut": "undercut",
    "tie": "tie (no score)",
    "void": "void hand",
}


class Painter:
    """Adds ANSI colours when the terminal wants them (``NO_COLOR`` turns them off)."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour and "NO_COLOR" not in os.environ

    def card(self, card: int) -> str:
        name = card_name(card)
        if self.colour and card // 13 in (1, 2):
            return f"{_RED}{name}{_RESET}"
        return name

    def cards(self, cards: Iterable[int]) -> str:
        return " ".join(self.card(c) for c in cards)

    def bold(self, text: str) -> str:
        return f"{_BOLD}{text}{_RESET}" if self.colour else text

    def dim(self, text: str) -> str:
        return f"{_DIM}{text}{_RESET}" if self.colour else text


def grouped(paint: Painter, cards: int) -> str:
    """A hand with its best melds in brackets, then the deadwood and its count."""
    shown = best_arrangement(cards)
    melds = " ".join(f"[{paint.cards(cards_of(m))}]" for m in shown.melds)
    loose = paint.cards(cards_of(shown.unmatched))
    return f"{melds} {loose}".strip() + paint.dim(f"   (deadwood {shown.deadwood})")


def table_lines(paint: Painter, view: PlayerView, names: tuple[str, str]) -> list[str]:
    me, other = names[view.seat], names[view.opponent]
    top = paint.card(view.pile[-1]) if view.pile else "-"
    lines = [
        f"Stock {view.stock_size}   discard pile {top}"
        + (f" (under it {paint.cards(view.pile[-4:-1])})" if len(view.pile) > 1 else "")
        + f"   knock limit {view.knock_limit}",
    ]
    known = cards_of(view.opponent_known)
    lines.append(
        f"{other}: {view.opponent_count} cards"
        + (f", holding {paint.cards(known)} from the pile" if known else "")
    )
    hand = view.hand
    if view.phase is Phase.DISCARD and view.is_my_turn and hand.bit_count() == 11:
        choice = best_discards(hand)
        best = " or ".join(card_name(c) for c in choice.discards)
        lines.append(f"{me}: {grouped(paint, hand)}")
        lines.append(paint.dim(f"   best discard {best} leaves deadwood {choice.deadwood}"))
    else:
        lines.append(f"{me}: {grouped(paint, hand)}")
    return lines


def result_lines(paint: Painter, result: HandResult, names: tuple[str, str]) -> list[str]:
    if result.is_void:
        return [f"Void hand: {result.void_reason}. Nobody scores; the same dealer deals again."]
    assert result.knocker is not None
    knocker, defender = names[result.knocker], names[1 - result.knocker]
    lines = [
        f"{knocker} deadwood {result.knocker_deadwood}, {defender} deadwood "
        f"{result.defender_deadwood}: {OUTCOME_WORDS[result.outcome]}",
    ]
    if result.winner is None:
        lines.append("Equal counts: nobody scores.")
        return lines
    parts = [f"difference {result.difference}"]
    if result.bonus:
        parts.append(f"{OUTCOME_WORDS[result.outcome]} bonus {result.bonus}")
    line = " + ".join(parts)
    if result.multiplier != 1:
        line = f"({line}) x {result.multiplier} (spade upcard)"
    lines.append(f"Points to {names[result.winner]}: {line} = {paint.bold(str(result.points))}")
    if result.extra_boxes:
        lines.append(f"{names[result.winner]} earns {result.extra_boxes} extra box(es)")
    return lines
