"""What the server sends at a three-player or team table, built for one place (or a watcher).

A place gets its own hand as the two-player client would (``table_hand.view`` is
:func:`~ginrummy.server.wire.payload.seat_view` of its seat at its table), and of every
other table only what anyone at the table could see: whose turn, the stock size,
the upcard, how many cards each player holds, and each finished hand's result. A
place sitting out (three players) and a watcher see the hand being played as a
watcher of a two-player game does (:func:`~ginrummy.server.wire.payload.public_view`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginrummy.core.cards import format_cards
from ginrummy.core.game import Game
from ginrummy.core.scoring import RoundScore
from ginrummy.core.table import team_of
from ginrummy.core.views import view_of
from ginrummy.server.storage.fairness import FairRow, shown, slot_of
from ginrummy.server.storage.replay import (
    Position,
    first_deal_awaits,
    stage,
    table_of,
    waiting_for_deal,
)
from ginrummy.server.storage.store import LogEntry
from ginrummy.server.wire.payload import (
    TableInfo,
    public_view,
    rules_dict,
    seat_view,
)
from ginrummy.server.wire.payload import entry_payload as two_player_entry


def mode_of(game: Game) -> str:
    return "three" if game.table_rules.kind == "three" else "teams"


def to_act(position: Position, humans: frozenset[int]) -> list[int]:
    """The places the game waits for: the player to move at each playing table, and the
    people (not the computer) whose table waits for their ``ready``."""
    game = position.game
    out = set()
    for table, hand in enumerate(game.hands):
        if hand is not None:
            out.add(game.players_at(table)[hand.turn])
    out |= (waiting_for_deal(game) & humans) - position.ready - position.stand_in
    return sorted(out)


def _seats(info: TableInfo, position: Position) -> list[dict[str, Any]]:
    game = position.game
    teams = game.table_rules.kind == "teams"
    out = []
    for s in info.seats:
        table = None if game.is_over else table_of(game, s.seat)
        out.append({
            "seat": s.seat, "kind": s.kind, "name": s.name, "joined": s.joined,
            "connected": s.connected,
            "ready": s.seat in position.ready or s.kind == "computer"
            or s.seat in position.stand_in,
            "stand_in": s.seat in position.stand_in,
            "team": team_of(s.seat) if teams else None,
            "table": table,
            "hand_seat": None if table is None else game.players_at(table).index(s.seat),
        })
    return out


def _last_result(game: Game, table: int) -> dict[str, Any] | None:
    """The latest finished hand at ``table`` in the round in progress, or, between rounds,
    in the last round."""
    finished = game.played
    if not finished:
        return None
    current = game.round_number if not game.is_over else finished[-1].round
    wanted = current if any(h.round == current for h in finished) else finished[-1].round
    for played in reversed(finished):
        if played.round == wanted and played.table == table and played.state.result:
            return played.state.result.to_dict()
    return None


def _seating(game: Game, table: int) -> tuple[tuple[int, int], int]:
    """The players and dealer at ``table``: of the round in progress, or of the last round
    once the game is over (a finished team game has no next round)."""
    if game.is_over and game.table_rules.kind == "teams" and game.rounds:
        last = [h for h in game.rounds[-1].hands if h.table == table][-1]
        return last.players, last.dealer
    return game.players_at(table), game.dealer_at(table)


def _table_entry(game: Game, table: int) -> dict[str, Any]:
    players, dealer = _seating(game, table)
    hand = game.hands[table]
    due = table in game.tables_to_deal()
    entry: dict[str, Any] = {
        "table": table, "players": list(players), "dealer": dealer,
        "status": "playing" if hand is not None else "to_deal" if due else "decided",
        "to_act": None, "phase": None, "stock_size": None, "upcard": None,
        "hand_counts": None, "turns": 0, "last_result": _last_result(game, table),
    }
    if hand is not None:
        public = view_of(hand, 0)
        entry.update({
            "to_act": players[hand.turn], "phase": hand.phase.name.lower(),
            "stock_size": public.stock_size,
            "upcard": None if public.upcard is None else format_cards([public.upcard]),
            "hand_counts": [hand.hands[0].bit_count(), hand.hands[1].bit_count()],
            "turns": len(hand.actions()),
        })
    return entry


def _table_hand(game: Game, seats: list[dict[str, Any]], place: int | None,
                position: Position) -> dict[str, Any] | None:
    """The hand a place looks at: its own in progress; else (sitting out, a watcher) the first
    hand in progress; else the last hand played (teams: the last one the place played)."""
    mine = None if place is None or game.is_over else table_of(game, place)
    live = [t for t, hand in enumerate(game.hands) if hand is not None]
    table: int | None = None
    if mine is not None and mine in live:
        table = mine
    elif mine is None and live:
        table = live[0]
    if table is not None:
        players, state = game.players_at(table), game.hands[table]
        number, deal = game.round_number, position.current_deal(table)
    else:
        played = list(game.played)  # three players: the table's last hand
        if game.table_rules.kind == "teams":
            played = [p for p in played if place in p.players] or played
        if not played:
            return None
        table, players, state = played[-1].table, played[-1].players, played[-1].state
        number, deal = played[-1].round, None
    assert state is not None
    you = players.index(place) if place is not None and place in players else None
    return {
        "table": table, "round": number, "you": you,
        "seats": [seats[players[0]], seats[players[1]]],
        "dealer": state.dealer, "to_act": None if state.is_over else state.turn,
        "hand_number": deal, "view": public_view(state) if you is None else seat_view(state, you),
    }


def _rule_of(score: RoundScore) -> str:
    if score.winner is None:
        return "none"
    return "sum" if 0 in score.team_points else "difference"


def _rounds(game: Game) -> list[dict[str, Any]]:
    if game.table_rules.kind != "teams":
        return []
    out = []
    totals = [0, 0]
    for past in game.rounds:
        deciding = {}
        for played in past.hands:  # the last hand at each table decided it
            deciding[played.table] = played
        tables = []
        for table in sorted(deciding):
            played = deciding[table]
            result = played.state.result
            assert result is not None
            winner = None if result.winner is None else played.players[result.winner]
            tables.append({"table": table, "players": list(played.players), "winner": winner,
                           "team": None if winner is None else team_of(winner),
                           "points": result.points if winner is not None else 0,
                           "outcome": result.outcome})
        score = past.score
        if score.winner is not None:
            totals[score.winner] += score.points
        out.append({"number": past.number, "dealing_team": past.dealing_team, "tables": tables,
                    "team_points": list(score.team_points), "games_won": list(score.games_won),
                    "winner": score.winner, "points": score.points, "rule": _rule_of(score),
                    "extra_boxes": list(score.extra_boxes), "totals_after": list(totals)})
    return out


def _settlement(game: Game) -> dict[str, Any]:
    settlement = game.settlement()
    sheet = settlement
    return {
        "final": game.is_over,
        "totals": list(settlement.final),
        "winner": settlement.winner,
        "end_reason": game.end_reason,
        "lines": [{"label": line.label, "values": list(line.values)} for line in sheet.lines()],
        "payments": [{"payer": p.payer, "payee": p.payee, "points": p.points, "amount": p.amount}
                     for p in settlement.payments],
    }


def fair_deals(position: Position, fair: Mapping[int, FairRow],
               game_id: str) -> dict[str, Any]:
    """``state.fair``: each deal's commitment, and its server seed once its hand is over."""
    live = {position.current_deal(t) for t in range(position.game.tables)}
    deals = []
    for number, table in position.deals:
        row = fair.get(number)
        if row is not None:
            deals.append({**shown(row, game_id, number not in live), "deal": number,
                          "table": table})
    upcoming = []
    if not position.game.is_over:
        for table in position.game.tables_to_deal():
            row = fair.get(slot_of(table))
            if row is not None:
                upcoming.append({"table": table, "players": list(position.game.players_at(table)),
                                 "version": row.version,
                                 "commitment": row.commitment,
                                 "client_seeds": list(row.client_seeds), "game_id": game_id})
    return {"deals": deals, "next": upcoming}


def _dealers(game: Game) -> dict[str, int | None]:
    if game.table_rules.kind == "three":
        return {"dealer": game.dealer, "dealing_team": None,
                "sitting_out": None if game.is_over else game.sitting_out()}
    return {"dealer": None, "dealing_team": game.dealing_team, "sitting_out": None}


def _wins(game: Game) -> list[int]:
    if game.table_rules.kind == "three":
        return list(game.hands_won)
    return list(game.rounds_won)


def state_payload(info: TableInfo, position: Position, n: int, place: int | None,
                  fair: Mapping[int, FairRow] | None = None) -> dict[str, Any]:
    """The whole picture of a table game after event ``n`` for ``place`` (None: a watcher)."""
    game = position.game
    seats = _seats(info, position)
    humans = frozenset(s.seat for s in info.seats if s.kind == "human")
    mine = None if place is None or game.is_over else table_of(game, place)
    return {
        "game_id": info.game_id,
        "n": n,
        "mode": mode_of(game),
        "players": game.players,
        "you": place,
        "stage": stage(position.game),
        "first_deal_awaits_you": first_deal_awaits(position, place,
                                                   all(s.joined for s in info.seats)),
        "kind": info.kind,
        "level": info.level,
        "computer": info.computer,
        "seats": seats,
        "rules": dict(rules_dict(game.rules)),
        "target": game.table_rules.target,
        "team_target": game.table_rules.team_target,
        "cut": {"rounds": [format_cards(list(cards)).split() for cards in game.cut.rounds],
                "low": game.cut.low},
        "round_number": game.round_number,
        **_dealers(game),
        "totals": list(game.totals),
        "boxes": _wins(game),
        "extra_boxes": list(game.extra_boxes),
        "to_act": to_act(position, humans),
        "tables": [_table_entry(game, t) for t in range(game.tables)],
        "my_table": mine,
        "table_hand": _table_hand(game, seats, place, position),
        "scores": [
            {"round": played.round, "table": played.table, "players": list(played.players),
             "outcome": played.state.result.outcome,
             "winner": None if played.state.result.winner is None else
             played.players[played.state.result.winner],
             "points": played.state.result.points,
             "extra_boxes": played.state.result.extra_boxes}
            for played in game.played if played.state.result is not None
        ],
        "rounds": _rounds(game),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "settlement": _settlement(game),
        "fair": fair_deals(position, fair or {}, info.game_id),
    }


def entry_payload(entry: LogEntry, place: int | None, position: Position) -> dict[str, Any]:
    """What happened in a log entry, as ``place`` may know it (another's knock stays face
    down)."""
    out = two_player_entry(entry, place)
    out["table"] = entry.seat if entry.kind == "deal" else None
    out["deal"] = entry.action if entry.kind == "deal" else None
    if entry.kind == "deal":
        out["seat"] = None
        out["hand_number"] = None
    elif entry.kind == "play" and entry.seat is not None:
        out["table"] = _table_played(position, entry.seat)
    return out


def _table_played(position: Position, place: int) -> int | None:
    """The table where ``place`` has just played (its table this round, or the last one)."""
    game = position.game
    table = None if game.is_over else table_of(game, place)
    if table is not None:
        return table
    last = next((p for p in reversed(game.played) if place in p.players), None)
    return None if last is None else last.table


def event_payload(info: TableInfo, entry: LogEntry, position: Position, place: int | None,
                  fair: Mapping[int, FairRow] | None = None) -> dict[str, Any]:
    return {
        "type": "event",
        "n": entry.seq,
        "event": entry_payload(entry, place, position),
        "state": state_payload(info, position, entry.seq, place, fair),
    }


__all__ = ["event_payload", "fair_deals", "mode_of", "state_payload", "to_act"]

