"""Game records in a compact text notation: export, import and verified replay.

Notation (:func:`format_notation`, :func:`parse_notation`), one item per line::

    [Notation 2]
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

* Tags ``[Name value]``: ``Notation`` (the version, required first; version 1 texts, written
  before the options of :data:`~ginrummy.core.rules.BEFORE_OPTION`, still read),
  ``Rules`` (a preset name in double quotes, JSON style; another name means
  the default options), one ``Option name value`` per option that differs
  from that preset (the value in JSON: ``20``, ``true``, ``null``,
  ``"winner"``), ``Cut`` (rounds separated by commas, seat 0's card first),
  ``HighCutDeals yes`` or ``no`` (R4: the higher cut's choice, when the rules
  give it one), ``Forfeit 0`` or ``1`` (that seat lost by forfeit after the last hand),
  ``Resigned 0`` or ``1`` (that seat resigned after the last hand),
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
  any form :func:`~ginrummy.core.cards.parse_card` takes; :func:`format_notation`
  writes the canonical form (ten turns to a line), and parsing canonical
  text then formatting it gives back the same text.

The JSON form, the checks and the replay itself are in :mod:`ginrummy.format.record`;
:func:`read_any` reads either form.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from ginrummy.core import actions
from ginrummy.core.actions import (
    BIG_GIN,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    NUM_ACTIONS,
    PASS,
    Action,
    ActionError,
)
from ginrummy.core.cards import CardError, card_name, cards_of, parse_card, parse_cards
from ginrummy.core.cut import Cut
from ginrummy.core.errors import GameError
from ginrummy.core.game import Game
from ginrummy.core.rules import BEFORE_OPTION, PRESETS, Rules, RulesError
from ginrummy.core.table import TableRules
from ginrummy.format.record import GameRecord, HandRecord, RecordError, parse_record
from ginrummy.format.replay import record_of, replay, walk

NOTATION_VERSION = 2
READS_VERSIONS = ("1", "2")
"""Version 1 was written before the options of :data:`~ginrummy.core.rules.BEFORE_OPTION`
existed: its presets read with those options' old values, so it replays as it did."""
TURNS_PER_LINE = 10


_SIMPLE_TOKENS = {
    DRAW_STOCK: "stock", DRAW_DISCARD: "take", PASS: "pass", DONE: "done", BIG_GIN: "biggin",
}
_TOKEN_ACTIONS = {text: action for action, text in _SIMPLE_TOKENS.items()}
_CARD_PREFIXES = {"d": actions.discard, "knock": actions.knock, "layoff": actions.layoff}
_TAG = re.compile(r'\[\s*(\w+)\s+("(?:[^"\\]|\\.)*"|[^\]]*?)\s*\]')
_NUMBERED = re.compile(r"(\d+)\.\s+(.*)")


def action_token(action: Action) -> str:
    """The notation token of ``action``: ``stock``, ``d:KS``, ``meld:AS,2S,3S``..."""
    if action in _SIMPLE_TOKENS:
        return _SIMPLE_TOKENS[action]
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise RecordError(f"{action!r} is not an action number", code="record.action_number",
                          number=repr(action))
    if actions.is_meld_action(action):
        return "meld:" + ",".join(card_name(c) for c in cards_of(actions.action_meld(action)))
    prefix = "d" if actions.is_discard(action) else "knock" if actions.is_knock(action) \
        else "layoff"
    return f"{prefix}:{card_name(actions.action_card(action))}"


def parse_token(token: str) -> Action:
    """Read one notation token (see :func:`action_token`)."""
    word = token.lower()
    if word in _TOKEN_ACTIONS:
        return _TOKEN_ACTIONS[word]
    head, colon, rest = token.partition(":")
    head = head.lower()
    try:
        if colon and head in _CARD_PREFIXES:
            return _CARD_PREFIXES[head](parse_card(rest))
        if colon and head == "meld":
            return actions.meld(parse_cards(rest.split(",")))
    except (CardError, ActionError) as error:
        raise RecordError(f"{token!r}: {error}", code="notation.token", token=repr(token),
                          error=error) from None
    raise RecordError(
        f"{token!r} is not an action; use stock, take, pass, done, biggin, d:C, knock:C, "
        "layoff:C or meld:C,C,C", code="notation.not_token", token=repr(token),
        words="stock, take, pass, done, biggin, d:C, knock:C, layoff:C", last="meld:C,C,C"
    )


def format_notation(record: GameRecord) -> str:
    """``record`` in the text notation (see the module docstring); two players only."""
    if record.players != 2:
        raise RecordError(f"the text notation holds two-player games; this one has "
                          f"{record.players} players: write it as JSON",
                          code="notation.two_players", players=record.players)
    rules = record.rules
    lines = [f"[Notation {NOTATION_VERSION}]", f"[Rules {json.dumps(rules.name)}]"]
    base = PRESETS.get(rules.name, Rules().replace(name=rules.name))
    for option in fields(Rules):
        value = getattr(rules, option.name)
        if option.name != "name" and value != getattr(base, option.name):
            lines.append(f"[Option {option.name} {json.dumps(value)}]")
    lines.append(f"[Cut {record.cut}]")
    first = record.cut.low
    if record.high_cut_deals is not None:
        lines.append(f"[HighCutDeals {'yes' if record.high_cut_deals else 'no'}]")
        first = record.cut.high if record.high_cut_deals else record.cut.low
    lines.append(f"[Dealer {first}]")
    if record.time_up:
        lines.append("[TimeUp yes]")
    if record.forfeit is not None:
        lines.append(f"[Forfeit {record.forfeit}]")
    if record.resigned is not None:
        lines.append(f"[Resigned {record.resigned}]")
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
            located = RecordError(f"line {number}: {error}", code="notation.line",
                                  line=number, error=error)
            located.hand, located.action = error.hand, error.action
            raise located from None
    return _build_record(tags, options, hands)


def _read_tags(line: str, tags: dict[str, str], options: dict[str, Any]) -> None:
    position = 0
    while position < len(line):
        match = _TAG.match(line, position)
        if match is None:
            raise RecordError(f"cannot read a tag at {line[position:]!r}; write [Name value]",
                              code="notation.tag", text=repr(line[position:]))
        name, value = match.group(1), match.group(2)
        if value.startswith('"'):
            value = json.loads(value)
        if name == "Option":
            option, _, literal = value.partition(" ")
            try:
                options[option] = json.loads(literal)
            except json.JSONDecodeError:
                raise RecordError(
                    f"option {option}: {literal.strip()!r} is not a JSON value",
                    code="notation.option_json", option=option, value=repr(literal.strip()),
                ) from None
        elif name in tags:
            raise RecordError(f"tag {name} given twice", code="notation.tag_twice", tag=name)
        else:
            tags[name] = value
        position = match.end()
        while position < len(line) and line[position] == " ":
            position += 1


def _read_hand_line(line: str, hands: list[dict[str, Any]]) -> None:
    match = _NUMBERED.fullmatch(line)
    if match is None:
        raise RecordError(f"expected a tag or 'N. ...', got {line[:40]!r}",
                          code="notation.line_shape", text=repr(line[:40]))
    number, body = int(match.group(1)), match.group(2).split()
    if body[0] == "deck":
        if number != len(hands) + 1:
            raise RecordError(f"hand {number} starts, but hand {len(hands) + 1} was expected",
                              code="notation.hand_order", number=number,
                              expected=len(hands) + 1)
        hands.append({"deck": body[1:], "actions": [], "check": None})
        return
    if number != len(hands) or not hands:
        raise RecordError(f"hand {number} has no deck line before this",
                          code="notation.no_deck", number=number)
    hand = hands[-1]
    if body[0] == "result":
        if hand["check"] is not None:
            raise RecordError("result given twice", number, code="notation.result_twice")
        hand["check"] = _read_result(body[1:], number)
        return
    for token in body:
        if token != "|":
            try:
                hand["actions"].append(parse_token(token))
            except RecordError as error:
                raise RecordError(str(error), number, len(hand["actions"]) + 1,
                                  code="record.as_is", error=error) from None


def _read_result(words: list[str], number: int) -> tuple[dict[str, Any], tuple[int, ...]]:
    shape = "result OUTCOME WINNER POINTS totals A B"
    if len(words) != 6 or words[3] != "totals":
        raise RecordError(f"write the result as '{shape}'", number,
                          code="notation.result", shape=shape)
    try:
        winner = None if words[1] == "-" else int(words[1])
        points = int(words[2])
        totals = (int(words[4]), int(words[5]))
    except ValueError:
        raise RecordError(f"write the result as '{shape}' with whole numbers", number,
                          code="notation.result_numbers", shape=shape) from None
    return {"outcome": words[0], "winner": winner, "points": points}, totals


def _build_record(
    tags: dict[str, str], options: dict[str, Any], hands: list[dict[str, Any]]
) -> GameRecord:
    known = {"Notation", "Rules", "Cut", "HighCutDeals", "Dealer", "TimeUp", "Forfeit", "Resigned",
             "End",
             "Winner", "Final"}
    unknown = sorted(set(tags) - known)
    if unknown:
        raise RecordError(f"unknown tag {unknown[0]!r}", code="notation.unknown_tag",
                          tag=repr(unknown[0]))
    version = tags.get("Notation")
    if version not in READS_VERSIONS:
        reads = ", ".join(READS_VERSIONS)
        raise RecordError(
            f"unsupported notation version {version!r} (this program reads {reads})",
            code="notation.version", version=repr(version), reads=reads,
        )
    for required in ("Rules", "Cut"):
        if required not in tags:
            raise RecordError(f"missing tag [{required} ...]", code="notation.missing_tag",
                              tag=required)
    name = tags["Rules"]
    base = PRESETS.get(name, None) or Rules().replace(name=name)
    if version == "1":
        base = base.replace(**BEFORE_OPTION)
    try:
        rules = base.replace(**options)
    except (RulesError, TypeError) as error:
        raise RecordError(f"rules: {error}", code="field.error", field="rules",
                          error=error) from None
    try:
        cut = Cut.parse(tags["Cut"])
    except GameError as error:
        raise RecordError(f"cut: {error}", code="field.error", field="cut",
                          error=error) from None
    choice = tags.get("HighCutDeals")
    if choice not in (None, "yes", "no"):
        raise RecordError(f"[HighCutDeals {choice}]: write yes or no",
                          code="notation.high_cut_deals", value=choice)
    high_cut_deals = None if choice is None else choice == "yes"
    first = cut.high if high_cut_deals else cut.low
    if "Dealer" in tags and tags["Dealer"] != str(first):
        raise RecordError(f"[Dealer {tags['Dealer']}] but the cut makes seat {first} deal",
                          code="notation.dealer", tag="Dealer", value=tags["Dealer"],
                          seat=first)
    time_up = tags.get("TimeUp")
    if time_up not in (None, "yes"):
        raise RecordError(f"[TimeUp {time_up}]: write [TimeUp yes] or leave it out",
                          code="notation.time_up", value=time_up)
    forfeit = tags.get("Forfeit")
    if forfeit not in (None, "0", "1"):
        raise RecordError(f"[Forfeit {forfeit}]: write the seat that lost by forfeit, 0 or 1, "
                          "or leave it out", code="notation.forfeit", value=forfeit)
    resigned = tags.get("Resigned")
    if resigned not in (None, "0", "1"):
        raise RecordError(f"[Resigned {resigned}]: write the seat that resigned, 0 or 1, "
                          "or leave it out", code="notation.resigned", value=resigned)
    final = _final_from_tags(tags)
    records = []
    for number, hand in enumerate(hands, 1):
        deck = []
        for position, text in enumerate(hand["deck"], 1):
            try:
                deck.append(parse_card(text))
            except CardError as error:
                raise RecordError(f"deck card {position}: {error}", number,
                                  code="record.deck_card", position=position,
                                  error=error) from None
        if len(deck) != 52:
            raise RecordError(f"deck has {len(deck)} cards, not 52", number,
                              code="record.deck_size", count=len(deck))
        check = hand["check"]
        records.append(HandRecord(
            tuple(deck), tuple(hand["actions"]), None,
            None if check is None else check[0], None if check is None else check[1],
        ))
    return GameRecord(TableRules(2, rules), cut, tuple(records), time_up == "yes", final,
                      high_cut_deals, None if forfeit is None else int(forfeit),
                      None if resigned is None else int(resigned))


def _final_from_tags(tags: dict[str, str]) -> dict[str, Any] | None:
    if not {"End", "Winner", "Final"} & set(tags):
        return None
    final: dict[str, Any] = {"phase": "over"}
    if "End" in tags:
        final["end_reason"] = tags["End"]
    if "Winner" in tags:
        winner = tags["Winner"]
        if winner != "-" and winner not in ("0", "1"):
            raise RecordError(f"[Winner {winner}]: write a seat (0 or 1) or -",
                              code="notation.winner", value=winner)
        final["winner"] = None if winner == "-" else int(winner)
    if "Final" in tags:
        try:
            final["final_totals"] = [int(t) for t in tags["Final"].split()]
        except ValueError:
            raise RecordError(f"[Final {tags['Final']}]: write the final totals",
                              code="notation.final", value=tags["Final"]) from None
    return final


def dump_notation(game: Game) -> str:
    return format_notation(record_of(game))


def load_notation(text: str) -> Game:
    """Replay a game written in the notation, verifying every check it carries."""
    return replay(parse_notation(text))


def read_any(text: str) -> GameRecord:
    """Read a record in either form: JSON if it starts with ``{``, else notation."""
    return parse_record(text) if text.lstrip().startswith("{") else parse_notation(text)


__all__ = [
    "action_token",
    "dump_notation",
    "format_notation",
    "load_notation",
    "parse_notation",
    "parse_token",
    "read_any",
]
