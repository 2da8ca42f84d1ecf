"""Cards and sets of cards (R1-R3).

A card is an ``int`` from 0 to 51: ``suit * 13 + rank``, suits in the order
clubs, diamonds, hearts, spades, and ranks from ace (0) to king (12). A set
of cards is a 52-bit mask; :class:`CardSet` is such a mask as an ``int`` with
set methods and set operators only (``|``, ``&``, ``^``, ``-`` and ``~``; ``+``
and the other arithmetic raise), so it goes wherever a mask goes. Functions that
take masks turn a CardSet into a plain ``int`` once on entry, so they run at the
speed of plain ints.

>>> parse_cards("AS 2S 3S 7h 10d 7♣")
CardSet.parse('7C TD 7H AS 2S 3S')
>>> card_name(parse_card("qh"))
'QH'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from operator import index
from typing import NoReturn, SupportsIndex

from ginrummy.core.errors import CodedError

Card = int

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = "♣♦♥♠"
NUM_CARDS = 52
FULL_DECK = (1 << NUM_CARDS) - 1
SUIT_MASK = 0x1FFF

_SUIT_BY_CHAR = {ch: i for i, ch in enumerate(SUITS)}
_SUIT_BY_CHAR.update({ch: i for i, ch in enumerate(SUIT_SYMBOLS)})
_SUIT_BY_CHAR.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})
_RANK_BY_TEXT = {ch: i for i, ch in enumerate(RANKS)}
_RANK_BY_TEXT["10"] = 9
_RANK_BY_TEXT["1"] = 0

CARD_VALUES: tuple[int, ...] = tuple(min(rank + 1, 10) for _ in SUITS for rank in range(13))
"""Deadwood value of each card (R3): ace 1, two to ten face value, faces 10."""


class CardError(CodedError):
    """A card or list of cards could not be read."""


def make_card(rank: int, suit: int) -> Card:
    return suit * 13 + rank


def rank_of(card: Card) -> int:
    return card % 13


def suit_of(card: Card) -> int:
    return card // 13


def card_value(card: Card) -> int:
    return CARD_VALUES[card]


def card_name(card: Card) -> str:
    if not 0 <= card < NUM_CARDS:
        raise CardError(f"card number {card} is outside 0..51", "card.number", card=card)
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str) -> Card:
    """Read one card: rank then suit, as ``7H``, ``TH``, ``10h``, ``7♥``."""
    token = text.strip().upper()
    if len(token) < 2:
        raise CardError(f"{text!r} is not a card: expected a rank and a suit, like 7H or 10♥",
                        "card.too_short", text=repr(text))
    rank = _RANK_BY_TEXT.get(token[:-1])
    suit = _SUIT_BY_CHAR.get(token[-1])
    if rank is None:
        raise CardError(f"{text!r} is not a card: unknown rank {token[:-1]!r} (use A 2-10 T J Q K)",
                        "card.rank", text=repr(text), rank=repr(token[:-1]))
    if suit is None:
        raise CardError(f"{text!r} is not a card: unknown suit {token[-1]!r} (use C D H S)",
                        "card.suit", text=repr(text), suit=repr(token[-1]))
    return suit * 13 + rank


def split_card_text(text: str) -> list[str]:
    return text.replace(",", " ").split()


def parse_card_list(text: str | Iterable[str]) -> list[Card]:
    """Read cards in order, refusing duplicates."""
    tokens = split_card_text(text) if isinstance(text, str) else list(text)
    cards: list[Card] = []
    seen = 0
    for token in tokens:
        card = parse_card(token)
        if seen >> card & 1:
            raise CardError(f"card {card_name(card)} appears twice", "card.twice",
                            card=card_name(card))
        seen |= 1 << card
        cards.append(card)
    return cards


def parse_cards(text: str | Iterable[str]) -> CardSet:
    """Read a set of cards from text like ``"AS 2S 3S 7H"`` (duplicates refused)."""
    mask = 0
    for card in parse_card_list(text):
        mask |= 1 << card
    return CardSet(mask)


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _build_suit_cards() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    return tuple(
        tuple(tuple(suit * 13 + r for r in range(13) if m >> r & 1) for m in range(1 << 13))
        for suit in range(4)
    )


_SUIT_CARDS = _build_suit_cards()


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask in increasing order."""
    mask = index(mask)
    t = _SUIT_CARDS
    return [
        *t[0][mask & SUIT_MASK], *t[1][mask >> 13 & SUIT_MASK],
        *t[2][mask >> 26 & SUIT_MASK], *t[3][mask >> 39 & SUIT_MASK],
    ]


def mask_value(mask: int) -> int:
    return sum(CARD_VALUES[card] for card in cards_of(mask))


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(card_name(card) for card in cards)


def _refuse(operator: str) -> Callable[..., NoReturn]:
    def refuse(*_: object) -> NoReturn:
        raise TypeError(
            f"{operator} is arithmetic, and a CardSet has set operators only: | & ^ - ~ "
            "(hand.add(card) adds one card)"
        )

    return refuse


class CardSet(int):
    """A set of cards stored as a 52-bit mask.

    >>> hand = CardSet.parse("AS 2S 3S")
    >>> len(hand), parse_card("2S") in hand
    (3, True)
    >>> str(hand | CardSet.parse("KD"))
    'KD AS 2S 3S'
    >>> str(hand - CardSet.parse("AS"))
    '2S 3S'

    The operators are those of sets (``-`` is the difference); an ``int``
    operand is read as a mask. Arithmetic such as ``hand + 1`` raises
    :class:`TypeError` rather than counting cards as numbers.
    """

    __slots__ = ()

    def __new__(cls, mask: SupportsIndex = 0) -> CardSet:
        value = int(mask)
        if value < 0 or value > FULL_DECK:
            raise CardError(f"{value} is not a mask of 52 cards")
        return super().__new__(cls, value)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        return parse_cards(text)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> CardSet:
        return cls(mask_of(cards))

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self))

    def __len__(self) -> int:
        return self.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < NUM_CARDS and bool(self >> card & 1)

    def __or__(self, other: SupportsIndex) -> CardSet:
        return CardSet(int(self) | index(other))

    def __and__(self, other: SupportsIndex) -> CardSet:
        return CardSet(int(self) & index(other))

    def __sub__(self, other: SupportsIndex) -> CardSet:
        return CardSet(int(self) & ~index(other))

    def __xor__(self, other: SupportsIndex) -> CardSet:
        return CardSet(int(self) ^ index(other))

    def __rsub__(self, other: SupportsIndex) -> CardSet:
        return CardSet(index(other) & ~int(self))

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self) -> CardSet:
        """The cards of the deck not in the set."""
        return CardSet(FULL_DECK & ~int(self))

    __add__, __radd__ = _refuse("+"), _refuse("+")
    __mul__, __rmul__ = _refuse("*"), _refuse("*")
    __floordiv__, __rfloordiv__ = _refuse("//"), _refuse("//")
    __truediv__, __rtruediv__ = _refuse("/"), _refuse("/")
    __mod__, __rmod__ = _refuse("%"), _refuse("%")
    __divmod__, __rdivmod__ = _refuse("divmod"), _refuse("divmod")
    __pow__, __rpow__ = _refuse("**"), _refuse("**")
    __neg__, __pos__, __abs__ = _refuse("unary -"), _refuse("unary +"), _refuse("abs")

    def add(self, card: Card) -> CardSet:
        return CardSet(int(self) | 1 << card)

    def remove(self, card: Card) -> CardSet:
        if card not in self:
            raise CardError(f"{card_name(card)} is not in {self}")
        return CardSet(int(self) & ~(1 << card))

    def value(self) -> int:
        """Total deadwood value of the cards, as if none were melded."""
        return mask_value(self)

    def names(self) -> list[str]:
        return [card_name(card) for card in cards_of(self)]

    def __str__(self) -> str:
        return " ".join(self.names())

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
