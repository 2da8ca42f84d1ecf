"""The fast paths behind legal actions and the simple agent agree with brute force (R8-R10, R18).

Each discard's deadwood, the best discards among allowed cards and the melds
within a hand are checked against :mod:`tests.bruteforce`; a view built by
:func:`view_of` equals the same view built field by field.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.core import melds
from ginrummy.core.melds import MELD_ID
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import PlayerView, view_of
from tests import bruteforce as bf
from tests.core.test_hand_properties import play_random
from tests.core.test_melds_properties import hands


@settings(max_examples=300, deadline=None)
@given(hands(max_size=11))
def test_R10_deadwood_after_each_discard_matches_brute_force(hand: int) -> None:
    values = melds.deadwood_after_each_discard(hand)
    expected = bf.discard_values(hand)
    assert values == expected
    assert list(values) == bf.cards_in(hand)  # in increasing card order


@settings(max_examples=300, deadline=None)
@given(hands(min_size=1, max_size=11), st.data())
def test_R10_least_deadwood_discards_among_allowed_cards(hand: int, data: st.DataObject) -> None:
    allowed = bf.mask(data.draw(st.sets(st.sampled_from(bf.cards_in(hand)))))
    least, best = melds.least_deadwood_discards(hand, allowed)
    values = {c: v for c, v in bf.discard_values(hand).items() if allowed >> c & 1}
    if not values:
        assert (least, best) == (1 << 20, 0)
        return
    assert least == min(values.values())
    assert best == bf.mask(c for c, v in values.items() if v == least)


@settings(max_examples=300, deadline=None)
@given(hands(max_size=14))
def test_R8_R9_melds_within_lists_sets_by_rank_then_runs_by_suit_low_rank_length(
        hand: int) -> None:
    found = melds.melds_within(hand)
    assert sorted(found) == sorted(bf.melds_in(hand))
    sets = [m for m in found if melds.is_set(m)]
    runs = [m for m in found if melds.is_run(m)]
    assert found == sets + runs
    assert [MELD_ID[m] for m in sets] == sorted(MELD_ID[m] for m in sets)

    def run_order(run: int) -> tuple[int, int, int]:
        low = (run & -run).bit_length() - 1
        return low // 13, low % 13, run.bit_count()

    assert runs == sorted(runs, key=run_order)


def test_view_of_equals_the_view_built_field_by_field() -> None:
    names = [field.name for field in dataclasses.fields(PlayerView)]
    for number, preset in enumerate(sorted(PRESETS)):
        for seed in range(8):
            for state in play_random(Rules.preset(preset), seed=100 * number + seed).states:
                for seat in (0, 1):
                    view = view_of(state, seat)
                    assert type(view) is PlayerView and not hasattr(view, "__dict__")
                    assert view == PlayerView(**{name: getattr(view, name) for name in names})
