"""Wire 2's kinds of event (:mod:`ginrummy.server.wire.event_kinds`) are the ones the table
says: every event and notice of played games has a kind listed there, with its audience and
fields; and PROTOCOL.md's table of them is the one made from that list."""

from __future__ import annotations

import random
import re
from pathlib import Path

from ginrummy.livetable import Event, Ready, Resign, apply
from ginrummy.server.wire.event_kinds import BY_NAME, markdown
from tests.livetable.kit import START, make_table
from tests.livetable.reader_fixture import golden_games

PROTOCOL = Path(__file__).resolve().parents[2] / "ginrummy" / "server" / "PROTOCOL.md"
SECTION = re.compile(r"<!-- wire 2 kinds: made by [^>]*-->\n(.*?)<!-- wire 2 kinds: end -->",
                     re.S)


def test_every_event_of_played_games_is_a_listed_kind_with_its_audience_and_fields() -> None:
    seen = set()
    for _, played in golden_games():
        for step in played.steps:
            for event in step.events:
                kind = BY_NAME.get(event.kind)
                assert kind is not None, event
                assert (kind.form == "event") == isinstance(event, Event), event
                assert event.audience.kind == kind.audience, event
                fields = set(event.fields) - {"n"}
                assert set(kind.fields) <= fields <= {*kind.fields, *kind.optional}, event
                seen.add(event.kind)
    assert {"dealt", "hand", "played", "drew", "legal", "hand_over", "game_over"} <= seen


def test_the_protocols_table_of_kinds_is_made_from_the_list() -> None:
    found = SECTION.search(PROTOCOL.read_text(encoding="utf-8"))
    assert found is not None
    assert found.group(1) == markdown(), "rewrite it from event_kinds.markdown()"


def test_a_resignations_events_are_listed_kinds_with_their_audience_and_fields() -> None:
    table = make_table(2)
    for place in (0, 1):
        table = apply(table, Ready(place), START, random.Random(1)).table
    events = apply(table, Resign(1), START, random.Random(1)).events
    assert [event.kind for event in events] == ["resigned", "game_over"]
    for event in events:
        kind = BY_NAME[event.kind]
        assert event.audience.kind == kind.audience
        assert set(event.fields) - {"n"} == set(kind.fields)
