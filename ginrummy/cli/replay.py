"""Replay a recorded game step by step: every action, the hands, the scores.

  gin replay game.json            a JSON record (see ginrummy.format.record)
  gin replay game.txt             a record in the text notation
  gin replay game.json --seat 0   only what seat 0 could see during play
  gin replay game.json --step     wait for Enter after each step (q to stop)
  gin replay table.json           a three-player or team game
  gin replay game.json --lang it  in Italian
  gin replay game.json --review   each player's decisions clearly below the best

A finished record is public, so by default both hands are shown in full.
With --seat N the opponent's hand shows only the cards it took from the
discard pile, and its stock draws and knock discard stay face down, until
the hand ends. The record is verified while it is replayed; the first
disagreement stops the replay with the hand and action where it happened.

--review judges each decision (draws, discards, knocks, layoffs) of every
player, or of the --seat given, from what that player could see at the time, with the
search behind hints, and lists those clearly below the best: the better
move, the points lost and why.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, TextIO

from ginrummy.cli import add_language_option

if TYPE_CHECKING:
    from ginrummy.format.record import GameRecord
    from ginrummy.i18n import Messages


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a .json record or a .txt notation file")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, help="show only what this seat (0 or 1; a player "
                     "0..N-1 in a three-player or team game) saw")
    who.add_argument("--all", action="store_true", help="show both hands in full (the default)")
    parser.add_argument("--step", action="store_true", help="pause after each step")
    parser.add_argument("--review", action="store_true", help="instead of the replay, list each "
                        "player's (or the --seat's) decisions clearly below the best, and why")
    add_language_option(parser)


def run(args: argparse.Namespace, out: TextIO | None = None, keys: TextIO | None = None) -> int:
    from ginrummy.cli.replay_text import ReplayText
    from ginrummy.format.notation import read_any
    from ginrummy.format.record import RecordError
    from ginrummy.format.replay import start_of, walk
    from ginrummy.i18n import Messages, language_from_environment
    from ginrummy.i18n.errors import error_text, file_error_text

    m = Messages(getattr(args, "lang", None) or language_from_environment(os.environ))
    out = out or sys.stdout
    keys = keys or sys.stdin
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(m("replay.error.read", file=args.file, reason=file_error_text(error, m)),
              file=sys.stderr)
        return 2
    try:
        record = read_any(text)
    except RecordError as error:
        print(m("replay.error.record", file=args.file, error=error_text(error, m)),
              file=sys.stderr)
        return 2
    players, viewer = record.players, args.seat
    if viewer is not None and not 0 <= viewer < players:
        key = "replay.error.seat_two" if players == 2 else "replay.error.seat_table"
        print(m(key, seat=viewer, last=players - 1), file=sys.stderr)
        return 2
    if getattr(args, "review", False):
        return _review(record, viewer, m, out, args.file)
    show = ReplayText(m, record.table_rules, viewer, out)
    try:
        show.header(record.cut)
        final = start_of(record)
        for step in walk(record):
            show.step(step)
            final = step.game
            if args.step:
                out.flush()
                if keys.readline().strip().lower() in ("q", "quit"):
                    return 0
    except RecordError as error:
        out.flush()
        print(m("replay.error.record", file=args.file, error=error_text(error, m)),
              file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head, or quitting a pager)
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    show.footer(final)
    return 0


def _review(record: GameRecord, viewer: int | None, m: Messages, out: TextIO, file: str) -> int:
    from ginrummy.coach.review import review_lines, review_record
    from ginrummy.format.record import RecordError
    from ginrummy.i18n.errors import error_text

    players = range(record.players) if viewer is None else (viewer,)
    try:
        for number, player in enumerate(players):
            if number:
                print(file=out)
            for line in review_lines(review_record(record, player), m):
                print(line, file=out)
    except RecordError as error:
        out.flush()
        print(m("replay.error.record", file=file, error=error_text(error, m)), file=sys.stderr)
        return 2
    return 0
