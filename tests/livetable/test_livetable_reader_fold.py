"""The Python port of the browser's reducer (:mod:`tests.livetable.reader_fold`) folds the
golden readers' streams into each snapshot, as ``tablestate.js`` does: the port the server's
wire 2 tests fold with is the browser's reducer."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.livetable.reader_fixture import GOLDEN
from tests.livetable.reader_fold import comparable, from_snapshot, gap, reduce

STREAMS: list[tuple[str, dict[str, Any]]] = [
    (f"{game['label']}-{stream['reader']}", stream)
    for game in json.loads(GOLDEN.read_text(encoding="utf-8"))["games"]
    for stream in game["readers"]]


@pytest.mark.parametrize("stream", [s for _, s in STREAMS], ids=[label for label, _ in STREAMS])
def test_the_port_folds_each_readers_events_into_each_snapshot(stream: dict[str, Any]) -> None:
    state = from_snapshot(stream["start"])
    latest = {notice["kind"]: notice for notice in stream["start_facts"]}
    for notice in stream["start_facts"]:
        state = reduce(state, notice)
    for index, step in enumerate(stream["steps"]):
        for event in step["events"]:
            assert not gap(state, event), (index, event)
            state = reduce(state, event)
            if event["kind"] == "facts":
                latest["facts"] = {**latest["facts"], **event}
            elif event["kind"] == "seat_facts":
                latest["seat_facts"] = event
        assert comparable(state) == comparable(step["snapshot"]), index
        for kind in ("facts", "seat_facts"):
            notice = latest.get(kind)
            kept = None if notice is None else {k: v for k, v in notice.items() if k != "kind"}
            assert state[kind] == kept, (index, kind)


def test_a_reader_that_missed_an_entry_sees_the_gap() -> None:
    stream = STREAMS[0][1]
    state = from_snapshot(stream["start"])
    events = [e for step in stream["steps"] for e in step["events"] if "n" in e]
    later = next(e for e in events if e["n"] >= state["n"] + 2)
    assert gap(state, later)
