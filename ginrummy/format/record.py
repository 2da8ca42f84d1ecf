"""Game records in JSON, for a game of any number of players: export, import, verified replay.

A record holds what a game cannot recompute (the rules, the cut, each hand's deck
and actions) and, as checks, what it can (where and by whom each hand was played
and dealt, its result and the totals after it, and the final settlement).
:func:`ginrummy.format.replay.walk` plays the record through the game and raises
:class:`RecordError` at the first thing that does not agree, naming the hand (its
place in the record) and the action, both counted from 1.

Version 2 (written by :func:`~ginrummy.format.replay.dump_record`; read by
:func:`~ginrummy.format.replay.load_record` with both formats of version 1)::

    {"format": "ginrummy-game", "version": 2,
     "players": 2, "team_target": null,
     "rules": {...every option, as Rules.to_dict...},
     "cut": [["7H", "7C"], ["KD", "2S"]],     rounds of one card per player
     "high_cut_deals": false,                  two players under high_cut_chooses (R4): the choice
     "time_up": false,                         the driver reported the time limit (R31)
     "forfeit": 0,                             only if set: this player lost by forfeit after
                                               the hands (a server's clock); the hands it
                                               stopped end the list, in progress; older
                                               readers refuse the field as unknown
     "resigned": 0,                            only if set: this player resigned after the
                                               hands (as forfeit, but by choice)
     "hands": [{"round": 1, "table": 0, "players": [0, 1], "dealer": 1, "deal": 1,
                "deck": ["AS", ...52 cards, top first],
                "actions": ["pass", "pass", "stock", "knock KS", ...],
                "action_ids": [2, 2, 0, 108, ...],
                "result": {...HandResult.to_dict...}, "totals": [0, 33],
                "fair": {"version": 2, "commitment": "..", ...}}, ...],
     "final": {"phase": "over", "winner": 1, "end_reason": "target", "points": [..],
               "final_totals": [..], "margin": .., "payment": ..,
               "payments": [[payer, payee, points, amount], ..]}}

Hands come round by round and, within a round, table by table, each table's void
hands before the one that decided it; a game saved in the middle of a round ends
with the hands in progress. ``round``, ``players``, ``dealer`` (the player who
deals: at three players the one sitting out), ``action_ids``, ``result`` (some
or all of its fields), ``totals`` (by player, or by team) and ``final`` are
checks: each may be left out and is verified when present. Rules written before
an option existed read with the value that plays as before
(:data:`~ginrummy.core.rules.BEFORE_OPTION`), so old records replay identically.

``deal`` and ``fair`` make a hand provably fair: ``fair`` is its
:class:`~ginrummy.format.provably_fair.FairRecord`, ``deal`` the deal number its deck
was derived with (deals counted from 1 in the order the server dealt them, every
table and void hand included). The replay does not look at them; ``gin verify``
checks them (docs/FAIRNESS.md).

Version 1 had two formats: ``ginrummy-game`` for two players (no ``players``,
``round``, ``table`` or ``deal``: a fair hand's deal number is its place) and
``ginrummy-table-game`` for three players and teams (as version 2, without
``high_cut_deals``).

The compact text notation of two-player games, and
:func:`~ginrummy.format.notation.read_any` for either form, are in
:mod:`ginrummy.format.notation`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.core.actions import Action, ActionError, action_name, parse_action
from ginrummy.core.cards import CardError, card_name, parse_card
from ginrummy.core.cut import Cut
from ginrummy.core.errors import CodedError, GameError, TableError
from ginrummy.core.rules import Rules, RulesError
from ginrummy.core.table import OfTableRules, TableRules
from ginrummy.format.provably_fair import FairnessError, FairRecord

FORMAT = "ginrummy-game"
VERSION = 2
TABLE_FORMAT_V1 = "ginrummy-table-game"
"""Version 1's format of three-player and team games (read, no longer written)."""
RECORD_FORMATS = (FORMAT, TABLE_FORMAT_V1)
"""The ``format`` of every game record this program reads."""


def is_game_record(data: object) -> bool:
    """Whether decoded JSON ``data`` says it is a game record (of a format read here)."""
    return isinstance(data, dict) and data.get("format") in RECORD_FORMATS


class RecordError(CodedError):
    """A record that cannot be read or does not replay as it claims.

    ``hand`` and ``action`` (from 1) say where, when the error is inside a hand; the English
    text starts with them, and ``where`` holds them for the edge to say in other languages.
    ``code`` and ``params`` name the problem itself (see :class:`~ginrummy.core.errors.CodedError`).
    """

    def __init__(self, message: str, hand: int | None = None, action: int | None = None, *,
                 code: str | None = None, **params: object) -> None:
        where = ""
        if hand is not None:
            where = f"hand {hand}" + (f", action {action}" if action is not None else "") + ": "
        super().__init__(where + message, code, **params)
        self.hand = hand
        self.action = action
        if hand is not None:
            self.where = {"hand": hand} if action is None else {"hand": hand, "action": action}


@dataclass(frozen=True, slots=True)
class HandRecord:
    deck: tuple[int, ...]
    actions: tuple[Action, ...]
    dealer: int | None = None
    """Check: the player who deals this hand."""
    result: dict[str, Any] | None = None
    """Check: some or all fields of the hand's :class:`~ginrummy.core.result.HandResult`."""
    totals: tuple[int, ...] | None = None
    """Check: the game totals after this hand."""
    fair: FairRecord | None = None
    """The hand's provably fair data, if it was dealt that way (see ``gin verify``)."""
    table: int = 0
    round: int | None = None
    """Check: the round (at one table, the hand number)."""
    players: tuple[int, int] | None = None
    """Check: the players in the hand's seats 0 and 1."""
    deal: int | None = None
    """The deal number of a provably fair hand: the hand number of its deck's derivation."""


@dataclass(frozen=True, slots=True)
class GameRecord(OfTableRules):
    table_rules: TableRules
    cut: Cut
    hands: tuple[HandRecord, ...] = ()
    time_up: bool = False
    final: dict[str, Any] | None = None
    """Check: some or all of the keys written by :func:`final_check`."""
    high_cut_deals: bool | None = None
    """R4 under ``high_cut_chooses``: whether the higher cut chose to deal (None: no choice)."""
    forfeit: int | None = None
    """The player who lost the game by forfeit after the last hand (None: nobody); written
    only when set, so that the record of every other game reads as before."""
    resigned: int | None = None
    """The player who resigned after the last hand (None: nobody); written only when set."""

    def deal_numbers(self) -> list[int | None]:
        """Each hand's deal number: ``deal``, or in a two-player game its place."""
        two = self.players == 2
        return [hand.deal if hand.deal is not None or not two else number
                for number, hand in enumerate(self.hands, 1)]


def safe_action_name(action: Action) -> str:
    """The action's name, or its ``repr`` when it is not a valid action (for error messages)."""
    try:
        return action_name(action)
    except ActionError:
        return repr(action)


def compare_checks(
    what: str, stored: dict[str, Any], actual: dict[str, Any], hand: int | None
) -> None:
    """Raise :class:`RecordError` at the first field of ``stored`` (a record's check, which
    may name only some fields) that is unknown to, or differs from, ``actual`` (the replay)."""
    for key, value in stored.items():
        if key not in actual:
            known = ", ".join(actual)
            raise RecordError(f"{what}: unknown field {key!r} (known: {known})", hand,
                              code="record.check_unknown", check=what, field=repr(key),
                              known=known)
        expected = actual[key]
        if isinstance(expected, tuple):
            expected = list(expected)
        if value != expected or isinstance(value, bool) != isinstance(expected, bool):
            raise RecordError(
                f"{what} {key}: the record says {value!r}, the replay gives {expected!r}", hand,
                code="record.check_differs", check=what, field=key, stored=repr(value),
                actual=repr(expected),
            )


# ---------------------------------------------------------------- JSON


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    """``record`` as version 2 JSON data."""
    hands = []
    for hand in record.hands:
        item: dict[str, Any] = {}
        if hand.round is not None:
            item["round"] = hand.round
        item["table"] = hand.table
        if hand.players is not None:
            item["players"] = list(hand.players)
        if hand.dealer is not None:
            item["dealer"] = hand.dealer
        if hand.deal is not None:
            item["deal"] = hand.deal
        item["deck"] = [card_name(c) for c in hand.deck]
        item["actions"] = [safe_action_name(a) for a in hand.actions]
        item["action_ids"] = list(hand.actions)
        if hand.result is not None:
            item["result"] = hand.result
        if hand.totals is not None:
            item["totals"] = list(hand.totals)
        if hand.fair is not None:
            item["fair"] = hand.fair.to_dict()
        hands.append(item)
    table = record.table_rules
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "players": table.players,
        "team_target": table.team_target, "rules": table.rules.to_dict(),
        "cut": [[card_name(c) for c in cards] for cards in record.cut.rounds],
    }
    if record.high_cut_deals is not None:
        data["high_cut_deals"] = record.high_cut_deals
    data["time_up"] = record.time_up
    data["hands"] = hands
    if record.forfeit is not None:
        data["forfeit"] = record.forfeit
    if record.resigned is not None:
        data["resigned"] = record.resigned
    if record.final is not None:
        data["final"] = record.final
    return data


_TOP_KEYS = {"format", "version", "players", "team_target", "rules", "cut", "high_cut_deals",
             "time_up", "hands", "final", "forfeit", "resigned"}
_TWO_V1_KEYS = {"format", "version", "rules", "cut", "high_cut_deals", "time_up", "hands",
                "final"}
_HAND_KEYS = {"round", "table", "players", "dealer", "deal", "deck", "actions", "action_ids",
              "result", "totals", "fair"}
_TWO_V1_HAND_KEYS = {"dealer", "deck", "actions", "action_ids", "result", "totals", "fair"}


def record_from_dict(data: Any) -> GameRecord:
    """Read the structure of a JSON record of version 2 or either version 1 (no replay yet)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, got {type(data).__name__}",
                          code="record.not_object", type=type(data).__name__)
    kind, version = data.get("format"), data.get("version")
    if kind not in (FORMAT, TABLE_FORMAT_V1):
        raise RecordError(f"not a {FORMAT} record (format is {kind!r})", code="record.format",
                          format=FORMAT, kind=repr(kind))
    readable = {FORMAT: (1, 2), TABLE_FORMAT_V1: (1,)}[kind]
    if version not in readable or isinstance(version, bool):
        reads = ", ".join(map(str, readable))
        raise RecordError(f"unsupported record version {version!r} of {kind} (this program "
                          f"reads {reads})", code="record.version", version=repr(version),
                          kind=kind, reads=reads)
    two_v1 = kind == FORMAT and version == 1
    allowed = _TWO_V1_KEYS if two_v1 else _TOP_KEYS - (
        {"high_cut_deals"} if kind == TABLE_FORMAT_V1 else set())
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise RecordError(f"unknown record field {unknown[0]!r}", code="record.unknown_field",
                          field=repr(unknown[0]))
    table_rules = (TableRules(2, _rules_from(data.get("rules"))) if two_v1
                   else _table_rules_from(data))
    cut = _cut_from(data.get("cut"), table_rules.players)
    time_up = data.get("time_up", False)
    if not isinstance(time_up, bool):
        raise RecordError(f"time_up must be true or false, got {time_up!r}", code="field.bool",
                          field="time_up", value=repr(time_up))
    high_cut_deals = data.get("high_cut_deals")
    if high_cut_deals is not None and not isinstance(high_cut_deals, bool):
        raise RecordError(f"high_cut_deals must be true or false, got {high_cut_deals!r}",
                          code="field.bool", field="high_cut_deals", value=repr(high_cut_deals))
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands must be a list", code="field.list", field="hands")
    final = data.get("final")
    if final is not None and not isinstance(final, dict):
        raise RecordError("final must be an object", code="field.object", field="final")
    if final is not None and kind == TABLE_FORMAT_V1 and final.get("phase") == "playing":
        final = {k: v for k, v in final.items() if k != "phase"}  # v1: not over, any phase
    forfeit, resigned = (_player_field(data, name, table_rules.players)
                         for name in ("forfeit", "resigned"))
    items = tuple(hand_from_dict(item, number, table_rules.players, two_v1)
                  for number, item in enumerate(hands, 1))
    return GameRecord(table_rules, cut, items, time_up, final, high_cut_deals, forfeit,
                      resigned)


PLAYER_FIELD_CODES = {"forfeit": "record.forfeit", "resigned": "record.resigned"}
"""The error code of each field that names a player."""


def _player_field(data: dict[str, Any], name: str, players: int) -> int | None:
    """``forfeit`` or ``resigned``: a player of the game, or absent."""
    value = data.get(name)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                              or value not in range(players)):
        raise RecordError(f"{name} must be a player from 0 to {players - 1}, got {value!r}",
                          code=PLAYER_FIELD_CODES[name], value=repr(value), last=players - 1)
    return value


def _rules_from(data: Any) -> Rules:
    try:
        return Rules.from_dict(data)
    except (RulesError, TypeError) as error:
        raise RecordError(f"rules: {error}", code="field.error", field="rules",
                          error=error) from None


def _table_rules_from(data: dict[str, Any]) -> TableRules:
    try:
        return TableRules.from_dict({k: data.get(k) for k in ("players", "team_target", "rules")})
    except TableError as error:
        raise RecordError(f"rules: {error}", code="field.error", field="rules",
                          error=error) from None


def _cut_from(data: Any, players: int) -> Cut:
    if not isinstance(data, list) or not all(
        isinstance(cards, list) and all(isinstance(c, str) for c in cards) for cards in data
    ):
        example = '[["7H", "7C"], ["KD", "2S"]]' if players == 2 else '[["KH", "2C", "9D"]]'
        raise RecordError(f"cut must be a list of rounds like {example}", code="record.cut",
                          example=example)
    try:
        cut = Cut(tuple(tuple(parse_card(c) for c in cards) for cards in data))
    except (CardError, GameError) as error:
        raise RecordError(f"cut: {error}", code="field.error", field="cut",
                          error=error) from None
    if cut.players != players:
        raise RecordError(f"cut: {cut.players} cards a round for {players} players",
                          code="record.cut_width", count=cut.players, players=players)
    return cut


def hand_from_dict(item: Any, number: int, players: int = 2, two_v1: bool = True
                   ) -> HandRecord:
    """Read hand ``number`` (from 1, for errors) of a JSON record: its shape, not its replay.
    ``two_v1``: a version 1 two-player hand (no table, round, players or deal)."""
    if not isinstance(item, dict):
        if two_v1:
            raise RecordError("a hand is an object with deck and actions", number,
                              code="record.hand_object_v1")
        raise RecordError("a hand is an object with table, deck and actions", number,
                          code="record.hand_object")
    unknown = sorted(set(item) - (_TWO_V1_HAND_KEYS if two_v1 else _HAND_KEYS))
    if unknown:
        raise RecordError(f"unknown hand field {unknown[0]!r}", number,
                          code="record.unknown_hand_field", field=repr(unknown[0]))
    table = item.get("table", 0 if two_v1 else None)
    if isinstance(table, bool) or not isinstance(table, int) or table < 0:
        raise RecordError(f"table must be a table number, got {table!r}", number,
                          code="record.table", value=repr(table))
    round_number = _optional_int(item, "round", number, 1)
    deal = _optional_int(item, "deal", number, 1)
    dealer = item.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                               or not 0 <= dealer < players):
        if players == 2:
            raise RecordError(f"dealer must be 0 or 1, got {dealer!r}", number,
                              code="record.dealer_two", field="dealer", value=repr(dealer))
        raise RecordError(f"dealer must be a player 0..{players - 1}, got {dealer!r}", number,
                          code="record.dealer_table", field="dealer", last=players - 1,
                          value=repr(dealer))
    seated = item.get("players")
    pair: tuple[int, int] | None = None
    if seated is not None:
        if not isinstance(seated, list) or len(seated) != 2 or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < players for p in seated
        ):
            raise RecordError(f"players must be two players 0..{players - 1}", number,
                              code="record.players", last=players - 1)
        pair = (seated[0], seated[1])
    result = item.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("result must be an object", number, code="field.object",
                          field="result")
    totals = item.get("totals")
    if totals is not None and (not isinstance(totals, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in totals
    )):
        raise RecordError("totals must be a list of whole numbers", number,
                          code="record.totals")
    fair = None
    if item.get("fair") is not None:
        try:
            fair = FairRecord.from_dict(item["fair"])
        except FairnessError as error:
            raise RecordError(str(error), number, code="record.as_is", error=error) from None
    return HandRecord(_deck_from(item, number), _actions_from(item, number), dealer, result,
                      None if totals is None else tuple(totals), fair, table, round_number,
                      pair, deal)


def _deck_from(item: dict[str, Any], number: int) -> tuple[int, ...]:
    deck = item.get("deck")
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RecordError("deck must be a list of card names", number, code="record.deck")
    if len(deck) != 52:
        raise RecordError(f"deck has {len(deck)} cards, not 52", number,
                          code="record.deck_size", count=len(deck))
    cards = []
    for position, text in enumerate(deck, 1):
        try:
            cards.append(parse_card(text))
        except CardError as error:
            raise RecordError(f"deck card {position}: {error}", number, code="record.deck_card",
                              position=position, error=error) from None
    return tuple(cards)


def _actions_from(item: dict[str, Any], number: int) -> tuple[Action, ...]:
    texts = item.get("actions")
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise RecordError("actions must be a list of action names", number,
                          code="record.actions")
    actions = []
    for index, text in enumerate(texts, 1):
        try:
            actions.append(parse_action(text))
        except ActionError as error:
            raise RecordError(str(error), number, index, code="record.as_is",
                              error=error) from None
    ids = item.get("action_ids")
    if ids is not None:
        if not isinstance(ids, list) or len(ids) != len(actions):
            raise RecordError("action_ids must be a list as long as actions", number,
                              code="record.action_ids")
        for index, (action, given) in enumerate(zip(actions, ids, strict=True), 1):
            if isinstance(given, bool) or not isinstance(given, int) or given != action:
                raise RecordError(
                    f"{texts[index - 1]!r} is action {action}, but action_ids says {given!r}",
                    number, index, code="record.action_id", text=repr(texts[index - 1]),
                    number=action, given=repr(given),
                )
    return tuple(actions)


def _optional_int(item: dict[str, Any], key: str, number: int, low: int) -> int | None:
    value = item.get(key)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < low):
        raise RecordError(f"{key} must be a whole number from {low}, got {value!r}", number,
                          code="field.int_from", field=key, low=low, value=repr(value))
    return value


def with_fairness(record: GameRecord,
                  fair: Sequence[FairRecord | tuple[int, FairRecord] | None]) -> GameRecord:
    """``record`` with each hand's provably fair data: one entry a hand, in record order, a
    ``FairRecord`` (its deal number is its place), ``(deal number, FairRecord)``, or ``None``
    for a hand not dealt that way."""
    if len(fair) != len(record.hands):
        raise RecordError(f"{len(fair)} fairness entries for {len(record.hands)} hands",
                          code="record.fairness_entries", count=len(fair),
                          hands=len(record.hands))
    hands = []
    for number, (item, entry) in enumerate(zip(record.hands, fair, strict=True), 1):
        if entry is None:
            hands.append(replace(item, deal=None, fair=None))
            continue
        deal, data = (number, entry) if isinstance(entry, FairRecord) else entry
        if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
            raise RecordError(f"deal must be a whole number from 1, got {deal!r}", number,
                              code="field.int_from", field="deal", low=1, value=repr(deal))
        if not isinstance(data, FairRecord):
            raise RecordError(f"fair must be a FairRecord, got {type(data).__name__}", number,
                              code="record.fair_type", type=type(data).__name__)
        hands.append(replace(item, deal=deal, fair=data))
    return replace(record, hands=tuple(hands))


def record_text(record: GameRecord) -> str:
    """``record`` as JSON text (short lists kept on one line)."""
    return pretty_json(record_to_dict(record)) + "\n"


def parse_record(text: str) -> GameRecord:
    """Read a JSON record without replaying it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise json_error(error) from None
    return record_from_dict(data)


JSON_REASON_CODES = {
    "Expecting value": "json.value",
    "Expecting ',' delimiter": "json.comma",
    "Expecting ':' delimiter": "json.colon",
    "Expecting property name enclosed in double quotes": "json.name",
    "Extra data": "json.extra",
    "Unterminated string starting at": "json.string",
    "Invalid control character at": "json.control",
    "Invalid \\escape": "json.escape",
    "Invalid \\uXXXX escape": "json.unicode_escape",
    "Illegal trailing comma before end of object": "json.comma_object",
    "Illegal trailing comma before end of array": "json.comma_array",
}
"""The reasons Python's JSON parser gives (its English words), by error code."""


def json_error(error: json.JSONDecodeError) -> RecordError:
    """The record error of text that is not JSON (where it stops, and the parser's reason)."""
    code = JSON_REASON_CODES.get(error.msg)
    reason = error.msg if code is None else CodedError(error.msg, code)
    return RecordError(f"not valid JSON: {error}", code="record.json", reason=reason,
                       line=error.lineno, column=error.colno, char=error.pos)


def pretty_json(value: Any, indent: str = "") -> str:
    """``value`` as indented JSON, lists without objects or lists inside kept on one line."""
    if isinstance(value, dict) and value:
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k)}: {pretty_json(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        inner = indent + "  "
        lines = ",\n".join(inner + pretty_json(v, inner) for v in value)
        return "[\n" + lines + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)
