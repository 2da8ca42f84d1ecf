"""The first expert (`expert_v1`): legal in every preset, no peeking, choices on readable hands."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.estimate import estimate_opponent, meld_chance
from ginrummy.agents.expert_v1 import ExpertParams, FirstExpertAgent
from ginrummy.agents.registry import make_agent
from ginrummy.agents.tracking import remember
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE, DRAW_DISCARD, PASS
from ginrummy.core.cards import cards_of, parse_card, parse_cards
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from tests.agent_kit import (
    THEIRS,
    VARIANTS,
    Positions,
    play_hand,
    position,
)
from tests.agents.test_agent_hidden_info import assert_decision_ignores_hidden


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.name for r in VARIANTS])
def test_expert_plays_every_preset_legally(rules: Rules) -> None:
    rng = random.Random(rules.name)
    outcomes: set[str] = set()
    for number in range(16):
        opponent = make_agent(("simple", "random", "expert")[number % 3], number)
        agents = [FirstExpertAgent(number), opponent]
        if number % 2:
            agents.reverse()
        final = play_hand(deal_hand(rules, number % 2, shuffled_deck(rng)), agents)
        assert final.result is not None
        outcomes.add(final.result.outcome)
    assert outcomes - {"void"}


@pytest.mark.parametrize("rules", ["standard", "oklahoma_online"])
def test_expert_decisions_ignore_hidden_cards(rules: str) -> None:
    compared = assert_decision_ignores_hidden(
        lambda seed: FirstExpertAgent(seed), rules=rules, hands=6, twins=2,
        opponent_factory=lambda seed: make_agent("simple", seed),
    )
    assert compared > 20


def test_same_seed_same_moves_and_registered() -> None:
    rules = Rules.preset("standard")
    deck = shuffled_deck(random.Random(4))
    finals = []
    for _ in range(2):
        agents = [make_agent("expert", 7), make_agent("expert", 8)]
        finals.append(play_hand(deal_hand(rules, 0, deck), agents).actions())
    assert finals[0] == finals[1]


# ---------------------------------------------------------------- readable positions


def test_expert_does_not_feed_the_run_the_opponent_is_collecting() -> None:
    state = Positions.hearts_run()  # 9H completes the opponent's run, 9C is as good for us
    view = view_of(state, 0)
    estimate = estimate_opponent(view, remember(view))
    assert meld_chance(parse_card("9H"), estimate.probability) > 0.9
    assert FirstExpertAgent(1).choose(view) == actions.discard(parse_card("9C"))
    # Without the danger term the two are a toss-up; with it, never the dangerous one.
    for seed in range(5):
        assert FirstExpertAgent(seed).choose(view) != actions.discard(parse_card("9H"))


def test_expert_sheds_an_unconnected_high_card() -> None:
    state = Positions.high_card()
    assert FirstExpertAgent(0).choose(view_of(state, 0)) == actions.discard(parse_card("KH"))


def test_R14_expert_knocks_with_low_deadwood_when_the_stock_is_short() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D KC KD KS 2H QH",
        THEIRS,
        "TH",
        phase=Phase.DISCARD, stock_size=4,
    )
    action = FirstExpertAgent(0).choose(view_of(state, 0))
    assert action == actions.knock(parse_card("QH"))


def test_R16_expert_goes_gin_and_R17_takes_big_gin() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D 7D KC KD KS 9H",
        THEIRS,
        "TH",
        phase=Phase.DISCARD,
    )
    assert FirstExpertAgent(0).choose(view_of(state, 0)) == actions.knock(parse_card("9H"))
    rules = Rules.preset("standard", big_gin=True)
    state = position(
        "AS 2S 3S 4S 4D 5D 6D KC KD KS KH",
        THEIRS,
        "TH",
        phase=Phase.DISCARD, rules=rules,
    )
    assert FirstExpertAgent(0).choose(view_of(state, 0)) == BIG_GIN


def test_expert_takes_the_discard_that_makes_gin() -> None:
    assert FirstExpertAgent(0).choose(view_of(Positions.gin_draw(), 0)) == DRAW_DISCARD


def test_expert_refuses_a_useless_high_upcard() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D 7C 8C 2H 3H",
        THEIRS,
        "TH KD",
        phase=Phase.FIRST_UPCARD,
    )
    assert FirstExpertAgent(0).choose(view_of(state, 0)) == PASS


def _lay_out(state: HandState, agent: FirstExpertAgent) -> list[int]:
    melds = []
    while state.phase is Phase.KNOCKER_MELDS:
        action = agent.choose(view_of(state, 0))
        if action == DONE:
            break
        assert actions.is_meld_action(action)
        melds.append(actions.action_meld(action))
        state = state.apply(action)
    return melds


def test_R20_expert_hides_a_run_end_the_defender_would_lay_off_on() -> None:
    # 2H-5H with 999: deadwood 4 (AC AD 2S). The defender is known to hold 6H 7H, which it
    # lays off on a shown 5H (8H is dead, so they are not a meld of its own). Keeping 5H
    # back costs 5 deadwood (9, still a knock) and saves 13.
    melds = _lay_out(Positions.layoff_bait(), FirstExpertAgent(0))
    assert sorted(melds) == sorted([int(parse_cards("2H 3H 4H")), int(parse_cards("9C 9D 9S"))])


def test_R20_expert_shows_everything_when_nothing_can_be_laid_off() -> None:
    state = position(
        "2H 3H 4H 5H 9C 9D 9S AC AD 2S",
        "KH QH 2C 3C 5S 6S JD QD QS 4D",
        "6H 7H AH",
        phase=Phase.KNOCKER_MELDS, knock_discard="KS",
    )
    melds = _lay_out(state, FirstExpertAgent(0))
    assert sorted(melds) == sorted([int(parse_cards("2H 3H 4H 5H")), int(parse_cards("9C 9D 9S"))])


def test_R18_expert_lays_off_as_defender() -> None:
    rules = Rules.preset("standard")
    deck = shuffled_deck(random.Random(3))
    state = deal_hand(rules, 0, deck)
    agents = [FirstExpertAgent(1), make_agent("simple", 2)]
    seen_defence = 0
    for _ in range(30):
        state = deal_hand(rules, 0, shuffled_deck(random.Random(seen_defence + 100 + _)))
        while not state.is_over:
            view = view_of(state, state.turn)
            action = agents[state.turn].choose(view)
            if state.phase is Phase.DEFENDER and state.turn == 0:
                seen_defence += 1
                if actions.is_layoff(action):
                    assert action in view.legal
            state = state.apply(action)
    assert seen_defence > 0


def test_params_are_validated_by_the_dataclass() -> None:
    with pytest.raises(TypeError):
        FirstExpertAgent(0, no_such_weight=1.0)
    assert FirstExpertAgent(0, danger_weight=0.0).params.danger_weight == 0.0
    assert ExpertParams().knock_samples > 0
    assert cards_of(0) == []
