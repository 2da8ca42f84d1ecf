"""The browser's check of three-player and team records (fairdeck.js) names what gin verify names.

Each hand of a table record is derived with its ``deal`` number (R33, R34; docs/FAIRNESS.md).
The module runs in Chromium from a routed http://localhost page, as in test_verify_js.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from ginrummy.format.record import record_from_dict, record_to_dict
from ginrummy.format.verify import verify_record
from tests.format.test_verify_table_record import FOUR, THREE, fair_table_record

CHECK = "record => window.fair.checkRecord(window.fair.gameRecordOf(record))"


@pytest.fixture
def fair_js(fairdeck_page: Any) -> Any:
    return fairdeck_page


def python_codes(data: dict[str, Any]) -> list[list[str]]:
    verdict = verify_record(record_from_dict(data))
    return [[p.code for p in problems] for problems in verdict.hands]


def js_codes(fair_js: Any, data: dict[str, Any]) -> list[list[str]]:
    verdict = fair_js.evaluate(CHECK, data)
    return [[p["code"] for p in problems] for problems in verdict["hands"]]


def _swap_bottom(data: dict[str, Any]) -> None:
    deck = data["hands"][1]["deck"]
    deck[50], deck[51] = deck[51], deck[50]


CHANGES: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
    ("fair", lambda d: None),
    ("tampered deck", _swap_bottom),
    ("wrong commitment", lambda d: d["hands"][2]["fair"].update(commitment="ab" * 32)),
    ("wrong deal", lambda d: d["hands"][0].update(deal=len(d["hands"]) + 1)),
    ("deal used twice", lambda d: d["hands"][1].update(deal=d["hands"][0]["deal"])),
    ("no deal", lambda d: d["hands"][0].pop("deal")),
    ("seed used twice", lambda d: d["hands"][2].update(fair=dict(d["hands"][0]["fair"]))),
    ("no fair data", lambda d: d["hands"][1].pop("fair")),
]


@pytest.mark.parametrize("table_rules", [THREE, FOUR], ids=["R33", "R34"])
def test_R33_R34_js_finds_the_problems_gin_verify_finds(fair_js: Any, table_rules: Any) -> None:
    fair = record_to_dict(fair_table_record(table_rules))
    for name, change in CHANGES:
        data = json.loads(json.dumps(fair))
        change(data)
        expected = python_codes(data)
        assert js_codes(fair_js, data) == expected, name
        if name == "fair":
            assert expected == [[]] * len(data["hands"])
        else:
            assert any(expected), name


def test_R34_js_names_the_deal_numbers(fair_js: Any) -> None:
    data = record_to_dict(fair_table_record(FOUR))
    first = data["hands"][0]["deal"]
    data["hands"][1]["deal"] = first
    data["hands"][2]["deal"] = 0
    verdict = fair_js.evaluate(CHECK, data)
    assert verdict["hands"][1][-1] == {"code": "deal_reused", "deal": first, "other": 1}
    assert verdict["hands"][2] == [{"code": "deal_number", "value": "0", "limit": 1_000_000}]
    assert fair_js.evaluate("data => window.fair.gameRecordOf(data).format", data) == \
        "ginrummy-game"


def test_R34_js_reads_a_version_1_table_record_as_gin_verify_does(fair_js: Any) -> None:
    data = record_to_dict(fair_table_record(FOUR))
    old = {**data, "format": "ginrummy-table-game", "version": 1}
    _swap_bottom(old)
    assert fair_js.evaluate("data => window.fair.gameRecordOf(data).format", old) == \
        "ginrummy-table-game"
    assert js_codes(fair_js, old) == python_codes(old)
    assert ["deck_mismatch"] in python_codes(old)
