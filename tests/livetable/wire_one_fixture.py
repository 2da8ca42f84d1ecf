"""Readers' streams of wire 2 (:mod:`tests.livetable.reader_fixture`) with, after each step,
wire 1's state for the same reader at the same moment
(:func:`ginrummy.server.wire.payload.state_payload`) and the ``table_info`` message, for the
browser's composition of wire 1's state from wire 2's (``ginrummy/web/static/wireone.js``,
checked by tests/livetable/js/wireone.test.mjs)."""

from __future__ import annotations

from typing import Any

from ginrummy.core.rules import Rules
from ginrummy.livetable import Table
from ginrummy.server.wire.payload import state_payload
from tests.livetable.kit import Played, make_table
from tests.livetable.reader_fixture import golden_games, play_seated, streams, table_info


def info_message(table: Table) -> dict[str, Any]:
    """The ``table_info`` message of wire 2 for a table made by the kit."""
    info = table_info(table)
    return {"type": "table_info", "version": table.version, "game_id": info.game_id,
            "kind": info.kind, "level": info.level, "computer": info.computer,
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "joined": s.joined,
                       "connected": s.connected} for s in info.seats],
            "listed": info.listed, "rated": info.rated}


def wire_one(table: Table, reader: int | None) -> dict[str, Any]:
    return state_payload(table_info(table), table.position, table.n, reader, table.fair)


def with_wire_one(played: Played) -> list[dict[str, Any]]:
    """:func:`~tests.livetable.reader_fixture.streams` of ``played``, each step with wire 1's
    state for its reader and the table's ``table_info``."""
    out = streams(played)
    for stream in out:
        reader = stream["reader"]
        stream["start_wire_one"] = wire_one(played.first, reader)
        stream["start_info"] = info_message(played.first)
        for step, applied in zip(stream["steps"], played.steps, strict=True):
            step["wire_one"] = wire_one(applied.table, reader)
            step["info"] = info_message(applied.table)
    return out


def equivalence_games() -> list[dict[str, Any]]:
    """The golden games (two players with a clock, to the end; the start of a team game) and a
    game of three, with each reader's wire 1 states."""
    three = make_table(3, Rules(target=30), computers=(2,), seed=7, joined=False)
    games = [*golden_games(), ("three", play_seated(three, 7, 160))]
    return [{"label": label, "readers": with_wire_one(played)} for label, played in games]
