"""The deals a command makes due, at any number of tables, and what is stored with them.

A table is dealt as soon as its players are ready (a computer always is, and so is a
player the computer plays for), so in a team game a table whose hand was void is dealt
again while the other table plays on; the first deal also waits for the higher cut's
choice of dealer where the rules give one (R4). Each table's next deal has its server
seed drawn and committed before its players say ready (the table's slot,
:func:`~ginrummy.server.storage.fairness.slot_of`); their ``ready`` carries their seeds, and
the deck is derived when the deal is numbered (:mod:`ginrummy.format.provably_fair`); the
seed is revealed in the state once that hand is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.livetable.fairness import FairRow, deck_of, next_deal, slot_of, upcoming
from ginrummy.livetable.position import Position, step
from ginrummy.livetable.record import canonical_record
from ginrummy.server.live.summary import status_of, summary
from ginrummy.server.live.table_core import Planned, TableCore
from ginrummy.server.storage.store import LogEntry, SeatRow


class Dealing(TableCore):
    def _next_deal_row(self, table: int) -> FairRow:
        """The seeds of ``table``'s next deal: as staged, as stored, or drawn now."""
        row = upcoming({**self.fair, **self.staged_fair}, table, self._next_number())
        if row is None:
            row = next_deal(self.settings.rng, table)
            self.staged_fair[row.hand_number] = row
        return row

    def _next_number(self) -> int:
        """The number the next deal gets (counted across tables, void hands included)."""
        return len(self.position.deals) + 1

    def _then_deals(self, entries: list[LogEntry], stand_in: frozenset[int] | None = None,
                    ) -> Planned:
        """``entries`` followed by the deals they make due: every table waiting for a deal
        whose people are all ready (or played for by the computer)."""
        positions = self._preview(entries, {})
        position = positions[-1] if positions else self.position
        away = position.stand_in if stand_in is None else stand_in
        humans = {s.seat for s in self.seats if s.kind == "human"} - away
        due = [t for t in position.game.tables_to_deal()
               if not (set(position.game.players_at(t)) & humans) - position.ready]
        if not due:
            return entries, {}
        more, decks = self._deals(position, due, entries[-1].seq + 1 if entries else self.n + 1)
        return entries + more, decks

    def _deals(self, position: Position, tables: Sequence[int], seq: int) -> Planned:
        """Deal ``tables`` in order after ``position`` (a ``time_up`` first if the limit has
        passed; it may end the game instead)."""
        entries = self._time_entries(seq) if not position.game.time_is_up else []
        if entries:
            position = step(position, entries[0], {})
            if position.game.is_over:
                return entries, {}
        decks: dict[int, Sequence[int]] = {}
        number = len(position.deals)
        for table in tables:
            number += 1
            row = self._next_deal_row(table).numbered(number)
            self.staged_fair[number] = row
            if self.deal_key is None:  # a duplicate round's seeds are all stored by number
                self.staged_fair[slot_of(table)] = next_deal(self.settings.rng, table)
            decks[number] = deck_of(row, self.fair_id)
            entries.append(LogEntry(seq + len(entries), "deal", table, number))
        return entries, decks

    def _deals_on_join(self, seq: int) -> Planned:
        return self._then_deals([])

    def _idle_entries(self, seat: int) -> Planned:
        """The ``idle`` entry that hands ``seat`` to the computer, and the deals it makes due."""
        return self._then_deals([LogEntry(self.n + 1, "idle", seat)])

    def _time_entries(self, seq: int) -> list[LogEntry]:
        """A ``time_up`` entry if the time limit (R31) has passed and was not logged yet."""
        game = self.game
        limit = self.rules.time_limit_minutes
        if limit is None or game.time_is_up or game.is_over:
            return []
        elapsed = (self.settings.clock() - self.created_at.timestamp()) / 60
        return [LogEntry(seq, "time_up")] if elapsed >= limit else []

    def _after_commit_checks(self, final: Position, staged: dict[int, FairRow],
                             seats: Sequence[SeatRow]) -> tuple[str, dict[str, Any], str | None]:
        record = None
        if final.game.is_over and not self.game.is_over:
            record = canonical_record(self.id, self.kind, self.level,
                                      [(s.kind, s.name) for s in seats], final.game,
                                      self.fair | staged, self.decks, self.deal_key)
        return status_of(final), summary(final, seats), record
