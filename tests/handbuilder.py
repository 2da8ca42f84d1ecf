"""Build decks and hands for tests from readable card strings.

``deck_for`` lays the cards out the way :func:`ginrummy.core.hand.deal_hand` deals
them: index 0 to the non-dealer, 1 to the dealer, alternately for 20 cards
(21 with ``eleven_card_deal``, the non-dealer taking the 11th), then the
upcard (none with ``eleven_card_deal``), then the stock, top first. Stock
cards not named are filled in deterministically: the remaining cards in
increasing card order.

>>> deck = deck_for(non_dealer="AS 2S 3S 4S 5S 6S 7S 8S 9S TS",
...                 dealer="AH 2H 3H 4H 5H 6H 7H 8H 9H TH", upcard="KD", stock="5C")
>>> format_cards(deck[20:23])
'KD 5C AC'
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.actions import parse_action
from ginrummy.core.cards import format_cards, parse_card, parse_card_list, parse_cards
from ginrummy.core.hand import HandState, deal_hand
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules

__all__ = [
    "cards",
    "deal",
    "deck_for",
    "format_cards",
    "mask",
    "play",
    "snapshot",
]


def cards(text: str) -> list[int]:
    """The cards of ``text`` in order (duplicates refused)."""
    return parse_card_list(text)


def mask(text: str) -> int:
    """The cards of ``text`` as a plain int mask."""
    return int(parse_cards(text))


def deck_for(
    non_dealer: str,
    dealer: str,
    upcard: str | None = None,
    stock: str = "",
    eleven_card_deal: bool = False,
) -> list[int]:
    """A 52-card deck that deals the given hands, upcard and top of the stock."""
    first = cards(non_dealer)
    second = cards(dealer)
    wanted = (11, 10) if eleven_card_deal else (10, 10)
    if (len(first), len(second)) != wanted:
        raise ValueError(
            f"hands need {wanted[0]} and {wanted[1]} cards, got {len(first)} and {len(second)}"
        )
    if eleven_card_deal and upcard is not None:
        raise ValueError("eleven_card_deal deals no upcard")
    if not eleven_card_deal and upcard is None:
        raise ValueError("a normal deal needs an upcard")
    deck: list[int] = []
    for index in range(10):
        deck += [first[index], second[index]]
    if eleven_card_deal:
        deck.append(first[10])
    else:
        assert upcard is not None
        deck.append(parse_card(upcard))
    deck += cards(stock)
    if len(set(deck)) != len(deck):
        raise ValueError(f"a card is named twice in {format_cards(deck)}")
    used = set(deck)
    deck += [card for card in range(52) if card not in used]
    return deck


def deal(
    rules: Rules | str = "standard",
    *,
    non_dealer: str,
    dealer: str,
    upcard: str | None = None,
    stock: str = "",
    dealer_seat: int = 1,
) -> HandState:
    """Deal a hand from readable strings; ``rules`` is a Rules object or a preset name."""
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    deck = deck_for(non_dealer, dealer, upcard, stock, eleven_card_deal=rules.eleven_card_deal)
    return deal_hand(rules, dealer_seat, deck)


def play(state: HandState, moves: str | Sequence[str]) -> HandState:
    """Apply moves written as action names: ``"take; discard 7H; stock; knock 9C"``."""
    items = moves.split(";") if isinstance(moves, str) else list(moves)
    for item in items:
        if item.strip():
            state = state.apply(parse_action(item))
    return state


def result_of(state: HandState, moves: str | Sequence[str]) -> HandResult:
    """The result of the hand that ``moves`` (as in :func:`play`) end."""
    result = play(state, moves).result
    assert result is not None, f"the hand is not over after {moves!r}"
    return result


def snapshot(state: HandState) -> dict[str, object]:
    """Every field of a state (all values are immutable), to compare before and after."""
    return {name: getattr(state, name) for name in state.__slots__}
