"""Playing games between agents at any seating, every random draw derived from one seed.

A game of two is a table of two: :func:`play_game` plays heads-up, three-handed (R33) and
team games (R34, R35) through one :class:`~ginrummy.core.game.Game` loop. ``a`` is an
agent's position in the list given; a *competitor* is who wins games: an agent, or at
teams one of the two sides of agents.

* **Places.** Two and three players: in game ``g`` agent ``a`` sits at place
  ``(a + g) % players``, so over ``players`` games each agent sits at every place.
  Teams: one agent per place (``2n`` agents; those at even positions of the list form side
  0, the odd ones side 1) or one agent per side (two agents, each playing every place of
  its side). In even games side 0 holds the even places (team 0); in odd games the sides
  swap places.
* **Deals.** Game ``g`` is dealt from the *deal stream* ``k``: its cut (R4) and the deck
  of its ``n``-th deal (void hands and every table counted, in the order dealt: rounds in
  order, tables in order) come from ``(seed, k)`` and ``(seed, k, n)`` alone. Without
  duplicate ``k = g``; in duplicate mode ``k = g // r``, where ``r`` is the rotation
  (:func:`rotation`: 2 for two players and teams, 3 for three players), so the ``r`` games
  of a rotation have the same cut and the same deck for each deal number while the agents
  have changed places: in the first hand each agent holds the cards another agent held in
  the twin game (later hands too, as long as the same places deal; the dealer rule can make
  the twin games drift apart).
* **Agents' seeds** come from ``(seed, g, a)`` at two players and from ``(seed, g, place)``
  at a table. The names of the streams (:class:`Streams`) are kept from the time two
  players and tables were simulated apart, so a seed plays the same games as before.
* **Hand mode** (two players, ``hands=``). Hand ``i`` is a single hand, not part of a
  game: deal stream ``k = i`` (``i // 2`` in duplicate mode), agent 0 in seat ``i % 2``,
  seat ``(i // 2) % 2`` deals. Agents are made afresh for every block of
  :data:`HANDS_PER_BLOCK` hands and keep their memory within it.

Nothing depends on how the work is split between processes, so a match gives the same
outcomes whatever ``jobs`` is. An agent sees only its own seat's view of its own table;
every action is checked against the view's legal actions (already computed for the view,
so the check costs nothing) before :meth:`HandState.apply_unchecked` plays it.
"""

from __future__ import annotations

import operator
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.agents.base import Agent
from ginrummy.core.actions import (
    BIG_GIN,
    DISCARD_BASE,
    FACE_DOWN_KNOCK,
    LAYOFF_BASE,
    Action,
    action_name,
)
from ginrummy.core.cut import Cut, cut_for_deal
from ginrummy.core.game import Game, prefers_to_deal
from ginrummy.core.hand import HandState, IllegalActionError, Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableHand, TableKind, TableRules, team_of
from ginrummy.core.views import view_of
from ginrummy.sim.spec import AgentSpec
from ginrummy.sim.timing import DecisionTimes

HANDS_PER_BLOCK = 50
"""Hand mode: hands played by one pair of agent objects (and one unit of work)."""
MAX_DEALS_PER_GAME = 5000
"""A game still going after this many deals (void ones and every table included) is an error."""


class AgentMoveError(IllegalActionError):
    """An agent chose an action that is not legal in its view."""


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One hand as the statistics need it; players are replaced by agent positions."""

    round: int
    """The hand's round in its game (at one table a round is a hand); 1 in hand mode."""
    table: int
    agents: tuple[int, int]
    """The agent in hand seat 0 and the one in seat 1."""
    outcome: str
    """knock, gin, big_gin, undercut, tie or void (HandResult.outcome)."""
    winner: int | None
    points: int
    knocker: int | None
    dealer: int
    """The agent that dealt (three players: the one sitting out)."""
    knocker_deadwood: int
    defender_deadwood: int
    actions: int
    knocker_turns: int = 0
    """The knocker's discards in the hand, its knock (or big gin) included; 0 without one."""


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One whole game: where everyone sat, the hands, the totals and the settlement, by
    competitor (an agent, or at teams a side)."""

    index: int
    deal_stream: int
    agent_at: tuple[int, ...]
    """The agent at each place."""
    played_as: tuple[int, ...]
    """The side each competitor played as: its place (two, three players) or its team."""
    first_dealer: int
    """The competitor that dealt first (teams: whose team dealt round 1)."""
    winner: int | None
    end_reason: str | None
    totals: tuple[int, ...]
    """Game totals (R27)."""
    final: tuple[int, ...]
    """Settlement totals (R30): points, boxes, bonuses."""
    net: tuple[int, ...]
    """Points received minus points paid at settlement."""
    rounds: int
    hands: tuple[HandOutcome, ...]


def derive(seed: int, label: str, *numbers: int) -> random.Random:
    """An independent generator for one named use of ``seed`` (str seeds hash with SHA-512,
    so the stream is the same in every process and Python run)."""
    return random.Random("/".join([str(seed), label, *map(str, numbers)]))


def _derive_seed(seed: int, label: str, *numbers: int) -> int:
    return derive(seed, label, *numbers).getrandbits(63)


@dataclass(frozen=True, slots=True)
class Streams:
    """The names of a seating's random streams, and what an agent's seed is keyed by."""

    cut: str
    deck: str
    agent: str
    agent_by_place: bool

    def cut_of(self, seed: int, stream: int, players: int) -> Cut:
        return cut_for_deal(derive(seed, self.cut, stream), players)

    def deck_of(self, seed: int, stream: int, number: int) -> list[int]:
        return shuffled_deck(derive(seed, self.deck, stream, number))

    def agent_seed(self, seed: int, index: int, place: int, agent: int) -> int:
        return _derive_seed(seed, self.agent, index, place if self.agent_by_place else agent)


HEADS_UP = Streams("cut", "deck", "agent", agent_by_place=False)
AT_A_TABLE = Streams("table-cut", "table-deck", "table-agent", agent_by_place=True)


def streams_of(kind: TableKind) -> Streams:
    return HEADS_UP if kind == "two" else AT_A_TABLE


def deck_for(seed: int, stream: int, hand_number: int) -> list[int]:
    """Two players: the deck of hand ``hand_number`` (0-based, void hands counted) of deal
    stream ``stream``."""
    return HEADS_UP.deck_of(seed, stream, hand_number)


def rotation(players: int) -> int:
    """Games after which every agent (two, three players) or side (teams) has sat at every
    place: the games that share their deals in duplicate mode."""
    return 3 if players == 3 else 2


def seat_agents(kind: TableKind, players: int, agents: int,
                index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(agent at each place, side each competitor plays as) in game ``index``."""
    if kind != "teams":
        agent_at = tuple((place - index) % players for place in range(players))
        return agent_at, tuple(agent_at.index(a) for a in range(players))
    swap = index % 2
    sides = tuple(team_of(place) ^ swap for place in range(players))
    agent_at = tuple(side if agents == 2 else 2 * (place // 2) + side
                     for place, side in enumerate(sides))
    return agent_at, ((1, 0) if swap else (0, 1))


def play_hand_state(
    state: HandState,
    seat_agents: Sequence[Agent],
    seat_times: Sequence[DecisionTimes],
    players: tuple[int, int] = (0, 1),
) -> tuple[HandState, Action]:
    """Play ``state`` to its last move; return the state before that move and the move.
    ``players`` (the players in seats 0 and 1) name the culprit of an illegal move."""
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
                raise AgentMoveError(_refusal(agent, state, action, players[seat]))
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


def _refusal(agent: Agent, state: HandState, action: int, player: int) -> str:
    try:
        state.apply(action)
    except IllegalActionError as error:
        return f"agent {agent.name!r} (player {player}) chose an illegal action: {error}"
    name = action_name(action) if 0 <= action < 490 else repr(action)
    return f"agent {agent.name!r} (player {player}) chose {name}, not in its view's legal actions"


def _count_actions(state: HandState) -> int:
    count = 0
    node = state.history
    while node is not None:
        node = node[0]
        count += 1
    return count


def _hand_outcome(state: HandState, agents: tuple[int, int], dealer: int, round_number: int,
                  table: int) -> HandOutcome:
    result = state.result
    assert result is not None
    return HandOutcome(
        round=round_number,
        table=table,
        agents=agents,
        outcome=result.outcome,
        winner=None if result.winner is None else agents[result.winner],
        points=result.points,
        knocker=None if result.knocker is None else agents[result.knocker],
        dealer=dealer,
        knocker_deadwood=result.knocker_deadwood,
        defender_deadwood=result.defender_deadwood,
        actions=_count_actions(state),
        knocker_turns=_knocker_turns(state),
    )


def _knocker_turns(state: HandState) -> int:
    if state.result is None or state.result.knocker is None:
        return 0
    knocker = state.result.knocker
    return sum(1 for seat, action in _public_actions(state)
               if seat == knocker and (DISCARD_BASE <= action < LAYOFF_BASE
                                       or action in (BIG_GIN, FACE_DOWN_KNOCK)))


def _public_actions(state: HandState) -> list[tuple[int, int]]:
    out = []
    node = state.history
    while node is not None:
        node, seat, action = node
        out.append((seat, action))
    return out


def _played_outcome(hand: TableHand, agent_at: tuple[int, ...]) -> HandOutcome:
    agents = (agent_at[hand.players[0]], agent_at[hand.players[1]])
    return _hand_outcome(hand.state, agents, agent_at[hand.dealer], hand.round, hand.table)


def deal_all(game: Game, seed: int, stream: int, deals: int,
             streams: Streams = AT_A_TABLE) -> tuple[Game, int]:
    """Deal every table waiting for a deal, the ``n``-th deal of the game from
    ``streams.deck_of(seed, stream, n)``; returns the game and the deals made so far."""
    for table in game.tables_to_deal():
        if deals >= MAX_DEALS_PER_GAME:
            raise RuntimeError(f"a game of deal stream {stream} still going after {deals} deals")
        game = game.deal(streams.deck_of(seed, stream, deals), table=table)
        deals += 1
    return game, deals


def play_game(
    rules: Rules | TableRules,
    specs: Sequence[AgentSpec],
    seed: int,
    index: int,
    duplicate: bool,
    times: Sequence[DecisionTimes],
) -> GameOutcome:
    """Play game ``index`` of a match to its end at any seating (``Rules`` alone: two
    players); ``times`` (by agent) collects decision times."""
    table_rules = rules if isinstance(rules, TableRules) else TableRules(2, rules)
    kind, players = table_rules.kind, table_rules.players
    streams = streams_of(kind)
    stream = index // rotation(players) if duplicate else index
    agent_at, played_as = seat_agents(kind, players, len(specs), index)
    agents = [specs[a].make(streams.agent_seed(seed, index, place, a))
              for place, a in enumerate(agent_at)]
    place_times = [DecisionTimes() for _ in range(players)]
    game = Game.start(table_rules, streams.cut_of(seed, stream, players))
    if game.chooser is not None:  # R4, high_cut_chooses: both seats choose as the computer
        game = game.choose_to_deal(game.chooser, prefers_to_deal(table_rules.rules))
    first_dealer = game.dealer
    deals = 0
    while not game.is_over:
        game, deals = deal_all(game, seed, stream, deals, streams)
        for table, hand in enumerate(game.hands):
            if hand is None:
                continue
            here = game.players_at(table)
            before, last = play_hand_state(hand, [agents[p] for p in here],
                                           [place_times[p] for p in here], here)
            game = game.with_hand(before, table=table).apply_unchecked(last, table=table)
    for place, spent in enumerate(place_times):
        times[agent_at[place]].merge(spent)
    return _game_outcome(game, index, stream, agent_at, played_as, first_dealer)


def _game_outcome(game: Game, index: int, stream: int, agent_at: tuple[int, ...],
                  played_as: tuple[int, ...], first_dealer: int) -> GameOutcome:
    settlement = game.settlement()
    received = [0] * len(settlement.final)
    for payment in settlement.payments:
        received[payment.payee] += payment.points
        received[payment.payer] -= payment.points
    return GameOutcome(
        index=index,
        deal_stream=stream,
        agent_at=agent_at,
        played_as=played_as,
        first_dealer=played_as.index(first_dealer),
        winner=None if game.winner is None else played_as.index(game.winner),
        end_reason=game.end_reason,
        totals=tuple(game.totals[side] for side in played_as),
        final=tuple(settlement.final[side] for side in played_as),
        net=tuple(received[side] for side in played_as),
        rounds=game.round_number,
        hands=tuple(_played_outcome(hand, agent_at) for hand in game.played),
    )


def hand_seats(index: int, duplicate: bool) -> tuple[int, tuple[int, int], int]:
    """Hand mode: (deal stream, agent of each seat, dealer seat) of hand ``index``."""
    stream = index // 2 if duplicate else index
    agent_of_seat = (0, 1) if index % 2 == 0 else (1, 0)
    return stream, agent_of_seat, (index // 2) % 2


def play_hand_block(
    rules: Rules | TableRules,
    specs: Sequence[AgentSpec],
    seed: int,
    block: int,
    count: int,
    duplicate: bool,
    times: Sequence[DecisionTimes],
) -> list[HandOutcome]:
    """Hand mode: play the ``count`` two-player hands of block ``block`` (at most
    HANDS_PER_BLOCK)."""
    hand_rules = rules.rules if isinstance(rules, TableRules) else rules
    agents = [specs[a].make(_derive_seed(seed, "hand-agent", block, a)) for a in (0, 1)]
    out: list[HandOutcome] = []
    first = block * HANDS_PER_BLOCK
    for index in range(first, first + count):
        stream, agent_of_seat, dealer = hand_seats(index, duplicate)
        state = deal_hand(hand_rules, dealer, deck_for(seed, stream, 0))
        seat_agents = [agents[agent_of_seat[0]], agents[agent_of_seat[1]]]
        seat_times = [times[agent_of_seat[0]], times[agent_of_seat[1]]]
        before, last = play_hand_state(state, seat_agents, seat_times)
        final = before.apply_unchecked(last)
        out.append(_hand_outcome(final, agent_of_seat, agent_of_seat[dealer], 1, 0))
    return out
