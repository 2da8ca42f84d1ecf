"""What a live table shows each reader, in today's wire format: the whole state of
:mod:`ginrummy.server.wire.payload` for a seat or a watcher, and each numbered event with
the state after it. The public part of a state is worked out once for all the readers of one
event (every socket of the table is sent the same event; each reader's state differs only in
what that reader sees of the cards)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ginrummy.core.views import PlayerView, view_of
from ginrummy.livetable import Refused
from ginrummy.livetable.checks import playing_table
from ginrummy.livetable.clocks import FORFEIT_AFTER, seconds_left
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.position import Position
from ginrummy.server.live.listeners import EventRef
from ginrummy.server.live.refusal_text import refusal_text
from ginrummy.server.storage.replay import replay
from ginrummy.server.storage.store import StoredGame
from ginrummy.server.wire import payload
from ginrummy.server.wire.payload_info import TableInfo
from ginrummy.server.wire.protocol import ClientError

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

Shared = tuple[Position, int, TableInfo, Mapping[int, FairRow], dict[str, Any]]
"""(position, n, info, seeds) and the public part of the states they give."""


class TableView:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.shared: Shared | None = None
        """The last public part of a state worked out (:func:`payload.public_state`)."""
        self.hand: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        """The :func:`payload.hand_parts` last worked out, and their :func:`payload.hand_key`."""

    def state(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a watcher) sees now."""
        table = self.table
        info = table.info()
        public = self.public_state(info, table.position, table.n)
        state = self._clock_shown(self._rematch_said(payload.state_payload(
            info, table.position, table.n, seat, table.fair, public)))
        if table.rating_changes is not None:
            state["rating_changes"] = table.rating_changes
        if table.abandoned:
            state["abandoned"] = True
        if table.game.end_reason == "forfeit" and self.forfeit_on_leaving():
            state["settlement"] = {**state["settlement"], "forfeit": "left"}
        return state

    def forfeit_on_leaving(self) -> bool:
        """The game's forfeit came from an adjourned game nobody came back to
        (:mod:`.adjourn`), not from the clock (whose forfeit follows a ``timeout``)."""
        kinds = [entry.kind for entry, _ in self.table.recent]
        return "forfeit" in kinds and kinds.index("forfeit") > 0 and (
            kinds[kinds.index("forfeit") - 1] != "timeout")

    def render_event(self, ref: EventRef, seat: int | None) -> dict[str, Any]:
        table = self.table
        info = table.info()
        public = self.public_state(info, ref.position, ref.entry.seq)
        event = payload.event_payload(info, ref.entry, ref.position, seat, table.fair, public)
        self._rematch_said(event["state"])
        if ref.entry.seq == table.n:  # the clocks as they stand now, with the latest event
            self._clock_shown(event["state"])
        return event

    def public_state(self, info: TableInfo, position: Position, n: int) -> dict[str, Any]:
        """:func:`payload.public_state`, worked out once for all the readers of one event,
        its :func:`payload.hand_parts` once for all the events of a hand."""
        shared, fair = self.shared, self.table.fair
        if (shared is not None and shared[0] is position and shared[1] == n
                and shared[2] == info and shared[3] is fair):
            return shared[4]
        key = payload.hand_key(position.game)
        if self.hand is None or self.hand[0] != key:
            self.hand = (key, payload.hand_parts(position.game))
        public = payload.public_state(info, position, n, fair, self.hand[1])
        self.shared = (position, n, info, fair, public)
        return public

    def hint_view(self, seat: int) -> PlayerView:
        """``seat``'s view, if it is to act now; else a :class:`ClientError` saying why."""
        table = self.table
        game = table.game
        try:
            at = playing_table(table.table, seat)
        except Refused as refused:
            raise ClientError(refused.code, refusal_text(refused, table.table)) from None
        hand = game.hands[at]
        assert hand is not None
        mover = game.players_at(at)[hand.turn]
        if mover != seat:
            two = game.players == 2
            noun, where = ("seat", "") if two else ("place", f" at table {at}")
            raise ClientError("not_your_turn", f"{noun} {mover} is to act{where}, not {noun} "
                                               f"{seat}: a hint is for the "
                                               f"{'seat' if two else 'player'} to act")
        return view_of(hand, hand.turn)

    def clock_state(self) -> dict[str, Any] | None:
        """The clocks as the players and watchers are shown them now (None: no clock)."""
        table = self.table
        rules, clocks = table.table.setup.clock, table.table.clocks
        if rules is None or clocks is None:
            return None
        moment = table.moment()
        running = clocks.running
        return {
            **rules.to_dict(),
            "forfeit_after": FORFEIT_AFTER if table.table.setup.forfeits_on_time else None,
            "seats": [{"seat": s.seat, "seconds": round(seconds_left(clocks, s.seat, moment), 1),
                       "running": s.seat in running, "timeouts": clocks.timeouts[s.seat]}
                      for s in table.seats if s.kind == "human"],
        }

    def _clock_shown(self, state: dict[str, Any]) -> dict[str, Any]:
        clock = self.clock_state()
        if clock is not None:
            state["clock"] = clock
        return state

    def _rematch_said(self, state: dict[str, Any]) -> dict[str, Any]:
        """A rematch's state names the game before; a finished friends' game its rematch."""
        table = self.table
        if table.rematch_of is not None:
            state["rematch_of"] = table.rematch_of
        if table.kind == "friend" and state.get("stage") == "over":
            state["rematch"] = self.rematch_said()
        return state

    def rematch_said(self, declined_by: int | None = None) -> dict[str, Any]:
        """What a finished game between people says about its rematch (state and message)."""
        table = self.table
        said: dict[str, Any] = {"offers": sorted(table.rematch_offers),
                                "game_id": table.rematch_id}
        if declined_by is not None:
            said["declined_by"] = declined_by
        return said

    def stored_events(self, stored: StoredGame, since: int, limit: int,
                      seat: int | None) -> list[dict[str, Any]]:
        """Events ``since + 1`` to ``since + limit`` of ``stored`` (this game, read from the
        database: it reaches back past the table's recent events) as ``seat`` receives them."""
        positions = self._positions(stored)
        return [self.render_event(EventRef(entry, positions[entry.seq]), seat)
                for entry in stored.log[since:since + limit]]

    def open_events(self, stored: StoredGame, since: int, limit: int,
                    seat: int) -> list[dict[str, Any]]:
        """:meth:`stored_events` of a finished two-player game with the other seat's hand
        shown too: once the game is over nothing is hidden from its players any more."""
        positions = self._positions(stored)
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

    def _positions(self, stored: StoredGame) -> list[Position]:
        """Every position of the stored log (index ``n``: after ``n`` entries)."""
        return replay(self.table.table.setup.rules, stored.row.cut, stored.decks, stored.log)
