"""Game records: JSON and a compact text notation; export, import and verified replay.

A record holds what a game cannot recompute (the rules, the cut, each
hand's deck and actions) and, as checks, what it can (each hand's dealer,
result and totals, and the final settlement). :func:`replay` plays the
record through :class:`~ginrummy.game.Game` and raises :class:`RecordError`
at the first thing that does not agree, naming the hand and the action
(both counted from 1).

JSON (:func:`dump_record`, :func:`load_record`)::

    {"format": "ginrummy-game", "version": 1,
     "rules": {...every option, as Rules.to_dict...},
     "cut": [["7H", "7C"], ["KD", "2S"]],        rounds of (seat 0, seat 1) cards
     "time_up": false,                            the driver reported the time limit (R31)
     "hands": [{"dealer": 1, "deck": ["AS", ...52 cards, top first],
                "actions": ["pass", "pass", "stock", "knock KS", ...],
                "action_ids": [2, 2, 0, 108, ...],
                "result": {...HandResult.to_dict...}, "totals": [0, 33]}, ...],
     "final": {"phase": "over", "winner": 1, "end_reason": "target",
               "points": [..], "final_totals": [..], "margin": .., "payment": ..}}

``dealer``, ``action_ids``, ``result``, ``totals`` and ``final`` are checks:
each may be left out, and is verified when present (``result`` may name
only some fields). Action text is read by :func:`~ginrummy.actions.parse_action`.

Notation (:func:`format_notation`, :func:`parse_notation`), one item per line::

    [Notation 1]
    [Rules "classic"]
    [Option stake_per_point 2]
    [Cut 7H 7C, KD 2S]
    [Dealer 1]
    [End target]
    [Winner 1]
    [Final 0 306]

    1. deck AS 9D 2S ... (all 52 cards, top first)
    1. pass | pass | stock knock:KS meld:AS,2S,3S meld:7C,7D,7H done | meld:5C,5D,5S done
    1. result undercut 1 33 totals 0 33

* Tags ``[Name value]``: ``Notation`` (the version, required first),
  ``Rules`` (a preset name in double quotes, JSON style; another name means
  the default options), one ``Option name value`` per option that differs
  from that preset (the value in JSON: ``20``, ``true``, ``null``,
  ``"winner"``), ``Cut`` (rounds separated by commas, seat 0's card first),
  and the checks ``Dealer`` (the first dealer), ``TimeUp yes`` (R31),
  ``End``, ``Winner`` (a seat or ``-``) and ``Final`` (final totals).
  Several tags may share a line.
* ``N. deck`` starts hand N (hands numbered from 1, in order) with its 52 cards.
* ``N. <actions>``: the hand's actions, on one or more lines. Tokens:
  ``stock``, ``take``, ``pass``, ``done``, ``biggin``, ``d:C`` (discard),
  ``knock:C``, ``layoff:C``, ``meld:C,C,C``. ``|`` marks where the seat to
  act changes; it helps the reader and the parser ignores it.
* ``N. result OUTCOME WINNER POINTS totals A B``: a check of the hand's
  outcome, winner (seat or ``-``), points and the game totals after it.
* Blank lines and lines starting with ``#`` are ignored. Cards are read in
  any form :func:`~ginrummy.cards.parse_card` takes; :func:`format_notation`
  writes the canonical form (ten turns to a line), and parsing canonical
  text then formatting it gives back the same text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ginrummy.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    NUM_ACTIONS,
    PASS,
    Action,
    ActionError,
    action_meld,
    action_name,
    meld,
    parse_action,
)
from ginrummy.cards import CardError, card_name, cards_of, parse_card, parse_cards
from ginrummy.game import Cut, Game, GameError
from ginrummy.hand import HandState, IllegalActionError
from ginrummy.rules import PRESETS, Rules, RulesError

FORMAT = "ginrummy-game"
VERSION = 1
NOTATION_VERSION = 1
TURNS_PER_LINE = 10


class RecordError(ValueError):
    """A record that cannot be read or does not replay as it claims.

    ``hand`` and ``action`` (from 1) say where, when the error is inside a hand.
    """

    def __init__(self, message: str, hand: int | None = None, action: int | None = None):
        where = ""
        if hand is not None:
            where = f"hand {hand}" + (f", action {action}" if action is not None else "") + ": "
        super().__init__(where + message)
        self.hand = hand
        self.action = action


@dataclass(frozen=True, slots=True)
class HandRecord:
    deck: tuple[int, ...]
    actions: tuple[Action, ...]
    dealer: int | None = None
    """Check: the dealer of this hand."""
    result: dict[str, Any] | None = None
    """Check: some or all fields of the hand's :class:`HandResult`."""
    totals: tuple[int, ...] | None = None
    """Check: the game totals after this hand."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    rules: Rules
    cut: Cut
    hands: tuple[HandRecord, ...] = ()
    time_up: bool = False
    final: dict[str, Any] | None = None
    """Check: some or all of the keys written by :func:`final_check`."""


# ---------------------------------------------------------------- game <-> record


def final_check(game: Game) -> dict[str, Any]:
    settlement = game.settlement()
    return {
        "phase": game.phase.name.lower(),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "points": list(game.points),
        "final_totals": list(settlement.final),
        "margin": settlement.margin,
        "payment": settlement.payment,
    }


def record_of(game: Game) -> GameRecord:
    """The record of ``game`` so far, with every check filled in."""
    hands = []
    totals = [0, 0]
    for state in game.finished:
        result = state.result
        assert result is not None
        if result.winner is not None:
            totals[result.winner] += result.points
        hands.append(_hand_record(state, result.to_dict(), tuple(totals)))
    if game.hand is not None:
        hands.append(_hand_record(game.hand, None, None))
    return GameRecord(game.rules, game.cut, tuple(hands), game.time_is_up, final_check(game))


def _hand_record(
    state: HandState, result: dict[str, Any] | None, totals: tuple[int, ...] | None
) -> HandRecord:
    actions = tuple(action for _, action in state.actions())
    return HandRecord(state.deck, actions, state.dealer, result, totals)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: a deal, an action, or the time limit reported."""

    kind: str
    """``"deal"``, ``"action"`` or ``"time_up"``."""
    hand: int
    """1-based hand number."""
    index: int
    """1-based action number within the hand (0 for a deal)."""
    seat: int | None
    action: Action | None
    before: Game
    game: Game


def walk(record: GameRecord) -> Iterator[Step]:
    """Replay ``record`` step by step, verifying every check on the way."""
    game = Game.start(record.rules, record.cut)
    for number, hand in enumerate(record.hands, 1):
        if game.is_over:
            raise RecordError(f"the game ended ({game.end_reason}) before this hand", number)
        if hand.dealer is not None and hand.dealer != game.dealer:
            raise RecordError(
                f"the record says seat {hand.dealer} deals, but R5 "
                f"({record.rules.dealer_rule}) makes seat {game.dealer} the dealer", number
            )
        before = game
        try:
            game = game.deal(hand.deck)
        except (IllegalActionError, GameError) as error:
            raise RecordError(f"cannot deal this deck: {error}", number) from None
        yield Step("deal", number, 0, None, None, before, game)
        for index, action in enumerate(hand.actions, 1):
            state = game.hand
            name = _safe_name(action)
            if state is None:
                raise RecordError(f"{name}: the hand was already over", number, index)
            before = game
            try:
                game = game.apply(action)
            except (IllegalActionError, GameError) as error:
                raise RecordError(f"{name} is illegal: {error}", number, index) from None
            yield Step("action", number, index, state.turn, action, before, game)
        finished = game.finished[-1] if game.hand is None else None
        if finished is None and number < len(record.hands):
            raise RecordError(
                f"the hand is not over after its {len(hand.actions)} actions, "
                f"but hand {number + 1} follows", number
            )
        if hand.result is not None:
            if finished is None or finished.result is None:
                raise RecordError(
                    f"the record gives a result, but the hand is not over after its "
                    f"{len(hand.actions)} actions", number
                )
            _compare("result", hand.result, finished.result.to_dict(), number)
        if hand.totals is not None and tuple(hand.totals) != game.points:
            raise RecordError(
                f"totals: the record says {list(hand.totals)}, the replay gives "
                f"{list(game.points)}", number
            )
    if record.time_up:
        before = game
        try:
            game = game.time_up()
        except GameError as error:
            raise RecordError(f"time_up: {error}") from None
        yield Step("time_up", len(record.hands), 0, None, None, before, game)
    if record.final is not None:
        _compare("final", record.final, final_check(game), None)


def replay(record: GameRecord) -> Game:
    """The game that ``record`` describes, after verifying all its checks."""
    game = Game.start(record.rules, record.cut)
    for step in walk(record):
        game = step.game
    return game


def _safe_name(action: Action) -> str:
    try:
        return action_name(action)
    except ActionError:
        return repr(action)


def _compare(what: str, stored: dict[str, Any], actual: dict[str, Any], hand: int | None) -> None:
    for key, value in stored.items():
        if key not in actual:
            known = ", ".join(actual)
            raise RecordError(f"{what}: unknown field {key!r} (known: {known})", hand)
        expected = actual[key]
        if isinstance(expected, tuple):
            expected = list(expected)
        if value != expected or isinstance(value, bool) != isinstance(expected, bool):
            raise RecordError(
                f"{what} {key}: the record says {value!r}, the replay gives {expected!r}", hand
            )


# ---------------------------------------------------------------- JSON


def record_to_dict(record: GameRecord) -> dict[str, Any]:
    hands = []
    for hand in record.hands:
        item: dict[str, Any] = {}
        if hand.dealer is not None:
            item["dealer"] = hand.dealer
        item["deck"] = [card_name(c) for c in hand.deck]
        item["actions"] = [action_name(a) for a in hand.actions]
        item["action_ids"] = list(hand.actions)
        if hand.result is not None:
            item["result"] = hand.result
        if hand.totals is not None:
            item["totals"] = list(hand.totals)
        hands.append(item)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": record.rules.to_dict(),
        "cut": [[card_name(a), card_name(b)] for a, b in record.cut.rounds],
        "time_up": record.time_up,
        "hands": hands,
    }
    if record.final is not None:
        data["final"] = record.final
    return data


_TOP_KEYS = {"format", "version", "rules", "cut", "time_up", "hands", "final"}
_HAND_KEYS = {"dealer", "deck", "actions", "action_ids", "result", "totals"}


def record_from_dict(data: Any) -> GameRecord:
    """Read the structure of a JSON record (no replay yet)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise RecordError(f"unknown record field {unknown[0]!r}")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} record (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(
            f"unsupported record version {data.get('version')!r} (this program reads {VERSION})"
        )
    rules = _rules_from(data.get("rules"))
    cut = _cut_from(data.get("cut"))
    time_up = data.get("time_up", False)
    if not isinstance(time_up, bool):
        raise RecordError(f"time_up must be true or false, got {time_up!r}")
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands must be a list")
    final = data.get("final")
    if final is not None and not isinstance(final, dict):
        raise RecordError("final must be an object")
    records = tuple(_hand_from(item, number) for number, item in enumerate(hands, 1))
    return GameRecord(rules, cut, records, time_up, final)


def _rules_from(data: Any) -> Rules:
    try:
        return Rules.from_dict(data)
    except (RulesError, TypeError) as error:
        raise RecordError(f"rules: {error}") from None


def _cut_from(data: Any) -> Cut:
    if not isinstance(data, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and all(isinstance(c, str) for c in pair)
        for pair in data
    ):
        raise RecordError('cut must be a list of rounds like [["7H", "7C"], ["KD", "2S"]]')
    try:
        return Cut(tuple((parse_card(a), parse_card(b)) for a, b in data))
    except (CardError, GameError) as error:
        raise RecordError(f"cut: {error}") from None


def _hand_from(item: Any, number: int) -> HandRecord:
    if not isinstance(item, dict):
        raise RecordError("a hand is an object with deck and actions", number)
    unknown = sorted(set(item) - _HAND_KEYS)
    if unknown:
        raise RecordError(f"unknown hand field {unknown[0]!r}", number)
    deck = item.get("deck")
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise RecordError("deck must be a list of card names", number)
    if len(deck) != 52:
        raise RecordError(f"deck has {len(deck)} cards, not 52", number)
    cards = []
    for position, text in enumerate(deck, 1):
        try:
            cards.append(parse_card(text))
        except CardError as error:
            raise RecordError(f"deck card {position}: {error}", number) from None
    texts = item.get("actions")
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise RecordError("actions must be a list of action names", number)
    actions = []
    for index, text in enumerate(texts, 1):
        try:
            actions.append(parse_action(text))
        except ActionError as error:
            raise RecordError(str(error), number, index) from None
    ids = item.get("action_ids")
    if ids is not None:
        if not isinstance(ids, list) or len(ids) != len(actions):
            raise RecordError("action_ids must be a list as long as actions", number)
        for index, (action, given) in enumerate(zip(actions, ids, strict=True), 1):
            if isinstance(given, bool) or not isinstance(given, int) or given != action:
                raise RecordError(
                    f"{texts[index - 1]!r} is action {action}, but action_ids says {given!r}",
                    number, index,
                )
    dealer = item.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or dealer not in (0, 1)):
        raise RecordError(f"dealer must be 0 or 1, got {dealer!r}", number)
    result = item.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("result must be an object", number)
    totals = item.get("totals")
    if totals is not None and (not isinstance(totals, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in totals
    )):
        raise RecordError("totals must be a list of whole numbers", number)
    return HandRecord(
        tuple(cards), tuple(actions), dealer, result, None if totals is None else tuple(totals)
    )


def dump_record(game: Game) -> str:
    """``game`` as a JSON record (short lists kept on one line)."""
    return _pretty(record_to_dict(record_of(game)), "") + "\n"


def parse_record(text: str) -> GameRecord:
    """Read a JSON record without replaying it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"not valid JSON: {error}") from None
    return record_from_dict(data)


def load_record(text: str) -> Game:
    """Replay a JSON record, verifying every check it carries."""
    return replay(parse_record(text))


def read_any(text: str) -> GameRecord:
    """Read a record in either form: JSON if it starts with ``{``, else notation."""
    return parse_record(text) if text.lstrip().startswith("{") else parse_notation(text)


def _pretty(value: Any, indent: str) -> str:
    if isinstance(value, dict) and value:
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k)}: {_pretty(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _pretty(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


# ---------------------------------------------------------------- notation

_SIMPLE_TOKENS = {
    DRAW_STOCK: "stock", DRAW_DISCARD: "take", PASS: "pass", DONE: "done", BIG_GIN: "biggin",
}
_TOKEN_ACTIONS = {text: action for action, text in _SIMPLE_TOKENS.items()}
_CARD_PREFIXES = {"d": DISCARD_BASE, "knock": KNOCK_BASE, "layoff": LAYOFF_BASE}
_TAG = re.compile(r'\[\s*(\w+)\s+("(?:[^"\\]|\\.)*"|[^\]]*?)\s*\]')
_NUMBERED = re.compile(r"(\d+)\.\s+(.*)")


def action_token(action: Action) -> str:
    """The notation token of ``action``: ``stock``, ``d:KS``, ``meld:AS,2S,3S``..."""
    if action in _SIMPLE_TOKENS:
        return _SIMPLE_TOKENS[action]
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise RecordError(f"{action!r} is not an action number")
    if action >= MELD_BASE:
        return "meld:" + ",".join(card_name(c) for c in cards_of(action_meld(action)))
    base = DISCARD_BASE if action < KNOCK_BASE else KNOCK_BASE if action < LAYOFF_BASE \
        else LAYOFF_BASE
    prefix = next(p for p, b in _CARD_PREFIXES.items() if b == base)
    return f"{prefix}:{card_name(action - base)}"


def parse_token(token: str) -> Action:
    """Read one notation token (see :func:`action_token`)."""
    word = token.lower()
    if word in _TOKEN_ACTIONS:
        return _TOKEN_ACTIONS[word]
    head, colon, rest = token.partition(":")
    head = head.lower()
    try:
        if colon and head in _CARD_PREFIXES:
            return _CARD_PREFIXES[head] + parse_card(rest)
        if colon and head == "meld":
            return meld(parse_cards(rest.split(",")))
    except (CardError, ActionError) as error:
        raise RecordError(f"{token!r}: {error}") from None
    raise RecordError(
        f"{token!r} is not an action; use stock, take, pass, done, biggin, d:C, knock:C, "
        "layoff:C or meld:C,C,C"
    )


def format_notation(record: GameRecord) -> str:
    """``record`` in the text notation (see the module docstring)."""
    rules = record.rules
    lines = [f"[Notation {NOTATION_VERSION}]", f"[Rules {json.dumps(rules.name)}]"]
    base = PRESETS.get(rules.name, Rules().replace(name=rules.name))
    for option in fields(Rules):
        value = getattr(rules, option.name)
        if option.name != "name" and value != getattr(base, option.name):
            lines.append(f"[Option {option.name} {json.dumps(value)}]")
    lines.append(f"[Cut {record.cut}]")
    lines.append(f"[Dealer {record.cut.dealer}]")
    if record.time_up:
        lines.append("[TimeUp yes]")
    final = record.final or {}
    if final.get("end_reason") is not None:
        lines.append(f"[End {final['end_reason']}]")
        winner = final.get("winner")
        lines.append(f"[Winner {'-' if winner is None else winner}]")
        if "final_totals" in final:
            lines.append("[Final " + " ".join(str(t) for t in final["final_totals"]) + "]")
    seats = _seats(record)
    for number, hand in enumerate(record.hands, 1):
        lines.append("")
        lines.append(f"{number}. deck " + " ".join(card_name(c) for c in hand.deck))
        lines.extend(f"{number}. {text}" for text in _action_lines(hand, seats.get(number, [])))
        result = hand.result
        if result is not None and hand.totals is not None and {
            "outcome", "winner", "points"
        } <= set(result):
            winner = "-" if result["winner"] is None else str(result["winner"])
            totals = " ".join(str(t) for t in hand.totals)
            lines.append(
                f"{number}. result {result['outcome']} {winner} {result['points']} totals {totals}"
            )
    return "\n".join(lines) + "\n"


def _seats(record: GameRecord) -> dict[int, list[int]]:
    """The seat playing each action, per hand, as far as the record replays."""
    seats: dict[int, list[int]] = {}
    try:
        for step in walk(record):
            if step.seat is not None:
                seats.setdefault(step.hand, []).append(step.seat)
    except RecordError:
        pass  # the rest of the record is written as one group; replaying it says what is wrong
    return seats


def _action_lines(hand: HandRecord, seats: Sequence[int]) -> list[str]:
    """The actions grouped by the seat acting, ``TURNS_PER_LINE`` groups to a line."""
    groups: list[list[str]] = []
    last: int | None = None
    for index, action in enumerate(hand.actions):
        seat = seats[index] if index < len(seats) else last
        if seat != last or not groups:
            groups.append([])
            last = seat
        groups[-1].append(action_token(action))
    return [
        " | ".join(" ".join(g) for g in groups[i:i + TURNS_PER_LINE])
        for i in range(0, len(groups), TURNS_PER_LINE)
    ]


def parse_notation(text: str) -> GameRecord:
    """Read a game in the text notation (no replay yet; :func:`load_notation` replays)."""
    tags: dict[str, str] = {}
    options: dict[str, Any] = {}
    hands: list[dict[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if line.startswith("["):
                _read_tags(line, tags, options)
            else:
                _read_hand_line(line, hands)
        except RecordError as error:
            located = RecordError(f"line {number}: {error}")
            located.hand, located.action = error.hand, error.action
            raise located from None
    return _build_record(tags, options, hands)


def _read_tags(line: str, tags: dict[str, str], options: dict[str, Any]) -> None:
    position = 0
    while position < len(line):
        match = _TAG.match(line, position)
        if match is None:
            raise RecordError(f"cannot read a tag at {line[position:]!r}; write [Name value]")
        name, value = match.group(1), match.group(2)
        if value.startswith('"'):
            value = json.loads(value)
        if name == "Option":
            option, _, literal = value.partition(" ")
            try:
                options[option] = json.loads(literal)
            except json.JSONDecodeError:
                raise RecordError(
                    f"option {option}: {literal.strip()!r} is not a JSON value"
                ) from None
        elif name in tags:
            raise RecordError(f"tag {name} given twice")
        else:
            tags[name] = value
        position = match.end()
        while position < len(line) and line[position] == " ":
            position += 1


def _read_hand_line(line: str, hands: list[dict[str, Any]]) -> None:
    match = _NUMBERED.fullmatch(line)
    if match is None:
        raise RecordError(f"expected a tag or 'N. ...', got {line[:40]!r}")
    number, body = int(match.group(1)), match.group(2).split()
    if body[0] == "deck":
        if number != len(hands) + 1:
            raise RecordError(f"hand {number} starts, but hand {len(hands) + 1} was expected")
        hands.append({"deck": body[1:], "actions": [], "check": None})
        return
    if number != len(hands) or not hands:
        raise RecordError(f"hand {number} has no deck line before this")
    hand = hands[-1]
    if body[0] == "result":
        if hand["check"] is not None:
            raise RecordError("result given twice", number)
        hand["check"] = _read_result(body[1:], number)
        return
    for token in body:
        if token != "|":
            try:
                hand["actions"].append(parse_token(token))
            except RecordError as error:
                raise RecordError(str(error), number, len(hand["actions"]) + 1) from None


def _read_result(words: list[str], number: int) -> tuple[dict[str, Any], tuple[int, ...]]:
    shape = "result OUTCOME WINNER POINTS totals A B"
    if len(words) != 6 or words[3] != "totals":
        raise RecordError(f"write the result as '{shape}'", number)
    try:
        winner = None if words[1] == "-" else int(words[1])
        points = int(words[2])
        totals = (int(words[4]), int(words[5]))
    except ValueError:
        raise RecordError(f"write the result as '{shape}' with whole numbers", number) from None
    return {"outcome": words[0], "winner": winner, "points": points}, totals


def _build_record(
    tags: dict[str, str], options: dict[str, Any], hands: list[dict[str, Any]]
) -> GameRecord:
    known = {"Notation", "Rules", "Cut", "Dealer", "TimeUp", "End", "Winner", "Final"}
    unknown = sorted(set(tags) - known)
    if unknown:
        raise RecordError(f"unknown tag {unknown[0]!r}")
    if tags.get("Notation") != str(NOTATION_VERSION):
        raise RecordError(
            f"unsupported notation version {tags.get('Notation')!r} "
            f"(this program reads {NOTATION_VERSION})"
        )
    for required in ("Rules", "Cut"):
        if required not in tags:
            raise RecordError(f"missing tag [{required} ...]")
    name = tags["Rules"]
    base = PRESETS.get(name, None)
    try:
        rules = (base or Rules().replace(name=name)).replace(**options)
    except (RulesError, TypeError) as error:
        raise RecordError(f"rules: {error}") from None
    try:
        cut = Cut.parse(tags["Cut"])
    except GameError as error:
        raise RecordError(f"cut: {error}") from None
    if "Dealer" in tags and tags["Dealer"] != str(cut.dealer):
        raise RecordError(f"[Dealer {tags['Dealer']}] but the cut makes seat {cut.dealer} deal")
    time_up = tags.get("TimeUp")
    if time_up not in (None, "yes"):
        raise RecordError(f"[TimeUp {time_up}]: write [TimeUp yes] or leave it out")
    final = _final_from_tags(tags)
    records = []
    for number, hand in enumerate(hands, 1):
        deck = []
        for position, text in enumerate(hand["deck"], 1):
            try:
                deck.append(parse_card(text))
            except CardError as error:
                raise RecordError(f"deck card {position}: {error}", number) from None
        if len(deck) != 52:
            raise RecordError(f"deck has {len(deck)} cards, not 52", number)
        check = hand["check"]
        records.append(HandRecord(
            tuple(deck), tuple(hand["actions"]), None,
            None if check is None else check[0], None if check is None else check[1],
        ))
    return GameRecord(rules, cut, tuple(records), time_up == "yes", final)


def _final_from_tags(tags: dict[str, str]) -> dict[str, Any] | None:
    if not {"End", "Winner", "Final"} & set(tags):
        return None
    final: dict[str, Any] = {"phase": "over"}
    if "End" in tags:
        final["end_reason"] = tags["End"]
    if "Winner" in tags:
        winner = tags["Winner"]
        if winner != "-" and winner not in ("0", "1"):
            raise RecordError(f"[Winner {winner}]: write a seat (0 or 1) or -")
        final["winner"] = None if winner == "-" else int(winner)
    if "Final" in tags:
        try:
            final["final_totals"] = [int(t) for t in tags["Final"].split()]
        except ValueError:
            raise RecordError(f"[Final {tags['Final']}]: write the final totals") from None
    return final


def dump_notation(game: Game) -> str:
    return format_notation(record_of(game))


def load_notation(text: str) -> Game:
    """Replay a game written in the notation, verifying every check it carries."""
    return replay(parse_notation(text))


__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "HandRecord",
    "RecordError",
    "Step",
    "action_token",
    "dump_notation",
    "dump_record",
    "final_check",
    "format_notation",
    "load_notation",
    "load_record",
    "parse_notation",
    "parse_record",
    "parse_token",
    "read_any",
    "record_from_dict",
    "record_of",
    "record_to_dict",
    "replay",
    "walk",
]
