"""What the server sends: the one state of a game of any number of players, as one reader
(a player, or a watcher) may see it, and the events that lead to it.

What each reader sees is decided by :data:`SIGHT` and :data:`PUBLIC_TABLE_FACTS`, and every
picture of a hand is built from the engine's own views (:mod:`~ginrummy.server.wire.hand_view`),
so no hidden card can reach a client that the engine would not show that seat.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from ginrummy.core.actions import KNOCK_BASE, LAYOFF_BASE, action_name
from ginrummy.core.cards import format_cards
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState
from ginrummy.core.rules import Rules
from ginrummy.core.scoring import Settlement
from ginrummy.livetable.fairness import FairRow
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.position import Position, first_deal_awaits, stage, table_of
from ginrummy.server.wire.hand_view import names, public_view, seat_view
from ginrummy.server.wire.payload_info import SeatInfo, TableInfo
from ginrummy.server.wire.table_parts import (
    PUBLIC_TABLE_FACTS,
    ShownHand,
    dealers_of,
    fair_deals,
    rounds_of,
    seats_of,
    shown_hand,
    table_entry,
    table_hand,
    to_act,
    wins_of,
)


def _own_view(state: HandState, seat: int | None) -> dict[str, Any]:
    assert seat is not None
    return seat_view(state, seat)


def _public_view(state: HandState, seat: int | None) -> dict[str, Any]:
    return public_view(state)


SIGHT: dict[str, Callable[[HandState, int | None], dict[str, Any]]] = {
    "player": _own_view,
    "anyone else": _public_view,
}
"""What a reader sees of the hand in its ``view``: a player of that hand its own seat's view;
anyone else (a watcher, a place sitting out, a player at another table) what both of the
hand's seats may see. Of every table, everyone sees :data:`PUBLIC_TABLE_FACTS`."""


def sight_of(shown: ShownHand) -> str:
    return "player" if shown.you is not None else "anyone else"


def settlement_dict(settlement: Settlement, over: bool) -> dict[str, Any]:
    return {
        "final": over,
        "points": list(settlement.points),
        "hands_won": list(settlement.hands_won),
        "box_points": list(settlement.box_points),
        "extra_boxes": list(settlement.extra_boxes),
        "extra_box_points": list(settlement.extra_box_points),
        "game_bonus": list(settlement.game_bonus),
        "shutout": settlement.shutout,
        "shutout_points": list(settlement.shutout_points),
        "totals": list(settlement.final),
        "winner": settlement.winner,
        "end_reason": settlement.end_reason,
        "margin": settlement.margin,
        "payer": settlement.payer,
        "payment": settlement.payment,
        "lines": [{"label": line.label, "values": list(line.values)}
                  for line in settlement.lines()],
        "payments": [{"payer": p.payer, "payee": p.payee, "points": p.points, "amount": p.amount}
                     for p in settlement.payments],
    }


@functools.lru_cache(maxsize=1024)
def rules_dict(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()``, computed once per rules (``dataclasses.asdict`` is slow, and every
    state carries the rules). Callers get a copy."""
    return rules.to_dict()


def _cut(game: Game) -> dict[str, Any]:
    """The cut (R4). Under ``high_cut_chooses`` (two players), ``dealer`` is None until
    ``high`` (the seat that cut the higher card) has chosen; ``chooser`` is that seat while it
    must."""
    cut = game.cut
    choice = game.high_cut_deals
    dealer: int | None = cut.low
    if game.players == 2 and game.rules.first_dealer == "high_cut_chooses":
        dealer = None if choice is None else cut.high if choice else cut.low
    return {
        "rounds": [format_cards(list(cards)).split() for cards in cut.rounds],
        "low": cut.low,
        "high": cut.high if game.players == 2 else None,
        "dealer": dealer,
        "first_dealer": game.rules.first_dealer,
        "chooser": game.chooser,
        "high_cut_deals": choice,
    }


def _scores(game: Game) -> list[dict[str, Any]]:
    """Every finished hand that has a result, with where it was played and its winner's
    place."""
    out = []
    for number, played in enumerate(game.played, start=1):
        result = played.state.result
        if result is None:
            continue
        out.append({"hand": number, "round": played.round, "table": played.table,
                    "players": list(played.players), "outcome": result.outcome,
                    "winner": None if result.winner is None else played.players[result.winner],
                    "points": result.points, "extra_boxes": result.extra_boxes})
    return out


STATE_KEYS = (
    "game_id", "n", "mode", "players", "you", "stage", "first_deal_awaits_you", "kind",
    "listed", "rated", "level", "computer", "seats", "rules", "target", "team_target", "cut",
    "hand_number", "hands_finished", "round_number", "dealer", "dealing_team", "sitting_out",
    "totals", "boxes", "extra_boxes", "box_points", "to_act", "tables", "my_table",
    "table_hand", "view", "last_result", "scores", "rounds", "winner", "end_reason",
    "settlement", "fair",
)
"""The keys of a state, in the order they are sent."""


HAND_PARTS = ("mode", "players", "rules", "target", "team_target", "cut", "last_result",
              "scores", "rounds", "winner", "end_reason", "settlement")
"""The keys of :func:`public_state` that change only when a hand ends, the game ends or the
cut is chosen (:func:`hand_key`): a table works them out once for all the events of a hand."""


def hand_key(game: Game) -> tuple[Any, ...]:
    """What :func:`hand_parts` depend on: equal keys, equal parts (within one game)."""
    return (len(game.rounds), tuple(len(slot.played) for slot in game.slots), game.is_over,
            game.winner, game.end_reason, game.chooser, game.high_cut_deals, game.totals)


def hand_parts(game: Game) -> dict[str, Any]:
    """The :data:`HAND_PARTS` of a state of ``game`` (nothing any reader may not see)."""
    last = game.played[-1].state if game.played else None
    return {
        "mode": game.kind,
        "players": game.players,
        "rules": dict(rules_dict(game.rules)),
        "target": game.table_rules.target,
        "team_target": game.table_rules.team_target,
        "cut": _cut(game),
        "last_result": None if last is None or last.result is None else last.result.to_dict(),
        "scores": _scores(game),
        "rounds": rounds_of(game),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "settlement": _settled(game),
    }


def _settled(game: Game) -> dict[str, Any]:
    """The settlement, with the place that resigned in a game that ended so."""
    settled = settlement_dict(game.settlement(), game.is_over)
    if game.end_reason == "resigned":
        settled["resigned"] = game.forfeited_by
    return settled


def public_state(info: TableInfo, position: Position, n: int,
                 fair: Mapping[int, FairRow] | None = None,
                 parts: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The part of :func:`state_payload` that is the same for every reader of the game (a
    table works it out once per event for all its sockets). Its values are shared between
    the readers' states: nobody changes them. ``parts``: :func:`hand_parts` of the same
    game, if already worked out."""
    game = position.game
    if parts is None:
        parts = hand_parts(game)
    humans = frozenset(s.seat for s in info.seats if s.kind == "human")
    playing = any(hand is not None for hand in game.hands)
    return {
        **parts,
        "game_id": info.game_id,
        "n": n,
        "stage": stage(game),
        "kind": info.kind,
        "listed": info.listed,
        "rated": info.rated,
        "level": info.level,
        "computer": info.computer,
        "seats": seats_of(info, position),
        "hand_number": game.hand_number if playing else len(game.played),
        "hands_finished": len(game.played),
        "round_number": game.round_number,
        **dealers_of(game),
        "totals": list(game.totals),
        "boxes": wins_of(game),
        "extra_boxes": list(game.extra_boxes),
        "box_points": list(game.box_points),
        "to_act": to_act(position, humans),
        "tables": [table_entry(game, t) for t in range(game.tables)],
        "fair": fair_deals(position, fair or {}, info.fair_id or info.game_id,
                           info.reveals_held, info.duplicate),
        **({} if info.tournament is None else {"tournament": info.tournament}),
    }


def state_payload(info: TableInfo, position: Position, n: int, place: int | None,
                  fair: Mapping[int, FairRow] | None = None,
                  public: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The whole picture of a game after event ``n`` for ``place`` (None: a watcher);
    ``public``: :func:`public_state` of the same arguments, if already worked out."""
    if public is None:
        public = public_state(info, position, n, fair)
    game = position.game
    shown = shown_hand(position, place)
    own: dict[str, Any] = {
        "you": place,
        "first_deal_awaits_you": first_deal_awaits(position, place,
                                                   all(s.joined for s in info.seats)),
        "my_table": None if place is None or game.is_over else table_of(game, place),
        "table_hand": table_hand(shown),
        "view": None if shown is None or shown.state is None else SIGHT[sight_of(shown)](
            shown.state, shown.you),
    }
    state = {key: own[key] if key in own else public[key] for key in STATE_KEYS}
    if "tournament" in public:  # a tournament's game: the id of its page
        state["tournament"] = public["tournament"]
    return state


def entry_payload(entry: LogEntry, place: int | None, position: Position) -> dict[str, Any]:
    """What happened in a log entry, as ``place`` may know it (another's knock stays face
    down); ``table`` is where it happened (a deal's or a move's)."""
    action: str | None = None
    if entry.kind == "play" and entry.action is not None:
        hidden = entry.seat != place and KNOCK_BASE <= entry.action < LAYOFF_BASE
        action = "knock" if hidden else action_name(entry.action)
    elif entry.kind == "choose":
        action = "deal" if entry.action else "let_deal"
    deal = entry.kind == "deal"
    table = (entry.seat or 0) if deal else None
    if entry.kind == "play" and entry.seat is not None:
        table = _table_played(position, entry.seat)
    return {
        "kind": entry.kind,
        "seat": None if deal else entry.seat,
        "action": action,
        "hand_number": entry.action if deal else None,
        "deal": entry.action if deal else None,
        "table": table,
        "at": entry.at.isoformat(),
    }


def _table_played(position: Position, place: int) -> int | None:
    """The table where ``place`` has just played (its table this round, or the last one)."""
    game = position.game
    table = None if game.is_over else table_of(game, place)
    if table is not None:
        return table
    last = next((p for p in reversed(game.played) if place in p.players), None)
    return None if last is None else last.table


def event_payload(info: TableInfo, entry: LogEntry, position: Position, place: int | None,
                  fair: Mapping[int, FairRow] | None = None,
                  public: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {
        "type": "event",
        "n": entry.seq,
        "event": entry_payload(entry, place, position),
        "state": state_payload(info, position, entry.seq, place, fair, public),
    }


__all__ = ["HAND_PARTS", "PUBLIC_TABLE_FACTS", "SIGHT", "STATE_KEYS", "SeatInfo", "TableInfo",
           "event_payload", "hand_key", "hand_parts", "names", "public_state", "rules_dict",
           "state_payload", "to_act"]
