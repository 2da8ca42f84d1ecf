"""The camper, the sparring partner written from the EAAI-2021 winner's description: it knocks
only early, then waits for gin or an undercut, and lays out the spread that leaves least to
lay off (R20)."""

from __future__ import annotations

import random

import pytest

from ginrummy.agents.camper import CamperAgent, helpers
from ginrummy.agents.registry import agent_names, make_agent
from ginrummy.core import actions
from ginrummy.core.actions import DONE
from ginrummy.core.cards import parse_card, parse_cards
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from tests.agent_kit import VARIANTS, play_hand, position

KNOCKABLE = "AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH"
"""Three melds; throwing KH leaves 2H: a knock with 2 deadwood, not gin."""
GIN = "AS 2S 3S 4D 5D 6D 7C 8C 9C TC KH"
"""Throwing KH is gin."""
THEIRS = "7H 8H 2C 3C 5S 6S JD QD QS 4H"


def _choice(ours: str, our_draws: int, stock_size: int = 20, **params: int) -> int:
    state = position(ours, THEIRS, "TH", phase=Phase.DISCARD, our_draws=our_draws,
                     stock_size=stock_size)
    return CamperAgent(0, **params).choose(view_of(state, 0))


def test_camper_is_registered() -> None:
    assert "camper" in agent_names()
    assert make_agent("camper", 1).name == "camper"


@pytest.mark.parametrize("turn", [1, 2, 3])
def test_R15_camper_knocks_in_its_first_three_turns(turn: int) -> None:
    assert _choice(KNOCKABLE, turn) == actions.knock(parse_card("KH"))


@pytest.mark.parametrize("turn", [4, 6, 9])
def test_R15_camper_holds_a_knockable_hand_after_its_third_turn(turn: int) -> None:
    assert _choice(KNOCKABLE, turn) == actions.discard(parse_card("KH"))


def test_R16_camper_goes_gin_whenever_it_can() -> None:
    assert _choice(GIN, 8) == actions.knock(parse_card("KH"))


def test_R15_camper_holds_out_for_gin_even_on_the_last_turn_before_a_void_hand() -> None:
    assert _choice(KNOCKABLE, 12, stock_size=3) == actions.discard(parse_card("KH"))


def test_R15_camper_asked_to_knock_on_the_last_turn_knocks_there() -> None:
    assert _choice(KNOCKABLE, 12, stock_size=3, last_turn_stock=3) \
        == actions.knock(parse_card("KH"))


@pytest.mark.parametrize("turn", [2, 3])
def test_R15_camper_with_fewer_early_turns_holds_a_knockable_hand_sooner(turn: int) -> None:
    assert _choice(KNOCKABLE, turn, early_turns=1) == actions.discard(parse_card("KH"))


def _lay_out(state: HandState) -> list[int]:
    melds = []
    while state.phase is Phase.KNOCKER_MELDS:
        action = CamperAgent(0).choose(view_of(state, 0))
        if action == DONE:
            break
        melds.append(actions.action_meld(action))
        state = state.apply(action)
    return melds


def test_R20_camper_keeps_back_a_run_end_that_invites_layoffs() -> None:
    # 2H-5H, 999, AC AD 2S (4 deadwood). 6H 7H 8H are unseen: a shown 5H lets the defender
    # lay off a run of hearts. Holding 5H back (9 deadwood) leaves only AH and 9H to lay off.
    state = position("2H 3H 4H 5H 9C 9D 9S AC AD 2S", "6H 7H 2C 3C 5S 6S JD QD QS 4D",
                     "TH", phase=Phase.KNOCKER_MELDS, knock_discard="KH")
    assert sorted(_lay_out(state)) == sorted([int(parse_cards("2H 3H 4H")),
                                              int(parse_cards("9C 9D 9S"))])


def test_R20_camper_shows_the_whole_run_when_its_end_is_dead() -> None:
    # The same hand, but 6H is on the pile: nothing more goes on 5H than on 4H.
    state = position("2H 3H 4H 5H 9C 9D 9S AC AD 2S", "KS QH 2C 3C 5S 6S JD QD QS 4D",
                     "6H TH", phase=Phase.KNOCKER_MELDS, knock_discard="KH")
    assert sorted(_lay_out(state)) == sorted([int(parse_cards("2H 3H 4H 5H")),
                                              int(parse_cards("9C 9D 9S"))])


def test_camper_counts_the_unseen_cards_that_would_meld_a_card() -> None:
    hand = parse_cards("7H 8H 7S KD")
    unseen = parse_cards("6H 9H 7C 7D 5H")
    # 7H: 6H or 9H closes 7H 8H; 7C or 7D makes 7H 7S a set.
    assert helpers(parse_card("7H"), int(hand), int(unseen)) == 4
    assert helpers(parse_card("KD"), int(hand), int(unseen)) == 0


def test_camper_throws_the_card_the_opponent_is_not_collecting() -> None:
    # 9H and 9C leave the same deadwood; the opponent took 7H and 8H, so 9H would feed it.
    state = position("AS 2S 3S 4D 5D 6D KC KD KS 9H 9C", "7H 8H 2C 3C 5S 6S JD QD QS 4H",
                     "TH JH TC JC 8C 7C", phase=Phase.DISCARD, their_known="7H 8H",
                     our_draws=5)
    assert CamperAgent(0).choose(view_of(state, 0)) == actions.discard(parse_card("9C"))


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.name for r in VARIANTS])
def test_camper_plays_every_preset_legally(rules: Rules) -> None:
    rng = random.Random(rules.name)
    for number in range(12):
        agents = [CamperAgent(number), make_agent(("simple", "camper", "greedy")[number % 3])]
        if number % 2:
            agents.reverse()
        final = play_hand(deal_hand(rules, number % 2, shuffled_deck(rng)), agents)
        assert final.result is not None
