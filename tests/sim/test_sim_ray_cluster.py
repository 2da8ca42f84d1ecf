"""gin sim --backend ray --address: the games of --jobs 1 on a cluster started by ray start.

The cluster is a head on this machine (`ray start --head --block`, 2 CPUs, its own temporary
folder and token, so nothing of it is left for other Ray sessions to find), stopped by its
process group at the end. Its node does not drain on SIGTERM (Ray's default waits up to 30 s
for a drain that the head, stopped at the same moment, can no longer answer).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy.sim import run_match
from tests.waiting import wait_until

pytest.importorskip("ray")
pytestmark = pytest.mark.slow

RAY = Path(sys.executable).with_name("ray")
TIMING = {"seconds", "hands_per_second", "jobs", "backend"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture(scope="module")
def head() -> Iterator[tuple[str, dict[str, str]]]:
    folder = tempfile.mkdtemp(prefix="rayt", dir="/tmp")
    port = _free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": "ginrummy-test-" + "0" * 32,
           "RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S": "0"}
    env.pop("RAY_ADDRESS", None)
    process = subprocess.Popen(
        [str(RAY), "start", "--head", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", f"--temp-dir={folder}", "--block"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def listening() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    try:
        wait_until(listening, 60, 0.5, "the Ray head listening")
        yield f"127.0.0.1:{port}", env
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_match_on_a_ray_cluster_plays_the_games_of_jobs_1(
    head: tuple[str, dict[str, str]],
) -> None:
    address, env = head
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy.cli", "sim", "simple", "greedy", "--games", "6",
         "--seed", "4", "--backend", "ray", "--address", address, "--json"],
        env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    remote = json.loads(done.stdout.splitlines()[-1])
    local = run_match(["simple", "greedy"], games=6, seed=4).to_json()
    assert (remote["backend"], remote["jobs"]) == ("ray", 2)
    assert {k: v for k, v in remote.items() if k not in TIMING and "decision" not in k} == \
        {k: v for k, v in local.items() if k not in TIMING and "decision" not in k}
