"""The worked examples in examples/ run as scripts at tiny sizes and print their figures."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RATE = r"win rate vs simple (\d\.\d{3}) \(95% CI (\d\.\d{3})-(\d\.\d{3}), (\d+)/(\d+) hands\)"


def _run(script: str, *args: str) -> str:
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], capture_output=True,
                          text=True, timeout=120, check=True)
    return done.stdout


def test_train_masked_policy_reports_win_rates_before_and_after_with_intervals() -> None:
    out = _run("train_masked_policy.py", "--random-hands", "10", "--simple-hands", "40",
               "--eval-hands", "30", "--seed", "2")
    rates = re.findall(RATE, out)
    assert [line.split(":")[0] for line in out.splitlines()[:3]] == [
        "before training (uniform over legal actions)",
        "after training (sampling from the policy)",
        "after training (most likely action)"]
    assert len(rates) == 3
    for rate, low, high, wins, hands in rates:
        assert int(hands) == 30 and float(low) <= float(rate) <= float(high)
        assert abs(float(rate) - int(wins) / 30) < 1e-3
    assert "trained 10 hands vs random, 40 vs simple" in out


def test_train_masked_policy_is_deterministic_for_a_seed() -> None:
    args = ("--random-hands", "5", "--simple-hands", "20", "--eval-hands", "20")
    first = _run("train_masked_policy.py", *args).splitlines()[:3]
    assert _run("train_masked_policy.py", *args).splitlines()[:3] == first


def test_ismcts_example_prints_a_duplicate_results_table() -> None:
    out = _run("ismcts_vs_montecarlo.py", "--deals", "1", "--simulations", "4",
               "--samples", "4")
    rows = [line for line in out.splitlines() if line.startswith("| montecarlo")
            or line.startswith("| simple")]
    assert len(rows) == 2
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        hands, wins, losses, voids = map(int, cells[1:5])
        assert hands == 2 and wins + losses + voids == 2
        assert re.fullmatch(r"[+-]\d+\.\d \([+-]\d+\.\d to [+-]\d+\.\d\)", cells[5])
        assert re.fullmatch(r"[+-]\d+\.\d \([+-]\d+\.\d to [+-]\d+\.\d\)", cells[6])
