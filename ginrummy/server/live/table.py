"""A live game in memory, for any number of players (:class:`Table`).

Seat (place) 0 is the creator; the others are the computer or invited people. At a table
of three or more each place plays at most one table at a time, and a message from a place
acts at its table. How the parts fit: :mod:`~ginrummy.server.live.table_core` (the queue,
numbered events, listeners), :mod:`~ginrummy.server.live.commands` (what a message may do),
:mod:`~ginrummy.server.live.dealing` (the deals due and their seeds),
:mod:`~ginrummy.server.live.computer_play` and :mod:`~ginrummy.server.live.idle`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.position import Position
from ginrummy.server.live.clock_timer import TableClocks
from ginrummy.server.live.commands import Commands
from ginrummy.server.live.computer_play import ComputerPlay
from ginrummy.server.live.idle import IdlePlayers
from ginrummy.server.live.open_seats import OpenSeats
from ginrummy.server.live.table_core import WATCHER, EventRef, Listener
from ginrummy.server.storage.store import StoredGame
from ginrummy.server.wire import payload
from ginrummy.server.wire.payload_info import TableInfo

Shared = tuple[Position, int, TableInfo, Mapping[int, FairRow], dict[str, Any]]
"""(position, n, info, seeds) and the public part of the states they give."""


class Table(Commands, ComputerPlay, IdlePlayers, OpenSeats, TableClocks):
    shared: Shared | None = None
    """The last public part of a state worked out (:func:`payload.public_state`): every
    socket of the table is sent the same event, and each reader's state differs only in what
    that reader sees of the cards."""

    hand: tuple[tuple[Any, ...], dict[str, Any]] | None = None
    """The :func:`payload.hand_parts` last worked out, and their :func:`payload.hand_key`."""

    def state(self, seat: int | None) -> dict[str, Any]:
        info = self.info()
        public = self.public_state(info, self.position, self.n)
        state = self._clock_shown(self._rematch_said(payload.state_payload(
            info, self.position, self.n, seat, self.fair, public)))
        if self.rating_changes is not None:
            state["rating_changes"] = self.rating_changes
        if self.abandoned:
            state["abandoned"] = True
        if self.game.end_reason == "forfeit" and self._forfeit_on_leaving():
            state["settlement"] = {**state["settlement"], "forfeit": "left"}
        return state

    def _forfeit_on_leaving(self) -> bool:
        """The game's forfeit came from an adjourned game nobody came back to
        (:mod:`.adjourn`), not from the clock (whose forfeit follows a ``timeout``)."""
        kinds = [entry.kind for entry, _ in self.recent]
        return "forfeit" in kinds and kinds.index("forfeit") > 0 and (
            kinds[kinds.index("forfeit") - 1] != "timeout")

    def render_event(self, ref: EventRef, seat: int | None) -> dict[str, Any]:
        info = self.info()
        public = self.public_state(info, ref.position, ref.entry.seq)
        event = payload.event_payload(info, ref.entry, ref.position, seat, self.fair, public)
        self._rematch_said(event["state"])
        if ref.entry.seq == self.n:  # the clocks as they stand now, with the latest event
            self._clock_shown(event["state"])
        return event

    def public_state(self, info: TableInfo, position: Position, n: int) -> dict[str, Any]:
        """:func:`payload.public_state`, worked out once for all the readers of one event,
        its :func:`payload.hand_parts` once for all the events of a hand."""
        shared, fair = self.shared, self.fair
        if (shared is not None and shared[0] is position and shared[1] == n
                and shared[2] == info and shared[3] is fair):
            return shared[4]
        key = payload.hand_key(position.game)
        if self.hand is None or self.hand[0] != key:
            self.hand = (key, payload.hand_parts(position.game))
        public = payload.public_state(info, position, n, fair, self.hand[1])
        self.shared = (position, n, info, fair, public)
        return public

    def _clock_shown(self, state: dict[str, Any]) -> dict[str, Any]:
        clock = self.clock_state()
        if clock is not None:
            state["clock"] = clock
        return state

    def _rematch_said(self, state: dict[str, Any]) -> dict[str, Any]:
        """A rematch's state names the game before; a finished friends' game its rematch."""
        if self.rematch_of is not None:
            state["rematch_of"] = self.rematch_of
        if self.kind == "friend" and state.get("stage") == "over":
            state["rematch"] = self.rematch_said()
        return state

    def open_events(self, stored: StoredGame, since: int, limit: int,
                    seat: int) -> list[dict[str, Any]]:
        """:meth:`stored_events` of a finished two-player game with the other seat's hand
        shown too: once the game is over nothing is hidden from its players any more."""
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


__all__ = ["WATCHER", "EventRef", "Listener", "Table"]
