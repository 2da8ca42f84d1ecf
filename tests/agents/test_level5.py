"""Level 5: the Monte Carlo search built on the expert (``expert``, the style expert); the
registered ``montecarlo`` still builds on the first expert (``expert_v1``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ginrummy.agents.expert import KNOCK_SEARCH, StyleExpertAgent
from ginrummy.agents.expert_v1 import Context, FirstExpertAgent
from ginrummy.agents.levels import make_level
from ginrummy.agents.montecarlo import MonteCarloAgent, SearchParams, candidates
from ginrummy.agents.registry import make_agent
from ginrummy.core import actions
from ginrummy.core.hand import Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of
from tests.agent_kit import VARIANTS, play_hand


def _level5(seed: int, **params: object) -> MonteCarloAgent:
    agent = make_level(5, seed, **params)
    assert isinstance(agent, MonteCarloAgent)
    return agent


def _discard_views(hands: int, seed: int) -> list[PlayerView]:
    """Views of seat 0 choosing a discard, from hands two experts play."""
    rng = random.Random(seed)
    out = []
    for number in range(hands):
        state = deal_hand(Rules.preset("standard"), number % 2, shuffled_deck(rng))
        players = [StyleExpertAgent(number), StyleExpertAgent(number + 1)]
        while not state.is_over:
            view = view_of(state, state.turn)
            if state.turn == 0 and view.phase is Phase.DISCARD:
                out.append(view)
            state = state.apply(players[state.turn].choose(view))
    return out


def test_level5_builds_on_the_expert_and_montecarlo_on_the_first_expert() -> None:
    base = _level5(0).expert
    assert isinstance(base, StyleExpertAgent)
    assert base.knock_search == KNOCK_SEARCH, "the expert as registered, its knock search too"
    plain = make_agent("montecarlo", 0)
    assert isinstance(plain, MonteCarloAgent) and type(plain.expert) is FirstExpertAgent


def test_montecarlo_refuses_an_expert_it_cannot_build_on() -> None:
    with pytest.raises(ValueError, match="builds on one of"):
        MonteCarloAgent(0, base="camper")


@pytest.mark.parametrize(("changes", "named"), [
    ({"samples": 0}, "samples must be a whole number of at least 1, got 0"),
    ({"samples": -3}, "samples must be a whole number of at least 1, got -3"),
    ({"budget": 0, "min_samples": 0}, "min_samples must be at least 1, got 0"),
])
def test_montecarlo_refuses_a_search_of_no_worlds_by_name(changes: dict[str, Any],
                                                           named: str) -> None:
    with pytest.raises(ValueError, match=named):
        MonteCarloAgent(0, **changes)


def test_level5_keeps_the_expert_move_without_strong_evidence() -> None:
    rules = Rules.preset("standard")
    rng = random.Random(21)
    differs_from_first_expert = 0
    for number in range(4):
        master = _level5(number, samples=2, confidence=1e9, min_gain=1e9)
        twin = StyleExpertAgent(number)
        state = deal_hand(rules, number % 2, shuffled_deck(rng))
        opponent = make_agent("expert_v1", number + 7)
        while not state.is_over:
            view = view_of(state, state.turn)
            if state.turn == 1:
                state = state.apply(opponent.choose(view))
                continue
            move = master.choose(view)
            assert move == twin.choose(view)
            differs_from_first_expert += move != FirstExpertAgent(number).choose(view)
            state = state.apply(move)
    assert differs_from_first_expert > 0, "the new expert's moves, not the first expert's"


def test_level5_searches_the_expert_discard_first() -> None:
    searched = 0
    for view in _discard_views(3, 22):
        expert = StyleExpertAgent(5)
        move = expert.choose(view)
        if not actions.is_discard(move) or actions.knock_cards(view.legal):
            continue
        tried = candidates(view, Context(view, expert.params), expert, SearchParams())
        assert tried[0] == move
        searched += 1
    assert searched > 10


def test_level5_plays_the_same_moves_for_the_same_seed() -> None:
    deck = shuffled_deck(random.Random(23))
    rules = Rules.preset("standard")
    games = [play_hand(deal_hand(rules, 0, deck), [_level5(3, samples=6),
                                                   make_agent("expert", 4)])
             for _ in range(2)]
    assert games[0].actions() == games[1].actions()


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.name for r in VARIANTS])
def test_level5_plays_every_variant_legally(rules: Rules) -> None:
    rng = random.Random(rules.name)
    for number in range(2):
        agents = [_level5(number, samples=2),
                  make_agent(("random", "expert")[number], number)]
        if number % 2:
            agents.reverse()
        final = play_hand(deal_hand(rules, number % 2, shuffled_deck(rng)), agents)
        assert final.result is not None


def test_level5_expert_follows_every_view_forced_moves_included(
        monkeypatch: pytest.MonkeyPatch) -> None:
    master = _level5(1, samples=2)
    seen: list[PlayerView] = []
    follow = master.expert.observe
    monkeypatch.setattr(master.expert, "observe",
                        lambda view: (seen.append(view), follow(view))[-1])
    given: list[PlayerView] = []

    class Recording:
        name = "recording"

        def choose(self, view: PlayerView) -> actions.Action:
            given.append(view)
            return master.choose(view)

    for number in range(3):
        state = deal_hand(Rules.preset("standard"), number % 2,
                          shuffled_deck(random.Random(number)))
        play_hand(state, [Recording(), make_agent("simple", number)])
    assert all(any(observed is view for observed in seen) for view in given)
    assert any(len(view.legal) == 1 for view in given)
