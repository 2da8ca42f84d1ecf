"""One command being applied: the table as it grows entry by entry, what will be stored with
it, and the events said so far. Local to :func:`~ginrummy.livetable.machine.apply`: a draft
that is refused is dropped, so a refusal changes nothing.

:func:`advance` is the fold's step (a table and one log entry give the next table); a draft
logs an entry by advancing its table and saying the entry's events.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime

from ginrummy.livetable.clocks import advance as advance_clocks
from ginrummy.livetable.clocks import clocked_places, timed_out
from ginrummy.livetable.events import Said, entry_events
from ginrummy.livetable.fairness import FairRow, deck_of, next_deal, upcoming
from ginrummy.livetable.log import EntryKind, LogEntry
from ginrummy.livetable.position import Position, step
from ginrummy.livetable.state import Table, frozen

OWN_ENTRIES = frozenset({"play", "ready", "back", "choose"})
"""Entries a person makes by their own command (they show the person is not idle)."""


def advance(table: Table, entry: LogEntry) -> Table:
    """The table after ``entry`` (the fold's step); a ``ValueError`` if it does not apply."""
    position = step(table.position, entry, table.decks)
    clocks, rules = table.clocks, table.setup.clock
    if clocks is not None and rules is not None:
        if entry.kind == "timeout" and entry.seat is not None:
            clocks = timed_out(clocks, rules, entry.seat)
        clocks = advance_clocks(clocks, rules, entry.at, clocked_places(position, table.humans))
    acted = table.acted
    if entry.kind in OWN_ENTRIES and entry.seat is not None:
        acted = tuple(entry.seq if place == entry.seat else seen
                      for place, seen in enumerate(acted))
    return replace(table, position=position, n=entry.seq, clocks=clocks, acted=acted)


class Draft:
    def __init__(self, table: Table, now: datetime, rng: random.Random | None) -> None:
        self.table = table
        self.now = now
        self.rng = rng
        self.entries: list[LogEntry] = []
        self.decks: dict[int, tuple[int, ...]] = {}
        self.fair: dict[int, FairRow] = {}
        """Seeds drawn or given by this command, by deal number or slot."""
        self.said: list[Said] = []
        self.positions: list[Position] = []
        """The position after each entry logged."""

    def log(self, kind: EntryKind, seat: int | None = None, action: int | None = None,
            client_id: str | None = None) -> None:
        entry = LogEntry(self.table.n + 1, kind, seat, action, client_id, self.now)
        before = self.table
        self.table = advance(before, entry)
        self.entries.append(entry)
        self.positions.append(self.table.position)
        self.said += [(kind, audience, {**fields, "n": entry.seq})
                      for kind, audience, fields in entry_events(before, entry, self.table)]

    def stage(self, row: FairRow) -> None:
        self.fair[row.hand_number] = row
        self.table = replace(self.table, fair=frozen({**self.table.fair, row.hand_number: row}))

    def draw(self, at: int) -> FairRow:
        """A new server seed for table ``at``'s next deal, staged in its slot."""
        if self.rng is None:
            raise RuntimeError("a deal is due but apply was given no rng to draw its seed")
        row = next_deal(self.rng, at)
        self.stage(row)
        return row

    def next_deal_row(self, at: int) -> FairRow:
        """The seeds of table ``at``'s next deal: as staged or stored, or drawn now."""
        number = len(self.table.position.deals) + 1
        row = upcoming(self.table.fair, at, number)
        return row if row is not None else self.draw(at)

    def time_up_if_due(self) -> None:
        """Log ``time_up`` if the time limit (R31) has passed and was not logged yet."""
        game = self.table.game
        limit = game.rules.time_limit_minutes
        if limit is None or game.time_is_up or game.is_over:
            return
        if (self.now - self.table.setup.created_at).total_seconds() / 60 >= limit:
            self.log("time_up")

    def deals_due(self) -> None:
        """Deal every table waiting for a deal whose people are all ready (a computer always
        is, and so is a player the computer plays for); a ``time_up`` first if the limit has
        passed (it may end the game instead)."""
        table = self.table
        position, game = table.position, table.game
        people = table.humans - position.stand_in
        due = [at for at in game.tables_to_deal()
               if not (set(game.players_at(at)) & people) - position.ready]
        if not due:
            return
        self.time_up_if_due()
        if self.table.game.is_over:
            return
        for at in due:
            number = len(self.table.position.deals) + 1
            row = self.next_deal_row(at).numbered(number)
            self.stage(row)
            if self.table.setup.deal_key is None:  # a duplicate round's seeds are stored by
                self.draw(at)  # number already: no slot
            deck = tuple(deck_of(row, self.table.setup.fair_id))
            self.decks[number] = deck
            self.table = replace(self.table, decks=frozen({**self.table.decks, number: deck}))
            self.log("deal", at, number)

