"""Check that every hand of a finished game was dealt fairly, without the server.

  gin verify game.json             check each hand of a JSON game record
  gin verify game.json --lang it   the report in Italian

For each hand the record's "fair" object gives the commitment published
before the hand, the server seed revealed after it, the players' seeds and the
game id. A hand is fair when the SHA-256 of the server seed is the commitment,
the deck is the one derived from the seeds (docs/FAIRNESS.md), and the record
replays by the rules. A server seed revealed while its hand was still being
played, or used for two hands, is a problem too.

Exit status: 0 every hand is proved fair; 1 some hand or the game has a
problem (each is printed); 2 the file cannot be read or is not a game record.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from ginrummy.provably_fair import Problem
    from ginrummy.record import GameRecord

HELP = "check that each hand of a game record was dealt fairly (provably fair deals)"
SEATS = 2
"""A :class:`~ginrummy.record.GameRecord` is a two-player game: one client seed a seat."""


def configure(parser: argparse.ArgumentParser) -> None:
    from ginrummy.i18n import LANGUAGES

    parser.add_argument("file", metavar="RECORD", help="a finished game's .json record")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language: en or it (default: from LANG, else English)")


@dataclass
class Verdict:
    """What :func:`verify_record` found: the problems of each hand (in order) and of the game."""

    hands: list[list[Problem]] = field(default_factory=list)
    game: list[Problem] = field(default_factory=list)

    @property
    def fair(self) -> bool:
        return not self.game and not any(self.hands)


def verify_record(record: GameRecord) -> Verdict:
    """Check every hand of ``record``: its fair data, its deck and the replay. No I/O."""
    from ginrummy.provably_fair import Problem

    verdict = Verdict([[] for _ in record.hands])
    if not record.hands:
        verdict.game.append(Problem("no_hands"))
    over = _replay(record, verdict)
    first_game_id: str | None = None
    seen_seeds: dict[str, int] = {}
    for number, hand in enumerate(record.hands, 1):
        problems = verdict.hands[number - 1]
        fair = hand.fair
        if fair is None:
            problems.append(Problem("no_fair"))
            continue
        if over[number - 1] is False:
            problems.append(Problem("not_over" if fair.server_seed is None else "revealed_early"))
            if fair.server_seed is None:
                continue
        problems.extend(_hand_problems(record, number))
        if first_game_id is None:
            first_game_id = fair.game_id
        elif fair.game_id != first_game_id:
            problems.append(Problem("game_id_differs",
                                    {"game_id": repr(fair.game_id), "first": repr(first_game_id)}))
        if fair.server_seed is not None:
            other = seen_seeds.setdefault(fair.server_seed, number)
            if other != number:
                problems.append(Problem("seed_reused", {"other": other}))
    return verdict


def _hand_problems(record: GameRecord, number: int) -> list[Problem]:
    from ginrummy.provably_fair import verify_hand

    hand = record.hands[number - 1]
    fair = hand.fair
    assert fair is not None
    return verify_hand(fair.commitment, fair.server_seed, fair.client_seeds, fair.game_id,
                       number, hand.deck, version=fair.version, seats=SEATS)


def _replay(record: GameRecord, verdict: Verdict) -> list[bool | None]:
    """Replay ``record``; return whether each hand ended (``None``: the replay stopped first)."""
    from ginrummy.provably_fair import Problem
    from ginrummy.record import RecordError, walk

    over: list[bool | None] = [None] * len(record.hands)
    try:
        game = None
        for step in walk(record):
            game = step.game
            if step.kind != "time_up":
                over[step.hand - 1] = game.hand is None
    except RecordError as error:
        where = verdict.game if error.hand is None else verdict.hands[error.hand - 1]
        where.append(Problem("replay", {"error": str(error)}))
        return over
    if game is not None and not game.is_over:
        verdict.game.append(Problem("not_finished"))
    return over


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    from ginrummy.i18n import Messages, language_from_environment
    from ginrummy.record import RecordError, parse_record

    out = out or sys.stdout
    err = err or sys.stderr
    m = Messages(args.lang or language_from_environment(os.environ))
    try:
        with open(args.file, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        print(m("verify.cannot_read", path=args.file, error=reason), file=err)
        return 2
    try:
        record = parse_record(text)
    except RecordError as error:
        print(m("verify.bad_record", path=args.file, error=str(error)), file=err)
        return 2
    verdict = verify_record(record)
    for number, (hand, problems) in enumerate(zip(record.hands, verdict.hands, strict=True), 1):
        for problem in problems:
            print(m("verify.hand_problem", number=number, problem=problem.message(m.lang)),
                  file=out)
        if not problems and hand.fair is not None:
            print(m("verify.hand_ok", number=number, commitment=hand.fair.commitment), file=out)
    for problem in verdict.game:
        print(m("verify.game_problem", problem=problem.message(m.lang)), file=out)
    count = len(record.hands)
    if verdict.fair:
        print(m.plural("verify.summary_ok", count, count=count), file=out)
        return 0
    bad = sum(1 for problems in verdict.hands if problems)
    if bad:
        print(m("verify.summary_problem", bad=bad, count=count), file=out)
    else:
        print(m("verify.summary_game"), file=out)
    return 1
