"""Replay a recorded game step by step: every action, the hands, the scores.

  gin replay game.json            a JSON record (see ginrummy.record)
  gin replay game.txt             a record in the text notation
  gin replay game.json --seat 0   only what seat 0 could see during play
  gin replay game.json --step     wait for Enter after each step (q to stop)

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
    from ginrummy.game import Game
    from ginrummy.hand import HandState
    from ginrummy.record import Step
    from ginrummy.result import HandResult

HELP = "replay a recorded game (JSON or text notation) step by step"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .json record or a .txt notation file")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, choices=(0, 1), help="show only what this seat saw")
    who.add_argument("--all", action="store_true", help="show both hands in full (the default)")
    parser.add_argument("--step", action="store_true", help="pause after each step")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``replay`` on an ``argparse`` subparsers object."""
    parser = subparsers.add_parser("replay", help=HELP, description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    configure(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO | None = None, keys: TextIO | None = None) -> int:
    from ginrummy.game import Game
    from ginrummy.notation import read_any
    from ginrummy.record import RecordError, walk

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
        _header(record.rules.name, record.cut.describe(), out)
        final = Game.start(record.rules, record.cut)
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
    from ginrummy.cards import card_name

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
    text = _action_text(before, after, step.seat, step.action, viewer)
    pile = card_name(after.pile[-1]) if after.pile else "-"
    print(f"{step.index:>3}. seat {step.seat}: {text:<28} stock {after.stock_size:>2}, "
          f"pile {pile}", file=out)
    if not after.is_over:
        _hands(after, viewer, out)
        return
    _hands(after, None, out)
    assert after.result is not None
    for line in _result_lines(after.result):
        print(f"     {line}", file=out)
    points = ", ".join(f"seat {s} {p}" for s, p in enumerate(game.points))
    boxes = ", ".join(str(n) for n in game.hands_won)
    print(f"     totals: {points} (hands won: {boxes})", file=out)


def _action_text(before: HandState, after: HandState, seat: int, action: int,
                 viewer: int | None) -> str:
    from ginrummy.actions import DRAW_DISCARD, DRAW_STOCK, KNOCK_BASE, LAYOFF_BASE, action_name
    from ginrummy.cards import card_name

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
    from ginrummy.cards import cards_of, format_cards
    from ginrummy.melds import min_deadwood

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
