"""Random three-player and team games (R33-R35): they end, every sub-game keeps its 52 cards,
and their records replay to the same game, finished or stopped at any action."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.agents.registry import make_agent
from ginrummy.core.game import Game, new_game
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.table import TableRules
from ginrummy.core.views import view_of
from ginrummy.format.replay import dump_record, load_record, record_of, replay
from ginrummy.sim.play import MAX_DEALS_PER_GAME, deal_all

PLAYERS = (3, 4, 6)
AGENTS = ("random", "simple")


def table_rules(players: int, preset: str, short: bool) -> TableRules:
    changes: dict[str, object] = {"dealer_rule": "loser"} if players == 3 else {}
    if short:  # keep random games short: a low target, or a limit on the hands
        changes["target"] = 40
    rules = Rules.preset(preset, **changes)
    return TableRules(players, rules, 40 if short and players > 3 else None)


def play(game: Game, seed: int, agent: str, stop_after: int | None = None) -> Game:
    """Agents at every place play (checking each sub-game's cards after every action) until
    the end, or until ``stop_after`` actions."""
    agents = [make_agent(agent, seed + p) for p in range(game.players)]
    deals = actions = 0
    while not game.is_over:
        game, deals = deal_all(game, seed, 0, deals)
        assert deals < MAX_DEALS_PER_GAME
        for table in range(game.tables):
            players = game.players_at(table)
            while (state := game.hands[table]) is not None:
                if stop_after is not None and actions >= stop_after:
                    return game
                view = view_of(state, state.turn)
                action = agents[players[state.turn]].choose(view)
                assert action in view.legal
                game = game.apply(action, table=table)
                actions += 1
                after = game.hands[table]
                (after if after is not None else state.apply(action)).check_invariants()
    return game


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from(PLAYERS), preset=st.sampled_from(sorted(PRESETS)),
       short=st.booleans(), seed=st.integers(0, 2**32), agent=st.sampled_from(AGENTS))
def test_R33_R35_random_games_end_conserve_cards_and_replay(
    players: int, preset: str, short: bool, seed: int, agent: str
) -> None:
    short = short or agent == "random"  # random players void many hands: keep their games short
    game = play(new_game(table_rules(players, preset, short), random.Random(seed)),
                seed, agent)
    assert game.is_over and game.end_reason is not None
    for played in game.played:
        played.state.check_invariants()
        assert played.dealer in played.players or game.players == 3
    assert max(game.totals) >= game.table_rules.target or game.end_reason != "target"
    text = dump_record(game)
    assert load_record(text) == game
    assert dump_record(load_record(text)) == text


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from(PLAYERS), seed=st.integers(0, 2**32),
       stop=st.integers(0, 400))
def test_R33_R35_games_stopped_anywhere_replay_identically(players: int, seed: int,
                                                           stop: int) -> None:
    game = play(new_game(table_rules(players, "classic", False), random.Random(seed)),
                seed, "simple", stop_after=stop)
    assert replay(record_of(game)) == game
    assert load_record(dump_record(game)) == game
