"""The expert (``expert``): the first expert (``expert_v1``) plus a model of the opponent's
style and a fitted knock-or-wait value; it still sees only its seat's view."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents import compiled, knock_fit
from ginrummy.agents.expert import (
    KNOCK_FEATURES,
    OpponentStyle,
    StyleExpertAgent,
    knock_features,
)
from ginrummy.agents.expert_v1 import Context, ExpertParams, FirstExpertAgent
from ginrummy.agents.registry import agent_names, make_agent
from ginrummy.core import actions
from ginrummy.core.cards import parse_card
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from tests.agent_kit import play_hand, position
from tests.agents.test_agent_hidden_info import assert_decision_ignores_hidden


def test_expert_and_expert_v1_are_registered() -> None:
    assert {"expert", "expert_v1", "camper"} <= set(agent_names())
    expert = make_agent("expert", 1)
    assert isinstance(expert, StyleExpertAgent) and expert.name == "expert"
    first = make_agent("expert_v1", 1)
    assert type(first) is FirstExpertAgent and first.name == "expert_v1"
    assert first.params == ExpertParams()


def test_the_expert_chases_gin_and_guards_its_discards_more_than_the_first_expert() -> None:
    expert = make_agent("expert", 1)
    assert isinstance(expert, StyleExpertAgent)
    assert expert.gin_weight > 0
    assert expert.params.danger_weight > ExpertParams().danger_weight
    assert StyleExpertAgent(1, gin_weight=0.0, danger_weight=6.0).params == ExpertParams()


def test_expert_v1_plays_as_the_first_expert_did() -> None:
    rules = Rules.preset("standard")
    deck = shuffled_deck(random.Random(11))
    by_registry = play_hand(deal_hand(rules, 0, deck), [make_agent("expert_v1", 3),
                                                       make_agent("simple", 4)])
    by_class = play_hand(deal_hand(rules, 0, deck), [FirstExpertAgent(3), make_agent("simple", 4)])
    assert by_registry.actions() == by_class.actions()


def test_expert_decisions_ignore_hidden_cards() -> None:
    compared = assert_decision_ignores_hidden(
        lambda seed: make_agent("expert", seed), rules="standard", hands=6, twins=2,
        opponent_factory=lambda seed: make_agent("camper", seed),
    )
    assert compared > 20


def _defending_view_after_knock(our_draws: int, ours: str) -> HandState:
    """Seat 0 knocks with KH (or goes gin) after ``our_draws`` turns; seat 1 is to defend."""
    state = position(ours, "7H 8H 2C 3C 5S 6S JD QD QS 4H", "TH", phase=Phase.DISCARD,
                     our_draws=our_draws)
    state = state.apply(actions.knock(parse_card("KH")))
    while state.phase is Phase.KNOCKER_MELDS:
        state = state.apply(make_agent("simple", 0).choose(view_of(state, 0)))
    assert state.phase is Phase.DEFENDER
    return state


def test_a_late_knock_makes_the_opponent_look_eager() -> None:
    style = OpponentStyle()
    view = view_of(_defending_view_after_knock(7, "AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH"), 1)
    style.observe(view)
    style.observe(view)  # the same knock seen twice counts once
    assert style.counts == {"early": 0, "late": 1, "gin": 0}
    assert style.camper_chance() < knock_fit.STYLE_PRIOR["camper"]


def test_a_gin_makes_the_opponent_look_like_a_camper() -> None:
    style = OpponentStyle()
    style.observe(view_of(_defending_view_after_knock(7, "AS 2S 3S 4D 5D 6D 7C 8C 9C TC KH"), 1))
    assert style.counts == {"early": 0, "late": 0, "gin": 1}
    assert style.camper_chance() > knock_fit.STYLE_PRIOR["camper"]


def test_the_expert_learns_the_style_from_the_views_it_defends() -> None:
    expert = StyleExpertAgent(0)
    state = _defending_view_after_knock(7, "AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH")
    expert.choose(view_of(state, 1))
    assert expert.style.counts["late"] == 1


def test_R24_expert_knocks_early_against_a_quick_knocker_but_waits_against_a_camper() -> None:
    # Its second turn, 28 cards in the stock: 8S-JS and 4D-6D, 9 deadwood after KH. A player
    # that knocks when it can seldom holds less yet; a camper may be waiting to undercut.
    # (The fitted model alone, without its search: a refit of knock_fit may move this position.)
    state = position("8S 9S TS JS 4D 5D 6D 5H 3C AC KH", "7H 8H 2D 3D 5S 6S JD QD QS 4H",
                     "TH", phase=Phase.DISCARD, our_draws=2, stock_size=28)
    view = view_of(state, 0)
    knock = actions.knock(parse_card("KH"))
    assert StyleExpertAgent(0, camper_chance=0.0, knock_search=0).choose(view) == knock
    assert StyleExpertAgent(0, camper_chance=1.0, knock_search=0).choose(view) \
        == actions.discard(parse_card("KH"))


def test_the_expert_loads_the_compiled_lookahead_and_plays_the_same_moves() -> None:
    pytest.importorskip("numba")
    rules = Rules.preset("standard")
    moves = []
    for on in (False, True):
        compiled.use_kernels(on)
        try:
            agents = [make_agent("expert", 5), make_agent("expert_v1", 6)]
            assert (compiled.loaded_kernels() is not None) is on
            deck = shuffled_deck(random.Random(21))
            moves.append(play_hand(deal_hand(rules, 1, deck), agents).actions())
        finally:
            compiled.use_kernels(True)
    assert moves[0] == moves[1]


def test_the_expert_keeps_as_many_low_unknocked_samples_as_the_style_passes_up_knocks() -> None:
    state = position("8S 9S TS JS 4D 5D 6D 5H 3C AC KH", "7H 8H 2D 3D 5S 6S JD QD QS 4H",
                     "TH", phase=Phase.DISCARD, our_draws=2, stock_size=28)
    for style, keep in knock_fit.UNKNOCKED_KEEP.items():
        expert = StyleExpertAgent(0, style=style)
        expert.choose(view_of(state, 0))
        assert expert.params.unknocked_keep == keep
    assert knock_fit.UNKNOCKED_KEEP["eager"] < knock_fit.UNKNOCKED_KEEP["camper"]


def test_the_knock_model_reads_as_many_features_as_it_was_fitted_on() -> None:
    state = position("8S 9S TS JS 4D 5D 6D 5H 3C AC KH", "7H 8H 2D 3D 5S 6S JD QD QS 4H",
                     "TH", phase=Phase.DISCARD, our_draws=2, stock_size=28)
    view = view_of(state, 0)
    expert = StyleExpertAgent(0)
    ctx = Context(view, expert.params)
    best = expert._best_knock(view, ctx, view.hand)
    assert best is not None
    card, value, samples = best
    kept = view.hand & ~(1 << card)
    used = knock_features(view, ctx, kept, value, samples, expert.params)
    every = knock_features(view, ctx, kept, value, samples, expert.params, every=True)
    assert len(used) == len(knock_fit.FEATURES) and len(every) == len(KNOCK_FEATURES)
    assert every[:len(used)] == used
    assert all(len(c) == len(knock_fit.FEATURES) for c in knock_fit.COEFFICIENTS.values())
