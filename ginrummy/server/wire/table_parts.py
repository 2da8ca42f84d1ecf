"""The parts of a state that say where a game is at each of its tables: the places to act,
the seats with their tables, each table's public facts, the hand the reader looks at, the
rounds of a team game and the fair-deal data of every deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ginrummy.core.cards import format_cards
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState
from ginrummy.core.scoring import RoundScore
from ginrummy.core.table import team_of
from ginrummy.core.views import view_of
from ginrummy.format.daily_deal import day_of_key
from ginrummy.livetable.fairness import FairRow, shown, upcoming
from ginrummy.livetable.position import Position, table_of, waiting_for_deal
from ginrummy.server.wire.payload_info import TableInfo


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


def seats_of(info: TableInfo, position: Position) -> list[dict[str, Any]]:
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


PUBLIC_TABLE_FACTS = ("to_act", "phase", "stock_size", "upcard", "hand_counts", "turns",
                      "last_result")
"""What every reader sees of every table's hand in ``tables``, besides its players, dealer
and status: no card but the upcard."""


def table_entry(game: Game, table: int) -> dict[str, Any]:
    players, dealer = _seating(game, table)
    hand = game.hands[table]
    due = table in game.tables_to_deal()
    facts: dict[str, Any] = {"to_act": None, "phase": None, "stock_size": None, "upcard": None,
                             "hand_counts": None, "turns": 0,
                             "last_result": _last_result(game, table)}
    if hand is not None:
        public = view_of(hand, 0)
        facts.update({
            "to_act": players[hand.turn], "phase": hand.phase.name.lower(),
            "stock_size": public.stock_size,
            "upcard": None if public.upcard is None else format_cards([public.upcard]),
            "hand_counts": [hand.hands[0].bit_count(), hand.hands[1].bit_count()],
            "turns": len(hand.actions()),
        })
    return {"table": table, "players": list(players), "dealer": dealer,
            "status": "playing" if hand is not None else "to_deal" if due else "decided",
            **{name: facts[name] for name in PUBLIC_TABLE_FACTS}}


@dataclass(frozen=True, slots=True)
class ShownHand:
    """The hand a place looks at, and where it is."""

    table: int
    round: int
    deal: int | None
    """The deal number of a hand in progress (None: a finished hand)."""
    players: tuple[int, int]
    state: HandState | None
    """None: the reader's table has dealt no hand yet."""
    you: int | None
    """The reader's hand seat in it (None: it does not play it)."""


def shown_hand(position: Position, place: int | None) -> ShownHand | None:
    """The hand a place looks at: its own in progress; else (sitting out, a watcher) the first
    hand in progress; else the last hand played (teams: the last one the place played); else,
    before its table's first deal, that table with no hand yet."""
    game = position.game
    mine = None if place is None or game.is_over else table_of(game, place)
    live = [t for t, hand in enumerate(game.hands) if hand is not None]
    table: int | None = None
    state: HandState | None = None
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
        if played:
            table, players, state = played[-1].table, played[-1].players, played[-1].state
            number, deal = played[-1].round, None
        elif mine is not None:
            table, players, number, deal = mine, game.players_at(mine), game.round_number, None
        else:
            return None
    you = players.index(place) if place is not None and place in players else None
    return ShownHand(table, number, deal, players, state, you)


def table_hand(shown: ShownHand | None) -> dict[str, Any] | None:
    """Where the hand in ``view`` is played: its table, round and deal, the reader's hand seat,
    its players' places (in hand seat order), its dealer and whose turn it is (hand seats)."""
    if shown is None:
        return None
    state = shown.state
    return {
        "table": shown.table, "round": shown.round, "you": shown.you,
        "players": list(shown.players),
        "dealer": None if state is None else state.dealer,
        "to_act": None if state is None or state.is_over else state.turn,
        "hand_number": shown.deal,
    }


def _rule_of(score: RoundScore) -> str:
    if score.winner is None:
        return "none"
    return "sum" if 0 in score.team_points else "difference"


def rounds_of(game: Game) -> list[dict[str, Any]]:
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


def fair_deals(position: Position, fair: Mapping[int, FairRow], game_id: str,
               held: bool = False, duplicate: bool = False) -> dict[str, Any]:
    """``state.fair``: each deal's commitment, and its server seed once its hand is over
    (``held``: not yet, another table of a duplicate round is still playing); the commitment
    of each table's next deal while it waits for its players (at one table, with the hand
    number it will have). ``duplicate``: the decks are a duplicate round's, derived under
    ``game_id`` (the round's key) from the server seeds alone; ``daily`` too when that key is
    a day's (:mod:`ginrummy.format.daily_deal`)."""
    live = {position.current_deal(t) for t in range(position.game.tables)}
    deals = []
    for number, table in position.deals:
        row = fair.get(number)
        if row is not None:
            deals.append({**shown(row, game_id, number not in live and not held), "deal": number,
                          "table": table})
    game = position.game
    coming = []
    number = len(position.deals) + 1
    due = game.tables_to_deal() or ((0,) if game.chooser is not None else ())
    for table in () if game.is_over else due:
        row = upcoming(fair, table, number)
        if row is not None:
            coming.append({"table": table, "players": list(game.players_at(table)),
                           "hand_number": number if game.tables == 1 else None,
                           "version": row.version, "commitment": row.commitment,
                           "client_seeds": list(row.client_seeds), "game_id": game_id})
    out: dict[str, Any] = {"deals": deals, "next": coming}
    if duplicate:
        out["duplicate"] = True
        out["held"] = held
        if day_of_key(game_id) is not None:  # the daily deal's: held until the day is over
            out["daily"] = True
    return out


def dealers_of(game: Game) -> dict[str, int | None]:
    """Who deals: the dealer (two and three players; at three it sits out), or the team
    dealing at every table (teams)."""
    kind = game.table_rules.kind
    return {"dealer": None if kind == "teams" else game.dealer,
            "dealing_team": game.dealing_team if kind == "teams" else None,
            "sitting_out": None if game.is_over else game.sitting_out()}


def wins_of(game: Game) -> list[int]:
    if game.table_rules.kind == "three":
        return list(game.hands_won)
    return list(game.rounds_won)
