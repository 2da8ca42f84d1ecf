"""Hand analysis for ``gin analyze``: one request in, one answer out (R3, R8-R10, R16-R18, R25).

Pure functions, no I/O. A request is a JSON object (already decoded, or one
line of JSON text):

* ``{"hand": [10 or 11 cards]}`` asks for the best arrangement. An answer
  for 10 cards is ``{"deadwood", "melds", "unmatched"}``; for 11 cards the
  deadwood is the value after the best discard, ``melds`` and ``unmatched``
  describe the hand after the first of those discards, and ``discards``
  (every discard reaching that value), ``gin`` (some discard leaves no
  deadwood) and ``big_gin`` (all eleven cards meld, R17) are added.
* ``{"hand": [10 cards], "knocker_melds": [[cards], ...], "knocker_unmatched":
  [cards]}`` asks for the defender's best answer to a knock (R18): an answer
  is ``{"deadwood", "layoffs", "melds", "unmatched"}``. An empty
  ``knocker_unmatched`` means the knocker went gin, so nothing is laid off
  (R25). The knocker's deadwood may exceed 10: the knock limit is not
  checked here, since it depends on the rules in force.

Cards are read as :func:`ginrummy.core.cards.parse_card` reads them (``"7H"``,
``"TH"``, ``"10h"``, ``"7♥"``) and written with canonical names (``"TH"``).
Order in answers: keys alphabetically; melds by their lowest card (card
number ``suit*13+rank``, so clubs, diamonds, hearts, spades, then rank); the
cards of a meld, and every other list of cards, in card-number order, which
puts a run's cards in rank order. The melds are those of
:func:`ginrummy.core.melds.best_arrangement` (a long run may show as two).

A request that cannot be answered raises :class:`AnalyzeError` (its shape),
:class:`~ginrummy.core.cards.CardError` (a card) or
:class:`~ginrummy.core.melds.MeldError` (a knocker's meld), each naming the field
and position at fault; :func:`answer_line` turns any of them into
``{"error": message}``.

>>> answer = answer_line('{"hand": ["AS", "2S", "3S", "7H", "7D", "7C", "9C", "TC", "JC", "KD"]}')
>>> answer["melds"]
[['7C', '7D', '7H'], ['9C', 'TC', 'JC'], ['AS', '2S', '3S']]
>>> answer["unmatched"], answer["deadwood"]
(['KD'], 10)
>>> answer_line('{"hand": ["AS", "2S", "3S", "7H", "7D", "7C", "9C", "TC", "JC", "KD", "AS"]}')
{'error': 'duplicated card AS: hand[0] and hand[10]'}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.core.cards import (
    CARD_VALUES,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    CardSet,
    card_name,
    parse_card,
)
from ginrummy.core.errors import CodedError
from ginrummy.core.melds import (
    MeldError,
    best_arrangement,
    best_defence,
    best_discards,
    is_big_gin,
    is_meld,
)

KEYS = ("hand", "knocker_melds", "knocker_unmatched")
"""Every key a request may have."""

HAND_SIZES = (10, 11)
KNOCKER_SIZE = 10


class AnalyzeError(CodedError):
    """A request has the wrong shape: bad JSON, keys, types or card counts. A hand of the
    wrong size given to :func:`analyze_hand` carries a code (``analyze.hand_size``) for the
    text for people; the JSON protocol's errors are English only."""


# ------------------------------------------------------------------ results


def _lowest(meld: int) -> int:
    meld = int(meld)
    return meld & -meld


def _sorted_melds(melds: Sequence[int]) -> tuple[CardSet, ...]:
    """Melds ordered by their lowest card (disjoint melds never share one)."""
    return tuple(CardSet(m) for m in sorted(melds, key=_lowest))


def _arrange(hand: int) -> tuple[tuple[CardSet, ...], CardSet]:
    """:func:`~ginrummy.core.melds.best_arrangement` of ``hand``, melds ordered by lowest card."""
    shown = best_arrangement(hand)
    return _sorted_melds(shown.melds), shown.unmatched


def _value(cards: int) -> int:
    """Deadwood value of all ``cards`` (R3)."""
    values = CARD_VALUES
    total = 0
    cards = int(cards)
    while cards:
        low = cards & -cards
        total += values[low.bit_length() - 1]
        cards ^= low
    return total


_MELD_NAMES: dict[int, tuple[str, ...]] = {}


def _names(cards: int) -> list[str]:
    names = _NAMES
    out = []
    cards = int(cards)  # plain int arithmetic: CardSet operators build new CardSets
    while cards:
        low = cards & -cards
        out.append(names[low.bit_length() - 1])
        cards ^= low
    return out


def _meld_names(meld: int) -> list[str]:
    names = _MELD_NAMES.get(meld)
    if names is None:  # at most one entry per possible meld (ALL_MELDS)
        names = _MELD_NAMES[meld] = tuple(_names(meld))
    return list(names)


@dataclass(frozen=True)
class HandAnalysis:
    """The best arrangement of a 10-card hand, or of an 11-card hand after its best discard."""

    hand: CardSet
    melds: tuple[CardSet, ...]
    unmatched: CardSet
    deadwood: int
    discards: tuple[Card, ...] = ()
    """For 11 cards: every discard leaving the least deadwood; ``melds`` follow the first."""
    big_gin: bool = False

    @property
    def gin(self) -> bool:
        """For 11 cards: some discard leaves no deadwood (R16)."""
        return bool(self.discards) and self.deadwood == 0

    def to_json(self) -> dict[str, object]:
        answer: dict[str, object] = {}
        if self.discards:
            answer["big_gin"] = self.big_gin
        answer["deadwood"] = self.deadwood
        if self.discards:
            answer["discards"] = [_NAMES[card] for card in self.discards]
            answer["gin"] = self.gin
        answer["melds"] = [_meld_names(m) for m in self.melds]
        answer["unmatched"] = _names(self.unmatched)
        return answer


@dataclass(frozen=True)
class DefenceAnalysis:
    """The defender's best melds and layoffs against a knocker's shown hand (R18, R25)."""

    hand: CardSet
    knocker_melds: tuple[CardSet, ...]
    knocker_unmatched: CardSet
    melds: tuple[CardSet, ...]
    layoffs: CardSet
    unmatched: CardSet
    deadwood: int

    @property
    def knocker_gin(self) -> bool:
        return not self.knocker_unmatched

    def to_json(self) -> dict[str, object]:
        return {
            "deadwood": self.deadwood,
            "layoffs": _names(self.layoffs),
            "melds": [_meld_names(m) for m in self.melds],
            "unmatched": _names(self.unmatched),
        }


def analyze_hand(hand: int) -> HandAnalysis:
    """Analyse a hand of 10 or 11 cards.

    >>> from ginrummy.core.cards import parse_cards
    >>> a = analyze_hand(parse_cards("AS 2S 3S 4S 7H 7D 7C 9C TC JC KD"))
    >>> a.deadwood, [card_name(c) for c in a.discards], a.gin, a.big_gin
    (0, ['KD'], True, False)
    """
    count = hand.bit_count()
    if count not in HAND_SIZES or hand >> 52 or hand < 0:
        raise AnalyzeError(f"a hand has 10 or 11 cards, got {count}", "analyze.hand_size",
                           count=count)
    if count == 10:
        melds, unmatched = _arrange(hand)
        return HandAnalysis(CardSet(hand), melds, unmatched, _value(unmatched))
    choice = best_discards(hand)
    melds, unmatched = _arrange(hand & ~(1 << choice.discards[0]))
    return HandAnalysis(
        CardSet(hand),
        melds,
        unmatched,
        choice.deadwood,
        choice.discards,
        is_big_gin(hand),
    )


def analyze_defence(
    hand: int, knocker_melds: Sequence[int], knocker_unmatched: int
) -> DefenceAnalysis:
    """The defender's best answer to a knock; the knocker's cards are assumed checked.

    >>> from ginrummy.core.cards import parse_cards
    >>> a = analyze_defence(
    ...     parse_cards("4H 8H 9H TC JC QC 2D 5D KD KS"),
    ...     [parse_cards("5H 6H 7H"), parse_cards("9C 9D 9S")],
    ...     parse_cards("2C 3C"),
    ... )
    >>> str(a.layoffs), a.deadwood
    ('4H 8H 9H', 27)
    """
    gin = not knocker_unmatched
    defence = best_defence(hand, knocker_melds, gin=gin)
    return DefenceAnalysis(
        CardSet(hand),
        _sorted_melds(knocker_melds),
        CardSet(knocker_unmatched),
        _sorted_melds(defence.melds),
        defence.layoffs,
        defence.unmatched,
        defence.deadwood,
    )


# ----------------------------------------------------------------- requests

_NAMES: tuple[str, ...] = tuple(card_name(card) for card in range(52))


def _spellings() -> dict[str, Card]:
    """Common spellings of every card, so most cards are read with one dict lookup."""
    table: dict[str, Card] = {}
    rank_texts = [[r, r.lower()] for r in RANKS]
    rank_texts[0].append("1")
    rank_texts[9].append("10")
    for suit, (letter, symbol) in enumerate(zip(SUITS, SUIT_SYMBOLS, strict=True)):
        for rank, texts in enumerate(rank_texts):
            for text in texts:
                for mark in (letter, letter.lower(), symbol):
                    table[text + mark] = suit * 13 + rank
    return table


_SPELLINGS = _spellings()

_JSON_TYPES = {
    dict: "an object",
    list: "an array",
    str: "a string",
    bool: "a boolean",
    int: "a number",
    float: "a number",
    type(None): "null",
}


def _kind(value: object) -> str:
    """How a decoded JSON value is described in errors."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


class _Cards:
    """Reads the cards of one request, remembering where each was seen to catch repeats."""

    __slots__ = ("seen", "where")

    def __init__(self) -> None:
        self.seen = 0
        self.where: dict[Card, tuple[str, int]] = {}

    def read(self, items: object, field: str) -> int:
        """The mask of a JSON array of card strings found at ``field``."""
        if not isinstance(items, list):
            raise AnalyzeError(f"{field} must be an array of cards, got {_kind(items)}")
        mask = 0
        for index, item in enumerate(items):
            card = _SPELLINGS.get(item) if isinstance(item, str) else None
            if card is None:
                if not isinstance(item, str):
                    raise AnalyzeError(
                        f"{field}[{index}] must be a card string such as 7H, "
                        f"got {_shorten(json.dumps(item))}"
                    )
                try:
                    card = parse_card(item)
                except CardError as error:
                    raise CardError(f"{field}[{index}]: {error}") from None
            bit = 1 << card
            if self.seen & bit:
                there_field, there_index = self.where[card]
                if there_field == field:
                    raise CardError(
                        f"duplicated card {_NAMES[card]}: "
                        f"{field}[{there_index}] and {field}[{index}]"
                    )
                raise CardError(
                    f"card {_NAMES[card]} is in both "
                    f"{there_field}[{there_index}] and {field}[{index}]"
                )
            self.seen |= bit
            self.where[card] = (field, index)
            mask |= bit
        return mask


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_keys(request: object) -> dict[str, object]:
    if not isinstance(request, dict):
        raise AnalyzeError(f"expected a JSON object, got {_kind(request)}")
    unknown = [key for key in request if key not in KEYS]
    if unknown:
        listed = ", ".join(json.dumps(key) for key in unknown)
        allowed = ", ".join(json.dumps(key) for key in KEYS)
        plural = "s" if len(unknown) > 1 else ""
        raise AnalyzeError(f"unknown key{plural} {listed} (allowed: {allowed})")
    if "hand" not in request:
        raise AnalyzeError('missing key "hand"')
    has_melds = "knocker_melds" in request
    if has_melds != ("knocker_unmatched" in request):
        given, missing = (
            ("knocker_melds", "knocker_unmatched")
            if has_melds
            else ("knocker_unmatched", "knocker_melds")
        )
        raise AnalyzeError(f'missing key "{missing}" (it goes with "{given}")')
    return request


def analyze_request(request: object) -> dict[str, object]:
    """Answer one decoded request (see the module docstring); raise ``ValueError`` on bad input.

    >>> answer = analyze_request({"hand": "7H 8H 9H TH JS QD KH AC 2C 3C".split()})
    >>> answer["melds"], answer["deadwood"]
    ([['AC', '2C', '3C'], ['7H', '8H', '9H', 'TH']], 30)
    >>> answer_line('{"hand": ["7H"]}')
    {'error': 'hand has 1 card: expected 10 or 11'}
    """
    fields = _check_keys(request)
    cards = _Cards()
    hand = cards.read(fields["hand"], "hand")
    if "knocker_melds" not in fields:
        count = hand.bit_count()
        if count not in HAND_SIZES:
            raise AnalyzeError(f"hand has {_count(count)}: expected 10 or 11")
        return analyze_hand(hand).to_json()

    raw_melds = fields["knocker_melds"]
    if not isinstance(raw_melds, list):
        raise AnalyzeError(
            f"knocker_melds must be an array of melds (arrays of cards), got {_kind(raw_melds)}"
        )
    melds = [cards.read(meld, f"knocker_melds[{i}]") for i, meld in enumerate(raw_melds)]
    unmatched = cards.read(fields["knocker_unmatched"], "knocker_unmatched")

    count = hand.bit_count()
    if count != 10:
        raise AnalyzeError(
            f"hand has {_count(count)}: expected 10 when the knocker's hand is given"
        )
    in_melds = sum(meld.bit_count() for meld in melds)
    shown = in_melds + unmatched.bit_count()
    if shown != KNOCKER_SIZE:
        raise AnalyzeError(
            f"the knocker shows {_count(shown)} ({in_melds} in knocker_melds, "
            f"{unmatched.bit_count()} in knocker_unmatched): expected {KNOCKER_SIZE}"
        )
    for index, meld in enumerate(melds):
        if not is_meld(meld):
            raise MeldError(
                f"knocker_melds[{index}] ({' '.join(_names(meld)) or 'empty'}) is not a meld: "
                "a meld is 3 or 4 cards of one rank, or 3 or more cards in sequence in one suit"
            )
    return analyze_defence(hand, melds, unmatched).to_json()


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise AnalyzeError(f"duplicate key {json.dumps(key)}")
            seen.add(key)
    return result


_decode = json.JSONDecoder(object_pairs_hook=_unique_keys).decode


def decode_line(line: str) -> object:
    """Decode one line of JSON, raising :class:`AnalyzeError` with the JSON error on failure."""
    line = line.rstrip("\r\n")  # so that JSON errors point into the line, not past it
    if not line.strip():
        raise AnalyzeError('empty line: expected a JSON object like {"hand": [...]}')
    try:
        return _decode(line)
    except json.JSONDecodeError as error:
        raise AnalyzeError(f"bad JSON: {error}") from None
    except RecursionError:
        raise AnalyzeError("bad JSON: nested too deeply") from None


def answer_line(line: str) -> dict[str, object]:
    """Answer one line of JSON text; a line that cannot be answered gets ``{"error": ...}``."""
    try:
        return analyze_request(decode_line(line))
    except ValueError as error:
        return {"error": str(error)}


__all__ = [
    "KEYS",
    "AnalyzeError",
    "DefenceAnalysis",
    "HandAnalysis",
    "analyze_defence",
    "analyze_hand",
    "analyze_request",
    "answer_line",
    "decode_line",
]
