"""The table actions benchmark still speaks the protocol: one short game against the current
tree's ``gin serve``, played and watched over WebSockets, gives a positive figure for every
measure, and its JSON and report say so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.bench_table_actions import MEASURES

REPO = Path(__file__).resolve().parents[2]


def test_one_game_on_the_current_tree_gives_positive_costs_bytes_and_round_trips(
        tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    run = subprocess.run(
        [sys.executable, "-m", "bench.bench_table_actions", "--games", "1", "--target", "10",
         "--only", "current", "--quiet", "--json", str(figures)],
        cwd=REPO, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    data = json.loads(figures.read_text())
    [current] = data["servers"]
    assert current["server"] == "current" and current["games"] == 1
    assert current["actions"] > 0 and current["errors"] == {}
    for key, _label, _digits in MEASURES:
        assert current[key] > 0, key
    assert current["player_extension"] and current["watcher_extension"]
    assert "| server CPU ms per action |" in run.stdout
