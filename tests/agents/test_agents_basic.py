"""Every registered agent plays every preset legally; the simple and greedy players' rules.

The legality sweep plays over 10,000 hands in all, every move through
:meth:`HandState.apply` (which refuses an illegal action), under every preset
and with eleven-card deals, big gin and the wall of R22 switched on: the
fast agents 290 hands per variation each, the expert, the Monte Carlo player
(with a fixed number of sampled worlds) and levels 1-5 six each. ``gin sim``
checks every move of the long strength matches the same way.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ginrummy.agents import registry
from ginrummy.agents.base import Agent
from ginrummy.agents.greedy import GreedyAgent, deadwood_after_take, partners
from ginrummy.agents.registry import (
    AGENTS,
    UnknownAgentError,
    agent_names,
    get_factory,
    make_agent,
    register,
)
from ginrummy.agents.simple import SimpleAgent, joins_meld
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, PASS, action_name
from ginrummy.core.cards import parse_card
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import PlayerView, view_of
from tests.handbuilder import deal, mask, play

FAST_AGENTS = ("random", "simple", "greedy")
HANDS_PER_CASE = 290
"""Hands per (fast agent, rules) case: 3 agents x 12 rules x 290 > 10,000 hands."""

VARIATIONS: list[Rules] = [
    *PRESETS.values(),
    Rules.preset("standard", name="eleven", eleven_card_deal=True),
    Rules.preset("standard", name="big_gin", big_gin=True),
    Rules.preset("standard", name="wall", fiftieth_card_action=True),
    Rules.preset("gra", name="all_options", eleven_card_deal=True, big_gin=True,
                 fiftieth_card_action=True),
    Rules.preset("gra", name="wall_other_card", big_gin=True,
                 fiftieth_card_action="different_card"),
]


def play_checked(state: HandState, agents: tuple[Agent, Agent]) -> HandState:
    """Play to the end, each move validated by ``apply``; the 52 cards checked at every step."""
    moves = 0
    while not state.is_over:
        seat = state.turn
        action = agents[seat].choose(view_of(state, seat))
        state = state.apply(action)
        moves += 1
        if moves % 7 == 0:
            state.check_invariants()
        assert moves < 3000
    state.check_invariants()
    return state


def _sweep(name: str, rules: Rules, hands: int, opponents: tuple[str, ...], seed: int,
           params: dict[str, int] | None = None) -> None:
    rng = random.Random(f"{name}/{rules.name}/{seed}")
    for number in range(hands):
        opponent = opponents[number % len(opponents)]
        agent = make_agent(name, rng.getrandbits(32), **(params or {}))
        other = make_agent(opponent, rng.getrandbits(32))
        seats = (agent, other) if number % 2 == 0 else (other, agent)
        state = deal_hand(rules, (number // 2) % 2, shuffled_deck(rng))
        final = play_checked(state, seats)
        assert final.result is not None


@pytest.mark.parametrize("rules", VARIATIONS, ids=[r.name for r in VARIATIONS])
@pytest.mark.parametrize("name", FAST_AGENTS)
def test_fast_agents_play_every_preset_legally(name: str, rules: Rules) -> None:
    _sweep(name, rules, HANDS_PER_CASE, FAST_AGENTS, seed=1)


SEARCH_AGENTS = {"montecarlo": {"samples": 2}, "level5": {"samples": 2}}
"""Searching agents sweep with a fixed, small number of sampled worlds per decision."""
HANDS_PER_OTHER_CASE = 6


@pytest.mark.parametrize("rules", VARIATIONS, ids=[r.name for r in VARIATIONS])
@pytest.mark.parametrize("name", [n for n in agent_names() if n not in FAST_AGENTS])
def test_other_registered_agents_play_every_preset_legally(name: str, rules: Rules) -> None:
    probe = deal_hand(rules, 1, shuffled_deck(random.Random(0)))
    params = SEARCH_AGENTS.get(name, {})
    assert make_agent(name, 0, **params).choose(view_of(probe, probe.turn)) in probe.legal_actions()
    _sweep(name, rules, HANDS_PER_OTHER_CASE, ("simple", "greedy"), seed=2, params=params)


# ---------------------------------------------------------------- registry


def test_registry_names_and_factories() -> None:
    assert set(FAST_AGENTS) <= set(AGENTS)
    assert agent_names() == AGENTS
    for name in FAST_AGENTS:
        agent = make_agent(name, seed=3)
        assert agent.name == name
    with pytest.raises(UnknownAgentError, match="unknown agent 'nobody'; known agents: random"):
        make_agent("nobody")


def test_registry_register_lazy_and_callable() -> None:
    try:
        register("test-lazy-simple", "ginrummy.agents.simple:SimpleAgent")
        assert isinstance(make_agent("test-lazy-simple", 1), SimpleAgent)
        register("test-greedy", lambda seed=None, **params: GreedyAgent(seed))
        assert "test-greedy" in registry.AGENTS  # read live, plugins and late entries included
        with pytest.raises(ValueError, match="already registered"):
            register("test-greedy", lambda seed=None: GreedyAgent(seed))
        register("test-greedy", get_factory("greedy"), replace=True)
        with pytest.raises(ValueError, match="module:attribute"):
            register("test-bad", "no_colon_here")
        with pytest.raises(ValueError, match="one word"):
            register("two words", "ginrummy.agents.simple:SimpleAgent")
    finally:
        for name in ("test-lazy-simple", "test-greedy"):
            registry._FACTORIES.pop(name, None)


def test_same_seed_same_moves() -> None:
    rules = Rules.preset("standard")
    for name in FAST_AGENTS:
        finals = []
        for _ in range(2):
            agents = (make_agent(name, 11), make_agent("simple", 12))
            finals.append(play_checked(deal_hand(rules, 0, shuffled_deck(5)), agents).actions())
        assert finals[0] == finals[1]


# ---------------------------------------------------------------- simple's rules


def _view(state: HandState) -> PlayerView:
    return view_of(state, state.turn)


def test_simple_joins_meld_is_any_meld_with_the_card() -> None:
    hand = mask("7H 7D 5S 6S 9C TC QC AD 2D KH")
    assert joins_meld(hand, parse_card("7S"))  # set 7H 7D 7S
    assert joins_meld(hand, parse_card("4S"))  # run 4S 5S 6S
    assert joins_meld(hand, parse_card("JC"))  # run 9C TC JC, QC too
    assert joins_meld(hand, parse_card("3D"))  # run AD 2D 3D
    assert not joins_meld(hand, parse_card("8H"))  # 7H alone in hearts
    assert not joins_meld(hand, parse_card("KS"))  # one king only
    assert joins_meld(hand, parse_card("8C"))  # run 8C 9C TC
    assert not joins_meld(hand, parse_card("JD"))  # no jacks, no diamonds near


def test_simple_joins_meld_low_run() -> None:
    hand = mask("9C TC")
    assert joins_meld(hand, parse_card("8C"))
    assert joins_meld(hand, parse_card("JC"))
    assert not joins_meld(hand, parse_card("7C"))
    assert not joins_meld(mask("QC KC"), parse_card("AC"))  # R2: ace is low only


def test_R13_simple_takes_the_upcard_only_when_it_joins_a_meld() -> None:
    agent = SimpleAgent(1)
    takes = deal(non_dealer="7H 7D 5S 9C JC KD 2H 3C 4D QS",
                 dealer="AS 2S 3S 4S 5H 6H 8H 9H TH JH", upcard="7S")
    assert agent.choose(_view(takes)) == DRAW_DISCARD
    # 8D: no 8s in the hand; 7D is its only diamond neighbour (no 6D or 9D) -> pass
    passes = deal(non_dealer="7H 7D 5S 9C JC KD 2H 3C 4D QS",
                  dealer="AS 2S 3S 4S 5H 6H 8H 9H TH JH", upcard="8D")
    assert agent.choose(_view(passes)) == PASS


def test_simple_draws_from_the_stock_when_the_discard_joins_no_meld() -> None:
    non_dealer = "7H 7D 5S 9C JC KD 2H 3C 4D QS"
    dealer = "AS 2S 3S 4S 5H 6H 8H 9H TH JH"
    agent = SimpleAgent(2)
    state = play(deal(non_dealer=non_dealer, dealer=dealer, upcard="KS", stock="TD"),
                 "pass; pass; stock; discard KD")
    view = _view(state)  # the dealer: no king, no diamond near KD
    assert view.phase is Phase.DRAW and agent.choose(view) == DRAW_STOCK
    state = play(state, "stock; discard AS")
    assert agent.choose(_view(state)) == DRAW_STOCK  # non-dealer: no ace, 5S is not near AS
    state = play(deal(non_dealer=non_dealer, dealer=dealer, upcard="KS", stock="TD"),
                 "pass; pass; stock; discard JC")
    assert agent.choose(_view(state)) == DRAW_STOCK  # dealer: JH alone, no club near JC
    state = play(state, "stock; discard 8H")
    assert agent.choose(_view(state)) == DRAW_STOCK  # non-dealer: 7H without 6H or 9H
    state = play(deal(non_dealer=non_dealer, dealer=dealer, upcard="KS", stock="TD"),
                 "pass; pass; stock; discard 5S")
    assert agent.choose(_view(state)) == DRAW_DISCARD  # dealer: 5S extends AS 2S 3S 4S
def test_R12_simple_never_discards_the_card_just_taken() -> None:
    # 7S joins 7H 7D; then the least deadwood comes from throwing a ten-count card.
    for seed in range(20):
        agent = SimpleAgent(seed)
        state = deal(non_dealer="7H 7D 5S 9C JC KD 2H 3C 4D QS",
                     dealer="AS 2S 3S 4S 5H 6H 8H 9H TH JH", upcard="7S")
        state = state.apply(agent.choose(_view(state)))
        assert state.taken == parse_card("7S")
        action = agent.choose(_view(state))
        assert action in {actions.discard(parse_card(c)) for c in ("KD", "QS", "JC")}


def test_simple_never_discards_the_taken_card_even_when_the_rules_allow_it() -> None:
    # gra lets a player throw back the card just taken (R12). With 7S taken onto a gin
    # hand, discarding any seven (or 9C or QC) leaves no deadwood: the baseline picks at
    # random among them, never 7S itself.
    hand = "7H 7D 7C AS 2S 3S 9C TC JC QC"
    chosen = set()
    for seed in range(60):
        agent = SimpleAgent(seed)
        state = deal("gra", non_dealer=hand, dealer="4S 5S 6S 8H 9H TH JH 2D 3D 4D",
                     upcard="7S")
        state = state.apply(agent.choose(_view(state)))
        assert state.taken == parse_card("7S")
        view = _view(state)
        assert actions.knock(parse_card("7S")) in view.legal
        chosen.add(agent.choose(view))
    assert chosen == {actions.knock(parse_card(c)) for c in ("7H", "7D", "7C", "9C", "QC")}


def test_simple_discards_at_random_among_least_deadwood_cards() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC KD QH",
                 dealer="4S 5S 6S 8H 9H TH JH 2D 3D 4D", upcard="KS", stock="KC")
    state = play(state, "pass; pass; stock")  # TC, KD, QH and KC each leave deadwood 39
    seen = set()
    for seed in range(60):
        seen.add(SimpleAgent(seed).choose(_view(state)))
    assert seen == {actions.discard(parse_card(c)) for c in ("TC", "KD", "QH", "KC")}


def test_R14_simple_knocks_as_soon_as_it_may() -> None:
    # drawing 8C completes 8C 9C TC: 2D 3H are left, and discarding 3H leaves 2 (R14)
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC 2D 3H",
                 dealer="4C 5C 6S 8H 9H TH JH 5D 6D 4D", upcard="KS", stock="8C")
    state = play(state, "pass; pass; stock")
    view = _view(state)
    assert min_deadwood(view.hand & ~(1 << parse_card("3H"))) == 2
    for seed in range(10):
        action = SimpleAgent(seed).choose(view)
        assert action == actions.knock(parse_card("3H"))


def test_R32_simple_knocks_within_the_hand_limit_only() -> None:
    # A 3 upcard sets Oklahoma's limit to 3: deadwood 4 (4D) may not knock there.
    hands = dict(non_dealer="AS 2S 3S 7H 7D 7C 9C TC 4D 5H",
                 dealer="4C 5C 6S 8H 9H TH JH 5D 6D 2D", upcard="3C", stock="8C")
    state = play(deal("oklahoma", **hands), "pass; pass; stock")
    view = _view(state)
    assert view.knock_limit == 3
    assert SimpleAgent(0).choose(view) == actions.discard(parse_card("5H"))
    assert GreedyAgent().choose(view) == actions.discard(parse_card("5H"))
    state = play(deal("standard", **hands), "pass; pass; stock")
    assert SimpleAgent(0).choose(_view(state)) == actions.knock(parse_card("5H"))
    assert GreedyAgent().choose(_view(state)) == actions.knock(parse_card("5H"))


def test_R16_simple_goes_gin() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC JC KD",
                 dealer="4C 5C 6S 8H 9H TH JH 5D 6D 4D", upcard="QS", stock="QC")
    state = play(state, "pass; pass; stock")
    assert SimpleAgent(0).choose(_view(state)) == actions.knock(parse_card("KD"))


def test_R17_simple_and_greedy_take_big_gin() -> None:
    rules = Rules.preset("standard", big_gin=True)
    state = deal(rules, non_dealer="AS 2S 3S 7H 7D 7C 9C TC JC QC",
                 dealer="4C 5C 6S 8H 9H TH JH 5D 6D 4D", upcard="KS", stock="KC")
    state = play(state, "pass; pass; stock")
    assert SimpleAgent(0).choose(_view(state)) == BIG_GIN
    assert GreedyAgent().choose(_view(state)) == BIG_GIN


def test_simple_remembers_draw_discard_pairs_within_a_hand() -> None:
    agent = SimpleAgent(0)
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9H TC JD KD",
                 dealer="4C 5C 6S 8H 9D TH JH 5D 6D 4D", upcard="QS", stock="KC QC")
    state = state.apply(agent.choose(_view(state)))  # QS joins nothing: pass
    state = state.apply(PASS)  # the dealer passes too
    state = state.apply(agent.choose(_view(state)))  # stock: KC
    action = agent.choose(_view(state))
    assert action in {actions.discard(parse_card(c)) for c in ("TC", "JD", "KD", "KC")}
    memory = agent._memory[0]
    assert memory is not None
    assert (1 << parse_card("KC") | 1 << actions.action_card(action)) in memory.pairs.values()
    allowed = {actions.discard(parse_card(c)) for c in ("TC", "JD", "KD", "KC")}
    assert agent.choose(_view(state)) in allowed
    assert len(memory.pairs) == 1  # asking again about the same view adds no pair


# ---------------------------------------------------------------- greedy's rules


def test_greedy_discard_tie_break_is_value_then_partners_then_card() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC KD QH",
                 dealer="4S 5S 6S 8H 9H TH JH 2D 3D 4D", upcard="KS", stock="KC")
    state = play(state, "pass; pass; stock")  # KD, QH, KC: 10 each; KD and KC partner
    assert GreedyAgent().choose(_view(state)) == actions.discard(parse_card("QH"))
    assert partners(mask("KD KC QH"), parse_card("QH")) == 0
    assert partners(mask("KD KC QD"), parse_card("KD")) == 2


def test_greedy_takes_a_discard_that_lowers_its_deadwood() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 9C TC KD QH JS",
                 dealer="4S 5S 6S 8H 9H TH JH 2D 3D 4D", upcard="7C")
    view = _view(state)
    assert deadwood_after_take(view.hand, parse_card("7C"), False) < min_deadwood(view.hand)
    assert GreedyAgent().choose(view) == DRAW_DISCARD
    useless = deal(non_dealer="AS 2S 3S 7H 7D 9C TC KD QH JS",
                   dealer="4S 5S 6S 8H 9H TH JH 2D 3D 4D", upcard="KC")
    assert GreedyAgent().choose(_view(useless)) == PASS


def test_greedy_is_deterministic_and_knocks_early() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC 2D 3H",
                 dealer="4C 5C 6S 8H 9H TH JH 5D 6D 4D", upcard="KS", stock="8C")
    state = play(state, "pass; pass; stock")
    assert GreedyAgent(1).choose(_view(state)) == actions.knock(parse_card("3H"))
    assert GreedyAgent(2).choose(_view(state)) == actions.knock(parse_card("3H"))


def test_R22_agents_take_at_the_wall_only_to_knock_then_knock() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True)
    rng = random.Random(4)
    walls = {True: 0, False: 0}
    for number in range(400):
        state = deal_hand(rules, number % 2, shuffled_deck(rng))
        while not state.is_over:
            if state.phase is Phase.WALL:
                view = view_of(state, state.turn)
                can_take = DRAW_DISCARD in view.legal
                walls[can_take] += 1
                for agent in (SimpleAgent(number), GreedyAgent()):
                    action = agent.choose(view)
                    assert action == (DRAW_DISCARD if can_take else PASS), action_name(action)
                    if can_take:
                        after = state.apply(action)
                        reply = agent.choose(view_of(after, after.turn))
                        assert actions.is_knock(reply), action_name(reply)
                        after.apply(reply)
            legal = state.legal_actions()
            quiet = [a for a in legal if not actions.is_knock(a) and a != BIG_GIN]
            state = state.apply(rng.choice(quiet or legal))  # random play that never knocks
    assert walls[True] > 0 and walls[False] > 0


def test_R18_best_layout_lays_off_a_chain_of_cards_on_a_run() -> None:
    # 9H fits the knocker's 5H-7H only once 8H is laid off: both must go (R18).
    state = deal(non_dealer="5H 6H 7H 2C 2D 2S AC AD 3S KS",
                 dealer="8H 9H 4C 4D 6C JS JC QD 9C KC", upcard="KD", stock="AS")
    state = play(state, "pass; pass; stock; knock KS; meld 5H 6H 7H; meld 2C 2D 2S; "
                        "meld AC AD AS; done")
    for agent in (SimpleAgent(0), GreedyAgent(), make_agent("random", 0)):
        final = play_checked(state, (agent, agent))
        assert final.laid_off == mask("8H 9H")
        assert final.result is not None and final.result.defender_deadwood == 63


def test_registry_an_agent_whose_module_is_missing_is_a_loud_error() -> None:
    script = """
import sys
sys.modules["ginrummy.agents.levels"] = None  # as if the module were not installed
from ginrummy.agents.registry import agent_names, make_agent
assert "level3" in agent_names(), agent_names()
try:
    make_agent("level3", 1)
except ModuleNotFoundError as error:
    print(error.name)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ginrummy.agents.levels"
