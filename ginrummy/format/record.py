"""Game records in JSON: export, import and verified replay.

A record holds what a game cannot recompute (the rules, the cut, each
hand's deck and actions) and, as checks, what it can (each hand's dealer,
result and totals, and the final settlement). :func:`replay` plays the
record through :class:`~ginrummy.core.game.Game` and raises :class:`RecordError`
at the first thing that does not agree, naming the hand and the action
(both counted from 1).

JSON (:func:`dump_record`, :func:`load_record`)::

    {"format": "ginrummy-game", "version": 1,
     "rules": {...every option, as Rules.to_dict...},
     "cut": [["7H", "7C"], ["KD", "2S"]],        rounds of (seat 0, seat 1) cards
     "high_cut_deals": false,                     R4 high_cut_chooses: the higher cut's choice
     "time_up": false,                            the driver reported the time limit (R31)
     "hands": [{"dealer": 1, "deck": ["AS", ...52 cards, top first],
                "actions": ["pass", "pass", "stock", "knock KS", ...],
                "action_ids": [2, 2, 0, 108, ...],
                "result": {...HandResult.to_dict...}, "totals": [0, 33],
                "fair": {"version": 1, "commitment": "..", "server_seed": "..",
                         "client_seeds": [null, ".."], "game_id": ".."}}, ...],
     "final": {"phase": "over", "winner": 1, "end_reason": "target",
               "points": [..], "final_totals": [..], "margin": .., "payment": ..}}

``high_cut_deals`` is there only when the rules let the higher cut choose
whether to deal (``first_dealer`` ``high_cut_chooses``) and it chose. Rules
written before an option existed read with the value that plays as before
(:data:`~ginrummy.core.rules.BEFORE_OPTION`), so old records replay identically.
``dealer``, ``action_ids``, ``result``, ``totals`` and ``final`` are checks:
each may be left out, and is verified when present (``result`` may name
only some fields). Action text is read by :func:`~ginrummy.core.actions.parse_action`.
``fair`` (optional) is a provably fair hand's commitment and revealed seeds
(:class:`~ginrummy.format.provably_fair.FairRecord`); the replay does not look at it,
``gin verify`` checks it.

The compact text notation, and :func:`~ginrummy.format.notation.read_any` for
either form, are in :mod:`ginrummy.format.notation`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.core.actions import Action, ActionError, action_name, parse_action
from ginrummy.core.cards import CardError, card_name, parse_card
from ginrummy.core.game import Cut, Game, GameError
from ginrummy.core.hand import HandState, IllegalActionError
from ginrummy.core.rules import Rules, RulesError
from ginrummy.format.provably_fair import FairnessError, FairRecord

FORMAT = "ginrummy-game"
VERSION = 1


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
    fair: FairRecord | None = None
    """The hand's provably fair data, if it was dealt that way (see ``gin verify``)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    rules: Rules
    cut: Cut
    hands: tuple[HandRecord, ...] = ()
    time_up: bool = False
    final: dict[str, Any] | None = None
    """Check: some or all of the keys written by :func:`final_check`."""
    high_cut_deals: bool | None = None
    """R4 under ``high_cut_chooses``: whether the higher cut chose to deal (None: no choice)."""


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
    return GameRecord(game.rules, game.cut, tuple(hands), game.time_is_up, final_check(game),
                      game.high_cut_deals)


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


def start_of(record: GameRecord) -> Game:
    """The game of ``record`` before its first deal: the cut, and the higher cut's choice."""
    game = Game.start(record.rules, record.cut)
    if record.high_cut_deals is not None:
        try:
            game = game.choose_to_deal(record.cut.high, record.high_cut_deals)
        except GameError as error:
            raise RecordError(f"high_cut_deals: {error}") from None
    elif game.chooser is not None and record.hands:
        raise RecordError("high_cut_deals is missing: under first_dealer high_cut_chooses the "
                          f"higher cut (seat {game.chooser}) chooses whether to deal (R4)")
    return game


def walk(record: GameRecord) -> Iterator[Step]:
    """Replay ``record`` step by step, verifying every check on the way."""
    game = start_of(record)
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
            name = safe_action_name(action)
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
            compare_checks("result", hand.result, finished.result.to_dict(), number)
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
        compare_checks("final", record.final, final_check(game), None)


def replay(record: GameRecord) -> Game:
    """The game that ``record`` describes, after verifying all its checks."""
    game = start_of(record)
    for step in walk(record):
        game = step.game
    return game


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
        if hand.fair is not None:
            item["fair"] = hand.fair.to_dict()
        hands.append(item)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": record.rules.to_dict(),
        "cut": [[card_name(a), card_name(b)] for a, b in record.cut.rounds],
        "time_up": record.time_up,
        "hands": hands,
    }
    if record.high_cut_deals is not None:
        data["high_cut_deals"] = record.high_cut_deals
    if record.final is not None:
        data["final"] = record.final
    return data


_TOP_KEYS = {"format", "version", "rules", "cut", "high_cut_deals", "time_up", "hands", "final"}
_HAND_KEYS = {"dealer", "deck", "actions", "action_ids", "result", "totals", "fair"}


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
    high_cut_deals = data.get("high_cut_deals")
    if high_cut_deals is not None and not isinstance(high_cut_deals, bool):
        raise RecordError(f"high_cut_deals must be true or false, got {high_cut_deals!r}")
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise RecordError("hands must be a list")
    final = data.get("final")
    if final is not None and not isinstance(final, dict):
        raise RecordError("final must be an object")
    records = tuple(hand_from_dict(item, number) for number, item in enumerate(hands, 1))
    return GameRecord(rules, cut, records, time_up, final, high_cut_deals)


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


def hand_from_dict(item: Any, number: int) -> HandRecord:
    """Read hand ``number`` (from 1, for errors) of a JSON record: its shape, not its replay."""
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
    fair = None
    if item.get("fair") is not None:
        try:
            fair = FairRecord.from_dict(item["fair"])
        except FairnessError as error:
            raise RecordError(str(error), number) from None
    return HandRecord(
        tuple(cards), tuple(actions), dealer, result,
        None if totals is None else tuple(totals), fair,
    )


def with_fairness(record: GameRecord, fair: Sequence[FairRecord | None]) -> GameRecord:
    """``record`` with each hand's provably fair data (one entry a hand, in order)."""
    if len(fair) != len(record.hands):
        raise RecordError(f"{len(fair)} fairness entries for {len(record.hands)} hands")
    hands = tuple(replace(hand, fair=data) for hand, data in zip(record.hands, fair, strict=True))
    return replace(record, hands=hands)


def dump_record(game: Game) -> str:
    """``game`` as a JSON record (short lists kept on one line)."""
    return pretty_json(record_to_dict(record_of(game))) + "\n"


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


__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "HandRecord",
    "RecordError",
    "Step",
    "compare_checks",
    "dump_record",
    "final_check",
    "hand_from_dict",
    "load_record",
    "parse_record",
    "pretty_json",
    "record_from_dict",
    "record_of",
    "record_to_dict",
    "replay",
    "safe_action_name",
    "start_of",
    "walk",
    "with_fairness",
]
