"""Readers' streams of games played through :func:`ginrummy.livetable.apply`: for each reader,
its snapshot before the first command, then for each command the events it may see (as
:func:`~ginrummy.livetable.reader.event_json` sends them) and the ``facts`` and
``seat_facts`` notices that changed (as the server's wire 2 sends them after a command's
events, :class:`~ginrummy.server.wire.facts.SharedFacts`), and its snapshot after. The facts a
snapshot is followed by are the latest notices of each kind so far. The browser's reducer
(``ginrummy/web/static/tablestate.js``) must fold the first snapshot and the events into each
later snapshot and the latest facts (tests/livetable/js/tablestate.test.mjs).

``python -m tests.livetable.reader_fixture`` writes the golden game's streams to
:data:`GOLDEN` (tests/livetable/test_livetable_reader_js.py checks it is up to date).
"""

from __future__ import annotations

import json
import random
from datetime import timedelta
from pathlib import Path
from typing import Any

from ginrummy.agents.registry import make_agent
from ginrummy.core.rules import Rules
from ginrummy.livetable import Command, Join, OfferRematch, Presence, Table, apply
from ginrummy.livetable.clocks import ClockRules
from ginrummy.livetable.reader import event_json, snapshot
from ginrummy.server.wire.facts import SharedFacts
from ginrummy.server.wire.payload_info import SeatInfo, TableInfo
from ginrummy.server.wire.text import Written
from tests.livetable.kit import START, Played, make_table, next_command

GOLDEN = Path(__file__).parent / "data" / "reader_streams.json"


def table_info(table: Table) -> TableInfo:
    """What the server knows beside a table's value, as a table made by the kit has it."""
    setup = table.setup
    return TableInfo(setup.game_id, setup.kind, setup.level, None, tuple(
        SeatInfo(s.place, s.kind, s.name, s.joined, s.kind == "computer"
                 or s.place in table.connected) for s in table.seats),
        duplicate=setup.deal_key is not None)


class FactsFeed:
    """The facts notices one reader's socket of wire 2 is sent, as the server sends them."""

    def __init__(self, reader: int | None) -> None:
        self.reader = reader
        self.shared = SharedFacts()
        self.facts: Written | None = None
        self.seat_facts: Written | None = None

    def changed(self, table: Table) -> list[dict[str, Any]]:
        """The facts notices that changed since those last sent (as event_json gives
        events: without ``type``)."""
        self.facts, public = self.shared.public_update(table_info(table), table, self.facts)
        notices = [] if public is None else [public]
        if self.reader is not None:
            own = self.shared.seat(table, self.reader)
            if own is not self.seat_facts:
                notices.append(own)
            self.seat_facts = own
        return [{k: v for k, v in n.items() if k != "type"} for n in notices]


def streams(played: Played) -> list[dict[str, Any]]:
    """Each reader's stream of ``played``: every place, then a watcher."""
    readers: list[int | None] = [*range(played.first.game.players), None]
    out = []
    for reader in readers:
        feed = FactsFeed(reader)
        start_facts = feed.changed(played.first)
        steps = [{"events": [event_json(e) for e in step.events if e.audience.admits(reader)]
                  + feed.changed(step.table),
                  "snapshot": snapshot(step.table, reader)} for step in played.steps]
        out.append({"reader": reader, "start": snapshot(played.first, reader),
                    "start_facts": start_facts, "steps": steps})
    return out


def play_seated(table: Table, seed: int, limit: int) -> Played:
    """Seat the people one by one (each connecting as it sits), play ``limit`` commands by
    the registry's agents, and at a finished two-player game offer a rematch."""
    rng = random.Random(seed)
    agents = {p: make_agent("level1", seed * 10 + p) for p in range(table.game.players)}
    played = Played(table)
    now = START

    def step(command: Command) -> None:
        nonlocal now
        now += timedelta(seconds=3)
        played.steps.append(apply(played.last, command, now, rng))

    for seat in table.seats:
        if not seat.joined:
            step(Join(seat.place, f"Player {seat.place}"))
            step(Presence(played.last.connected | {seat.place}))
    while played.last.stage != "over" and len(played.steps) < limit:
        step(next_command(played.last, agents, rng))
    if played.last.stage == "over" and table.game.players == 2:
        step(OfferRematch(0))
    return played


def golden_games() -> list[tuple[str, Played]]:
    """A short two-player game with a clock to its end, and the start of a team game."""
    heads_up = make_table(2, Rules(target=30), computers=(1,), seed=6, joined=False,
                          clock=ClockRules("bank", 60.0, 5.0))
    teams = make_table(4, computers=(1, 2), seed=5, joined=False)
    return [("heads_up", play_seated(heads_up, 6, 400)), ("teams", play_seated(teams, 5, 30))]


def golden_text() -> str:
    games = [{"label": label, "readers": streams(played)} for label, played in golden_games()]
    return json.dumps({"games": games}, sort_keys=True, separators=(",", ":")) + "\n"


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(golden_text(), encoding="utf-8")
