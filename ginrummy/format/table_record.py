"""Records of three-player and team games in JSON: export, import and verified replay.

The format follows the two-player record (:mod:`ginrummy.format.record`), whose
reading of a hand (deck, actions, action ids, result and totals checks)
it reuses; each hand also says where it was played::

    {"format": "ginrummy-table-game", "version": 1,
     "players": 4, "team_target": null,
     "rules": {...every option, as Rules.to_dict...},
     "cut": [["KH", "2C", "9D", "8S"]],          rounds of one card per player
     "time_up": false,
     "hands": [{"round": 1, "table": 0, "players": [0, 1], "dealer": 1, "deal": 1,
                "deck": [...], "actions": [...], "action_ids": [...],
                "result": {...}, "totals": [0, 0], "fair": {...}}, ...],
     "final": {"phase": "over", "winner": 0, "end_reason": "target", "points": [..],
               "final_totals": [..], "payments": [[payer, payee, points, amount], ..]}}

Hands come round by round (three players: one hand a round), and within a
round table by table, each table's void hands before the hand that decided
it; a game saved in the middle of a round ends with the hands in progress.
``round``, ``players``, ``dealer``, ``action_ids``, ``result``,
``totals`` (the game totals, by player or by team, after the hand) and
``final`` are checks: each may be left out, and is verified when present.

``deal`` and ``fair`` (both optional) make a hand provably fair: ``fair`` is
the hand's :class:`~ginrummy.format.provably_fair.FairRecord` and ``deal`` the deal
number its deck was derived with (the hand number of the derivation: deals
counted from 1 in the order the server dealt them, every table and void hand
included, which is not always the hand's place in the record). The replay
does not look at them; ``gin verify`` checks them (docs/FAIRNESS.md).
"""

from __future__ import annotations

import json
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.core.actions import Action
from ginrummy.core.cards import card_name, parse_card
from ginrummy.core.game import GameError
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.table import TableCut, TableError, TableHand, TableRules
from ginrummy.core.table_game import TableGame, start_table_game
from ginrummy.format.provably_fair import FairRecord
from ginrummy.format.record import (
    HandRecord,
    RecordError,
    compare_checks,
    hand_from_dict,
    pretty_json,
    safe_action_name,
)

FORMAT = "ginrummy-table-game"
VERSION = 1


@dataclass(frozen=True, slots=True)
class TableHandRecord:
    table: int
    hand: HandRecord
    """The deck, the actions, the hand's checks (its ``dealer`` left out) and its ``fair``."""
    round: int | None = None
    players: tuple[int, int] | None = None
    dealer: int | None = None
    deal: int | None = None
    """The deal number of a provably fair hand: the hand number of its deck's derivation."""


@dataclass(frozen=True, slots=True)
class TableRecord:
    table_rules: TableRules
    cut: TableCut
    hands: tuple[TableHandRecord, ...] = ()
    time_up: bool = False
    final: dict[str, Any] | None = None


# ---------------------------------------------------------------- game -> record


def final_check(game: TableGame) -> dict[str, Any]:
    settlement = game.settlement()
    return {
        "phase": "over" if game.is_over else "playing",
        "winner": game.winner,
        "end_reason": game.end_reason,
        "points": list(game.totals),
        "final_totals": list(settlement.final),
        "payments": [[p.payer, p.payee, p.points, p.amount] for p in settlement.payments],
    }


def record_of(game: TableGame) -> TableRecord:
    """The record of ``game`` so far, with every check filled in."""
    played = list(game.finished)
    in_progress = [
        TableHand(game.round_number, table, game.players_at(table), game.dealer_at(table), hand)
        for table, hand in enumerate(game.hands) if hand is not None
    ]
    for hand in in_progress:  # after its table's finished hands of this round
        later = [i for i, h in enumerate(played)
                 if h.round == hand.round and h.table > hand.table]
        played.insert(later[0] if later else len(played), hand)
    hands = tuple(_hand_record(h) for h in played)
    bare = TableRecord(game.table_rules, game.cut, hands, _time_up(game), None)
    totals = [list(step.game.totals) for step in walk(bare) if step.finished]
    with_totals = []
    finished_count = 0
    for record in hands:
        if record.hand.result is not None:
            checked = HandRecord(record.hand.deck, record.hand.actions, None,
                                 record.hand.result, tuple(totals[finished_count]))
            record = TableHandRecord(record.table, checked, record.round, record.players,
                                     record.dealer)
            finished_count += 1
        with_totals.append(record)
    return TableRecord(game.table_rules, game.cut, tuple(with_totals), _time_up(game),
                       final_check(game))


def _time_up(game: TableGame) -> bool:
    return game.time_is_up or game.end_reason == "time_limit"


def _hand_record(played: TableHand) -> TableHandRecord:
    state = played.state
    actions = tuple(action for _, action in state.actions())
    result = None if state.result is None else state.result.to_dict()
    return TableHandRecord(played.table, HandRecord(state.deck, actions, None, result, None),
                           played.round, played.players, played.dealer)


# ---------------------------------------------------------------- replay


@dataclass(frozen=True, slots=True)
class TableStep:
    """One step of a replay: a deal, an action, or the time limit reported."""

    kind: str
    """``"deal"``, ``"action"`` or ``"time_up"``."""
    hand: int
    """1-based position of the hand in the record."""
    table: int
    index: int
    """1-based action number within the hand (0 for a deal)."""
    seat: int | None
    """The hand seat that acted."""
    player: int | None
    action: Action | None
    before: TableGame
    game: TableGame
    finished: bool = False
    """This step ended a hand."""


def walk(record: TableRecord) -> Iterator[TableStep]:
    """Replay ``record`` step by step, verifying every check on the way."""
    try:
        game = start_table_game(record.table_rules, record.cut)
    except TableError as error:
        raise RecordError(str(error)) from None
    for number, item in enumerate(record.hands, 1):
        game = yield from _replay_hand(record, game, number, item)
    if record.time_up:
        before = game
        try:
            game = game.time_up()
        except GameError as error:
            raise RecordError(f"time_up: {error}") from None
        yield TableStep("time_up", len(record.hands), 0, 0, None, None, None, before, game)
    if record.final is not None:
        compare_checks("final", record.final, final_check(game), None)


def _replay_hand(record: TableRecord, game: TableGame, number: int, item: TableHandRecord
                 ) -> Generator[TableStep, None, TableGame]:
    table = item.table
    if game.is_over:
        raise RecordError(f"the game ended ({game.end_reason}) before this hand", number)
    if table not in game.tables_to_deal():
        waiting = ", ".join(map(str, game.tables_to_deal())) or "none"
        raise RecordError(f"table {table} cannot be dealt now (tables waiting for a deal: "
                          f"{waiting})", number)
    _check_place(game, number, item)
    before = game
    try:
        game = game.deal(table, item.hand.deck)
    except (IllegalActionError, GameError, TableError) as error:
        raise RecordError(f"cannot deal this deck: {error}", number) from None
    players = game.players_at(table)
    yield TableStep("deal", number, table, 0, None, None, None, before, game)
    actions = item.hand.actions
    for index, action in enumerate(actions, 1):
        state = game.hands[table]
        name = safe_action_name(action)
        if state is None:
            raise RecordError(f"{name}: the hand was already over", number, index)
        before = game
        try:
            game = game.apply(table, action)
        except (IllegalActionError, GameError) as error:
            raise RecordError(f"{name} is illegal: {error}", number, index) from None
        over = game.hands[table] is None
        yield TableStep("action", number, table, index, state.turn, players[state.turn], action,
                        before, game, over)
    over = game.hands[table] is None
    if not over and any(h.table == table for h in record.hands[number:]):
        raise RecordError(f"the hand is not over after its {len(actions)} actions, but table "
                          f"{table} has another hand later in the record", number)
    _check_result(game, number, item, over)
    return game


def _check_place(game: TableGame, number: int, item: TableHandRecord) -> None:
    table = item.table
    if item.round is not None and item.round != game.round_number:
        raise RecordError(f"the record says round {item.round}, the replay is in round "
                          f"{game.round_number}", number)
    if item.players is not None and tuple(item.players) != game.players_at(table):
        raise RecordError(f"the record seats players {list(item.players)} at table {table}, the "
                          f"rules seat {list(game.players_at(table))} (R33-R35)", number)
    if item.dealer is not None and item.dealer != game.dealer_at(table):
        raise RecordError(f"the record says player {item.dealer} deals, the rules make "
                          f"player {game.dealer_at(table)} the dealer (R33-R35)", number)


def _check_result(game: TableGame, number: int, item: TableHandRecord, over: bool) -> None:
    if item.hand.result is not None:
        if not over:
            raise RecordError("the record gives a result, but the hand is not over after its "
                              f"{len(item.hand.actions)} actions", number)
        last = [h for h in game.finished if h.table == item.table][-1].state.result
        assert last is not None
        compare_checks("result", item.hand.result, last.to_dict(), number)
    if item.hand.totals is not None and list(item.hand.totals) != list(game.totals):
        raise RecordError(f"totals: the record says {list(item.hand.totals)}, the replay gives "
                          f"{list(game.totals)}", number)


def replay(record: TableRecord) -> TableGame:
    """The game that ``record`` describes, after verifying all its checks."""
    game = start_table_game(record.table_rules, record.cut)
    for step in walk(record):
        game = step.game
    return game


# ---------------------------------------------------------------- JSON


def record_to_dict(record: TableRecord) -> dict[str, Any]:
    hands = []
    for item in record.hands:
        entry: dict[str, Any] = {}
        if item.round is not None:
            entry["round"] = item.round
        entry["table"] = item.table
        if item.players is not None:
            entry["players"] = list(item.players)
        if item.dealer is not None:
            entry["dealer"] = item.dealer
        if item.deal is not None:
            entry["deal"] = item.deal
        entry["deck"] = [card_name(c) for c in item.hand.deck]
        entry["actions"] = [safe_action_name(a) for a in item.hand.actions]
        entry["action_ids"] = list(item.hand.actions)
        if item.hand.result is not None:
            entry["result"] = item.hand.result
        if item.hand.totals is not None:
            entry["totals"] = list(item.hand.totals)
        if item.hand.fair is not None:
            entry["fair"] = item.hand.fair.to_dict()
        hands.append(entry)
    table = record.table_rules
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "players": table.players,
        "team_target": table.team_target, "rules": table.rules.to_dict(),
        "cut": [[card_name(c) for c in cards] for cards in record.cut.rounds],
        "time_up": record.time_up, "hands": hands,
    }
    if record.final is not None:
        data["final"] = record.final
    return data


_TOP_KEYS = {"format", "version", "players", "team_target", "rules", "cut", "time_up", "hands",
             "final"}
_PLACE_KEYS = {"round", "table", "players", "dealer", "deal"}


def record_from_dict(data: Any) -> TableRecord:
    """Read the structure of a JSON table record (no replay yet)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise RecordError(f"unknown record field {unknown[0]!r}")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"unsupported record version {data.get('version')!r} "
                          f"(this program reads {VERSION})")
    try:
        table_rules = TableRules.from_dict(
            {k: data.get(k) for k in ("players", "team_target", "rules")})
    except TableError as error:
        raise RecordError(f"rules: {error}") from None
    cut = _cut_from(data.get("cut"))
    if cut.players != table_rules.players:
        raise RecordError(f"cut: {cut.players} cards a round for {table_rules.players} players")
    time_up = data.get("time_up", False)
    if not isinstance(time_up, bool):
        raise RecordError(f"time_up must be true or false, got {time_up!r}")
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands must be a list")
    final = data.get("final")
    if final is not None and not isinstance(final, dict):
        raise RecordError("final must be an object")
    items = tuple(_table_hand_from_dict(item, number, table_rules.players)
                  for number, item in enumerate(hands, 1))
    return TableRecord(table_rules, cut, items, time_up, final)


def _cut_from(data: Any) -> TableCut:
    if not isinstance(data, list) or not all(
        isinstance(cards, list) and all(isinstance(c, str) for c in cards) for cards in data
    ):
        raise RecordError('cut must be a list of rounds like [["KH", "2C", "9D"]]')
    try:
        return TableCut(tuple(tuple(parse_card(c) for c in cards) for cards in data))
    except (ValueError, TableError) as error:
        raise RecordError(f"cut: {error}") from None


def _table_hand_from_dict(item: Any, number: int, players: int) -> TableHandRecord:
    if not isinstance(item, dict):
        raise RecordError("a hand is an object with table, deck and actions", number)
    table = item.get("table")
    if isinstance(table, bool) or not isinstance(table, int) or table < 0:
        raise RecordError(f"table must be a table number, got {table!r}", number)
    round_number = _optional_int(item, "round", number, 1)
    deal = _optional_int(item, "deal", number, 1)
    dealer = _optional_int(item, "dealer", number, 0)
    if dealer is not None and dealer >= players:
        raise RecordError(f"dealer must be a player 0..{players - 1}, got {dealer}", number)
    seated = item.get("players")
    pair: tuple[int, int] | None = None
    if seated is not None:
        if not isinstance(seated, list) or len(seated) != 2 or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players for p in seated
        ):
            raise RecordError(f"players must be two players 0..{players - 1}", number)
        pair = (seated[0], seated[1])
    hand = hand_from_dict({k: v for k, v in item.items() if k not in _PLACE_KEYS}, number)
    return TableHandRecord(table, hand, round_number, pair, dealer, deal)


def _optional_int(item: dict[str, Any], key: str, number: int, low: int) -> int | None:
    value = item.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < low):
        raise RecordError(f"{key} must be a whole number from {low}, got {value!r}", number)
    return value


def with_table_fairness(record: TableRecord, fair: Sequence[tuple[int, FairRecord] | None]
                        ) -> TableRecord:
    """``record`` with each hand's provably fair data: one entry a hand, in record order,
    ``(deal number, fair record)`` or ``None`` for a hand not dealt that way."""
    if len(fair) != len(record.hands):
        raise RecordError(f"{len(fair)} fairness entries for {len(record.hands)} hands")
    hands = []
    for number, (item, entry) in enumerate(zip(record.hands, fair, strict=True), 1):
        if entry is None:
            hands.append(replace(item, deal=None, hand=replace(item.hand, fair=None)))
            continue
        deal, data = entry
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise RecordError(f"deal must be a whole number from 1, got {deal!r}", number)
        if not isinstance(data, FairRecord):
            raise RecordError(f"fair must be a FairRecord, got {type(data).__name__}", number)
        hands.append(replace(item, deal=deal, hand=replace(item.hand, fair=data)))
    return replace(record, hands=tuple(hands))


def table_record_text(record: TableRecord) -> str:
    """``record`` as JSON text (short lists kept on one line)."""
    return pretty_json(record_to_dict(record)) + "\n"


def dump_table_record(game: TableGame) -> str:
    """``game`` as a JSON record (short lists kept on one line)."""
    return table_record_text(record_of(game))


def parse_table_record(text: str) -> TableRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON: {error}") from None
    return record_from_dict(data)


def load_table_record(text: str) -> TableGame:
    """Replay a JSON table record, verifying every check it carries."""
    return replay(parse_table_record(text))


def is_table_record(text: str) -> bool:
    """Whether ``text`` is a JSON object of this format (for routing; nothing is checked)."""
    if not text.lstrip().startswith("{"):
        return False
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT
