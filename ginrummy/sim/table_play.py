"""Playing three-player and team games between agents, every random draw derived from one seed.

Agents and places (``a`` is an agent's position in the list given):

* **Three players.** Three agents; in game ``g`` agent ``a`` sits at place
  ``(a + g) % 3``, so each agent deals first and sits in each place equally
  often over three games.
* **Teams.** One agent per place (``2n`` agents; those at even positions of
  the list form side 0, the odd ones side 1) or one agent per side (two
  agents, each playing every place of its side). In even games side 0
  holds the even places (team 0); in odd games the sides swap places, so
  each side plays team 0 and team 1 equally often.
* **Seeds.** The cut of game ``g`` comes from ``(seed, g)``, the deck of its
  ``k``-th deal (void hands and every table counted, in the order dealt:
  rounds in order, tables in order) from ``(seed, g, k)``, the agent at
  place ``p`` from ``(seed, g, p)``. Nothing depends on the number of jobs.

Every action is checked against the view's legal actions before
:meth:`apply_unchecked` plays it; an agent sees only its own seat's view
of its own table.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.agents.base import Agent
from ginrummy.core.hand import HandState, shuffled_deck
from ginrummy.core.table_game import TableGame, TableRules, cut_for_table, start_table_game, team_of
from ginrummy.core.views import view_of
from ginrummy.sim.play import AgentMoveError, AgentSpec, derive
from ginrummy.sim.timing import DecisionTimes

MAX_DEALS_PER_GAME = 5000
"""A game still going after this many deals (void ones and every table included) is an error."""


@dataclass(frozen=True, slots=True)
class TableHandOutcome:
    """One sub-game hand, seats replaced by agent positions."""

    round: int
    table: int
    agents: tuple[int, int]
    """The agent in hand seat 0 and the one in seat 1."""
    outcome: str
    winner: int | None
    points: int
    knocker: int | None


@dataclass(frozen=True, slots=True)
class TableGameOutcome:
    """One whole game: where everyone sat, the hands, the totals and the settlement."""

    index: int
    agent_at: tuple[int, ...]
    """The agent at each place."""
    side_team: tuple[int, int]
    """Teams: the team (0 or 1) each side played as; three players: (0, 1), unused."""
    winner: int | None
    """Three players: the winning agent; teams: the winning side."""
    end_reason: str | None
    totals: tuple[int, ...]
    """Game totals by agent (three players) or by side (teams)."""
    final: tuple[int, ...]
    """Settlement totals by agent or by side."""
    net: tuple[int, ...]
    """Points received minus points paid at settlement, by agent or by side."""
    rounds: int
    hands: tuple[TableHandOutcome, ...]


def seating(players: int, agents: int, index: int) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(agent at each place, team of each side) for game ``index``; see the module docstring."""
    if players == 3:
        return tuple((place - index) % 3 for place in range(3)), (0, 1)
    swap = index % 2
    agent_at = []
    for place in range(players):
        side = team_of(place) ^ swap
        agent_at.append(side if agents == 2 else 2 * (place // 2) + side)
    return tuple(agent_at), ((1, 0) if swap else (0, 1))


def deal_all(game: TableGame, seed: int, index: int, deals: int) -> tuple[TableGame, int]:
    """Deal every table waiting for a deal; returns the game and the deals made so far."""
    for table in game.tables_to_deal():
        if deals >= MAX_DEALS_PER_GAME:
            raise RuntimeError(f"game {index} still going after {deals} deals")
        game = game.deal(table, shuffled_deck(derive(seed, "table-deck", index, deals)))
        deals += 1
    return game, deals


def play_table(game: TableGame, table: int, agent_at: Sequence[Agent],
               times: Sequence[DecisionTimes]) -> TableGame:
    """Play the hand in progress at ``table`` to its end; ``times`` is indexed by place."""
    perf = time.perf_counter
    players = game.players_at(table)
    while (state := game.hands[table]) is not None:
        seat = state.turn
        player = players[seat]
        view = view_of(state, seat)
        agent = agent_at[player]
        start = perf()
        action = agent.choose(view)
        times[player].add(perf() - start)
        if action not in view.legal:
            raise AgentMoveError(_refusal(agent, state, action, player))
        game = game.apply_unchecked(table, action)
    return game


def _refusal(agent: Agent, state: HandState, action: object, player: int) -> str:
    try:
        state.apply(action)  # type: ignore[arg-type]
    except (ValueError, TypeError) as error:
        return f"agent {agent.name!r} (player {player}) chose an illegal action: {error}"
    return f"agent {agent.name!r} (player {player}) chose {action!r}, not in its legal actions"


def play_table_game(table_rules: TableRules, specs: Sequence[AgentSpec], seed: int, index: int,
                    times: Sequence[DecisionTimes]) -> TableGameOutcome:
    """Play game ``index`` of a match to its end; ``times`` (by agent) collects decision times."""
    players = table_rules.players
    agent_at, side_team = seating(players, len(specs), index)
    agents = [specs[agent_at[p]].make(derive(seed, "table-agent", index, p).getrandbits(63))
              for p in range(players)]
    place_times = [DecisionTimes() for _ in range(players)]
    game = start_table_game(table_rules,
                            cut_for_table(players, derive(seed, "table-cut", index)))
    deals = 0
    while not game.is_over:
        game, deals = deal_all(game, seed, index, deals)
        for table, hand in enumerate(game.hands):
            if hand is not None:
                game = play_table(game, table, agents, place_times)
    for place, spent in enumerate(place_times):
        times[agent_at[place]].merge(spent)
    return outcome_of(game, index, agent_at, side_team)


def outcome_of(game: TableGame, index: int, agent_at: tuple[int, ...],
               side_team: tuple[int, int]) -> TableGameOutcome:
    hands = []
    for played in game.finished:
        result = played.state.result
        assert result is not None
        seats = (agent_at[played.players[0]], agent_at[played.players[1]])
        hands.append(TableHandOutcome(
            played.round, played.table, seats, result.outcome,
            None if result.winner is None else seats[result.winner], result.points,
            None if result.knocker is None else seats[result.knocker],
        ))
    settlement = game.settlement()
    count = len(settlement.final)
    received = [0] * count
    for payment in settlement.payments:
        received[payment.payee] += payment.points
        received[payment.payer] -= payment.points
    # By agent: the place of each agent (three players), or the team of each side.
    order = [agent_at.index(a) for a in range(3)] if game.players == 3 else list(side_team)
    winner = game.winner
    if winner is not None:
        winner = agent_at[winner] if game.players == 3 else side_team.index(winner)
    return TableGameOutcome(
        index=index, agent_at=agent_at, side_team=side_team, winner=winner,
        end_reason=game.end_reason, totals=tuple(game.totals[i] for i in order),
        final=tuple(settlement.final[i] for i in order),
        net=tuple(received[i] for i in order), rounds=game.round_number, hands=tuple(hands),
    )
