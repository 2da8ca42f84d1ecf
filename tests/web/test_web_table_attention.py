"""How the table reaches the player, without a browser: a touch wording naming no key for
every status line that names one (attention.js's own units run in test_web_js_units.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ginrummy.i18n.catalogue import web_strings

ROOT = Path(__file__).resolve().parents[2]
KEYS_NAMED = re.compile(r"\([A-Z]\)|←|→|\bEnter\b|\bInvio\b")
"""A key named in a status line: "(T)", the arrows, Enter."""


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
