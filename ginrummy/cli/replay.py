"""Replay a recorded game step by step: every action, the hands, the scores.

  gin replay game.json            a JSON record (see ginrummy.format.record)
  gin replay game.txt             a record in the text notation
  gin replay game.json --seat 0   only what seat 0 could see during play
  gin replay game.json --step     wait for Enter after each step (q to stop)
  gin replay table.json           a three-player or team game

A finished record is public, so by default both hands are shown in full.
With --seat N the opponent's hand shows only the cards it took from the
discard pile, and its stock draws and knock discard stay face down, until
the hand ends. The record is verified while it is replayed; the first
disagreement stops the replay with the hand and action where it happened.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from ginrummy.core.actions import Action
    from ginrummy.core.game import Game
    from ginrummy.core.hand import HandState
    from ginrummy.core.result import HandResult
    from ginrummy.format.record import GameRecord
    from ginrummy.format.replay import Step


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .json record or a .txt notation file")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="show only what this seat (0 or 1; a player "
                     "0..N-1 in a three-player or team game) saw")
    who.add_argument("--all", action="store_true", help="show both hands in full (the default)")
    parser.add_argument("--step", action="store_true", help="pause after each step")


def run(args: argparse.Namespace, out: TextIO | None = None, keys: TextIO | None = None) -> int:
    from ginrummy.format.notation import read_any
    from ginrummy.format.record import RecordError
    from ginrummy.format.replay import start_of, walk

    out = out or sys.stdout
    keys = keys or sys.stdin
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        print(f"gin replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    viewer: int | None = args.seat
    try:
        record = read_any(text)
    except RecordError as error:
        print(f"gin replay: {args.file}: {error}", file=sys.stderr)
        return 2
    if record.players != 2:
        return _run_table(args, record, out, keys)
    if viewer not in (None, 0, 1):
        print(f"gin replay: --seat must be 0 or 1 in a two-player game, got {viewer}",
              file=sys.stderr)
        return 2
    try:
        _header(record.rules.name,
                record.cut.describe(record.rules.first_dealer == "high_cut_chooses"), out)
        final = start_of(record)
        for step in walk(record):
            _show(step, viewer, out)
            final = step.game
            if args.step:
                out.flush()
                if keys.readline().strip().lower() in ("q", "quit"):
                    return 0
    except RecordError as error:
        out.flush()
        print(f"gin replay: {args.file}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head, or quitting a pager)
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    _footer(final, out)
    return 0


# ---------------------------------------------------------------- rendering


def _header(rules_name: str, cut: str, out: TextIO) -> None:
    print(f"Rules: {rules_name}", file=out)
    print(f"Cut: {cut}", file=out)


def _show(step: Step, viewer: int | None, out: TextIO) -> None:
    from ginrummy.core.cards import card_name

    game = step.game
    if step.kind == "time_up":
        print("\nThe time limit has passed (R31).", file=out)
        return
    if step.kind == "deal":
        hand = game.hand
        assert hand is not None
        upcard = "none (eleven-card deal)" if hand.upcard is None else card_name(hand.upcard)
        print(f"\n=== Hand {step.hand}: seat {hand.dealer} deals; upcard {upcard}; "
              f"knock limit {hand.limit} ===", file=out)
        _hands(hand, viewer, out)
        return
    before = step.before.hand
    assert before is not None and step.action is not None and step.seat is not None
    after = game.hand if game.hand is not None else game.finished[-1]
    if not _print_move(f"{step.index:>3}. seat {step.seat}", before, after, step.seat,
                       step.action, viewer, out):
        return
    points = ", ".join(f"seat {s} {p}" for s, p in enumerate(game.points))
    boxes = ", ".join(str(n) for n in game.hands_won)
    print(f"     totals: {points} (hands won: {boxes})", file=out)


def _action_text(before: HandState, after: HandState, seat: int, action: int,
                 viewer: int | None) -> str:
    from ginrummy.core.actions import DRAW_DISCARD, DRAW_STOCK, KNOCK_BASE, LAYOFF_BASE, action_name
    from ginrummy.core.cards import card_name

    hidden = viewer is not None and viewer != seat and not after.is_over
    if action == DRAW_STOCK:
        drawn = before.deck[before.stock_pos]
        return "stock" if hidden else f"stock (drew {card_name(drawn)})"
    if action == DRAW_DISCARD and before.pile:
        return f"take {card_name(before.pile[-1])}"
    if KNOCK_BASE <= action < LAYOFF_BASE and hidden:
        return "knock (discard face down)"
    return action_name(action)


def _hands(state: HandState, viewer: int | None, out: TextIO) -> None:
    for seat in (0, 1):
        print(f"       {_hand_text(state, seat, viewer)}", file=out)


def _hand_text(state: HandState, seat: int, viewer: int | None) -> str:
    from ginrummy.core.cards import cards_of, format_cards
    from ginrummy.core.melds import min_deadwood

    mark = "*" if state.turn == seat else " "
    melds = state.melds[seat]
    shown = " ".join(f"[{format_cards(cards_of(m))}]" for m in melds)
    laid = state.laid_off if seat != state.knocker and state.knocker >= 0 else 0
    if laid:
        shown += f" +layoffs {format_cards(cards_of(laid))}"
    free = state.free_cards(seat)
    public = (viewer is None or viewer == seat or state.is_over
              or (seat == state.knocker and state.phase.name == "DEFENDER"))
    if public:
        cards = format_cards(cards_of(free))
        tail = f"  (deadwood {min_deadwood(free)})" if not melds and free.bit_count() == 10 else ""
        body = f"{shown} {cards}".strip() + tail
    else:
        known = free & state.known[seat]
        hidden = (free & ~known).bit_count()
        body = " ".join(x for x in (shown, format_cards(cards_of(known)), f"[{hidden} unseen]")
                        if x)
    return f"{mark}seat {seat}: {body}"


def _result_lines(result: HandResult) -> list[str]:
    if result.outcome == "void":
        return [f"void hand: {result.void_reason}; nobody scores, the same dealer deals again"]
    lines = [
        f"knocker seat {result.knocker} deadwood {result.knocker_deadwood}, "
        f"defender deadwood {result.defender_deadwood} (knock limit {result.knock_limit})"
    ]
    if result.winner is None:
        lines.append(f"{result.outcome}: equal counts, nobody scores")
        return lines
    kd, dd = result.knocker_deadwood, result.defender_deadwood
    if result.outcome == "knock":
        sum_text = f"{dd} - {kd}"
    elif result.outcome == "undercut":
        sum_text = f"({kd} - {dd}) + {result.bonus} undercut bonus"
    else:
        sum_text = f"{dd} + {result.bonus} {result.outcome.replace('_', ' ')} bonus"
    if result.multiplier != 1:
        sum_text = f"({sum_text}) x {result.multiplier} (spade upcard)"
    extra = f"; {result.extra_boxes} extra box(es)" if result.extra_boxes else ""
    lines.append(f"{result.outcome}: seat {result.winner} scores {sum_text} = "
                 f"{result.points}{extra}")
    return lines


def _footer(game: Game, out: TextIO) -> None:
    print("", file=out)
    if not game.is_over:
        print(f"The record ends with the game in progress (hand {game.hand_number}).", file=out)
    for line in game.settlement().describe():
        print(line, file=out)


# ---------------------------------------------------------------- three players and teams


def _run_table(args: argparse.Namespace, record: GameRecord, out: TextIO, keys: TextIO
               ) -> int:
    """Replay a three-player or team record."""
    from ginrummy.core.game import Game
    from ginrummy.format.record import RecordError
    from ginrummy.format.replay import walk as walk_table

    try:
        players = record.table_rules.players
        if args.seat is not None and not 0 <= args.seat < players:
            print(f"gin replay: --seat must be a player 0..{players - 1}, got {args.seat}",
                  file=sys.stderr)
            return 2
        table = record.table_rules
        kind = "three players (R33)" if table.kind == "three" else (
            f"two teams of {table.team_size} (R34, R35): even players are team 0, odd team 1")
        print(f"Rules: {table.rules.name}; {kind}; target {table.target}", file=out)
        print(f"Cut: {record.cut.describe()}", file=out)
        game = Game.start(table, record.cut)
        for step in walk_table(record):
            _show_table_step(step, args.seat, out)
            game = step.game
            if args.step:
                out.flush()
                if keys.readline().strip().lower() in ("q", "quit"):
                    return 0
    except RecordError as error:
        out.flush()
        print(f"gin replay: {args.file}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    _table_footer(game, out)
    return 0


def _show_table_step(step: Step, viewer: int | None, out: TextIO) -> None:
    from ginrummy.core.cards import card_name

    if step.kind == "time_up":
        print("\nThe time limit has passed (R31).", file=out)
        return
    game = step.game
    # Once a hand ends the game already seats the next one: take the players from before.
    players = (step.before if step.kind == "action" else game).players_at(step.table)
    # The viewer's seat at this table; -1 when the viewer plays elsewhere and sees neither hand.
    seat = None if viewer is None else (players.index(viewer) if viewer in players else -1)
    if step.kind == "deal":
        hand = game.hands[step.table]
        assert hand is not None
        upcard = "none (eleven-card deal)" if hand.upcard is None else card_name(hand.upcard)
        print(f"\n=== Hand {step.hand}: round {game.round_number}, table {step.table}; "
              f"player {game.dealer_at(step.table)} deals; seat 0 is player {players[0]}, "
              f"seat 1 is player {players[1]}; upcard {upcard}; knock limit {hand.limit} ===",
              file=out)
        _hands(hand, seat, out)
        return
    before = step.before.hands[step.table]
    assert before is not None and step.action is not None and step.seat is not None
    after = game.hands[step.table]
    if after is None:
        after = [h for h in game.played if h.table == step.table][-1].state
    if _print_move(f"{step.index:>3}. player {step.player} (seat {step.seat})", before, after,
                   step.seat, step.action, seat, out):
        _table_totals(step, out)


def _print_move(who: str, before: HandState, after: HandState, seat: int, action: Action,
                viewer: int | None, out: TextIO) -> bool:
    """One move's line and the hands after it; at the hand's end its result. True then."""
    from ginrummy.core.cards import card_name

    text = _action_text(before, after, seat, action, viewer)
    pile = card_name(after.pile[-1]) if after.pile else "-"
    print(f"{who}: {text:<28} stock {after.stock_size:>2}, pile {pile}", file=out)
    if not after.is_over:
        _hands(after, viewer, out)
        return False
    _hands(after, None, out)
    assert after.result is not None
    for line in _result_lines(after.result):
        print(f"     {line}", file=out)
    return True


def _table_totals(step: Step, out: TextIO) -> None:

    game, before = step.game, step.before
    if game.table_rules.kind == "teams" and before.table_rules.kind == "teams":
        if len(game.rounds) == len(before.rounds):
            print("     (the round goes on at the other tables)", file=out)
            return
        score = game.rounds[-1].score
        sums = f"team 0 won {score.team_points[0]}, team 1 won {score.team_points[1]}"
        who = "nobody scores" if score.winner is None else (
            f"team {score.winner} scores {score.points}")
        print(f"     round {game.rounds[-1].number}: {sums}: {who} (R34)", file=out)
        label = "team"
    else:
        label = "player"
    totals = ", ".join(f"{label} {i} {p}" for i, p in enumerate(game.totals))
    print(f"     totals: {totals}", file=out)


def _table_footer(game: Game, out: TextIO) -> None:

    label = "team" if game.table_rules.kind == "teams" else "player"
    print("", file=out)
    if not game.is_over:
        print(f"The record ends with the game in progress (round {game.round_number}).",
              file=out)
    settlement = game.settlement()
    rows = [("", tuple(f"{label} {i}" for i in range(len(settlement.final))))]
    rows += [(line.label, tuple(str(v) for v in line.values))
             for line in settlement.lines()]
    width = max(len(name) for name, _ in rows)
    for name, values in rows:
        print(f"{name:<{width}}  " + "  ".join(f"{v:>8}" for v in values), file=out)
    if game.is_over:
        who = "nobody (equal totals)" if game.winner is None else f"{label} {game.winner}"
        print(f"game over ({(game.end_reason or '').replace('_', ' ')}): winner {who}", file=out)
    for payment in settlement.payments:
        print(f"{label} {payment.payer} pays {label} {payment.payee} {payment.amount} "
              f"({payment.points} points)", file=out)
