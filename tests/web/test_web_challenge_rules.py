"""The decisions behind challenges in the browser, without a browser: the unit tests of
challengerules.js (run by ``node --test``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_challengerules_js_unit_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: it runs the browser client's unit tests")
    command = [node, "--test", "--experimental-detect-module", "tests/js/challenges.test.mjs"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^# pass [1-9]", run.stdout, re.MULTILINE), run.stdout
