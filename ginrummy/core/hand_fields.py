"""What the rules read of a hand's state, and the facts that several phases derive from it.

Both a :class:`~ginrummy.core.hand.HandState` and the draft of the next one
(:class:`~ginrummy.core.moves.Draft`) are :class:`HandFields`, so the legal actions,
the words of a refusal (:mod:`~ginrummy.core.why_illegal`) and the moves share these
functions.
"""

from __future__ import annotations

from typing import Protocol

from ginrummy.core.phase import Phase
from ginrummy.core.rules import Rules


class HandFields(Protocol):
    """The fields of a hand's state that the rules read (see HandState for their meaning)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def hands(self) -> tuple[int, int]: ...
    @property
    def pile(self) -> tuple[int, ...]: ...
    @property
    def limit(self) -> int: ...
    @property
    def taken(self) -> int: ...
    @property
    def stock_only(self) -> bool: ...
    @property
    def wall_take(self) -> bool: ...
    @property
    def knocker(self) -> int: ...
    @property
    def big_gin(self) -> bool: ...
    @property
    def melds(self) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
    @property
    def laid_off(self) -> int: ...


def free_cards(state: HandFields, seat: int) -> int:
    """Cards of ``seat`` not laid out in melds nor laid off."""
    used = state.laid_off if seat != state.knocker else 0
    for meld in state.melds[seat]:
        used |= meld
    return state.hands[seat] & ~used


def barred_discard(state: HandFields) -> int:
    """The card that may not be discarded (nor knocked with) this turn, or -1 (R12, R22)."""
    if state.wall_take:
        return state.taken if state.rules.fiftieth_card_action == "different_card" else -1
    return -1 if state.rules.allow_discard_of_drawn_upcard else state.taken


def knocker_went_gin(state: HandFields) -> bool:
    return state.big_gin or free_cards(state, state.knocker) == 0
