"""No agent decides on cards its seat cannot see (issue 3, the agent protocol).

:func:`assert_decision_ignores_hidden` is meant for every agent, in this
project or elsewhere::

    from tests.agents.test_agent_hidden_info import assert_decision_ignores_hidden
    assert_decision_ignores_hidden(lambda seed: FirstExpertAgent(seed), rules="oklahoma")

It plays hands with the agent under test in one seat, then builds *twin*
hands: the cards that seat had not seen at some decision (the opponent's
unknown cards, the stock, an opponent's face-down knock discard) are
permuted among themselves, which both swaps the opponent's cards with stock
cards and reorders the stock, and the same moves are replayed on the twin
deck (every move checked by :meth:`HandState.apply`). A fresh agent with the
same seed must then make every decision of that seat, up to and including
that one, exactly as before; the views it gets are checked to be equal too.
Stateful agents are covered: they see the same sequence of views.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import pytest

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent
from ginrummy.core.actions import (
    DISCARD_BASE,
    DRAW_DISCARD,
    DRAW_STOCK,
    MELD_BASE,
    NUM_ACTIONS,
    Action,
    action_name,
)
from ginrummy.core.cards import cards_of
from ginrummy.core.hand import HandState, IllegalActionError, Phase, deal_hand, shuffled_deck
from ginrummy.core.melds import ALL_MELDS, MELD_ID
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of

AgentFactory = Callable[[int], Agent]


def _map_action(action: Action, sigma: dict[int, int]) -> Action:
    if DISCARD_BASE <= action < MELD_BASE:
        base = DISCARD_BASE + (action - DISCARD_BASE) // 52 * 52
        card = (action - DISCARD_BASE) % 52
        return base + sigma.get(card, card)
    if MELD_BASE <= action < NUM_ACTIONS:
        meld = 0
        for card in cards_of(ALL_MELDS[action - MELD_BASE]):
            meld |= 1 << sigma.get(card, card)
        return MELD_BASE + MELD_ID[meld]
    return action


def never_seen(states: list[HandState], seat: int) -> int:
    """Cards ``seat`` saw in none of ``states``: neither in its hand, nor on the pile, nor
    known or shown in the opponent's hand (a card it saw stays seen even if it goes face
    down again, as an opponent's knock discard taken from the pile does)."""
    hidden = (1 << 52) - 1
    for state in states:
        hidden &= view_of(state, seat).unseen()
    return hidden


def twin_states(
    deck: list[int],
    dealer: int,
    rules: Rules,
    actions: list[Action],
    states: list[HandState],
    upto: int,
    rng: random.Random,
) -> list[HandState] | None:
    """The states of a twin hand up to move ``upto`` (a decision of the seat to act then),
    or None if the permuted hidden cards made one of the replayed moves illegal (the
    opponent's wall take, say, depends on its own cards)."""
    seat = states[upto].turn
    pool = cards_of(never_seen(states[:upto + 1], seat))
    shuffled = pool[:]
    rng.shuffle(shuffled)
    sigma = dict(zip(pool, shuffled, strict=True))
    state = deal_hand(rules, dealer, [sigma.get(c, c) for c in deck])
    states = [state]
    try:
        for action in actions[:upto]:
            state = state.apply(_map_action(action, sigma))
            states.append(state)
    except IllegalActionError:
        return None
    return states


def assert_decision_ignores_hidden(
    agent_factory: AgentFactory,
    *,
    rules: Rules | str = "standard",
    hands: int = 12,
    twins: int = 3,
    seed: int = 0,
    opponent_factory: AgentFactory | None = None,
) -> int:
    """Check ``agent_factory(seed)``'s decisions on twin hands (see the module docstring).

    Plays ``hands`` hands (the agent in seat 0 and seat 1 alternately, against
    ``opponent_factory`` or the random agent) and ``twins`` twins of each at
    random decision points. Returns the number of decisions compared; fails
    with the hand, the decision and both actions when one differs.
    """
    if isinstance(rules, str):
        rules = Rules.preset(rules)
    make_opponent = opponent_factory or (lambda s: make_agent("random", s))
    rng = random.Random(f"hidden/{seed}")
    compared = 0
    for number in range(hands):
        seat = number % 2
        dealer = (number // 2) % 2
        agent_seed = rng.getrandbits(32)
        opponent_seed = rng.getrandbits(32)
        deck = shuffled_deck(rng)
        players = [agent_factory(agent_seed), make_opponent(opponent_seed)]
        if seat == 1:
            players.reverse()
        state = deal_hand(rules, dealer, deck)
        states = [state]
        actions: list[Action] = []
        while not state.is_over:
            action = players[state.turn].choose(view_of(state, state.turn))
            state = state.apply(action)
            states.append(state)
            actions.append(action)
        decisions = [i for i, s in enumerate(states[:-1]) if s.turn == seat]
        for _ in range(twins):
            upto = rng.choice(decisions)
            twin = twin_states(deck, dealer, rules, actions, states, upto, rng)
            if twin is None:
                continue
            fresh = agent_factory(agent_seed)
            for i in decisions:
                if i > upto:
                    break
                real_view = view_of(states[i], seat)
                view = view_of(twin[i], seat)
                assert view == real_view, (
                    f"hand {number}, move {i}: the twin's view differs (test set-up error)"
                )
                chosen = fresh.choose(view)
                assert chosen == actions[i], (
                    f"hand {number} (rules {rules.name}, seat {seat}), move {i}: chose "
                    f"{action_name(chosen)} on a twin hand but {action_name(actions[i])} on the "
                    "real one, with the same seed and the same view"
                )
                compared += 1
    return compared


AGENT_FACTORIES: dict[str, AgentFactory] = {
    name: (lambda seed, name=name: make_agent(name, seed))
    for name in ("random", "simple", "greedy", "camper")
}
RULES = [
    Rules.preset("standard"),
    Rules.preset("oklahoma_online"),
    Rules.preset("gra", name="gra_all", eleven_card_deal=True, big_gin=True,
                 fiftieth_card_action=True),
]


@pytest.mark.parametrize("rules", RULES, ids=[r.name for r in RULES])
@pytest.mark.parametrize("name", sorted(AGENT_FACTORIES))
def test_decisions_ignore_hidden_cards(name: str, rules: Rules) -> None:
    compared = assert_decision_ignores_hidden(AGENT_FACTORIES[name], rules=rules, hands=16)
    assert compared > 100


def test_twins_really_differ_in_hidden_cards() -> None:
    rules = Rules.preset("standard")
    rng = random.Random(9)
    differing = 0
    for number in range(10):
        deck = shuffled_deck(rng)
        state = deal_hand(rules, 0, deck)
        actions = []
        states = [state]
        agents = [make_agent("simple", 1), make_agent("simple", 2)]
        for _ in range(8):
            action = agents[state.turn].choose(view_of(state, state.turn))
            actions.append(action)
            state = state.apply(action)
            states.append(state)
            if state.is_over:
                break
        if state.is_over:
            continue
        twin = twin_states(deck, 0, rules, actions, states, len(actions), random.Random(number))
        assert twin is not None
        seat = state.turn
        other = 1 - seat
        assert twin[-1].hands[seat] == state.hands[seat]
        assert twin[-1].pile == state.pile
        if twin[-1].hands[other] != state.hands[other]:
            differing += 1
        assert twin[-1].deck[twin[-1].stock_pos:] != state.deck[state.stock_pos:]
        assert view_of(twin[-1], seat) == view_of(state, seat)
    assert differing >= 8


def test_a_cheating_agent_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An agent that peeks at the top of the stock (through a spy on view_of) is detected."""
    peek: dict[str, HandState] = {}

    class Cheater:
        name = "cheater"

        def __init__(self, seed: int) -> None:
            self.inner = make_agent("simple", seed)

        def choose(self, view: PlayerView) -> Action:
            state = peek["state"]
            if view.phase is Phase.DRAW and state.deck[state.stock_pos] % 2 == 0:
                return DRAW_STOCK
            if view.phase is Phase.DRAW and DRAW_DISCARD in view.legal:
                return DRAW_DISCARD
            return self.inner.choose(view)

    real_view_of = view_of

    def spying_view_of(state: HandState, seat: int) -> PlayerView:
        peek["state"] = state
        return real_view_of(state, seat)

    monkeypatch.setattr(sys.modules[__name__], "view_of", spying_view_of)
    with pytest.raises(AssertionError, match="on a twin hand"):
        assert_decision_ignores_hidden(Cheater, hands=10)
