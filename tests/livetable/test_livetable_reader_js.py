"""The browser's reducer (ginrummy/web/static/tablestate.js), run by ``node --test`` on
readers' streams: folding the events a reader is sent into its snapshot gives the server's
snapshot after each command, from the first snapshot or from any later one (the resync
guarantee); on the golden game, and on random games of two, three and four players."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.core.rules import Rules
from tests.livetable.kit import make_table
from tests.livetable.reader_fixture import GOLDEN, golden_text, play_seated, streams

NODE = shutil.which("node") or "/usr/bin/node"
NODE_TEST = Path(__file__).parent / "js" / "tablestate.test.mjs"
pytestmark = pytest.mark.skipif(not Path(NODE).exists(), reason="node is not installed")


def run_node_test(streams_file: Path | None = None) -> None:
    env = {**os.environ}
    if streams_file is not None:
        env["READER_STREAMS"] = str(streams_file)
    done = subprocess.run([NODE, "--test", "--test-reporter=dot", str(NODE_TEST)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_browser_reducer_folds_the_golden_game_into_each_snapshot() -> None:
    run_node_test()


def test_the_golden_streams_are_up_to_date() -> None:
    """``python -m tests.livetable.reader_fixture`` makes the same file again."""
    assert GOLDEN.read_text(encoding="utf-8") == golden_text()


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seating=st.sampled_from([(2, (1,)), (2, ()), (3, (2,)), (4, (1,))]),
       seed=st.integers(0, 10_000), preset=st.sampled_from(["standard", "oklahoma"]))
def test_every_reader_of_a_random_game_resyncs_from_any_snapshot(
        tmp_path: Path, seating: tuple[int, tuple[int, ...]], seed: int, preset: str) -> None:
    players, computers = seating
    table = make_table(players, Rules.preset(preset), computers, seed=seed, joined=False)
    played = play_seated(table, seed, limit=150)
    path = tmp_path / f"streams-{seed}.json"
    path.write_text(json.dumps({"games": [{"label": f"{players}p seed {seed}",
                                           "readers": streams(played)}]}), encoding="utf-8")
    run_node_test(path)
