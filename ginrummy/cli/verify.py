"""Check that every hand of a finished game was dealt fairly, without the server.

  gin verify game.json             check each hand of a JSON game record
  gin verify game.json --lang it   the report in Italian

The record is a two-player game ("ginrummy-game") or a three-player or team
game ("ginrummy-table-game"), told apart by its "format".

For each hand the record's "fair" object gives the commitment published
before the hand, the server seed revealed after it, the players' seeds and the
game id. A hand is fair when the SHA-256 of the server seed is the commitment,
the deck is the one derived from the seeds (docs/FAIRNESS.md), and the record
replays by the rules. A server seed revealed while its hand was still being
played, or used for two hands, is a problem too. A table game's hand is
derived with its "deal" number instead of its place in the record, which must
be given and differ from every other hand's.

Exit status: 0 every hand is proved fair; 1 some hand or the game has a
problem (each is printed); 2 the file cannot be read or is not a game record.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from ginrummy.cli import add_language_option
from ginrummy.format.verify import (
    hands_to_check,
    problem_text,
    read_record,
    seed_problems,
    verify_record,
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="RECORD", help="a finished game's .json record")
    parser.add_argument("--seed", metavar="HAND=SEED", action="append", default=[],
                        help="also check that your seed SEED is in hand HAND (any number of "
                             "times; the seed your client showed you)")
    add_language_option(parser)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    from ginrummy.format.record import RecordError
    from ginrummy.i18n import Messages, language_from_environment
    from ginrummy.i18n.errors import error_text, file_error_text

    out = out or sys.stdout
    err = err or sys.stderr
    m = Messages(args.lang or language_from_environment(os.environ))
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        print(m("verify.cannot_read", path=args.file, error=file_error_text(error, m)), file=err)
        return 2
    try:
        record = read_record(text)
    except RecordError as error:
        print(m("verify.bad_record", path=args.file, error=error_text(error, m)), file=err)
        return 2
    verdict = verify_record(record)
    hands = hands_to_check(record)
    verdict.game.extend(seed_problems(hands, getattr(args, "seed", [])))
    for number, (hand, problems) in enumerate(zip(hands, verdict.hands, strict=True), 1):
        for problem in problems:
            print(m("verify.hand_problem", number=number, problem=problem_text(problem, m)),
                  file=out)
        if not problems and hand.fair is not None:
            key = "verify.hand_ok" if hand.fair.version >= 2 else "verify.hand_ok_v1"
            print(m(key, number=number, commitment=hand.fair.commitment), file=out)
    for problem in verdict.game:
        print(m("verify.game_problem", problem=problem_text(problem, m)), file=out)
    count = len(hands)
    if verdict.fair:
        print(m.plural("verify.summary_ok", count, count=count), file=out)
        return 0
    bad = sum(1 for problems in verdict.hands if problems)
    if bad:
        print(m("verify.summary_problem", bad=bad, count=count), file=out)
    else:
        print(m("verify.summary_game"), file=out)
    return 1


__all__ = ["configure", "problem_text", "run"]
