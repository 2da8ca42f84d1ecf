"""The expert agent: legal play in every preset, no peeking, its choices on readable hands."""

from __future__ import annotations

import random
import time

import pytest

from ginrummy.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    PASS,
    action_meld,
    action_name,
)
from ginrummy.agents.estimate import estimate_opponent, meld_chance
from ginrummy.agents.expert import ExpertAgent, ExpertParams
from ginrummy.agents.registry import make_agent
from ginrummy.agents.tracking import remember
from ginrummy.cards import cards_of, parse_card, parse_card_list, parse_cards
from ginrummy.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.rules import PRESETS, Rules
from ginrummy.views import view_of
from tests.test_agent_hidden_info import assert_decision_ignores_hidden

VARIANTS = [Rules.preset(name) for name in sorted(PRESETS)] + [
    Rules.preset("standard", name="eleven", eleven_card_deal=True),
    Rules.preset("standard", name="big_gin", big_gin=True),
    Rules.preset("standard", name="wall", fiftieth_card_action=True),
    Rules.preset("oklahoma", name="oklahoma_ace_gin", ace_upcard_gin_only=True),
]


def play_hand(state: HandState, agents: list[ExpertAgent | object]) -> HandState:
    moves = 0
    while not state.is_over:
        view = view_of(state, state.turn)
        action = agents[state.turn].choose(view)  # type: ignore[attr-defined]
        assert action in view.legal, f"{action_name(action)} is illegal in {state!r}"
        state = state.apply(action)
        moves += 1
        assert moves < 2000
    state.check_invariants()
    return state


@pytest.mark.parametrize("rules", VARIANTS, ids=[r.name for r in VARIANTS])
def test_expert_plays_every_preset_legally(rules: Rules) -> None:
    rng = random.Random(rules.name)
    outcomes: set[str] = set()
    for number in range(16):
        opponent = make_agent(("simple", "random", "expert")[number % 3], number)
        agents = [ExpertAgent(number), opponent]
        if number % 2:
            agents.reverse()
        final = play_hand(deal_hand(rules, number % 2, shuffled_deck(rng)), agents)
        assert final.result is not None
        outcomes.add(final.result.outcome)
    assert outcomes - {"void"}


@pytest.mark.parametrize("rules", ["standard", "oklahoma_online"])
def test_expert_decisions_ignore_hidden_cards(rules: str) -> None:
    compared = assert_decision_ignores_hidden(
        lambda seed: ExpertAgent(seed), rules=rules, hands=6, twins=2,
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


def test_expert_is_fast_enough() -> None:
    rules = Rules.preset("standard")
    rng = random.Random(12)
    times = []
    for number in range(6):
        agents = [ExpertAgent(number), make_agent("simple", number)]
        state = deal_hand(rules, number % 2, shuffled_deck(rng))
        while not state.is_over:
            view = view_of(state, state.turn)
            start = time.perf_counter()
            action = agents[state.turn].choose(view)
            if state.turn == 0:
                times.append(time.perf_counter() - start)
            state = state.apply(action)
    assert sum(times) / len(times) < 0.015  # about 2 ms on an idle core; the tests share one


# ---------------------------------------------------------------- readable positions


def position(
    ours: str,
    theirs: str,
    pile: str,
    *,
    phase: Phase,
    stock_size: int = 20,
    their_known: str = "",
    rules: Rules | None = None,
    taken: str | None = None,
    knock_discard: str | None = None,
) -> HandState:
    """A state with seat 0 to act: our cards, the opponent's, the pile (top last).

    Cards named nowhere fill the stock (``stock_size`` of them) and the bottom of the pile.
    """
    rules = rules or Rules.preset("standard")
    our_cards = parse_card_list(ours)
    their_cards = parse_card_list(theirs)
    pile_cards = parse_card_list(pile)
    named = set(our_cards) | set(their_cards) | set(pile_cards)
    hidden_discard = parse_card(knock_discard) if knock_discard else -1
    if hidden_discard >= 0:
        named.add(hidden_discard)
    rest = [c for c in range(52) if c not in named]
    stock = rest[len(rest) - stock_size:]
    pile_all = tuple(rest[: len(rest) - stock_size] + pile_cards)
    hands = (int(parse_cards(ours)), int(parse_cards(theirs)))
    deck = tuple(c for c in range(52) if c not in stock) + tuple(stock)
    state = HandState.from_fields(
        rules=rules, dealer=1, phase=phase, turn=0, deck=deck, stock_pos=52 - len(stock),
        hands=hands, pile=pile_all, upcard=pile_all[0] if pile_all else None,
        limit=rules.knock_limit_for(pile_all[0] if pile_all else None),
        known=(0, int(parse_cards(their_known)) if their_known else 0),
        taken=parse_card(taken) if taken else -1, passes=2, stock_only=False, idle_turns=0,
        pile_draws=0, returned=False, wall_take=False,
        knocker=0 if hidden_discard >= 0 else -1, knock_discard=hidden_discard, big_gin=False,
        melds=((), ()), laid_off=0, history=None, result=None,
    )
    state.check_invariants()
    return state


def test_expert_does_not_feed_the_run_the_opponent_is_collecting() -> None:
    # The opponent took 7H and 8H from the pile. 9H and 9C weigh the same and have the same
    # prospects for us (TH JH and TC JC 8C 7C are dead), but 9H completes its run.
    state = position(
        "AS 2S 3S 4D 5D 6D KC KD KS 9H 9C",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TH JH TC JC 8C 7C",
        phase=Phase.DISCARD, their_known="7H 8H",
    )
    view = view_of(state, 0)
    estimate = estimate_opponent(view, remember(view))
    assert meld_chance(parse_card("9H"), estimate.probability) > 0.9
    assert ExpertAgent(1).choose(view) == DISCARD_BASE + parse_card("9C")
    # Without the danger term the two are a toss-up; with it, never the dangerous one.
    for seed in range(5):
        assert ExpertAgent(seed).choose(view) != DISCARD_BASE + parse_card("9H")


def test_expert_sheds_an_unconnected_high_card() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D 7C 8C KH 2H 3H",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TH",
        phase=Phase.DISCARD,
    )
    assert ExpertAgent(0).choose(view_of(state, 0)) == DISCARD_BASE + parse_card("KH")


def test_R14_expert_knocks_with_low_deadwood_when_the_stock_is_short() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D KC KD KS 2H QH",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TH",
        phase=Phase.DISCARD, stock_size=4,
    )
    action = ExpertAgent(0).choose(view_of(state, 0))
    assert action == KNOCK_BASE + parse_card("QH")


def test_R16_expert_goes_gin_and_R17_takes_big_gin() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D 7D KC KD KS 9H",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TH",
        phase=Phase.DISCARD,
    )
    assert ExpertAgent(0).choose(view_of(state, 0)) == KNOCK_BASE + parse_card("9H")
    rules = Rules.preset("standard", big_gin=True)
    state = position(
        "AS 2S 3S 4S 4D 5D 6D KC KD KS KH",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TH",
        phase=Phase.DISCARD, rules=rules,
    )
    assert ExpertAgent(0).choose(view_of(state, 0)) == BIG_GIN


def test_expert_takes_the_discard_that_makes_gin() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D 7D KC KD 9H",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TC KS",
        phase=Phase.DRAW,
    )
    assert ExpertAgent(0).choose(view_of(state, 0)) == DRAW_DISCARD


def test_expert_refuses_a_useless_high_upcard() -> None:
    state = position(
        "AS 2S 3S 4D 5D 6D 7C 8C 2H 3H",
        "7H 8H 2C 3C 5S 6S JD QD QS 4H",
        "TH KD",
        phase=Phase.FIRST_UPCARD,
    )
    assert ExpertAgent(0).choose(view_of(state, 0)) == PASS


def _lay_out(state: HandState, agent: ExpertAgent) -> list[int]:
    melds = []
    while state.phase is Phase.KNOCKER_MELDS:
        action = agent.choose(view_of(state, 0))
        if action == DONE:
            break
        assert action >= MELD_BASE
        melds.append(action_meld(action))
        state = state.apply(action)
    return melds


def test_R20_expert_hides_a_run_end_the_defender_would_lay_off_on() -> None:
    # 2H-5H with 999: deadwood 4 (AC AD 2S). The defender is known to hold 6H 7H, which it
    # lays off on a shown 5H (8H is dead, so they are not a meld of its own). Keeping 5H
    # back costs 5 deadwood (9, still a knock) and saves 13.
    state = position(
        "2H 3H 4H 5H 9C 9D 9S AC AD 2S",
        "6H 7H 2C 3C 5S 6S JD QD QS 4D",
        "TH 8H",
        phase=Phase.KNOCKER_MELDS, their_known="6H 7H", knock_discard="KH",
    )
    melds = _lay_out(state, ExpertAgent(0))
    assert sorted(melds) == sorted([int(parse_cards("2H 3H 4H")), int(parse_cards("9C 9D 9S"))])


def test_R20_expert_shows_everything_when_nothing_can_be_laid_off() -> None:
    state = position(
        "2H 3H 4H 5H 9C 9D 9S AC AD 2S",
        "KH QH 2C 3C 5S 6S JD QD QS 4D",
        "6H 7H AH",
        phase=Phase.KNOCKER_MELDS, knock_discard="KS",
    )
    melds = _lay_out(state, ExpertAgent(0))
    assert sorted(melds) == sorted([int(parse_cards("2H 3H 4H 5H")), int(parse_cards("9C 9D 9S"))])


def test_R18_expert_lays_off_as_defender() -> None:
    rules = Rules.preset("standard")
    deck = shuffled_deck(random.Random(3))
    state = deal_hand(rules, 0, deck)
    agents = [ExpertAgent(1), make_agent("simple", 2)]
    seen_defence = 0
    for _ in range(30):
        state = deal_hand(rules, 0, shuffled_deck(random.Random(seen_defence + 100 + _)))
        while not state.is_over:
            view = view_of(state, state.turn)
            action = agents[state.turn].choose(view)
            if state.phase is Phase.DEFENDER and state.turn == 0:
                seen_defence += 1
                if LAYOFF_BASE <= action < MELD_BASE:
                    assert action in view.legal
            state = state.apply(action)
    assert seen_defence > 0


def test_params_are_validated_by_the_dataclass() -> None:
    with pytest.raises(TypeError):
        ExpertAgent(0, no_such_weight=1.0)
    assert ExpertAgent(0, danger_weight=0.0).params.danger_weight == 0.0
    assert ExpertParams().knock_samples > 0
    assert cards_of(0) == []
