"""Invariants of melds and deadwood, checked with Hypothesis (R8-R10, R18, R20)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.agents import batch_deadwood as batch
from ginrummy.core import melds
from ginrummy.core.cards import CARD_VALUES, SUIT_MASK, CardSet, cards_of
from tests import bruteforce as bf


def hands(min_size: int = 0, max_size: int = 11) -> st.SearchStrategy[int]:
    """Hands from the whole deck, or from a few adjacent ranks so that melds cross."""
    anywhere = st.sets(st.integers(0, 51), min_size=min_size, max_size=max_size)

    @st.composite
    def dense(draw: st.DrawFn) -> set[int]:
        width = draw(st.integers(3, 6))
        low = draw(st.integers(0, 13 - width))
        pool = [suit * 13 + rank for suit in range(4) for rank in range(low, low + width)]
        size = draw(st.integers(min_size, min(max_size, len(pool))))
        return set(draw(st.permutations(pool))[:size])

    return st.one_of(anywhere, dense()).map(bf.mask)


def union_of(shown: tuple[int, ...] | list[int]) -> int:
    used = 0
    for meld in shown:
        assert melds.is_meld(meld)
        assert not meld & used, "melds overlap"
        used |= meld
    return used


@settings(max_examples=400)
@given(hands())
def test_R10_best_arrangement_melds_are_disjoint_and_cover_the_hand(hand: int) -> None:
    best = melds.best_arrangement(hand)
    used = union_of(best.melds)
    assert used | best.unmatched == hand
    assert not used & best.unmatched
    assert best.deadwood == sum(CARD_VALUES[c] for c in cards_of(best.unmatched))
    assert best.deadwood == melds.min_deadwood(hand)


@settings(max_examples=400)
@given(hands())
def test_R10_deadwood_never_negative_nor_above_the_hand_value(hand: int) -> None:
    value = melds.deadwood(hand)
    assert 0 <= value <= CardSet(hand).value()
    assert melds.min_deadwood(hand) >= 0


@settings(max_examples=300)
@given(hands(min_size=11, max_size=11))
def test_R10_eleven_cards_take_the_best_discard(hand: int) -> None:
    after = [melds.deadwood(hand & ~(1 << card)) for card in cards_of(hand)]
    value = melds.deadwood(hand)
    assert all(value <= each for each in after)
    assert value == min(after)
    choice = melds.best_discards(hand)
    assert choice.deadwood == value
    assert sorted(choice.discards) == [c for c, v in zip(cards_of(hand), after, strict=True)
                                       if v == value]


@settings(max_examples=200)
@given(hands())
def test_R10_deadwood_ignores_which_suit_is_which(hand: int) -> None:
    rotated = 0
    for suit in range(4):
        rotated |= (hand >> (13 * suit) & SUIT_MASK) << (13 * ((suit + 1) % 4))
    assert melds.deadwood(rotated) == melds.deadwood(hand)


@settings(max_examples=100)
@given(st.lists(hands(), max_size=60))
def test_deadwood_many_matches_deadwood(many: list[int]) -> None:
    expected = [melds.deadwood(hand) for hand in many]
    assert batch.deadwood_many(many).tolist() == expected
    array = np.array(many, dtype=np.uint64)
    assert batch.deadwood_many(array).tolist() == expected
    assert batch.deadwood_many(array.astype(np.int64)).tolist() == expected


@settings(max_examples=150)
@given(hands(min_size=10, max_size=10))
def test_R20_arrangements_are_disjoint_melds_within_the_limit(hand: int) -> None:
    found = melds.arrangements(hand, 10)
    assert bool(found) == (melds.deadwood(hand) <= 10)
    for arrangement in found:
        assert union_of(arrangement.melds) | arrangement.unmatched == hand
        assert arrangement.deadwood <= 10


@settings(max_examples=200)
@given(hands(min_size=10, max_size=10), st.data())
def test_R18_best_defence_is_legal_and_never_worse(hand: int, data: st.DataObject) -> None:
    rest = [c for c in range(52) if not hand >> c & 1]
    knocker = bf.mask(data.draw(st.permutations(rest))[:10])
    options = melds.arrangements(knocker, 52 * 10)  # any arrangement the knocker could show
    shown = [int(m) for m in data.draw(st.sampled_from(options)).melds]
    defence = melds.best_defence(hand, shown)
    assert not defence.layoffs & ~hand  # R19: only the defender's own cards are laid off
    assert melds.LayoffTargets.of(shown).accepts(defence.layoffs)
    used = union_of(defence.melds)
    assert used | defence.layoffs | defence.unmatched == hand
    assert 0 <= defence.deadwood <= melds.min_deadwood(hand)
