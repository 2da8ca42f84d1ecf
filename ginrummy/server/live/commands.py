"""What a player's command may do at a live table of any number of players: an action at
the table it plays at, ``ready`` for its table's next deal, the higher cut's choice of the
first dealer (R4); and the view a hint is computed from. A refusal is a
:class:`ClientError` that names what was wrong and changes nothing.

A player is a *seat* at two players and a *place* at a table of more; the messages say
which.
"""

from __future__ import annotations

from ginrummy.core.actions import action_name
from ginrummy.core.errors import GameError, TableError
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.views import PlayerView, view_of
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.position import may_say_ready, table_of
from ginrummy.server.live.dealing import Dealing
from ginrummy.server.live.table_core import Planned
from ginrummy.server.storage.store import LogEntry
from ginrummy.server.wire.protocol import ClientError, Message, check_expect, parse_action_message


class Commands(Dealing):
    def _who(self, place: int) -> str:
        return f"seat {place}" if self.game.players == 2 else f"place {place}"

    def _at(self, table: int) -> str:
        """`` at table N`` when there is more than one table to tell apart."""
        return "" if self.game.players == 2 else f" at table {table}"

    def _refuse_stage(self, joined_only: bool = False) -> None:
        """Refuse a command once the game is over or before it starts (``joined_only``:
        before every seat is taken; a ``ready`` for the first deal may come after)."""
        game = self.game
        current = self.stage()
        if current == "over":
            raise ClientError("game_over", f"the game is over ({game.end_reason})")
        everyone = all(s.joined for s in self.seats)
        if current != "waiting" or (joined_only and everyone):
            return
        if game.chooser is not None and everyone:
            raise ClientError("not_started", f"the game has not started: seat {game.chooser} "
                              "cut the higher card and chooses who deals first (send "
                              "cut_choice)")
        if everyone:
            raise ClientError("not_started", "the game has not started: the first hand is "
                                             "dealt once its players have said ready")
        missing = sum(1 for s in self.seats if not s.joined)
        if game.players == 2:
            raise ClientError("not_started", "the game has not started: the invited player "
                                             "has not joined yet")
        raise ClientError("not_started", f"the game has not started: {missing} invited "
                                         "player(s) have not joined yet")

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
                hand = "the hand" if game.players > 2 else f"hand {len(game.finished)}"
                raise ClientError("no_hand", f"{hand}{self._at(table)} is over; send ready "
                                             "for the next deal")
            raise ClientError("no_hand", f"table {table} has finished its hand of round "
                                         f"{game.round_number}; the other tables still play")
        return table

    def hint_view(self, seat: int) -> PlayerView:
        """``seat``'s view, if it is to act now; else a :class:`ClientError` saying why."""
        table = self._playing_table(seat)
        hand = self.game.hands[table]
        assert hand is not None
        mover = self.game.players_at(table)[hand.turn]
        if mover != seat:
            noun = "seat" if self.game.players == 2 else "player"
            raise ClientError("not_your_turn", f"{self._who(mover)} is to act{self._at(table)}"
                                               f", not {self._who(seat)}: a hint is for the "
                                               f"{noun} to act")
        return view_of(hand, hand.turn)

    def _check_action(self, seat: int, message: Message, offset: int = 0) -> Planned:
        table = self._playing_table(seat)
        check_expect(message.expect, table, self.position.changed_at(table), self.n,
                     one_table=self.game.tables == 1)
        action = parse_action_message(message)
        hand = self.game.hands[table]
        assert hand is not None
        mover = self.game.players_at(table)[hand.turn]
        if mover != seat:
            raise ClientError("not_your_turn", f"{self._who(mover)} is to act{self._at(table)}"
                                               f", not {self._who(seat)} "
                                               f"({action_name(action)})")
        if seat in self.position.timed_out:
            raise ClientError("clock_ran_out", f"{self._who(seat)}'s clock ran out: the "
                                               "computer plays the rest of this turn")
        entries = self._time_entries(self.n + offset + 1)
        entries.append(LogEntry(self.n + offset + len(entries) + 1, "play", seat, action,
                                message.id))
        try:
            return self._then_deals(entries, self.position.stand_in - {seat})
        except (IllegalActionError, GameError, TableError) as refused:
            raise ClientError("illegal_action", str(refused)) from None

    def _check_ready(self, seat: int, message: Message, offset: int = 0) -> Planned:
        self._refuse_stage(joined_only=True)
        game = self.game
        if not may_say_ready(game, seat):
            table = table_of(game, seat)
            if table is not None and game.hands[table] is not None:
                hand = f"hand {game.hand_number}" if game.players == 2 else "the hand"
                raise ClientError("in_hand", f"{hand}{self._at(table)} is being played")
            why = ("it deals and sits out the next hand (R33)" if table is None else
                   f"table {table} waits for the other tables to finish the round")
            raise ClientError("nothing_to_ready", f"{self._who(seat)} has no deal to be ready "
                                                  f"for: {why}")
        table = table_of(game, seat)
        assert table is not None
        ended = self.position.changed_at(table)
        if message.expect is not None and message.expect < ended:
            raise ClientError("stale", f"expect is {message.expect} but the last hand"
                                       f"{self._at(table)} ended at event {ended}")
        if seat in self.position.ready:
            raise ClientError("already_ready", f"{self._who(seat)} is already ready for the "
                                               f"next deal{self._at(table)}")
        row = self._next_deal_row(table)
        deal = (f"hand {self._next_number()}" if game.players == 2 else
                f"the next deal at table {table}")
        check_commitment(message, row, deal)
        if message.seed is not None and self.deal_key is None:  # a duplicate round's decks
            players = game.players_at(table)  # take no player's seed: they are the same for all
            self.staged_fair[row.hand_number] = row.with_seed(players.index(seat), message.seed)
        ready = LogEntry(self.n + offset + 1, "ready", seat, None, message.id)
        return self._then_deals([ready], self.position.stand_in - {seat})

    def _check_cut_choice(self, seat: int, message: Message, offset: int = 0) -> Planned:
        """The higher cut chooses whether it deals the first hand (R4, ``high_cut_chooses``);
        the deal follows once every seat is taken and its people are ready with their seeds."""
        game = self.game
        if message.expect is not None and message.expect != self.n:
            raise ClientError(
                "stale", f"expect is {message.expect} but the latest event is {self.n}"
            )
        chooser = game.chooser
        if chooser is None:
            if game.players > 2:
                raise ClientError("no_cut_choice", "the lowest cut deals first at a table of "
                                                   "three or more: nobody chooses (R4, R33)")
            if game.rules.first_dealer != "high_cut_chooses":
                raise ClientError("no_cut_choice", "these rules have the lower cut deal first "
                                  "(first_dealer low_cut_deals): nobody chooses")
            if game.high_cut_deals is not None:
                word = "to deal" if game.high_cut_deals else "to let the other seat deal"
                raise ClientError("no_cut_choice", f"seat {game.cut.high} already chose {word}")
            raise ClientError("no_cut_choice", "the first hand has been dealt: too late to "
                                               "choose its dealer")
        if seat != chooser:
            raise ClientError("not_your_choice", f"seat {seat} cut the lower card: seat "
                                                 f"{chooser}, with the higher card, chooses "
                                                 "who deals first (R4)")
        choice = LogEntry(self.n + offset + 1, "choose", seat, int(message.deal is True),
                          message.id)
        if not all(s.joined for s in self.seats):
            return [choice], {}
        return self._then_deals([choice])


def check_commitment(message: Message, row: FairRow, what: str) -> None:
    """Refuse a ``ready`` whose commitment is not ``row``'s: its seed was meant for another
    deal (the client saw an older state), so it must not count for this one."""
    if message.commitment is not None and message.commitment != row.commitment:
        raise ClientError("stale_commitment",
                          f"commitment {message.commitment[:16]}... is not the commitment of "
                          f"{what} ({row.commitment[:16]}...): your seed was not used; send it "
                          "again with the commitment in the snapshot that follows")
