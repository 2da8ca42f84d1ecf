"""Playing games and hands between two agents, every random draw derived from one seed.

Seats and deals (``a`` is the index of an agent in the match: 0 for the
first agent named, 1 for the second):

* **Game mode.** Game ``g`` is dealt from the *deal stream* ``k``: its cut
  (R4) and the deck of each of its hands (void hands included) come from
  ``(seed, k)`` alone. Agent 0 sits in seat ``g % 2``. Without duplicate
  ``k = g``; in duplicate mode ``k = g // 2``, so games ``2k`` and ``2k+1``
  have the same cut and the same deck for each hand number while the agents
  have changed seats: in the first hand each agent holds exactly the cards
  its opponent held in the twin game (later hands too, as long as the same
  seats deal; the dealer rule can make the twin games drift apart).
* **Hand mode** (``--hands``). Hand ``i`` is a single hand, not part of a
  game: deal stream ``k = i`` (``i // 2`` in duplicate mode), agent 0 in
  seat ``i % 2``, seat ``(i // 2) % 2`` deals. Agents are made afresh for
  every block of :data:`HANDS_PER_BLOCK` hands and keep their memory within it.
* **Agents' seeds** come from ``(seed, game or block number, a)``.

Nothing depends on how the work is split between processes, so a match
gives the same outcomes whatever ``jobs`` is. Every action is checked
against the view's legal actions (already computed for the view, so the
check costs nothing) before :meth:`HandState.apply_unchecked` plays it.
"""

from __future__ import annotations

import json
import operator
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent
from ginrummy.core.actions import Action, action_name
from ginrummy.core.game import Game, cut_for_deal, prefers_to_deal
from ginrummy.core.hand import HandState, IllegalActionError, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.sim.timing import DecisionTimes

HANDS_PER_BLOCK = 50
"""Hand mode: hands played by one pair of agent objects (and one unit of work)."""
MAX_HANDS_PER_GAME = 5000
"""A game still going after this many deals (void ones included) is an error."""


class AgentMoveError(IllegalActionError):
    """An agent chose an action that is not legal in its view."""


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """An agent by registry name, with the keyword parameters of its factory.

    >>> AgentSpec.parse('expert:danger_weight=4,style="safe",eager=true')
    AgentSpec(name='expert', params=(('danger_weight', 4), ('style', 'safe'), ('eager', True)))
    """

    name: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> AgentSpec:
        """Read ``name`` or ``name:key=value,key=value``; a value is read as JSON
        (numbers, true/false, null, quoted strings), else kept as text."""
        name, _, rest = text.strip().partition(":")
        params: list[tuple[str, Any]] = []
        for item in filter(None, (part.strip() for part in rest.split(","))):
            key, equals, value_text = item.partition("=")
            if not equals or not key.strip().isidentifier():
                raise ValueError(f"agent {text!r}: parameter {item!r} is not key=value")
            value: Any
            try:
                value = json.loads(value_text)
            except json.JSONDecodeError:
                value = value_text
            params.append((key.strip(), value))
        return cls(name, tuple(params))

    def make(self, seed: int) -> Agent:
        return make_agent(self.name, seed, **dict(self.params))

    def __str__(self) -> str:
        """As :meth:`parse` reads it."""
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={json.dumps(v)}" for k, v in self.params)


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One hand as the statistics need it; seats are replaced by agent indices."""

    outcome: str
    """knock, gin, big_gin, undercut, tie or void (HandResult.outcome)."""
    winner: int | None
    points: int
    knocker: int | None
    dealer: int
    knocker_deadwood: int
    defender_deadwood: int
    actions: int


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One whole game: who sat where, the hands, the totals and the settlement, by agent."""

    index: int
    deal_stream: int
    seats: tuple[int, int]
    """The agent in seat 0 and the agent in seat 1."""
    first_dealer: int
    """The agent that dealt the first hand."""
    winner: int | None
    end_reason: str | None
    points: tuple[int, int]
    """Game totals (R27) of agent 0 and agent 1."""
    final: tuple[int, int]
    """Settlement totals (R30): points, boxes, bonuses."""
    hands: tuple[HandOutcome, ...]


def derive(seed: int, label: str, *numbers: int) -> random.Random:
    """An independent generator for one named use of ``seed`` (str seeds hash with SHA-512,
    so the stream is the same in every process and Python run)."""
    return random.Random("/".join([str(seed), label, *map(str, numbers)]))


def _derive_seed(seed: int, label: str, *numbers: int) -> int:
    return derive(seed, label, *numbers).getrandbits(63)


def deck_for(seed: int, stream: int, hand_number: int) -> list[int]:
    """The deck of hand ``hand_number`` (0-based, void hands counted) of deal stream ``stream``."""
    return shuffled_deck(derive(seed, "deck", stream, hand_number))


def play_hand_state(
    state: HandState,
    seat_agents: Sequence[Agent],
    seat_times: Sequence[DecisionTimes],
) -> tuple[HandState, Action]:
    """Play ``state`` to its last move; return the state before that move and the move."""
    perf = time.perf_counter
    over = Phase.OVER
    spent: tuple[list[float], list[float]] = ([], [])
    try:
        while True:
            seat = state.turn
            view = view_of(state, seat)
            agent = seat_agents[seat]
            start = perf()
            action = agent.choose(view)
            spent[seat].append(perf() - start)
            if type(action) is not int:
                action = _as_action(action, agent, view.phase)
            if action not in view.legal:
                raise AgentMoveError(_refusal(agent, state, action))
            after = state.apply_unchecked(action)
            if after.phase is over:
                return state, action
            state = after
    finally:
        seat_times[0].add_many(spent[0])
        seat_times[1].add_many(spent[1])


def _as_action(action: object, agent: Agent, phase: Phase) -> int:
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise AgentMoveError(
            f"agent {agent.name!r} answered {action!r} in phase {phase.name}: not an action number"
        )
    return operator.index(action)


def _refusal(agent: Agent, state: HandState, action: int) -> str:
    try:
        state.apply(action)
    except IllegalActionError as error:
        return f"agent {agent.name!r} (seat {state.turn}) chose an illegal action: {error}"
    name = action_name(action) if 0 <= action < 490 else repr(action)
    return f"agent {agent.name!r} (seat {state.turn}) chose {name}, not in its view's legal actions"


def _hand_outcome(state: HandState, agent_of_seat: tuple[int, int], actions: int) -> HandOutcome:
    result = state.result
    assert result is not None
    return HandOutcome(
        outcome=result.outcome,
        winner=None if result.winner is None else agent_of_seat[result.winner],
        points=result.points,
        knocker=None if result.knocker is None else agent_of_seat[result.knocker],
        dealer=agent_of_seat[state.dealer],
        knocker_deadwood=result.knocker_deadwood,
        defender_deadwood=result.defender_deadwood,
        actions=actions,
    )


def _count_actions(state: HandState) -> int:
    count = 0
    node = state.history
    while node is not None:
        node = node[0]
        count += 1
    return count


def play_game(
    rules: Rules,
    specs: Sequence[AgentSpec],
    seed: int,
    index: int,
    duplicate: bool,
    times: Sequence[DecisionTimes],
) -> GameOutcome:
    """Play game ``index`` of a match to its end; ``times`` (by agent) collects decision times."""
    stream = index // 2 if duplicate else index
    seat_of_first = index % 2
    agent_of_seat = (0, 1) if seat_of_first == 0 else (1, 0)
    agents = [specs[a].make(_derive_seed(seed, "agent", index, a)) for a in (0, 1)]
    seat_agents = [agents[agent_of_seat[0]], agents[agent_of_seat[1]]]
    seat_times = [times[agent_of_seat[0]], times[agent_of_seat[1]]]
    game = Game.start(rules, cut_for_deal(derive(seed, "cut", stream)))
    if game.chooser is not None:  # R4, high_cut_chooses: both seats choose as the computer
        game = game.choose_to_deal(game.chooser, prefers_to_deal(rules))
    first_dealer = agent_of_seat[game.dealer]
    hands: list[HandOutcome] = []
    number = 0
    while not game.is_over:
        if number >= MAX_HANDS_PER_GAME:
            raise RuntimeError(f"game {index} still going after {number} hands")
        game = game.deal(deck_for(seed, stream, number))
        assert game.hand is not None
        before, last = play_hand_state(game.hand, seat_agents, seat_times)
        game = replace(game, hand=before).apply_unchecked(last)
        final = game.finished[-1]
        hands.append(_hand_outcome(final, agent_of_seat, _count_actions(final)))
        number += 1
    settlement = game.settlement()
    by_agent = (0, 1) if seat_of_first == 0 else (1, 0)  # seat of agent 0, seat of agent 1
    return GameOutcome(
        index=index,
        deal_stream=stream,
        seats=agent_of_seat,
        first_dealer=first_dealer,
        winner=None if game.winner is None else agent_of_seat[game.winner],
        end_reason=game.end_reason,
        points=(game.points[by_agent[0]], game.points[by_agent[1]]),
        final=(settlement.final[by_agent[0]], settlement.final[by_agent[1]]),
        hands=tuple(hands),
    )


def hand_seats(index: int, duplicate: bool) -> tuple[int, tuple[int, int], int]:
    """Hand mode: (deal stream, agent of each seat, dealer seat) of hand ``index``."""
    stream = index // 2 if duplicate else index
    agent_of_seat = (0, 1) if index % 2 == 0 else (1, 0)
    return stream, agent_of_seat, (index // 2) % 2


def play_hand_block(
    rules: Rules,
    specs: Sequence[AgentSpec],
    seed: int,
    block: int,
    count: int,
    duplicate: bool,
    times: Sequence[DecisionTimes],
) -> list[HandOutcome]:
    """Hand mode: play the ``count`` hands of block ``block`` (at most HANDS_PER_BLOCK)."""
    agents = [specs[a].make(_derive_seed(seed, "hand-agent", block, a)) for a in (0, 1)]
    out: list[HandOutcome] = []
    first = block * HANDS_PER_BLOCK
    for index in range(first, first + count):
        stream, agent_of_seat, dealer = hand_seats(index, duplicate)
        state = deal_hand(rules, dealer, deck_for(seed, stream, 0))
        seat_agents = [agents[agent_of_seat[0]], agents[agent_of_seat[1]]]
        seat_times = [times[agent_of_seat[0]], times[agent_of_seat[1]]]
        before, last = play_hand_state(state, seat_agents, seat_times)
        final = before.apply_unchecked(last)
        out.append(_hand_outcome(final, agent_of_seat, _count_actions(final)))
    return out
