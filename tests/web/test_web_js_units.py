"""The browser client's logic without a browser: every unit test file under tests/js/ (the
rules behind challenges, resigning, the daily deal, who is online, the table's attention),
run by ``node --test``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNITS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))


def test_every_unit_file_of_the_client_is_found() -> None:
    assert {path.name for path in UNITS} >= {"attention.test.mjs", "challenges.test.mjs",
                                             "daily.test.mjs", "online.test.mjs",
                                             "resign.test.mjs", "sitenotices.test.mjs"}


@pytest.mark.parametrize("unit", UNITS, ids=[path.name for path in UNITS])
def test_the_clients_js_unit_tests_pass(unit: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: it runs the browser client's unit tests")
    command = [node, "--test", "--experimental-detect-module", str(unit.relative_to(ROOT))]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^# pass [1-9]", run.stdout, re.MULTILINE), run.stdout
