"""The derived facts of a table that wire 2 sends beside its events: what the rules core
works out (scores, settlement, boxes, fair-deal rows, who plays where, a seat's arrangement of
its own hand into melds and its what-if discards) and a client must not work out again.

:func:`public_facts` is the same for every reader: the parts of wire 1's state
(:mod:`.payload`) that change only when a hand is dealt or ends, a place says ready, or the
game ends, and that no event of wire 2 carries. :func:`seat_facts` is one place's own: the
arrangement of the hand it looks at and, at its turn to lay out, the layouts it may choose;
it depends on that place's hidden cards and goes to that place alone.

Each has a key (:func:`public_key`, :func:`seat_key`): equal keys, equal facts, so a table
works them out only when the key changes, not at every move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginrummy.core.hand import HandState
from ginrummy.core.phase import Phase
from ginrummy.core.table import TableHand
from ginrummy.core.views import view_of
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.position import Position, waiting_for_deal
from ginrummy.livetable.state import Table
from ginrummy.server.wire.hand_view import own_parts, public_view, seat_view
from ginrummy.server.wire.payload import HAND_PARTS, hand_key, hand_parts
from ginrummy.server.wire.payload_info import TableInfo
from ginrummy.server.wire.table_parts import (
    dealers_of,
    fair_deals,
    seats_of,
    shown_hand,
    table_entry,
    wins_of,
)
from ginrummy.server.wire.text import Written

PUBLIC_FACT_KEYS = (*HAND_PARTS, "hand_number", "hands_finished", "round_number", "dealer",
                    "dealing_team", "sitting_out", "boxes", "extra_boxes", "box_points", "fair")
"""The keys of wire 1's state that :func:`public_facts` carries as they are."""
TABLE_FACT_KEYS = ("table", "players", "dealer", "status", "last_result")
"""What :func:`public_facts` tells of each table as wire 1 does (the rest of wire 1's
``tables`` entry, whose turn it is, the stock, the counts, follows from the events), besides
``deal``, the number of the deal in progress there, and ``shown``, the whole hands the rules
show everyone of it (the knocker's while the defender plays)."""
SEAT_FACT_KEYS = ("seat", "team", "table", "hand_seat")
"""What :func:`public_facts` tells of each place (the rest of wire 1's ``seats`` entry, name,
connected, ready, follows from the events and ``table_info``)."""
SEAT_VIEW_FACTS = ("arrangement", "layouts")
"""The parts of a seat's wire 1 ``view`` that :func:`seat_facts` carries."""
NO_SEAT_FACTS: dict[str, Any] = {"table": None, "hand_number": None, "round": None,
                                 "players": None, "dealer": None, "arrangement": None,
                                 "layouts": None, "view": None}
"""The seat facts of a place that looks at no hand of its own."""


def public_key(position: Position, fair: Mapping[int, FairRow], info: TableInfo
               ) -> tuple[Any, ...]:
    """What :func:`public_facts` depend on: equal keys, equal facts (within one game)."""
    game = position.game
    return (hand_key(game), len(position.deals), game.hand_number, game.round_number,
            tuple(hand is not None and hand.phase is Phase.DEFENDER for hand in game.hands),
            game.tables_to_deal(), tuple(position.current_deal(t) for t in range(game.tables)),
            id(fair), info.game_id, info.fair_id, info.reveals_held, info.duplicate)


def public_facts(info: TableInfo, position: Position, fair: Mapping[int, FairRow],
                 parts: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The facts every reader of the table is sent (no card any reader may not see: the
    fair rows' server seeds are shown as in wire 1, once their hand is over).
    ``parts``: :func:`~.payload.hand_parts` of the same game, if already worked out."""
    game = position.game
    playing = any(hand is not None for hand in game.hands)
    if parts is None:
        parts = hand_parts(game)
    facts: dict[str, Any] = {
        **{key: parts[key] for key in HAND_PARTS},
        "hand_number": game.hand_number if playing else len(game.played),
        "hands_finished": len(game.played),
        "round_number": game.round_number,
        **dealers_of(game),
        "boxes": wins_of(game),
        "extra_boxes": list(game.extra_boxes),
        "box_points": list(game.box_points),
        "fair": fair_deals(position, fair, info.fair_id or info.game_id, info.reveals_held,
                           info.duplicate),
        "waiting": sorted(waiting_for_deal(game)),
        "tables": [{**{key: entry[key] for key in TABLE_FACT_KEYS},
                    "deal": position.current_deal(entry["table"]),
                    "shown": _shown_hands(game.hands[entry["table"]])}
                   for entry in (table_entry(game, t) for t in range(game.tables))],
        "last_hand": None if not game.played else _hand_seen(game.played[-1]),
        "last_view": None if not game.played or playing else public_view(game.played[-1].state),
        "seats": [{key: seat[key] for key in SEAT_FACT_KEYS}
                  for seat in seats_of(info, position)],
    }
    return facts


LAYING_OUT = frozenset({Phase.KNOCKER_MELDS, Phase.DEFENDER, Phase.OVER})


def seat_key(position: Position, place: int) -> tuple[Any, ...] | None:
    """What :func:`seat_facts` of ``place`` depend on (None: it has no hand of its own to
    look at): the hand it looks at, its cards, the melds and layoffs on the table, and while
    the hand is laid out or over, the phase and whether it is to act (the other player's
    draws and discards change nothing of it)."""
    shown = shown_hand(position, place)
    if shown is None or shown.state is None or shown.you is None:
        return None
    state = shown.state
    laying = state.phase in LAYING_OUT
    return (shown.table, shown.deal, len(position.game.played), state.hands[shown.you],
            state.melds, state.laid_off, state.phase if laying else None,
            state.turn == shown.you if laying else None)


def seat_facts(position: Position, place: int) -> dict[str, Any] | None:
    """``place``'s own facts of the hand it looks at (the one wire 1's ``view`` shows it):
    the arrangement of its cards and what-if discards, the layouts it may choose, and a
    finished hand's whole ``view`` (nothing of it changes any more). None: it looks at no hand
    of its own (it sits out, or nothing is dealt yet)."""
    shown = shown_hand(position, place)
    if shown is None or shown.state is None or shown.you is None:
        return None
    finished = shown.deal is None  # nothing of it changes any more: its whole view
    view = (seat_view(shown.state, shown.you) if finished
            else own_parts(view_of(shown.state, shown.you), shown.you))
    return {"table": shown.table, "hand_number": shown.deal, "round": shown.round,
            "players": list(shown.players), "dealer": shown.state.dealer,
            **{key: view[key] for key in SEAT_VIEW_FACTS},
            "view": view if finished else None}


def _shown_hands(hand: HandState | None) -> list[list[str] | None] | None:
    """The whole hands the rules show everyone of a hand in play (the knocker's, once the
    defender plays), by hand seat; None: no hand in play."""
    return None if hand is None else public_view(hand)["hands"]


def _hand_seen(played: TableHand) -> dict[str, Any]:
    """Where a finished hand was played: its table, round, players (hand seat order) and
    dealer (a hand seat)."""
    return {"table": played.table, "round": played.round, "players": list(played.players),
            "dealer": played.state.dealer}


class SharedFacts:
    """One table's ``facts`` notice and each place's ``seat_facts``, worked out when their
    key (:func:`public_key`, :func:`seat_key`) changes and written once for all the sockets
    they go to. ``after``: the table's version when they were worked out.

    A ``facts`` notice is whole after a snapshot; afterwards a socket that holds the facts
    before the latest change is sent only the keys that changed (the notice before ``rules``
    and ``cut`` go once), the others the whole facts."""

    def __init__(self) -> None:
        self._value: object = None
        self._public: tuple[tuple[Any, ...], object, Written] | None = None
        self._change: tuple[Written, Written] | None = None
        """The facts before the latest change, and the notice of that change alone."""
        self._seats: dict[int, tuple[object, tuple[Any, ...] | None, Written]] = {}

    def public(self, info: TableInfo, table: Table) -> Written:
        """The whole ``facts`` notice of ``table`` now."""
        if table is self._value and self._public is not None:
            return self._public[2]
        position, fair = table.position, table.fair
        key = public_key(position, fair, info)
        if self._public is None or self._public[0] != key:
            said = public_facts(info, position, fair)
            message = Written({"type": "event", "kind": "facts", "after": table.version,
                               **said})
            if self._public is not None:
                before = self._public[2]
                self._change = (before, Written({
                    "type": "event", "kind": "facts", "after": table.version,
                    **{k: v for k, v in said.items() if before.get(k) != v}}))
            self._public = (key, fair, message)  # the fair rows held: their id is in the key
        self._value = table
        return self._public[2]

    def public_update(self, info: TableInfo, table: Table, held: Written | None
                      ) -> tuple[Written, Written | None]:
        """The whole facts now, and what a socket holding ``held`` is sent for them (None:
        nothing, it holds them; the change alone when it holds the facts before it)."""
        now = self.public(info, table)
        if held is now:
            return now, None
        if self._change is not None and self._change[0] is held:
            return now, self._change[1]
        return now, now

    def seat(self, table: Table, place: int) -> Written:
        known = self._seats.get(place)
        if known is not None and known[0] is table:
            return known[2]
        key = seat_key(table.position, place)
        if known is None or known[1] != key:
            said = seat_facts(table.position, place) if key is not None else None
            message = Written({"type": "event", "kind": "seat_facts", "after": table.version,
                               **(said or NO_SEAT_FACTS)})
            known = (table, key, message)
        self._seats[place] = (table, known[1], known[2])
        return known[2]
