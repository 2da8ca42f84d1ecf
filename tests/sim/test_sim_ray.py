"""gin sim --backend ray: the games as Ray tasks give the very games of --jobs 1.

One local Ray (2 CPUs) serves the whole file; a backend finds it started and uses it as it
is. The errors that need no Ray session (Ray missing, nothing at --address) are in
tests/sim/test_sim_backend_errors.py.
"""

from __future__ import annotations

import argparse
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from ginrummy.cli import sim as cli_sim
from ginrummy.sim import run_match
from ginrummy.sim.backends import RayBackend
from ginrummy.sim.round_robin import run_round_robin

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.xdist_group("ray")

TIMING = {"seconds", "hands_per_second", "jobs", "backend"}


@pytest.fixture(scope="module", autouse=True)
def ray_session() -> Iterator[Any]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="WARNING",
             object_store_memory=100 * 2**20)
    yield ray
    ray.shutdown()


def _sim(*argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="gin sim")
    cli_sim.configure(parser)
    args = parser.parse_args(list(argv))
    out, err = io.StringIO(), io.StringIO()
    return cli_sim.run_sim(args, out, err), out.getvalue(), err.getvalue()


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING and not k.startswith("decision")}


def test_ray_backend_plays_the_games_and_hands_of_jobs_1() -> None:
    local = run_match(["simple", "greedy"], games=12, seed=7, duplicate=True)
    seen: list[int] = []
    remote = run_match(["simple", "greedy"], games=12, seed=7, duplicate=True, backend="ray",
                       chunk=1, progress=seen.append)
    assert remote.backend == "ray" and remote.jobs == 2
    assert remote.same_outcomes(local)
    assert seen == [1] * 12  # told as each game finishes
    assert _without_timing(remote.to_json()) == _without_timing(local.to_json())
    hands_local = run_match(["greedy", "random"], hands=60, seed=2)
    hands_remote = run_match(["greedy", "random"], hands=60, seed=2, backend="ray", jobs=2)
    assert hands_remote.same_outcomes(hands_local)


def test_ray_tournament_gives_the_standings_of_jobs_1_and_of_the_cli() -> None:
    agents = ["simple", "greedy", "random"]
    local = run_round_robin(agents, games=6, seed=11)
    remote = run_round_robin(agents, games=6, seed=11, backend=RayBackend(jobs=2))
    assert [m.games for m in remote.matches] == [m.games for m in local.matches]
    assert _without_timing(remote.to_json()) == _without_timing(local.to_json())
    status, out, err = _sim(*agents, "--tournament", "--games", "6", "--seed", "11",
                            "--backend", "ray", "--json")
    assert status == 0, err
    data = json.loads(out.splitlines()[-1])
    assert data["backend"] == "ray"
    assert _without_timing(data) == _without_timing(local.to_json())


def test_cli_match_on_ray_equals_jobs_1() -> None:
    argv = ("simple", "greedy", "--games", "8", "--seed", "4", "--json")
    status, out, err = _sim(*argv, "--jobs", "1")
    assert status == 0, err
    status_ray, out_ray, err_ray = _sim(*argv, "--backend", "ray")
    assert status_ray == 0, err_ray
    local, remote = (json.loads(text.splitlines()[-1]) for text in (out, out_ray))
    assert (local["backend"], remote["backend"]) == ("local", "ray")
    assert _without_timing(remote) == _without_timing(local)


class _Late:
    """Simple, registered by the test at run time: Ray's workers never heard of it."""

    def __new__(cls, seed: int | None = None) -> Any:
        from ginrummy.agents.simple import SimpleAgent

        return SimpleAgent(seed)


def test_an_error_in_a_ray_task_is_raised_as_itself() -> None:
    from ginrummy.agents import registry
    from ginrummy.agents.registry import UnknownAgentError

    registry.register("test-late", _Late, replace=True)
    try:
        assert run_match(["test-late", "simple"], games=2, seed=1).games_played == 2
        with pytest.raises(UnknownAgentError, match="unknown agent 'test-late'"):
            run_match(["test-late", "simple"], games=2, seed=1, backend="ray")
    finally:
        registry._FACTORIES.pop("test-late", None)
