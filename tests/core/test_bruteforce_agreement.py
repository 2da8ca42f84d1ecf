"""The fast solvers (ginrummy.core.melds, ginrummy.agents.batch_deadwood) agree with bruteforce.py.

More than 100,000 hands in all, every one drawn from a seeded ``random.Random``
so a failure replays exactly:

========================================  ===========
random hands of 10 cards                   4 x 8,000
random hands of 11 cards                   4 x 6,000
meld-dense hands of 10 or 11 cards         4 x 6,000
random hands of 0 to 11 cards              1 x 4,000
knocker hands (deadwood <= 10, R20)        4 x 2,500
defender hands against knocker melds       4 x 2,500
========================================  ===========

The volume is split into several test functions so that pytest-xdist can
spread it over workers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import numpy as np
import pytest

import ginrummy
from ginrummy.agents import batch_deadwood as batch
from ginrummy.core import melds
from ginrummy.core.cards import CardSet
from tests import bruteforce as bf

CHUNKS = range(4)
DECK = range(52)


def describe(hand: int) -> str:
    return str(CardSet(hand))


def draw(rng: random.Random, pool: Sequence[int], count: int) -> int:
    return bf.mask(rng.sample(pool, count))


def assert_valid_melds(shown: Sequence[int], within: int) -> int:
    """``shown`` are disjoint melds (by definition) inside ``within``; return their union."""
    used = 0
    for meld in shown:
        assert bf.is_meld(bf.cards_in(meld)), describe(meld)
        assert meld & used == 0, describe(meld)
        assert meld & ~within == 0, describe(meld)
        used |= meld
    return used


def assert_valid_arrangement(hand: int, arrangement: melds.Arrangement) -> None:
    used = assert_valid_melds(arrangement.melds, hand)
    assert arrangement.unmatched == hand & ~used, describe(hand)
    assert arrangement.deadwood == bf.total_value(arrangement.unmatched)


def check_hand(hand: int) -> int:
    """Compare every single-hand question on a hand of at most 11 cards; return its deadwood."""
    size = hand.bit_count()
    expected = bf.deadwood(hand)
    kept = bf.min_deadwood(hand)
    text = describe(hand)
    assert melds.deadwood(hand) == expected, text
    assert melds.deadwood(CardSet(hand)) == expected, text
    assert melds.min_deadwood(hand) == kept, text
    best = melds.best_arrangement(hand)
    assert_valid_arrangement(hand, best)
    assert best.deadwood == kept, text
    if size == 11:
        assert melds.min_deadwood_after_discard(hand) == expected, text
        least, discards = bf.best_discards(hand)
        choice = melds.best_discards(hand)
        assert choice.deadwood == least, text
        assert sorted(choice.discards) == sorted(discards), text
        assert melds.is_big_gin(hand) == (kept == 0), text
    return expected


def check_batch(hands: list[int], expected: list[int]) -> None:
    want = np.array(expected, dtype=np.int64)
    assert np.array_equal(batch.deadwood_many(hands), want)
    assert np.array_equal(batch.deadwood_many(np.array(hands, dtype=np.uint64)), want)
    assert np.array_equal(ginrummy.deadwood_many([CardSet(h) for h in hands]), want)


def check_many(hands: list[int]) -> None:
    check_batch(hands, [check_hand(hand) for hand in hands])


@pytest.mark.parametrize("chunk", CHUNKS)
def test_random_10_card_hands(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    check_many([draw(rng, DECK, 10) for _ in range(8000)])


@pytest.mark.parametrize("chunk", CHUNKS)
def test_random_11_card_hands(chunk: int) -> None:
    rng = random.Random(1100 + chunk)
    check_many([draw(rng, DECK, 11) for _ in range(6000)])


def dense_hand(rng: random.Random) -> int:
    """10 or 11 cards from a few adjacent ranks in three or four suits, so sets and runs cross."""
    while True:
        width = rng.randint(3, 6)
        low = rng.randint(0, 13 - width)
        suits = rng.sample(range(4), rng.choice((3, 4, 4)))
        pool = [bf.card(r, s) for r in range(low, low + width) for s in suits]
        count = rng.choice((10, 11))
        if len(pool) >= count:
            return draw(rng, pool, count)


@pytest.mark.parametrize("chunk", CHUNKS)
def test_meld_dense_hands(chunk: int) -> None:
    rng = random.Random(1200 + chunk)
    check_many([dense_hand(rng) for _ in range(6000)])


def test_hands_of_every_size_up_to_11() -> None:
    rng = random.Random(1300)
    check_many([draw(rng, DECK, rng.randint(0, 11)) for _ in range(4000)])


def knocker_hand(rng: random.Random) -> int:
    """10 cards with deadwood at most 10 by the reference: a few random melds plus filler."""
    while True:
        if rng.random() < 0.3:
            hand = dense_hand(rng)
            if hand.bit_count() == 11:
                hand &= ~(1 << rng.choice(bf.cards_in(hand)))
        else:
            hand = 0
            for meld in rng.sample(bf.ALL_MELDS, rng.randint(1, 3)):
                if (hand | meld).bit_count() <= 10:
                    hand |= meld
            free = [c for c in DECK if not hand >> c & 1]
            hand |= draw(rng, free, 10 - hand.bit_count())
        if bf.min_deadwood(hand) <= 10:
            return hand


def arrangement_key(melds_shown: frozenset[int]) -> list[int]:
    return sorted(melds_shown)


def as_meld_sets(found: list[melds.Arrangement]) -> list[frozenset[int]]:
    return [frozenset(int(m) for m in arrangement.melds) for arrangement in found]


@pytest.mark.parametrize("chunk", CHUNKS)
def test_R20_knocker_arrangements_within_limit(chunk: int) -> None:
    rng = random.Random(1400 + chunk)
    for _ in range(2500):
        hand = knocker_hand(rng)
        expected = bf.arrangements(hand, 10)
        found = melds.arrangements(hand, 10)
        shown = as_meld_sets(found)
        assert len(shown) == len(set(shown)), f"duplicate arrangements of {describe(hand)}"
        assert set(shown) == expected, describe(hand)
        for arrangement in found:
            assert_valid_arrangement(hand, arrangement)
            assert arrangement.deadwood <= 10
        limit = rng.randint(0, 10)
        tighter = {key for key in expected if bf.total_value(hand & ~bf.union(key)) <= limit}
        found = melds.arrangements(hand, limit)
        assert set(as_meld_sets(found)) == tighter, (describe(hand), limit)


def defender_hand(rng: random.Random, knocker: int, shown: Sequence[int]) -> int:
    """10 cards outside the knocker's hand, often including cards that could be laid off."""
    free = [c for c in DECK if not knocker >> c & 1]
    if rng.random() < 0.3:
        return draw(rng, free, 10)
    near = []
    for c in free:
        for meld in shown:
            members = bf.cards_in(meld)
            if all(bf.rank(m) == bf.rank(c) for m in members) or (
                all(bf.suit(m) == bf.suit(c) for m in members)
                and min(abs(bf.rank(m) - bf.rank(c)) for m in members) <= 3
            ):
                near.append(c)
                break
    hand = draw(rng, near, rng.randint(0, min(7, len(near))))
    if rng.random() < 0.5:  # cards of the same ranks, so the defender's own sets compete
        ranks = {bf.rank(c) for c in bf.cards_in(hand)}
        kin = [c for c in free if bf.rank(c) in ranks and not hand >> c & 1]
        hand |= draw(rng, kin, min(len(kin), 10 - hand.bit_count(), rng.randint(0, 4)))
    rest = [c for c in free if not hand >> c & 1]
    return hand | draw(rng, rest, 10 - hand.bit_count())


def check_defence(defender: int, shown: list[int], slow_check: bool = False) -> None:
    text = f"defender {describe(defender)} against {[describe(m) for m in shown]}"
    legal = bf.legal_layoffs(defender, shown)
    expected = min(bf.min_deadwood(defender & ~laid) for laid in legal)

    targets = melds.LayoffTargets.of(shown)
    candidates = bf.cards_in(bf.possible_layoff_cards(defender, shown))
    groups = [
        bf.mask(group)
        for size in range(len(candidates) + 1)
        for group in combinations(candidates, size)
    ]
    assert {group for group in groups if targets.accepts(group)} == legal, text
    assert targets.reach(defender) & ~bf.possible_layoff_cards(defender, shown) == 0, text
    if slow_check:  # the reference's two definitions of a legal layoff agree
        assert {group for group in groups if bf.can_lay_off(shown, group)} == legal, text

    defence = melds.best_defence(defender, shown)
    assert defence.deadwood == expected, text
    assert defence.layoffs & ~defender == 0, text  # R19: only the defender's cards move
    assert targets.accepts(defence.layoffs), text
    assert bf.can_lay_off(shown, defence.layoffs), text
    used = assert_valid_melds(defence.melds, defender & ~defence.layoffs)
    assert defence.unmatched == defender & ~defence.layoffs & ~used, text

    gin = melds.best_defence(defender, shown, gin=True)  # R25: no layoffs against gin
    assert gin.layoffs == 0, text
    assert gin.deadwood == bf.min_deadwood(defender), text
    assert_valid_melds(gin.melds, defender)


@pytest.mark.parametrize("chunk", CHUNKS)
def test_R18_best_defence_against_knocker_melds(chunk: int) -> None:
    rng = random.Random(1500 + chunk)
    for index in range(2500):
        knocker = knocker_hand(rng)
        options = sorted(bf.arrangements(knocker, 10), key=arrangement_key)
        shown = sorted(rng.choice(options))
        check_defence(defender_hand(rng, knocker, shown), shown, slow_check=index % 25 == 0)


def test_reference_melds_match_a_search_over_every_subset() -> None:
    """Self-check of the reference: its meld list equals testing every subset of the hand."""
    rng = random.Random(1600)
    for _ in range(300):
        hand = dense_hand(rng) if rng.random() < 0.5 else draw(rng, DECK, 10)
        assert sorted(bf.melds_in(hand)) == sorted(bf.melds_in_by_subsets(hand)), describe(hand)
