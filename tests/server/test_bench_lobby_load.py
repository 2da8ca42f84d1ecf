"""The lobby's load benchmark still speaks the protocol: with a few lobby sockets and games
it measures lobby updates and moves (its bots play, the board reaches every socket)."""

from __future__ import annotations

import argparse
import asyncio
from concurrent.futures import ThreadPoolExecutor

from bench.bench_lobby_load import measure


def test_the_lobby_benchmark_measures_updates_and_moves_on_a_real_server() -> None:
    args = argparse.Namespace(lobby=4, games=3, think=0.05, target=10, duration=4.0,
                              warmup=1.0, seed=1, gin=None)
    with ThreadPoolExecutor(1) as thread:  # its own event loop, whatever runs in this one
        result = thread.submit(asyncio.run, measure(args)).result()
    assert result.update_samples >= 4 and result.moves > 10
    assert result.closed == 0 and result.failures == []
    assert 0 < result.update_p50 <= result.update_p99
