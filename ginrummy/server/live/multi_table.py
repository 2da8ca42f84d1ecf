"""A live three-player (R33) or team (R34, R35) game: places, tables, deals when ready.

Place 0 is the creator; the others are computers or invited people. Each place plays
at most one table at a time; a message from a place acts at its table. A table is
dealt as soon as its players are ready (a computer always is, and so is a place the
computer plays for), so in a team game a table whose hand was void is dealt again
while the other table plays on. Each table's next deal has its server seed drawn and
committed before its players say ready (:func:`~ginrummy.server.storage.fairness.slot_of`); their
``ready`` carries their seeds, and the deck is derived when the deal is numbered
(:mod:`ginrummy.format.provably_fair`, deal numbers as hand numbers); the seed is revealed in
the state once that hand is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ginrummy.core.actions import Action, action_name
from ginrummy.core.errors import GameError, TableError
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.table import TableRules
from ginrummy.core.views import PlayerView, view_of
from ginrummy.server.live.summary import status_of, summary
from ginrummy.server.live.table_base import BaseTable, ComputerMove, EventRef, check_commitment
from ginrummy.server.storage.fairness import FairRow, deck_of, draw, slot_of
from ginrummy.server.storage.records import canonical_record
from ginrummy.server.storage.replay import (
    Position,
    replay,
    step,
    table_of,
    waiting_for_deal,
)
from ginrummy.server.storage.store import LogEntry, SeatRow, StoredGame
from ginrummy.server.wire import multi_payload
from ginrummy.server.wire.protocol import ClientError, Message, check_expect, parse_action_message

Decks = dict[int, Sequence[int]]


class MultiTable(BaseTable):
    table_rules: TableRules

    def _replay_stored(self, stored: StoredGame) -> list[Position]:
        self.table_rules = TableRules.from_dict(stored.row.rules)
        self.rules = self.table_rules.rules
        return replay(self.table_rules, stored.row.cut, stored.decks, stored.log)

    def state(self, seat: int | None) -> dict[str, Any]:
        return multi_payload.state_payload(self.info(), self.position, self.n, seat, self.fair)

    def render_event(self, ref: EventRef, seat: int | None) -> dict[str, Any]:
        return multi_payload.event_payload(self.info(), ref.entry, ref.position, seat, self.fair)

    # ------------------------------------------------------------ checks

    def _refuse_stage(self, joined_only: bool = False) -> None:
        """Refuse a command once the game is over or before it starts (``joined_only``:
        before every seat is taken; a ``ready`` for the first deal may come after)."""
        current = self.stage()
        if current == "over":
            raise ClientError("game_over", f"the game is over ({self.game.end_reason})")
        if current == "waiting" and (not joined_only or not all(s.joined for s in self.seats)):
            missing = sum(1 for s in self.seats if not s.joined)
            raise ClientError("not_started", f"the game has not started: {missing} invited "
                                             f"player(s) have not joined yet")

    def _playing_table(self, place: int) -> int:
        """The table where ``place`` has a hand in progress; else why it has none."""
        self._refuse_stage()
        game = self.game
        table = table_of(game, place)
        if table is None:
            raise ClientError("no_hand", f"place {place} deals and sits out this hand (R33); "
                                         f"it plays the next one if a player loses to it")
        if game.hands[table] is None:
            if table in game.tables_to_deal():
                raise ClientError("no_hand", f"the hand at table {table} is over; send ready "
                                             "for the next deal")
            raise ClientError("no_hand", f"table {table} has finished its hand of round "
                                         f"{game.round_number}; the other tables still play")
        return table

    def hint_view(self, seat: int) -> PlayerView:
        table = self._playing_table(seat)
        hand = self.game.hands[table]
        assert hand is not None
        players = self.game.players_at(table)
        if players[hand.turn] != seat:
            raise ClientError("not_your_turn", f"place {players[hand.turn]} is to act at table "
                                               f"{table}, not place {seat}: a hint is for the "
                                               "player to act")
        return view_of(hand, hand.turn)

    def _check_action(self, seat: int, message: Message,
                      offset: int = 0) -> tuple[list[LogEntry], Decks]:
        table = self._playing_table(seat)
        check_expect(message.expect, table, self.position.changed_at(table), self.n,
                     one_table=self.game.tables == 1)
        action = parse_action_message(message)
        hand = self.game.hands[table]
        assert hand is not None
        mover = self.game.players_at(table)[hand.turn]
        if mover != seat:
            raise ClientError("not_your_turn", f"place {mover} is to act at table {table}, not "
                                               f"place {seat} ({action_name(action)})")
        entries = self._time_entries(self.n + offset + 1)
        entries.append(LogEntry(self.n + offset + len(entries) + 1, "play", seat, action,
                                message.id))
        try:
            return self._then_deals(entries, self.position.stand_in - {seat})
        except (IllegalActionError, GameError, TableError) as refused:
            raise ClientError("illegal_action", str(refused)) from None

    def _check_ready(self, seat: int, message: Message,
                     offset: int = 0) -> tuple[list[LogEntry], Decks]:
        self._refuse_stage(joined_only=True)
        game = self.game
        if seat not in waiting_for_deal(game):
            table = table_of(game, seat)
            why = ("it deals and sits out the next hand (R33)" if table is None else
                   f"table {table} is playing" if game.hands[table] is not None else
                   f"table {table} waits for the other tables to finish the round")
            raise ClientError("nothing_to_ready", f"place {seat} has no deal to be ready for: "
                                                  f"{why}")
        if seat in self.position.ready:
            raise ClientError("already_ready", f"place {seat} is already ready for the next "
                                               "deal at its table")
        table = table_of(game, seat)
        assert table is not None
        row = self._fair_row(slot_of(table))
        check_commitment(message, row, f"the next deal at table {table}")
        if message.seed is not None:
            players = game.players_at(table)
            self.staged_fair[row.hand_number] = row.with_seed(players.index(seat), message.seed)
        ready = LogEntry(self.n + offset + 1, "ready", seat, None, message.id)
        return self._then_deals([ready], self.position.stand_in - {seat})

    # ------------------------------------------------------------ deals

    def _then_deals(self, entries: list[LogEntry], stand_in: frozenset[int] | None = None,
                    ) -> tuple[list[LogEntry], Decks]:
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

    def _deals(self, position: Position, tables: Sequence[int],
               seq: int) -> tuple[list[LogEntry], Decks]:
        """Deal ``tables`` in order after ``position`` (a ``time_up`` first if the limit has
        passed; it may end the game instead)."""
        entries = self._time_entries(seq) if not position.game.time_is_up else []
        if entries:
            position = step(position, entries[0], {})
            if position.game.is_over:
                return entries, {}
        decks: Decks = {}
        number = len(position.deals)
        for table in tables:
            number += 1
            row = self._fair_row(slot_of(table)).numbered(number)
            self.staged_fair[number] = row
            self.staged_fair[slot_of(table)] = replace(draw(self.settings.rng, 1),
                                                       hand_number=slot_of(table))
            decks[number] = deck_of(row, self.id)
            entries.append(LogEntry(seq + len(entries), "deal", table, number))
        return entries, decks

    def _deal_entries(self, seq: int) -> tuple[list[LogEntry], Decks]:
        return self._deals(self.position, self.game.tables_to_deal(), seq)

    def _deals_on_join(self, seq: int) -> tuple[list[LogEntry], Decks]:
        return self._then_deals([])

    def _idle_entries(self, seat: int) -> tuple[list[LogEntry], Decks]:
        return self._then_deals([LogEntry(self.n + 1, "idle", seat)])

    def _time_entries(self, seq: int) -> list[LogEntry]:
        """A ``time_up`` entry if the time limit (R31) has passed and was not logged yet."""
        game = self.game
        limit = self.rules.time_limit_minutes
        if limit is None or game.time_is_up or game.is_over:
            return []
        elapsed = (self.settings.clock() - self.created_at.timestamp()) / 60
        return [LogEntry(seq, "time_up")] if elapsed >= limit else []

    # ------------------------------------------------------------ storing

    def _after_commit_checks(self, final: Position, staged: dict[int, FairRow],
                             seats: Sequence[SeatRow]) -> tuple[str, dict[str, Any], str | None]:
        record = None
        if final.game.is_over and not self.game.is_over:
            record = canonical_record(self.id, "table", self.level,
                                      [(s.kind, s.name) for s in seats], final.game,
                                      self.fair | staged, self.decks)
        return status_of(final), summary(final, seats), record

    # ------------------------------------------------------------ the computer

    def _computer_moves(self) -> list[ComputerMove]:
        game = self.game
        computer = self.computer_seats()
        moves = []
        for table, hand in enumerate(game.hands):
            if hand is None:
                continue
            place = game.players_at(table)[hand.turn]
            if place in computer:
                moves.append(ComputerMove(place, view_of(hand, hand.turn)))
        if len(moves) > 1:  # the tables take turns
            first = self.n % len(moves)
            moves = moves[first:] + moves[:first]
        return moves

    def _computer_entries(self, move: ComputerMove, action: Action
                          ) -> tuple[list[LogEntry], Decks]:
        entries = self._time_entries(self.n + 1)
        entries.append(LogEntry(self.n + len(entries) + 1, "play", move.seat, int(action)))
        return self._then_deals(entries)

    # ------------------------------------------------------------ idle players

    def idle_seat(self) -> int | None:
        """The first person the game waits for while another person is connected."""
        humans = {s.seat for s in self.seats if s.kind == "human"} - self.position.stand_in
        if len(humans) < 2 or self.stage() in ("waiting", "over"):
            return None
        waited = [place for place in multi_payload.to_act(self.position, frozenset(humans))
                  if place in humans]
        connected = {listener.seat for listener in self.listeners}
        for place in waited:
            if (humans - {place}) & connected:
                return place
        return None
