"""A live two-player game in memory (:class:`Table`); what all tables share is in
:mod:`ginrummy.server.live.table_base` (the command queue, numbered events, the computer's moves,
idle players).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.core.actions import action_name
from ginrummy.core.errors import GameError
from ginrummy.core.game import Game
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of
from ginrummy.server.live.summary import status_of, summary
from ginrummy.server.live.table_base import BaseTable, ComputerMove, EventRef, check_commitment
from ginrummy.server.storage.fairness import FairRow, deck_of, draw
from ginrummy.server.storage.records import canonical_record
from ginrummy.server.storage.replay import Position, replay, stage
from ginrummy.server.storage.store import LogEntry, SeatRow, StoredGame
from ginrummy.server.wire import payload
from ginrummy.server.wire.protocol import ClientError, Message, check_expect, parse_action_message


class Table(BaseTable):
    """A two-player game: the creator at seat 0, the computer or a friend at seat 1."""

    def _replay_stored(self, stored: StoredGame) -> list[Position]:
        self.rules = Rules.from_dict(stored.row.rules)
        pairs = [(a, b) for a, b in stored.row.cut]
        return replay(self.rules, pairs, stored.decks, stored.log)

    def state(self, seat: int | None) -> dict[str, Any]:
        return self._rematch_said(payload.state_payload(
            self.info(), self.position.game, self.position.ready, self.n, seat,
            self.position.stand_in, self.fair))

    def render_event(self, ref: EventRef, seat: int | None) -> dict[str, Any]:
        position = ref.position
        event = payload.event_payload(self.info(), ref.entry, position.game, position.ready,
                                      seat, position.stand_in, self.fair)
        self._rematch_said(event["state"])
        return event

    def _rematch_said(self, state: dict[str, Any]) -> dict[str, Any]:
        """A rematch's state names the game before; a finished friends' game its rematch."""
        if self.rematch_of is not None:
            state["rematch_of"] = self.rematch_of
        if self.kind == "friend" and state.get("stage") == "over":
            state["rematch"] = self.rematch_said()
        return state

    def open_events(self, stored: StoredGame, since: int, limit: int,
                    seat: int) -> list[dict[str, Any]]:
        """:meth:`stored_events` of a finished game with the other seat's hand shown too:
        once the game is over nothing is hidden from its players any more."""
        positions = self._replay_stored(stored)
        out = []
        for entry in stored.log[since:since + limit]:
            position = positions[entry.seq]
            event = self.render_event(EventRef(entry, position), seat)
            hand = position.game.hand
            view = event["state"].get("view")
            if hand is not None and view is not None:
                view["opponent_hand"] = payload.names(hand.hands[1 - seat])
            out.append(event)
        return out

    def hint_view(self, seat: int) -> PlayerView:
        game = self.position.game
        current = stage(game)
        if current == "waiting":
            raise ClientError("not_started", self._why_waiting(game))
        if current == "over":
            raise ClientError("game_over", f"the game is over ({game.end_reason})")
        if current == "between_hands" or game.hand is None:
            raise ClientError("no_hand", f"hand {len(game.finished)} is over; no move to hint "
                                         "until the next one is dealt")
        if game.to_act != seat:
            raise ClientError("not_your_turn", f"seat {game.to_act} is to act, not seat "
                                               f"{seat}: a hint is for the seat to act")
        return view_of(game.hand, seat)

    @staticmethod
    def _why_waiting(game: Game) -> str:
        if game.chooser is not None:
            return (f"the game has not started: seat {game.chooser} cut the higher card and "
                    "chooses who deals first (send cut_choice)")
        return "the game has not started: the invited player has not joined yet"

    def _refuse_stage(self, game: Game, wanted: str) -> None:
        st = stage(game)
        if st == wanted:
            return
        if st == "over":
            raise ClientError("game_over", f"the game is over ({game.end_reason})")
        if st == "waiting":
            raise ClientError("not_started", self._why_waiting(game))
        if st == "between_hands":
            raise ClientError("no_hand", f"hand {len(game.finished)} is over; send ready for "
                                         "the next one")
        raise ClientError("in_hand", f"hand {game.hand_number} is being played")

    def _check_action(
        self, seat: int, message: Message, offset: int = 0
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        game = self.position.game
        check_expect(message.expect, 0, self.position.changed_at(0), self.n, one_table=True)
        self._refuse_stage(game, "hand")
        action = parse_action_message(message)
        if game.to_act != seat:
            raise ClientError(
                "not_your_turn",
                f"seat {game.to_act} is to act, not seat {seat} ({action_name(action)})",
            )
        entries = self._time_entries(self.n + offset + 1)
        entries.append(LogEntry(self.n + offset + len(entries) + 1, "play", seat, action,
                                message.id))
        try:
            self._preview(entries, {})
        except (IllegalActionError, GameError) as refused:
            raise ClientError("illegal_action", str(refused)) from None
        return entries, {}

    def _check_ready(
        self, seat: int, message: Message, offset: int = 0
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        game = self.position.game
        if stage(game) != "waiting" or not all(s.joined for s in self.seats):
            self._refuse_stage(game, "between_hands")
        if message.expect is not None and message.expect < self.break_n:
            raise ClientError(
                "stale", f"expect is {message.expect} but hand {len(game.finished)} ended "
                f"at event {self.break_n}"
            )
        if seat in self.position.ready:
            raise ClientError("already_ready", f"seat {seat} is already ready for hand "
                                               f"{game.hand_number}")
        entries = [LogEntry(self.n + offset + 1, "ready", seat, None, message.id)]
        row = self._fair_row(game.hand_number)
        check_commitment(message, row, f"hand {game.hand_number}")
        if message.seed is not None:
            row = row.with_seed(seat, message.seed)
            self.staged_fair[row.hand_number] = row
        more, decks = self._deal_if_ready(self.position.ready | {seat},
                                          self.position.stand_in - {seat},
                                          self.n + offset + 2)
        return entries + more, decks

    def _first_deal_waits(self) -> bool:
        return self.position.game.chooser is not None

    def _check_cut_choice(
        self, seat: int, message: Message, offset: int = 0
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        """The higher cut chooses whether it deals the first hand (R4, ``high_cut_chooses``);
        the deal follows once every seat is taken and its people are ready with their seeds."""
        game = self.position.game
        if message.expect is not None and message.expect != self.n:
            raise ClientError(
                "stale", f"expect is {message.expect} but the latest event is {self.n}"
            )
        chooser = game.chooser
        if chooser is None:
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
        entries = [LogEntry(self.n + offset + 1, "choose", seat, int(message.deal is True),
                            message.id)]
        decks: dict[int, Sequence[int]] = {}
        if all(s.joined for s in self.seats):
            more, decks = self._deal_if_ready(self.position.ready, self.position.stand_in,
                                              self.n + offset + 2, chosen=True)
            entries += more
        return entries, decks

    def _deals_on_join(self, seq: int) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        return self._deal_if_ready(self.position.ready, self.position.stand_in, seq)

    def _deal_if_ready(
        self, ready: frozenset[int], stand_in: frozenset[int], seq: int, chosen: bool = False
    ) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        """The next deal if no choice of first dealer is pending (R4; ``chosen``: it is being
        made now) and every human seat the computer does not play for is ready."""
        if not chosen and self._first_deal_waits():
            return [], {}
        humans = {s.seat for s in self.seats if s.kind == "human"} - stand_in
        if humans <= ready:
            return self._deal_entries(seq)
        return [], {}

    def _idle_entries(self, seat: int) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        entries = [LogEntry(self.n + 1, "idle", seat)]
        if self.stage() not in ("between_hands", "waiting"):
            return entries, {}
        more, decks = self._deal_if_ready(self.position.ready, self.position.stand_in | {seat},
                                          self.n + 2)
        return entries + more, decks

    def _time_entries(self, seq: int) -> list[LogEntry]:
        """A ``time_up`` entry if the time limit (R31) has passed and was not logged yet."""
        game = self.position.game
        limit = self.rules.time_limit_minutes
        if limit is None or game.time_is_up or game.is_over:
            return []
        elapsed = (self.settings.clock() - self.created_at.timestamp()) / 60
        return [LogEntry(seq, "time_up")] if elapsed >= limit else []

    def _deal_entries(self, seq: int) -> tuple[list[LogEntry], dict[int, Sequence[int]]]:
        """Deal the next hand from a fresh deck (or end the game if the time is up)."""
        entries = self._time_entries(seq)
        if entries:
            return entries, {}
        number = self.position.game.hand_number
        deck = deck_of(self._fair_row(number), self.id)
        return [LogEntry(seq, "deal", None, number)], {number: deck}

    def idle_seat(self) -> int | None:
        """The seat whose player the game waits for while the other player is connected.

        Only between two people: against the computer nobody waits.
        """
        if self.kind != "friend":
            return None
        game = self.position.game
        humans = {s.seat for s in self.seats if s.kind == "human"} - self.position.stand_in
        current = stage(game)
        waited: set[int]
        if current == "hand":
            waited = {seat for seat in humans if seat == game.to_act}
        elif current == "between_hands" or (
            current == "waiting" and all(s.joined for s in self.seats)
        ):
            waited = humans - self.position.ready
        else:
            return None
        connected = {listener.seat for listener in self.listeners}
        if len(waited) != 1 or not (humans - waited) & connected:
            return None
        return next(iter(waited))


    def _after_commit_checks(self, final: Position, staged: dict[int, FairRow],
                             seats: Sequence[SeatRow]) -> tuple[str, dict[str, Any], str | None]:
        upcoming = final.game.hand_number
        if stage(final.game) == "between_hands" and upcoming not in self.fair | staged:
            staged[upcoming] = draw(self.settings.rng, upcoming)  # committed before any ready
        record = None
        if final.game.is_over and not self.position.game.is_over:
            record = canonical_record(self.id, self.kind, self.level,
                                      [(s.kind, s.name) for s in seats], final.game,
                                      self.fair | staged)
        return status_of(final), summary(final, seats), record

    def _computer_moves(self) -> list[ComputerMove]:
        game = self.position.game
        seat = game.to_act
        if seat is None or seat not in self.computer_seats() or game.hand is None:
            return []
        return [ComputerMove(seat, view_of(game.hand, seat))]


__all__ = ["Table"]
