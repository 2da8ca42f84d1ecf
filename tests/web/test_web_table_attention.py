"""How the table reaches the player, without a browser: the unit tests of attention.js (run by
``node --test``), and a touch wording naming no key for every status line that names one."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ginrummy.i18n.catalogue import web_strings

ROOT = Path(__file__).resolve().parents[2]
KEYS_NAMED = re.compile(r"\([A-Z]\)|←|→|\bEnter\b|\bInvio\b")
"""A key named in a status line: "(T)", the arrows, Enter."""


def test_attention_js_unit_tests_pass() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: it runs the browser client's unit tests")
    command = [node, "--test", "--experimental-detect-module", "tests/js/attention.test.mjs"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"^# pass [1-9]", run.stdout, re.MULTILINE), run.stdout


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_status_that_names_a_key_has_a_touch_wording_that_names_none(lang: str) -> None:
    strings = web_strings(lang)
    naming = [key for key, text in strings.items() if key.startswith("status.")
              and not key.endswith(".touch") and KEYS_NAMED.search(text)]
    assert len(naming) >= 6
    for key in naming:
        touch = strings.get(f"{key}.touch")
        assert touch is not None, key
        assert not KEYS_NAMED.search(touch), (key, touch)
