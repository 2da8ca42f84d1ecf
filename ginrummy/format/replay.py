"""A record's replay through :class:`~ginrummy.core.game.Game`, and a game's record.

The format is :mod:`ginrummy.format.record`; :func:`walk` verifies every check of a record
step by step and :func:`record_of` writes one with every check filled in.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.core.actions import Action
from ginrummy.core.errors import GameError, TableError
from ginrummy.core.game import Game
from ginrummy.core.hand import IllegalActionError
from ginrummy.core.scoring import end_reason_word
from ginrummy.core.table import TableHand
from ginrummy.format.record import (
    GameRecord,
    HandRecord,
    RecordError,
    compare_checks,
    parse_record,
    record_text,
    safe_action_name,
)

# ---------------------------------------------------------------- game -> record


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
        "payments": [[p.payer, p.payee, p.points, p.amount] for p in settlement.payments],
    }


def record_of(game: Game) -> GameRecord:
    """The record of ``game`` so far, with every check filled in."""
    played = list(game.played)
    going = [(table, hand) for table, hand in enumerate(game.hands) if hand is not None]
    number = game.round_number + (1 if game.abandoned else 0)  # the round a forfeit stopped
    in_progress = [  # a forfeited game: the hands it stopped, as hands in progress
        TableHand(number, table, game.players_at(table), game.dealer_at(table), hand)
        for table, hand in going or game.abandoned
    ]
    for hand in in_progress:  # after its table's finished hands of this round
        later = [i for i, h in enumerate(played)
                 if h.round == hand.round and h.table > hand.table]
        played.insert(later[0] if later else len(played), hand)
    hands = tuple(_hand_record(h) for h in played)
    lost_by = game.forfeited_by
    resigned = game.end_reason == "resigned"
    bare = GameRecord(game.table_rules, game.cut, hands, game.time_is_up, None,
                      game.high_cut_deals, None if resigned else lost_by,
                      lost_by if resigned else None)
    totals = iter([tuple(step.game.totals) for step in walk(bare) if step.finished])
    checked = tuple(replace(h, totals=next(totals)) if h.result is not None else h
                    for h in hands)
    return replace(bare, hands=checked, final=final_check(game))


def _hand_record(played: TableHand) -> HandRecord:
    state = played.state
    actions = tuple(action for _, action in state.actions())
    result = None if state.result is None else state.result.to_dict()
    return HandRecord(state.deck, actions, played.dealer, result, None, None, played.table,
                      played.round, played.players)


# ---------------------------------------------------------------- replay


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: a deal, an action, or the time limit reported."""

    kind: str
    """``"deal"``, ``"action"``, ``"time_up"``, ``"forfeit"`` (``player`` lost by it) or
    ``"resign"`` (``player`` resigned)."""
    hand: int
    """1-based place of the hand in the record."""
    table: int
    index: int
    """1-based action number within the hand (0 for a deal)."""
    seat: int | None
    """The hand seat that acted."""
    player: int | None
    action: Action | None
    before: Game
    game: Game
    finished: bool = False
    """This step ended a hand."""


def start_of(record: GameRecord) -> Game:
    """The game of ``record`` before its first deal: the cut, and the higher cut's choice."""
    try:
        game = Game.start(record.table_rules, record.cut)
    except TableError as error:
        raise RecordError(str(error), code="record.as_is", error=error) from None
    if record.high_cut_deals is not None:
        try:
            game = game.choose_to_deal(record.cut.high, record.high_cut_deals)
        except GameError as error:
            raise RecordError(f"high_cut_deals: {error}", code="field.error",
                              field="high_cut_deals", error=error) from None
    elif game.chooser is not None and record.hands:
        raise RecordError("high_cut_deals is missing: under first_dealer high_cut_chooses the "
                          f"higher cut (seat {game.chooser}) chooses whether to deal (R4)",
                          code="record.no_choice", seat=game.chooser)
    return game


def walk(record: GameRecord) -> Iterator[Step]:
    """Replay ``record`` step by step, verifying every check on the way."""
    game = start_of(record)
    for number, item in enumerate(record.hands, 1):
        game = yield from _replay_hand(record, game, number, item)
    if record.time_up:
        before = game
        try:
            game = game.time_up()
        except GameError as error:
            raise RecordError(f"time_up: {error}", code="field.error", field="time_up",
                              error=error) from None
        yield Step("time_up", len(record.hands), 0, 0, None, None, None, before, game)
    endings = (("forfeit", "forfeit", record.forfeit, Game.forfeit),
               ("resign", "resigned", record.resigned, Game.resign))
    for kind, field, player, end in endings:  # a game lost by a player, as its record says
        if player is None:
            continue
        before = game
        try:
            game = end(game, player)
        except GameError as error:
            raise RecordError(f"{field}: {error}", code="field.error", field=field,
                              error=error) from None
        yield Step(kind, len(record.hands), 0, 0, None, player, None, before, game)
    if record.final is not None:
        compare_checks("final", record.final, final_check(game), None)


def _replay_hand(record: GameRecord, game: Game, number: int, item: HandRecord
                 ) -> Generator[Step, None, Game]:
    table = item.table
    if game.is_over:
        raise RecordError(f"the game ended ({game.end_reason}) before this hand", number,
                          code="record.after_end", reason=end_reason_word(game.end_reason))
    if table not in game.tables_to_deal():
        waiting = ", ".join(map(str, game.tables_to_deal()))
        if not waiting:
            raise RecordError(f"table {table} cannot be dealt now (tables waiting for a deal: "
                              "none)", number, code="record.no_table_waits", table=table)
        raise RecordError(f"table {table} cannot be dealt now (tables waiting for a deal: "
                          f"{waiting})", number, code="record.table_waits", table=table,
                          waiting=waiting)
    _check_place(record, game, number, item)
    before = game
    try:
        game = game.deal(item.deck, table=table)
    except (IllegalActionError, GameError, TableError) as error:
        raise RecordError(f"cannot deal this deck: {error}", number, code="record.deal",
                          error=error) from None
    players = game.players_at(table)
    yield Step("deal", number, table, 0, None, None, None, before, game)
    for index, action in enumerate(item.actions, 1):
        state = game.hands[table]
        name = safe_action_name(action)
        if state is None:
            raise RecordError(f"{name}: the hand was already over", number, index,
                              code="record.hand_over", move=name)
        before = game
        try:
            game = game.apply(action, table=table)
        except (IllegalActionError, GameError) as error:
            raise RecordError(f"{name} is illegal: {error}", number, index, code="record.illegal",
                              move=name, error=error) from None
        yield Step("action", number, table, index, state.turn, players[state.turn], action,
                   before, game, game.hands[table] is None)
    over = game.hands[table] is None
    if not over and any(h.table == table for h in record.hands[number:]):
        count = len(item.actions)
        if record.players == 2:
            raise RecordError(f"the hand is not over after its {count} actions, but hand "
                              f"{number + 1} follows", number, code="record.not_over_next",
                              count=count, next=number + 1)
        raise RecordError(f"the hand is not over after its {count} actions, but table {table} "
                          "has another hand later in the record", number,
                          code="record.not_over_table", count=count, table=table)
    _check_result(game, number, item, over)
    return game


def _check_place(record: GameRecord, game: Game, number: int, item: HandRecord) -> None:
    table = item.table
    if item.round is not None and item.round != game.round_number:
        raise RecordError(f"the record says round {item.round}, the replay is in round "
                          f"{game.round_number}", number, code="record.round",
                          stored=item.round, actual=game.round_number)
    if item.players is not None and tuple(item.players) != game.players_at(table):
        raise RecordError(f"the record seats players {list(item.players)} at table {table}, the "
                          f"rules seat {list(game.players_at(table))} (R33-R35)", number,
                          code="record.seating", stored=str(list(item.players)), table=table,
                          actual=str(list(game.players_at(table))))
    dealer = game.dealer_at(table)
    if item.dealer is not None and item.dealer != dealer:
        if record.players == 2:
            raise RecordError(f"the record says seat {item.dealer} deals, but R5 "
                              f"({record.rules.dealer_rule}) makes seat {dealer} the dealer",
                              number, code="record.dealer_seat", stored=item.dealer,
                              rule=record.rules.dealer_rule, actual=dealer)
        raise RecordError(f"the record says player {item.dealer} deals, the rules make "
                          f"player {dealer} the dealer (R33-R35)", number,
                          code="record.dealer_player", stored=item.dealer, actual=dealer)


def _check_result(game: Game, number: int, item: HandRecord, over: bool) -> None:
    if item.result is not None:
        if not over:
            raise RecordError("the record gives a result, but the hand is not over after its "
                              f"{len(item.actions)} actions", number, code="record.early_result",
                              count=len(item.actions))
        last = [h for h in game.played if h.table == item.table][-1].state.result
        assert last is not None
        compare_checks("result", item.result, last.to_dict(), number)
    if item.totals is not None and list(item.totals) != list(game.totals):
        raise RecordError(f"totals: the record says {list(item.totals)}, the replay gives "
                          f"{list(game.totals)}", number, code="record.totals_differ",
                          stored=str(list(item.totals)), actual=str(list(game.totals)))


def replay(record: GameRecord) -> Game:
    """The game that ``record`` describes, after verifying all its checks."""
    game = start_of(record)
    for step in walk(record):
        game = step.game
    return game


def dump_record(game: Game) -> str:
    """``game`` as a JSON record (short lists kept on one line)."""
    return record_text(record_of(game))


def load_record(text: str) -> Game:
    """Replay a JSON record, verifying every check it carries."""
    return replay(parse_record(text))
