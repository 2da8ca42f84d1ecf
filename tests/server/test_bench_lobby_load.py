"""The lobby's load benchmark still speaks the protocol: with a few lobby sockets (in their
own process), games and a probe it measures lobby updates and moves, and profiles the
server when asked."""

from __future__ import annotations

import argparse
import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.bench_lobby_load import measure


def test_the_lobby_benchmark_measures_updates_and_probe_moves_and_profiles_the_server(
        tmp_path: Path) -> None:
    profile = tmp_path / "server.prof"
    args = argparse.Namespace(lobby=4, games=3, think=0.05, target=10, ramp=0.5, probes=1,
                              probe_every=0.05, duration=4.0, warmup=1.0, seed=1, gin=None,
                              profile=profile)
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever runs in this one
        result = thread.submit(asyncio.run, measure(args)).result()
    assert result.update_samples >= 4 and result.moves > 10
    assert result.all_moves > result.moves  # the probe's, and the other games' too
    assert result.closed == 0 and result.failures == []
    assert 0 <= result.update_p50 <= result.update_p99
    top = profile.with_suffix(".txt").read_text()
    assert "function calls" in top and "ginrummy/server/" in top  # the server's own code
