"""The deck a hand is dealt from: shuffled from a source of randomness, or given and checked."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ginrummy.core import shuffle
from ginrummy.core.cards import card_name
from ginrummy.core.phase import IllegalActionError
from ginrummy.core.shuffle import ByteSource

_INT_TYPE = {int}
_DECK_CARDS = set(range(52))


def shuffled_deck(rng: random.Random | int | ByteSource) -> list[int]:
    """A uniformly shuffled deck from ``rng``: a :class:`~ginrummy.core.shuffle.ByteSource` (a real
    game passes :class:`~ginrummy.core.shuffle.SystemSource`, the operating system's generator),
    or for tests and research a seed or a ``random.Random``."""
    if not isinstance(rng, int | random.Random):
        return shuffle.shuffled_deck(rng)
    generator = random.Random(rng) if isinstance(rng, int) else rng
    deck = list(range(52))
    generator.shuffle(deck)
    return deck


def check_deck(deck: Sequence[int]) -> tuple[int, ...]:
    """``deck`` as a tuple of the 52 card numbers, each once; otherwise an error naming the
    first bad item and its position (from 1)."""
    try:
        cards = tuple(deck)
    except TypeError:
        raise IllegalActionError(
            f"a deck is a sequence of 52 card numbers, got {type(deck).__name__} {deck!r:.60}"
        ) from None
    if len(cards) == 52 and set(map(type, cards)) == _INT_TYPE and set(cards) == _DECK_CARDS:
        return cards  # the usual deck, checked at once; otherwise find what is wrong below
    if len(cards) != 52:
        raise IllegalActionError(f"a deck needs 52 card numbers, got {len(cards)} items")
    seen: dict[int, int] = {}
    for position, card in enumerate(cards, 1):
        if isinstance(card, bool) or not isinstance(card, int):
            raise IllegalActionError(
                f"deck item {position} is {card!r:.40} ({type(card).__name__}), "
                "not a card number 0..51"
            )
        if not 0 <= card < 52:
            raise IllegalActionError(f"deck item {position} is card number {card}, outside 0..51")
        if card in seen:
            raise IllegalActionError(
                f"deck has {card_name(card)} twice (items {seen[card]} and {position})",
                "illegal.deck_twice", card=card_name(card), first=seen[card], second=position)
        seen[card] = position
    return cards
