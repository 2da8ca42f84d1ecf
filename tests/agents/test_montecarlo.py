"""The Monte Carlo agent, its play-out policy and the evaluation API for hints."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.evaluate import evaluate
from ginrummy.agents.montecarlo import MonteCarloAgent, SearchParams, action_values
from ginrummy.agents.playout import PlayoutAgent, playout
from ginrummy.agents.registry import make_agent
from ginrummy.agents.sampling import sample_state
from ginrummy.core import actions
from ginrummy.core.actions import DRAW_DISCARD, action_name
from ginrummy.core.cards import parse_card
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import view_of
from tests.agent_kit import (
    VARIANTS,
    Positions,
    play_hand,
)
from tests.agents.test_agent_hidden_info import assert_decision_ignores_hidden


def fast_mc(seed: int) -> MonteCarloAgent:
    return MonteCarloAgent(seed, samples=3)


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.name for r in VARIANTS])
def test_montecarlo_plays_every_preset_legally(rules: Rules) -> None:
    rng = random.Random(rules.name)
    for number in range(3):
        agents = [fast_mc(number), make_agent(("expert", "simple", "random")[number], number)]
        if number % 2:
            agents.reverse()
        final = play_hand(deal_hand(rules, number % 2, shuffled_deck(rng)), agents)
        assert final.result is not None


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_playouts_finish_every_preset(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for number in range(20):
        state = deal_hand(rules, number % 2, shuffled_deck(rng))
        value = playout(state, 0, rng)
        assert -400 <= value <= 400
    agents = [PlayoutAgent(1), make_agent("simple", 2)]
    play_hand(deal_hand(rules, 0, shuffled_deck(rng)), agents)


def test_montecarlo_decisions_ignore_hidden_cards() -> None:
    compared = assert_decision_ignores_hidden(
        lambda seed: MonteCarloAgent(seed, samples=2), hands=3, twins=1,
        opponent_factory=lambda seed: make_agent("simple", seed),
    )
    assert compared > 5


def test_fixed_samples_are_reproducible_and_counted() -> None:
    state = deal_hand(Rules.preset("standard"), 1, shuffled_deck(random.Random(6)))
    view = view_of(state, 0)
    params = SearchParams(samples=12)
    first = action_values(view, 5, params)
    second = action_values(view, 5, params)
    assert first == second
    assert {v.action for v in first} == set(view.legal)
    assert all(v.samples == 12 for v in first)
    assert [v.mean for v in first] == sorted((v.mean for v in first), reverse=True)
    with_base = action_values(view, 5, params, baseline=view.legal[0])
    base = next(v for v in with_base if v.action == view.legal[0])
    assert base.advantage == 0.0 and base.advantage_stderr == 0.0


class SteppingClock:
    """A stand-in for ``time.perf_counter``: every reading is ``step`` seconds later."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_search_stops_at_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    state = deal_hand(Rules.preset("standard"), 1, shuffled_deck(random.Random(7)))
    state = state.apply(state.legal_actions()[0])  # take: now a discard with many choices
    view = view_of(state, state.turn)
    monkeypatch.setattr("ginrummy.agents.montecarlo.time.perf_counter", SteppingClock(0.01))
    slow = action_values(view, 1, SearchParams(budget=0.5, min_samples=4))
    monkeypatch.setattr("ginrummy.agents.montecarlo.time.perf_counter", SteppingClock(10.0))
    spent = action_values(view, 1, SearchParams(budget=0.5, min_samples=4))
    assert {v.samples for v in spent} == {4}, "past the budget: only the minimum of worlds"
    assert 4 < max(v.samples for v in slow) < SearchParams().max_samples


def test_montecarlo_takes_gin_and_knocks_it() -> None:
    state = Positions.gin_draw()
    agent = MonteCarloAgent(0, samples=20)
    assert agent.choose(view_of(state, 0)) == DRAW_DISCARD
    state = state.apply(DRAW_DISCARD)
    assert agent.choose(view_of(state, 0)) == actions.knock(parse_card("9H"))


def test_montecarlo_keeps_the_expert_move_without_strong_evidence() -> None:
    state = Positions.high_card()
    agent = MonteCarloAgent(0, samples=2, confidence=100.0)
    assert agent.choose(view_of(state, 0)) == agent.expert.choose(view_of(state, 0))


def test_sampled_worlds_play_out_from_the_search_state() -> None:
    state = deal_hand(Rules.preset("oklahoma"), 0, shuffled_deck(random.Random(9)))
    view = view_of(state, state.turn)
    world = sample_state(view, random.Random(1), keep_history=False)
    assert isinstance(world, HandState)
    assert -400 <= playout(world, view.seat, random.Random(2)) <= 400


# ---------------------------------------------------------------- evaluation API


def test_evaluate_covers_every_legal_action_with_details() -> None:
    view = view_of(Positions.hearts_run(), 0)
    rows = evaluate(view, seed=1, samples=8)
    assert sorted(a for a, _, _ in rows) == sorted(view.legal)
    assert [v for _, v, _ in rows] == sorted((v for _, v, _ in rows), reverse=True)
    details = {a: d for a, _, d in rows}
    nine_hearts = details[actions.discard(parse_card("9H"))]
    assert nine_hearts["danger"] > 0.9
    assert sorted(nine_hearts["opponent_wants"]) == sorted([parse_card("7H"), parse_card("8H")])
    assert nine_hearts["deadwood_before"] == 9 and nine_hearts["deadwood_after"] == 9
    knock_9c = details[actions.knock(parse_card("9C"))]
    assert knock_9c["kind"] == "knock" and 0.0 <= knock_9c["undercut_risk"] <= 1.0
    assert sum(d["best"] for d in details.values()) == 1
    assert sum(d["expert_choice"] for d in details.values()) == 1
    assert evaluate(view, seed=1, samples=8) == rows


def test_evaluate_draw_layout_and_defence_phases() -> None:
    rows = evaluate(view_of(Positions.gin_draw(), 0), seed=2, samples=6)
    take = next(d for a, _, d in rows if a == DRAW_DISCARD)
    assert take["melds_made"] and take["deadwood_after"] == 0 and take["best"]
    knocker = Positions.layoff_bait()
    rows = evaluate(view_of(knocker, 0), seed=3)
    assert {a for a, _, _ in rows} == set(knocker.legal_actions())
    assert all(d["measure"] == "points" and d["undercut_risk"] is not None for _, _, d in rows)
    # Lay out, then the defender's moves are valued exactly.
    while knocker.phase is Phase.KNOCKER_MELDS:
        knocker = knocker.apply(make_agent("expert", 1).choose(view_of(knocker, 0)))
    defence = evaluate(view_of(knocker, 1), seed=4)
    assert {a for a, _, _ in defence} == set(knocker.legal_actions())
    best_action = defence[0][0]
    assert defence[0][2]["best"], action_name(best_action)
    assert evaluate(view_of(knocker, 0)) == []
