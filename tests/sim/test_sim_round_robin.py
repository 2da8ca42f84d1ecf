"""gin sim --tournament: a round robin whose standings add up from its pairings' games."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from ginrummy.sim import MatchError, run_match, wilson_interval
from ginrummy.sim.elo import PRIOR_GAMES, bradley_terry, elo_ratings, rate
from ginrummy.sim.round_robin import run_round_robin
from tests.sim.test_sim import gin_sim

AGENTS = ["simple", "greedy", "random"]


@pytest.fixture(scope="module")
def tiny() -> Any:
    return run_round_robin(AGENTS, games=6, seed=3)


# ---------------------------------------------------------------- the games


def test_each_pairing_is_the_match_of_the_pair_alone(tiny: Any) -> None:
    assert tiny.pairings == ((0, 1), (0, 2), (1, 2))
    for (i, j), match in zip(tiny.pairings, tiny.matches, strict=True):
        alone = run_match([AGENTS[i], AGENTS[j]], games=6, seed=3)
        assert match.same_outcomes(alone)


def test_tournament_on_two_processes_plays_the_games_of_one(tiny: Any) -> None:
    two = run_round_robin(AGENTS, games=6, seed=3, jobs=2, chunk=1)
    assert [m.games for m in two.matches] == [m.games for m in tiny.matches]
    assert two.to_json()["standings"] == tiny.to_json()["standings"]


def test_progress_counts_every_game_of_every_pairing() -> None:
    seen: list[int] = []
    run_round_robin(AGENTS, games=4, seed=1, chunk=1, progress=seen.append)
    assert seen == [1] * 12


# ---------------------------------------------------------------- the table's figures


def test_standings_add_up_from_the_pairings(tiny: Any) -> None:
    for agent, standing in enumerate(tiny.standings()):
        mine = [(m, 0 if i == agent else 1) for (i, j), m in zip(tiny.pairings, tiny.matches,
                                                                 strict=True)
                if agent in (i, j)]
        trials = sum(m.games_played for m, _ in mine)
        won = sum(m.wins[side] + m.undecided / 2 for m, side in mine)
        points = sum(h.points for m, side in mine for h in m.hand_outcomes if h.winner == side)
        hands = sum(m.hands for m, _ in mine)
        assert standing.agent == AGENTS[agent]
        assert standing.trials == trials == 12
        assert standing.win_share == pytest.approx(won / trials)
        assert standing.ci95 == wilson_interval(won, trials)
        assert standing.points_per_hand == pytest.approx(points / hands)
        assert standing.rating.low <= standing.rating.elo <= standing.rating.high + 1e-6


def test_cli_table_shows_the_standings_and_each_pairs_share(tiny: Any) -> None:
    status, out, err = gin_sim(*AGENTS, "--tournament", "--games", "6", "--seed", "3")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "round robin of 3 agents: 6 games a pair, rules standard, seed 3"
    for s in tiny.standings():
        row = next(line for line in lines if line.startswith(f"{s.agent} "))
        assert row.split() == [
            s.agent, f"{s.rating.elo:.0f}", f"{s.rating.low:.0f}-{s.rating.high:.0f}",
            f"{s.wins + s.undecided / 2:g}", "of", "12", f"{100 * s.win_share:.1f}%",
            f"{100 * s.ci95[0]:.1f}%-{100 * s.ci95[1]:.1f}%", f"{s.points_per_hand:.2f}"]
    grid = lines[lines.index("win share of the row's agent against the column's:") + 1:]
    columns = grid[0].split()
    simple_row = next(line for line in grid if line.startswith("simple")).split()[1:]
    shares = dict(zip(columns, simple_row, strict=True))
    assert shares["simple"] == "-"
    assert shares["random"] == f"{100 * tiny.matches[1].win_share[0]:.1f}%"
    status, out, _ = gin_sim(*AGENTS, "--tournament", "--games", "6", "--seed", "3", "--json")
    data = json.loads(out.splitlines()[-1])
    assert data["mode"] == "round_robin" and data["per_pairing"] == 6
    assert data["standings"] == tiny.to_json()["standings"]


# ---------------------------------------------------------------- the ratings


def test_bradley_terry_is_choix_maximum_likelihood_with_one_drawn_game_a_pair() -> None:
    choix = pytest.importorskip("choix")
    wins = np.array([[0, 30, 45, 12], [20, 0, 40, 9], [5, 10, 0, 3.5], [8, 11, 16.5, 0]])
    off = 1 - np.eye(4)
    expected = choix.ilsr_pairwise_dense(wins * off + PRIOR_GAMES / 2 * off)
    assert np.allclose(bradley_terry(wins), expected - expected.mean(), atol=1e-7)


def test_elo_scale_even_results_rate_alike_and_three_to_one_is_about_190() -> None:
    assert elo_ratings([[0, 10], [10, 0]]) == pytest.approx([1500, 1500])
    low, high = elo_ratings([[0, 29.5], [89.5, 0]])  # with the prior: 30 to 90 = 1 to 3
    assert high - low == pytest.approx(400 * math.log10(3))
    assert (low + high) / 2 == pytest.approx(1500)


def test_elo_intervals_come_from_the_seed() -> None:
    results = [(0, 1, 30, 20, 2), (0, 2, 45, 5, 0), (1, 2, 40, 10, 0)]
    first, again, other = rate(results, 3, 5), rate(results, 3, 5), rate(results, 3, -5)
    assert first == again and first != other
    assert [r.elo for r in first] == [r.elo for r in other]
    for r in first:
        assert r.low < r.elo < r.high


def test_an_agent_that_wins_everything_gets_a_finite_rating() -> None:
    best, *_ = rate([(0, 1, 10, 0, 0), (0, 2, 10, 0, 0), (1, 2, 5, 5, 0)], 3, 1)
    assert math.isfinite(best.elo) and best.elo > 1800


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(("argv", "message"), [
    (["simple", "nobody", "--tournament"], "unknown agent 'nobody'; known agents: random,"),
    (["simple", "--tournament"], "a tournament needs at least two agents, got 1"),
    (["simple", "greedy", "simple", "--tournament"],
     "agent 'simple' is named twice; each agent plays once in a tournament"),
    (["simple", "greedy", "random", "--tournament", "--players", "3"],
     "--tournament plays two-player matches; leave out --players"),
    (["simple", "greedy", "--tournament", "--games", "5", "--duplicate"],
     "--duplicate plays each deal twice: games must be even, got 5"),
    (["simple", "greedy", "--backend", "spark"],
     "unknown backend 'spark'; known backends: local, ray"),
    (["simple", "greedy", "--address", "127.0.0.1:6379"], "--address needs --backend ray"),
    (["simple", "greedy", "--backend", "ray", "--address", "head"],
     "--address must be HOST:PORT, ray://HOST:PORT or auto, got 'head'"),
    (["simple", "greedy", "--tournament", "--jobs", "0"], "--jobs must be at least 1, got 0"),
])
def test_bad_tournament_and_backend_options_are_named(argv: list[str], message: str) -> None:
    status, out, err = gin_sim(*argv)
    assert (status, out) == (2, "")
    assert err.startswith(f"gin sim: error: {message}"), err


@pytest.mark.parametrize(("argv", "message"), [
    (["simple", "nobody", "--tournament"], "gin sim: errore: agente sconosciuto 'nobody'"),
    (["simple", "greedy", "simple", "--tournament"],
     "gin sim: errore: l'agente 'simple' compare due volte"),
    (["simple", "greedy", "--address", "x:1"],
     "gin sim: errore: --address vale solo con --backend ray"),
])
def test_errors_in_italian(argv: list[str], message: str) -> None:
    status, _, err = gin_sim(*argv, "--lang", "it")
    assert status == 2
    assert err.startswith(message), err


def test_run_round_robin_refuses_one_agent_and_an_agent_twice() -> None:
    with pytest.raises(MatchError, match="at least two agents"):
        run_round_robin(["simple"], games=2)
    with pytest.raises(MatchError, match="'greedy' is named twice"):
        run_round_robin(["greedy", "simple", "greedy"], games=2)
