"""Melds, deadwood, arrangements and layoffs, rule by rule (R2, R3, R8-R10, R16-R20, R25)."""

from __future__ import annotations

import pytest

from ginrummy.core.cards import CARD_VALUES, CardError, CardSet, parse_card, parse_cards
from ginrummy.core.melds import (
    ALL_MELDS,
    MELD_ID,
    HandSizeError,
    LayoffTargets,
    MeldError,
    arrangements,
    best_arrangement,
    best_defence,
    best_discards,
    check_melds,
    deadwood,
    is_big_gin,
    is_meld,
    is_run,
    is_set,
    melds_within,
    min_deadwood,
    min_deadwood_after_discard,
)
from tests import bruteforce as bf


def cards(text: str) -> CardSet:
    return parse_cards(text)


def meld_sets(found: list) -> set[frozenset[int]]:
    return {frozenset(int(m) for m in arrangement.melds) for arrangement in found}


def melds_of(*texts: str) -> frozenset[int]:
    return frozenset(int(cards(text)) for text in texts)


# ---------------------------------------------------------------- R2, R3


def test_R2_ace_low_no_wrap() -> None:
    assert is_run(cards("AS 2S 3S"))
    assert is_run(cards("JH QH KH"))
    assert not is_run(cards("QS KS AS"))
    assert not is_run(cards("KS AS 2S"))
    assert deadwood(cards("QS KS AS")) == 21
    assert deadwood(cards("KD AD 2D")) == 13
    assert cards("QC KC AC") not in melds_within(cards("QC KC AC JC"))
    assert melds_within(cards("KS AS 2S 3S")) == [cards("AS 2S 3S")]


def test_R3_card_values() -> None:
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "T": 10, "J": 10, "Q": 10, "K": 10}
    for suit in "CDHS":
        for rank, points in expected.items():
            assert CARD_VALUES[parse_card(rank + suit)] == points
    assert deadwood(cards("AS 2D 3H 4C 5S 6D 7H 8C 9S TD")) == 55
    assert deadwood(cards("JC QD KH")) == 30
    assert cards("AS KD").value() == 11


# ---------------------------------------------------------------- R8, R9


def test_R8_sets_of_three_or_four() -> None:
    assert is_set(cards("7C 7D 7H"))
    assert is_set(cards("7C 7D 7H 7S"))
    assert not is_set(cards("7C 7D"))
    assert not is_set(cards("7C 7D 8H"))
    assert deadwood(cards("7C 7D 7H 7S")) == 0
    assert deadwood(cards("7C 7D")) == 14
    assert sorted(melds_within(cards("KC KD KH KS"))) == sorted(
        cards(t) for t in ("KC KD KH", "KC KD KS", "KC KH KS", "KD KH KS", "KC KD KH KS")
    )


def test_R9_runs() -> None:
    assert is_run(cards("4H 5H 6H"))
    assert is_run(cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"))
    assert not is_run(cards("4H 5H 6D"))
    assert not is_run(cards("4H 5H 7H"))
    assert not is_run(cards("4H 5H"))
    assert is_meld(cards("9D TD JD QD"))
    assert not is_meld(cards("9D TD JD QD 5S"))
    assert deadwood(cards("9D TD JD QD")) == 0
    assert deadwood(cards("9D TD QD KD")) == 39


def test_R8_R9_every_meld_has_an_id_and_matches_the_definitions() -> None:
    assert len(ALL_MELDS) == len(set(ALL_MELDS)) == len(bf.ALL_MELDS) == 329
    assert set(ALL_MELDS) == set(bf.ALL_MELDS)
    assert all(MELD_ID[meld] == index for index, meld in enumerate(ALL_MELDS))
    for hand in ("AS 2S 3S 4S 7H 7D 7C 9C TC JC", "6S 6H 6D 7S 7C 7D 7H 8S 5S 3D 2H"):
        assert sorted(melds_within(cards(hand))) == sorted(bf.melds_in(cards(hand)))


# ---------------------------------------------------------------- R10


def test_R10_best_arrangement_minimises_deadwood() -> None:
    # The four sevens as a set would leave 8H 9H; a set of three and a run leave nothing.
    hand = cards("7C 7D 7H 7S 8H 9H KD")
    best = best_arrangement(hand)
    assert best.deadwood == 10
    assert set(best.melds) == {cards("7C 7D 7S"), cards("7H 8H 9H")}
    assert best.unmatched == cards("KD")
    assert min_deadwood(hand) == 10


def test_R10_a_card_belongs_to_one_meld() -> None:
    # 7H could join the set or the run, not both.
    hand = cards("7C 7D 7H 8H 9H")
    assert deadwood(hand) == 14
    best = best_arrangement(hand)
    assert check_melds(best.melds, hand) | best.unmatched == hand
    with pytest.raises(MeldError, match="overlap"):
        check_melds([cards("7C 7D 7H"), cards("7H 8H 9H")], hand)


def test_R10_example_hand() -> None:
    hand = cards("AS 2S 3S 7H 7D 7C 9C TC JC KD")
    assert deadwood(hand) == 10
    assert best_arrangement(hand).unmatched == cards("KD")


def test_R10_eleven_cards_count_after_the_best_discard() -> None:
    hand = cards("AS 2S 3S 7H 7D 7C 9C TC JC KD 4D")
    assert deadwood(hand) == min_deadwood_after_discard(hand) == 4
    assert min_deadwood(hand) == 14
    choice = best_discards(hand)
    assert (choice.deadwood, choice.discards) == (4, (parse_card("KD"),))


def test_R10_meld_dense_eleven_cards() -> None:
    hand = cards("6S 6H 6D 7S 7C 7D 7H 8S 5S 3D 2H")
    assert deadwood(hand) == 10
    assert bf.deadwood(hand) == 10
    choice = best_discards(hand)
    assert choice.deadwood == 10
    assert choice.discards == (parse_card("8S"),)
    rest = best_arrangement(hand - cards("8S"))
    assert rest.unmatched == cards("5S 3D 2H")


def test_R10_ties_list_every_best_discard() -> None:
    choice = best_discards(cards("AS 2S 3S 7H 7D 7C 9C TC JC KD QH"))
    assert choice.deadwood == 10
    assert sorted(choice.discards) == sorted(cards("KD QH"))


def test_R10_deadwood_refuses_twelve_or_more_cards() -> None:
    twelve = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS")
    with pytest.raises(HandSizeError, match="12"):
        deadwood(twelve)
    with pytest.raises(CardError):
        deadwood(twelve | cards("KS"))
    with pytest.raises(HandSizeError):
        best_discards(cards("AS 2S 3S"))
    assert min_deadwood(twelve) == 0  # all cards kept: any count is allowed


def test_R10_deadwood_refuses_bits_beyond_the_deck() -> None:
    # Ten real cards plus bit 52 once counted as 11 cards and "discarded" the phantom: 0.
    hand = int(cards("AS 2S 3S 7H 7D 7C 9C TC JC KD"))
    for bad in (hand | 1 << 52, hand | 1 << 60, -hand):
        with pytest.raises(HandSizeError, match="52"):
            deadwood(bad)


# ---------------------------------------------------------------- R16, R17


def test_R16_gin_detection() -> None:
    assert deadwood(cards("AS 2S 3S 4S 7H 7D 7C 9C TC JC")) == 0
    eleven = cards("AS 2S 3S 4S 7H 7D 7C 9C TC JC KH")
    assert deadwood(eleven) == 0
    assert best_discards(eleven).discards == (parse_card("KH"),)
    assert not is_big_gin(eleven)
    assert deadwood(cards("AS 2S 3S 4S 7H 7D 7C 9C TC QC")) == 29


def test_R17_big_gin_detection() -> None:
    assert is_big_gin(cards("AS 2S 3S 4S 5H 5D 5C 9D 9C 9H 9S"))
    assert is_big_gin(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"))
    assert is_big_gin(cards("5C 5D 5H 5S 6S 7S 8S 6H 6D 6C KH")) is False
    assert is_big_gin(cards("5C 5D 5H 5S 6S 7S 6H 6D 6C 7H 7D"))
    assert not is_big_gin(cards("AS 2S 3S 4S 5H 5D 5C 9D 9C 9H"))  # ten cards: plain gin


# ---------------------------------------------------------------- R18, R19, R25


def test_R18_layoffs_extend_runs_card_by_card() -> None:
    run = [cards("5H 6H 7H")]
    targets = LayoffTargets.of(run)
    assert targets.accepts(cards("8H"))
    assert targets.accepts(cards("4H 8H"))
    assert not targets.accepts(cards("9H"))  # needs 8H first
    assert targets.accepts(cards("8H 9H TH"))
    assert targets.accepts(cards("AH 2H 3H 4H"))
    assert not targets.accepts(cards("8H TH"))
    defender = cards("8H 9H 3H KC KD 2C 4S 6D 9S JS")
    defence = best_defence(defender, run)
    assert defence.layoffs == cards("8H 9H")  # 3H stays: it would need 4H
    assert defence.deadwood == bf.best_defence(defender, run) == 54
    assert bf.can_lay_off(run, cards("8H 9H")) and not bf.can_lay_off(run, cards("9H"))


def test_R18_layoff_fourth_card_on_set() -> None:
    targets = LayoffTargets.of([cards("7C 7D 7H")])
    assert targets.accepts(cards("7S"))
    assert not targets.accepts(cards("8S"))
    assert not LayoffTargets.of([cards("7C 7D 7H 7S")]).accepts(cards("7S"))
    defender = cards("7S AD 2H 3C 4D 5H 6C 8D 9H TC")
    defence = best_defence(defender, [cards("7C 7D 7H")])
    assert defence.layoffs == cards("7S")
    assert defence.deadwood == cards("AD 2H 3C 4D 5H 6C 8D 9H TC").value()


def test_R18_card_fitting_a_set_and_a_run_goes_where_it_helps() -> None:
    shown = [cards("7C 7D 7H"), cards("8S 9S TS")]
    assert LayoffTargets.of(shown).accepts(cards("7S 6S"))  # 7S on the run, then 6S
    assert bf.can_lay_off(shown, cards("7S 6S"))


def test_R18_defender_chooses_melds_and_layoffs_jointly() -> None:
    # Alone, the defender's best is the four eights, leaving 9S. Against the run
    # 5S 6S 7S it keeps three eights and lays off 8S then 9S.
    shown = [cards("5S 6S 7S"), cards("JD QD KD")]
    defender = cards("8C 8D 8H 8S 9S AC 2C 3C KH QH")
    assert best_arrangement(defender).unmatched == cards("9S KH QH")
    defence = best_defence(defender, shown)
    assert defence.layoffs == cards("8S 9S")
    assert set(defence.melds) == {cards("8C 8D 8H"), cards("AC 2C 3C")}
    assert defence.deadwood == 20
    assert bf.best_defence(defender, shown) == 20


def test_R19_knocker_never_lays_off() -> None:
    # Only the defender's cards move: the knocker's deadwood 8D would fit the
    # defender's diamonds, but best_defence never places it.
    knocker = cards("AS 2S 3S 4H 5H 6H JC QC KC 8D")
    shown = [cards("AS 2S 3S"), cards("4H 5H 6H"), cards("JC QC KC")]
    defender = cards("5D 6D 7D 4S 7H 9C 9H 2D KS TH")
    defence = best_defence(defender, shown)
    assert defence.layoffs <= defender and defence.layoffs == cards("4S 7H")
    everything = defence.layoffs | defence.unmatched
    for meld in defence.melds:
        everything |= meld
    assert everything == defender
    assert not everything & knocker


def test_R25_no_layoffs_against_gin() -> None:
    shown = [cards("5S 6S 7S"), cards("JD QD KD")]
    defender = cards("8S 9S 2C 3C 4C AD 7H 7C 7D 5H")
    gin = best_defence(defender, shown, gin=True)
    assert gin.layoffs == 0
    assert gin.deadwood == 23
    assert best_defence(defender, shown).deadwood == 6


def test_R18_layoff_targets_refuse_non_melds() -> None:
    with pytest.raises(MeldError):
        LayoffTargets.of([cards("5S 6S 8S")])


# ---------------------------------------------------------------- R20


def test_R20_all_arrangements_within_limit() -> None:
    hand = cards("AS 2S 3S 4S 7H 7D 7C 7S 5D 2C")
    found = arrangements(hand, 10)
    assert meld_sets(found) == {
        melds_of("AS 2S 3S 4S", "7H 7D 7C 7S"),
        melds_of("2S 3S 4S", "7H 7D 7C 7S"),  # leaves the meldable AS out
    }
    assert meld_sets(found) == bf.arrangements(hand, 10)
    assert sorted(a.deadwood for a in found) == [7, 8]
    assert meld_sets(arrangements(hand, 7)) == {melds_of("AS 2S 3S 4S", "7H 7D 7C 7S")}
    assert arrangements(hand, 6) == []


def test_R20_arrangements_include_splits_of_long_runs() -> None:
    hand = cards("AH 2H 3H 4H 5H 6H 9C 9D 9S KD")
    found = meld_sets(arrangements(hand, 10))
    assert melds_of("AH 2H 3H", "4H 5H 6H", "9C 9D 9S") in found
    assert melds_of("AH 2H 3H 4H 5H 6H", "9C 9D 9S") in found
    assert found == bf.arrangements(hand, 10)
    assert len(found) == len(arrangements(hand, 10))
