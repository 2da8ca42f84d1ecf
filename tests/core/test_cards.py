"""Cards, their notation and their values (R1-R3)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from ginrummy.core.cards import (
    CARD_VALUES,
    FULL_DECK,
    NUM_CARDS,
    CardError,
    CardSet,
    card_name,
    card_value,
    cards_of,
    make_card,
    parse_card,
    parse_card_list,
    parse_cards,
    rank_of,
    suit_of,
)


def test_R1_deck_of_52_distinct_cards() -> None:
    names = [card_name(card) for card in range(NUM_CARDS)]
    assert len(set(names)) == 52
    assert all(parse_card(name) == card for card, name in enumerate(names))
    assert len(CardSet(FULL_DECK)) == 52
    assert CardSet.parse(" ".join(names)) == FULL_DECK
    assert {name[1] for name in names} == set("CDHS")
    assert {name[0] for name in names} == set("A23456789TJQK")


def test_R1_card_numbering() -> None:
    assert parse_card("AC") == 0
    assert parse_card("KC") == 12
    assert parse_card("AD") == 13
    assert parse_card("KS") == 51
    card = make_card(rank=6, suit=2)
    assert card_name(card) == "7H"
    assert (rank_of(card), suit_of(card)) == (6, 2)


@pytest.mark.parametrize("text", ["7H", "7h", "7♥", "7♡", " 7H "])
def test_R1_parse_seven_of_hearts(text: str) -> None:
    assert card_name(parse_card(text)) == "7H"


@pytest.mark.parametrize("text", ["TH", "th", "10H", "10h", "10♥", "Th"])
def test_R1_parse_ten_of_hearts(text: str) -> None:
    assert card_name(parse_card(text)) == "TH"


def test_R1_suit_symbols() -> None:
    assert parse_cards("A♣ 2♦ 3♥ 4♠") == parse_cards("AC 2D 3H 4S")


@pytest.mark.parametrize(
    "text", ["", "7", "H", "7X", "ZH", "11H", "0H", "H7", "7HH", "77", "10", "♥7", "T-H"]
)
def test_R1_malformed_card_raises_naming_it(text: str) -> None:
    with pytest.raises(CardError, match=re.escape(repr(text))):
        parse_card(text)


def test_R1_malformed_card_in_a_list_is_named() -> None:
    with pytest.raises(CardError, match="'3Q'"):
        parse_cards("AS 2S 3Q")
    with pytest.raises(CardError, match="'KX'"):
        parse_card_list(["AS", "KX"])


@pytest.mark.parametrize("text", ["7H 7H", "7H 7h", "7H 7♥", "AS 2S AS", "10D TD"])
def test_R1_duplicate_cards_raise(text: str) -> None:
    name = card_name(parse_card(text.split()[-1]))
    with pytest.raises(CardError, match=name):
        parse_cards(text)
    with pytest.raises(CardError, match=name):
        parse_card_list(text)


def test_card_errors_are_value_errors() -> None:
    assert issubclass(CardError, ValueError)


def test_R2_ace_is_rank_zero() -> None:
    assert rank_of(parse_card("AS")) == 0
    assert rank_of(parse_card("KS")) == 12


def test_R3_card_values() -> None:
    for card in range(NUM_CARDS):
        rank = rank_of(card)
        expected = 1 if rank == 0 else min(rank + 1, 10)
        assert card_value(card) == CARD_VALUES[card] == expected
    assert parse_cards("AC 2D 9H TS JC QD KH").value() == 1 + 2 + 9 + 10 + 10 + 10 + 10


def test_card_names_are_canonical() -> None:
    assert str(parse_cards("th 7♥ 10s as")) == "7H TH AS TS"
    assert parse_card_list("th 7♥ 10s") == [parse_card("TH"), parse_card("7H"), parse_card("TS")]
    with pytest.raises(CardError, match="52"):
        card_name(52)
    with pytest.raises(CardError):
        card_name(-1)


def test_cardset_behaves_as_a_set_and_an_int() -> None:
    hand = CardSet.parse("AS 2S 3S 7H")
    assert isinstance(hand, int)
    assert len(hand) == 4
    assert parse_card("2S") in hand and parse_card("2H") not in hand
    assert list(hand) == cards_of(hand) == sorted(hand)
    assert eval(repr(hand)) == hand  # the repr pastes back as code
    assert str(hand.add(parse_card("KD"))) == "KD 7H AS 2S 3S"
    assert hand.remove(parse_card("7H")) == CardSet.parse("AS 2S 3S")
    with pytest.raises(CardError, match="KD"):
        hand.remove(parse_card("KD"))
    assert isinstance(hand | 1, CardSet) and isinstance(hand - hand, CardSet)
    assert CardSet.of([0, 13]) == CardSet.parse("AC AD")
    with pytest.raises(CardError):
        CardSet(1 << 52)
    with pytest.raises(CardError):
        CardSet(-1)


def test_cardset_has_set_operators_on_both_sides() -> None:
    hand = CardSet.parse("AS 2S 3S 7H")
    spades = CardSet.parse("AS 2S 3S 4S")
    mask = int(spades)
    assert hand - spades == CardSet.parse("7H") and mask - hand == CardSet.parse("4S")
    for result in (mask | hand, mask & hand, mask ^ hand, mask - hand, ~hand):
        assert isinstance(result, CardSet)
    assert mask | hand == CardSet.parse("AS 2S 3S 4S 7H")
    assert mask & hand == CardSet.parse("AS 2S 3S")
    assert len(~hand) == 48 and not ~hand & hand


_ARITHMETIC: dict[str, Callable[[Any], object]] = {
    "+": lambda h: h + 1, "+ (int first)": lambda h: 1 + h, "*": lambda h: h * 2,
    "* (int first)": lambda h: 2 * h, "//": lambda h: h // 2, "/": lambda h: h / 2,
    "%": lambda h: h % 3, "**": lambda h: h ** 2, "unary -": lambda h: -h, "abs": abs,
    "sum": lambda h: sum([h, h]),
}


@pytest.mark.parametrize("name", sorted(_ARITHMETIC))
def test_cardset_refuses_arithmetic_that_is_no_set_operation(name: str) -> None:
    hand = CardSet.parse("AS 2S 3S 7H")
    with pytest.raises(TypeError, match="a CardSet has set operators only"):
        _ARITHMETIC[name](hand)

