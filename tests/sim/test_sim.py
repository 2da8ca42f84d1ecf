"""Tournaments: reproducible from a seed, the same with any --jobs, fair seats, honest stats."""

from __future__ import annotations

import argparse
import io
import json
import math
from typing import Any

import pytest

from ginrummy.agents import registry
from ginrummy.agents.simple import SimpleAgent
from ginrummy.cli import sim as cli_sim
from ginrummy.core.actions import Action
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.core.views import PlayerView
from ginrummy.sim import (
    HANDS_PER_BLOCK,
    AgentMoveError,
    AgentSpec,
    DecisionTimes,
    MatchError,
    run_match,
    wilson_interval,
)
from ginrummy.sim.play import deck_for, hand_seats, play_game, seat_agents

JSON_KEYS = {
    "agents", "games", "wins", "hands", "points_per_hand", "ci95", "hands_per_second",
    "knock_rate", "gin_rate", "big_gin_rate", "undercut_rate", "void_rate",
    "decision_ms_mean", "decision_ms_p99",
}


# ---------------------------------------------------------------- reproducibility


def test_same_seed_same_games_other_seed_other_games() -> None:
    first = run_match(["simple", "greedy"], games=12, seed=5)
    again = run_match(["simple", "greedy"], games=12, seed=5)
    other = run_match(["simple", "greedy"], games=12, seed=6)
    assert first.same_outcomes(again)
    assert first.to_json()["wins"] == again.to_json()["wins"]
    assert not first.same_outcomes(other)


def test_jobs_do_not_change_the_outcomes() -> None:
    one = run_match(["simple", "random"], games=10, seed=3, duplicate=True, jobs=1)
    two = run_match(["simple", "random"], games=10, seed=3, duplicate=True, jobs=2, chunk=2)
    assert one.same_outcomes(two)
    hands_one = run_match(["greedy", "simple"], hands=2 * HANDS_PER_BLOCK + 7, seed=4, jobs=1)
    hands_two = run_match(["greedy", "simple"], hands=2 * HANDS_PER_BLOCK + 7, seed=4, jobs=2,
                          chunk=1)
    assert hands_one.same_outcomes(hands_two)
    timing_free = {k: v for k, v in one.to_json().items()
                   if not k.startswith("decision_ms") and k not in ("seconds", "hands_per_second",
                                                                       "jobs")}
    assert timing_free == {k: v for k, v in two.to_json().items() if k in timing_free}


def test_chunking_does_not_change_the_outcomes() -> None:
    a = run_match(["simple", "simple"], games=6, seed=9, chunk=1)
    b = run_match(["simple", "simple"], games=6, seed=9, chunk=4)
    assert a.same_outcomes(b)


# ---------------------------------------------------------------- seats and deals


def test_games_alternate_seats_and_count_hands() -> None:
    result = run_match(["simple", "greedy"], games=6, seed=2)
    assert [g.index for g in result.games] == list(range(6))
    assert [g.agent_at for g in result.games] == [(0, 1), (1, 0)] * 3
    assert [g.deal_stream for g in result.games] == list(range(6))
    assert result.hands == sum(len(g.hands) for g in result.games)
    for game in result.games:
        assert game.winner in (0, 1)
        assert max(game.totals) >= 100
        assert game.totals[game.winner] == max(game.totals)
        assert sum(h.points for h in game.hands if h.winner == 0) == game.totals[0]


class _Recorder:
    """Simple, remembering the first hand it is dealt in each game (by agent label)."""

    seen: list[tuple[str, int, int]] = []

    def __init__(self, seed: int | None = None, label: str = "?") -> None:
        self.inner = SimpleAgent(seed)
        self.label = label
        self.name = f"recorder-{label}"
        self.first_seen = False

    def choose(self, view: PlayerView) -> Action:
        if not self.first_seen:  # agents are made per game: this is the first hand's deal
            self.first_seen = True
            _Recorder.seen.append((self.label, view.seat, view.hand))
        return self.inner.choose(view)


@pytest.fixture
def recorders() -> Any:
    registry.register("test-recorder", _Recorder, replace=True)
    _Recorder.seen = []
    yield _Recorder.seen
    registry._FACTORIES.pop("test-recorder", None)


def test_duplicate_swaps_the_agents_on_the_same_cards(
    recorders: list[tuple[str, int, int]],
) -> None:
    specs = [AgentSpec("test-recorder", (("label", "A"),)),
             AgentSpec("test-recorder", (("label", "B"),))]
    rules = Rules.preset("standard")
    times = (DecisionTimes(), DecisionTimes())
    twins = [play_game(rules, specs, 11, index, True, times) for index in (4, 5)]
    assert twins[0].deal_stream == twins[1].deal_stream == 2
    assert twins[0].agent_at == (0, 1) and twins[1].agent_at == (1, 0)
    assert twins[0].first_dealer != twins[1].first_dealer  # the same seat deals: other agent
    first_hand = {(game, label): hand for game, (label, _, hand) in
                  zip((0, 0, 1, 1), recorders, strict=True)}
    assert first_hand[(0, "A")] == first_hand[(1, "B")]
    assert first_hand[(0, "B")] == first_hand[(1, "A")]
    assert first_hand[(0, "A")] != first_hand[(0, "B")]
    # the deck of each hand number is the same in both games
    assert deck_for(11, 2, 0) == deck_for(11, 2, 0) and deck_for(11, 2, 0) != deck_for(11, 2, 1)


def _first_hands(specs: list[AgentSpec], rules: Rules | TableRules, index: int,
                 seen: list[tuple[str, int, int]]) -> dict[int, str]:
    """Game ``index`` of a duplicate match: the first cards each recorder held, by cards."""
    seen.clear()
    play_game(rules, specs, 11, index, True, [DecisionTimes() for _ in specs])
    return {hand: label for label, _, hand in seen}


def _recorder_specs(*labels: str) -> list[AgentSpec]:
    return [AgentSpec("test-recorder", (("label", label),)) for label in labels]


def test_R34_duplicate_teams_swap_sides_on_the_same_cards(
    recorders: list[tuple[str, int, int]],
) -> None:
    teams = TableRules(4, Rules.preset("classic"))
    first, twin = (_first_hands(_recorder_specs("A", "B"), teams, index, recorders)
                   for index in (6, 7))
    assert len(first) == 4 and first.keys() == twin.keys()  # the same four hands were dealt
    assert all(twin[hand] != label for hand, label in first.items())  # to the other side
    outcomes = run_match(["simple", "random"], players=4, games=4, seed=3, duplicate=True)
    assert [g.deal_stream for g in outcomes.games] == [0, 0, 1, 1]
    assert [g.played_as for g in outcomes.games] == [(0, 1), (1, 0)] * 2
    assert outcomes.games[0].first_dealer != outcomes.games[1].first_dealer


def test_R33_duplicate_three_players_rotate_on_the_same_cards(
    recorders: list[tuple[str, int, int]],
) -> None:
    three = TableRules(3, Rules.preset("classic"))
    games = [_first_hands(_recorder_specs("A", "B", "C"), three, index, recorders)
             for index in (3, 4, 5)]
    everywhere = games[0].keys() & games[1].keys() & games[2].keys()
    assert len(everywhere) >= 2  # the two hands of the first deal (the dealer sits out)
    for hand in everywhere:
        assert len({game[hand] for game in games}) == 3  # held by each agent in turn
    outcomes = run_match(["simple", "greedy", "random"], players=3, games=6, seed=3,
                         duplicate=True)
    assert [g.deal_stream for g in outcomes.games] == [0, 0, 0, 1, 1, 1]
    with pytest.raises(MatchError, match="in threes: games must be a multiple of 3, got 4"):
        run_match(["simple"] * 3, players=3, games=4, duplicate=True)


def test_one_loop_plays_two_players_three_players_and_teams(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ginrummy.sim import match, play

    seatings: list[int] = []
    real = play.play_hand_state

    def counted(state: Any, agents: Any, times: Any, players: Any = (0, 1)) -> Any:
        seatings.append(len(agents))
        return real(state, agents, times, players)

    monkeypatch.setattr(play, "play_hand_state", counted)
    assert match.play_game is play.play_game
    kinds = []
    for players, agents in ((2, ["simple", "greedy"]), (3, ["simple", "greedy", "random"]),
                            (4, ["simple", "greedy"])):
        seatings.clear()
        result = run_match(agents, players=players, games=2, seed=5)
        assert len(seatings) == result.hands > 0  # every hand went through the one hand loop
        assert all(isinstance(g, play.GameOutcome) for g in result.games)
        kinds.append(result.kind)
    assert kinds == ["two", "three", "teams"]


def test_duplicate_match_pairs_games() -> None:
    result = run_match(["greedy", "simple"], games=8, seed=1, duplicate=True)
    streams = [g.deal_stream for g in result.games]
    assert streams == [0, 0, 1, 1, 2, 2, 3, 3]
    for a, b in zip(result.games[::2], result.games[1::2], strict=True):
        assert a.agent_at == (b.agent_at[1], b.agent_at[0])
        assert a.first_dealer != b.first_dealer
    same = run_match(["simple", "simple"], games=2, seed=1, duplicate=True)
    assert same.games[0].hands[0].dealer != same.games[1].hands[0].dealer


def test_hand_mode_rotates_seats_and_dealers() -> None:
    assert [hand_seats(i, False) for i in range(4)] == [
        (0, (0, 1), 0), (1, (1, 0), 0), (2, (0, 1), 1), (3, (1, 0), 1)]
    assert [hand_seats(i, True)[0] for i in range(6)] == [0, 0, 1, 1, 2, 2]
    result = run_match(["simple", "greedy"], hands=40, seed=8, duplicate=True)
    assert result.mode == "hands" and result.games_played == 0 and result.hands == 40
    assert [h.dealer for h in result.hand_outcomes[:4]] == [0, 1, 1, 0]
    assert sum(result.wins) + result.undecided == 40


# ---------------------------------------------------------------- statistics


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert math.isclose(low, 0.403832, abs_tol=1e-6) and math.isclose(high, 0.596168, abs_tol=1e-6)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and math.isclose(high, 0.277533, abs_tol=1e-6)
    low, high = wilson_interval(10, 10)
    assert math.isclose(low, 0.722467, abs_tol=1e-6) and high == 1.0
    # Newcombe (1998), Statistics in Medicine 17:857-872, table I, Wilson score method
    for (x, n), expected in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                             (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
        assert tuple(round(v, 4) for v in wilson_interval(x, n)) == expected
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_match_statistics_add_up() -> None:
    result = run_match(["simple", "random"], games=6, seed=4)
    data = result.to_json()
    assert data["wins"] == [6, 0]
    assert data["ci95"][0] == [round(x, 6) for x in wilson_interval(6, 6)]
    assert math.isclose(data["ci95"][1][0], 1 - data["ci95"][0][1], abs_tol=1e-6)
    points = [0, 0]
    for hand in result.hand_outcomes:
        if hand.winner is not None:
            points[hand.winner] += hand.points
    assert data["points_per_hand"] == [round(p / result.hands, 6) for p in points]
    knocks = sum(1 for h in result.hand_outcomes if h.knocker == 0)
    assert data["knock_rate"][0] == round(knocks / result.hands, 6)
    assert data["decisions"][0] > 0 and data["decision_ms_p99"][0] >= 0
    assert data["decision_ms_p99"][0] <= data["decision_ms_max"][0]


def test_decision_times_percentiles() -> None:
    times = DecisionTimes()
    for i in range(1, 1001):
        times.add(i * 1e-5)  # 10 µs .. 10 ms
    assert times.count == 1000
    assert math.isclose(times.mean, 500.5e-5, rel_tol=1e-9)
    assert 0.99 * 990e-5 <= times.percentile(99) <= 1.01 * 990e-5
    assert times.percentile(100) == times.longest == 1000e-5
    other = DecisionTimes()
    other.add(1.0)
    times.merge(other)
    assert times.count == 1001 and times.longest == 1.0


# ---------------------------------------------------------------- errors


class _Cheat:
    name = "cheat"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: PlayerView) -> Action:
        return 489  # a meld action, never legal when drawing


def test_an_illegal_move_names_the_agent() -> None:
    registry.register("test-cheat", _Cheat, replace=True)
    try:
        with pytest.raises(AgentMoveError, match="agent 'cheat' .* chose an illegal action"):
            run_match(["test-cheat", "simple"], games=1)
    finally:
        registry._FACTORIES.pop("test-cheat", None)


def test_match_argument_errors() -> None:
    with pytest.raises(MatchError, match="unknown agent 'nobody'"):
        run_match(["nobody", "simple"], games=1)
    with pytest.raises(MatchError, match="games must be a whole number of at least 1"):
        run_match(["simple", "simple"], games=0)
    with pytest.raises(MatchError, match="not both"):
        run_match(["simple", "simple"], games=2, hands=2)
    with pytest.raises(MatchError, match="must be even"):
        run_match(["simple", "simple"], games=3, duplicate=True)
    with pytest.raises(MatchError, match="unknown preset"):
        run_match(["simple", "simple"], games=2, rules="nope")
    with pytest.raises(MatchError, match="exactly two agents"):
        run_match(["simple"], games=2)


# ---------------------------------------------------------------- the command


def gin_sim(*argv: str) -> tuple[int, str, str]:
    """`gin sim` with ``argv``: its exit status, output and errors."""
    parser = argparse.ArgumentParser(prog="gin sim")
    cli_sim.configure(parser)
    out, err = io.StringIO(), io.StringIO()
    status = cli_sim.run_sim(parser.parse_args(list(argv)), out, err)
    return status, out.getvalue(), err.getvalue()


def test_cli_json_last_line() -> None:
    status, out, err = gin_sim("simple", "greedy", "--games", "4", "--seed", "2", "--json")
    assert status == 0 and err == ""
    data = json.loads(out.strip().splitlines()[-1])
    assert set(data) >= JSON_KEYS
    assert data["agents"] == ["simple", "greedy"] and data["games"] == 4
    assert len(data["wins"]) == 2 and sum(data["wins"]) == 4
    assert data["hands"] > 4 and len(data["ci95"]) == 2
    status, out, _ = gin_sim("simple", "random", "--hands", "20", "--json", "--duplicate")
    data = json.loads(out.strip().splitlines()[-1])
    assert status == 0 and data["hands"] == 20 and data["games"] == 0 and data["duplicate"]


def test_cli_table_for_people() -> None:
    status, out, _ = gin_sim("simple", "greedy", "--games", "2", "--rules", "oklahoma")
    assert status == 0
    assert "simple vs greedy: 2 games" in out and "rules oklahoma" in out
    for label in ("games won", "95% interval", "points per hand", "knocked", "won by gin",
                  "won by undercut", "decision p99", "void hands", "hands/s"):
        assert label in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simple", "nobody"], "unknown agent 'nobody'; known agents: random, simple, greedy"),
        (["simple"], "give exactly two agents, got 1"),
        (["simple", "greedy", "--games", "0"], "--games must be at least 1, got 0"),
        (["simple", "greedy", "--hands", "x"], "--hands must be a whole number, got 'x'"),
        (["simple", "greedy", "--jobs", "0"], "--jobs must be at least 1, got 0"),
        (["simple", "greedy", "--seed", "1.5"], "--seed must be a whole number"),
        (["simple", "greedy", "--rules", "nope"], "unknown rules preset 'nope'"),
        (["simple", "greedy", "--games", "3", "--duplicate"], "games must be even, got 3"),
    ],
)
def test_cli_errors_exit_2(argv: list[str], message: str) -> None:
    status, out, err = gin_sim(*argv)
    assert status == 2 and out == ""
    assert err.startswith("gin sim: error: ") and message in err


def test_cli_is_registered() -> None:
    from ginrummy.cli import COMMANDS

    assert COMMANDS["sim"] == "ginrummy.cli.sim"


def test_cli_list() -> None:
    status, out, _ = gin_sim("--list")
    assert status == 0 and {"random", "simple", "greedy"} <= set(out.split())


def test_gin_sim_through_the_gin_command(capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import main

    assert main(["sim", "greedy", "simple", "--games", "2", "--json", "--seed", "7"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["agents"] == ["greedy", "simple"] and data["games"] == 2
    assert main(["sim", "greedy", "nobody"]) == 2
    assert "unknown agent 'nobody'" in capsys.readouterr().err


@pytest.mark.parametrize("module_name", [
    "ginrummy.sim", "ginrummy.sim.match", "ginrummy.sim.play", "ginrummy.sim.stats",
    "ginrummy.sim.timing", "ginrummy.sim.spec", "ginrummy.agents.registry",
    "ginrummy.agents.simple", "ginrummy.sim.backends", "ginrummy.sim.elo",
    "ginrummy.sim.round_robin",
])
def test_docstring_examples(module_name: str) -> None:
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(module_name))
    assert failures == 0


def test_agent_parameters_on_the_command_line() -> None:
    spec = AgentSpec.parse("random:layouts=\"random\"")
    assert spec == AgentSpec("random", (("layouts", "random"),))
    assert AgentSpec.parse(str(spec)) == spec
    status, out, _ = gin_sim("simple", 'random:layouts="random"', "--games", "2", "--json")
    assert status == 0
    assert json.loads(out.splitlines()[-1])["agents"][1] == 'random:layouts="random"'
    status, _, err = gin_sim("simple", "greedy:bogus=1", "--games", "2")
    assert status == 2 and "unexpected keyword argument 'bogus'" in err
    status, _, err = gin_sim("simple", "random:x", "--games", "2")
    assert status == 2 and "parameter 'x' is not key=value" in err


# ---------------------------------------------------------------- three players and teams


def test_R33_sim_three_players_rotates_places_and_reports_each_agent() -> None:
    assert [seat_agents("three", 3, 3, g)[0] for g in range(3)] == [
        (0, 1, 2), (2, 0, 1), (1, 2, 0)]
    result = run_match(["simple", "greedy", "random"], players=3, games=6, seed=4)
    data = result.to_json()
    assert data["mode"] == "three" and data["games"] == 6 and len(data["per_agent"]) == 3
    assert sum(e["games_won"] for e in data["per_agent"]) + data["undecided"] == 6
    assert sum(e["net_per_game"] for e in data["per_agent"]) == pytest.approx(0)
    for entry in data["per_agent"]:
        low, high = entry["ci95"]
        assert low <= entry["win_share"] <= high
    hands = data["hands"]
    assert sum(e["hands_played"] for e in data["per_player"]) == 2 * hands
    again = run_match(["simple", "greedy", "random"], players=3, games=6, seed=4, jobs=2)
    assert again.games == result.games  # the same games whatever the number of jobs


def test_R34_R35_sim_teams_swap_sides_and_report_each_team() -> None:
    assert seat_agents("teams", 4, 2, 0) == ((0, 1, 0, 1), (0, 1))
    assert seat_agents("teams", 4, 2, 1) == ((1, 0, 1, 0), (1, 0))  # side 1 plays as team 0
    assert seat_agents("teams", 4, 4, 1)[0] == (1, 0, 3, 2)
    result = run_match(["simple", "random"], players=4, games=4, seed=2)
    data = result.to_json()
    assert data["mode"] == "teams" and data["target"] == 125 and len(data["per_team"]) == 2
    assert [g.played_as for g in result.games] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert data["per_team"][0]["net_per_game"] == -data["per_team"][1]["net_per_game"]
    six = run_match(["simple"] * 6, players=6, games=2, seed=2, team_target=60)
    assert six.to_json()["players"] == 6 and len(six.to_json()["per_player"]) == 6


def test_R33_R35_cli_sim_players() -> None:
    status, out, err = gin_sim("--players", "3", "simple", "greedy", "random", "--games", "3",
                            "--json")
    assert status == 0 and err == ""
    data = json.loads(out.strip().splitlines()[-1])
    assert data["mode"] == "three" and data["rules"] == "classic"
    status, out, _ = gin_sim("--players", "4", "simple", "greedy", "--games", "2")
    assert status == 0 and "2 games of 2 against 2 (R34, R35)" in out
    for label in ("side 0: simple", "95% interval", "net per game", "per player (sub-games)",
                  "hands won"):
        assert label in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "3", "simple", "greedy"], "3 players need three agents, got 2"),
        (["--players", "4", "simple", "greedy", "random"], "4 players need 4 agents"),
        (["--players", "5", "simple"] * 1, "players must be 2, 3 (R33) or an even number"),
        (["--players", "3", "a", "b", "c", "--hands", "4"], "--hands plays single two-player"),
        (["--players", "3", "simple", "simple", "simple", "--games", "4", "--duplicate"],
         "--duplicate plays each deal three times: games must be a multiple of 3, got 4"),
        (["--players", "4", "simple", "simple", "--games", "3", "--duplicate"],
         "--duplicate plays each deal twice: games must be even, got 3"),
        (["--players", "3", "simple", "simple", "simple", "--rules", "standard"],
         "dealer_rule 'alternate' does not apply to three players"),
        (["--players", "3", "simple", "simple", "simple", "--team-target", "100"],
         "team_target applies only to team games"),
        (["simple", "greedy", "--team-target", "100"], "--team-target needs teams"),
        (["--players", "x", "simple"], "--players must be a whole number"),
    ],
)
def test_R33_R35_cli_sim_errors_exit_2(argv: list[str], message: str) -> None:
    status, out, err = gin_sim(*argv)
    assert status == 2 and out == ""
    assert err.startswith("gin sim: error: ") and message in err
