"""Analyse Gin Rummy hands: best melds, deadwood, discards, gin, layoffs.

  gin analyze AS 2S 3S 7H 7D 7C 9C TC JC KD     one hand of 10 or 11 cards, for people
  gin analyze "AS 2S 3S 7H 7D 7C 9C TC JC KD"   the same, as one argument
  gin analyze --json CARDS...                   the same analysis as one JSON object
  gin analyze --jsonl < requests.jsonl          one JSON answer per JSON request line
  gin analyze --lang it CARDS...                the text for people in Italian

For 11 cards the analysis is of the hand after the best discard; it lists
every discard that reaches the least deadwood and says whether gin or big
gin is possible.

JSON lines requests (one object per line; cards as "7H", "TH", "10h", "7♥"):
  {"hand": [10 or 11 cards]}
      -> {"deadwood", "melds", "unmatched"}, and for 11 cards also
         "discards", "gin" and "big_gin"
  {"hand": [10 cards], "knocker_melds": [[cards], ...], "knocker_unmatched": [cards]}
      -> the defender's best answer to that knock: {"deadwood", "layoffs",
         "melds", "unmatched"} (no layoffs when knocker_unmatched is empty: gin)
A line that cannot be answered (an empty one included) gets {"error": "..."},
so answers always match requests line for line; the exit status is then 2.

The text for people is in the reader's language (--lang, else LANG). The
--json and --jsonl answers are a protocol for programs: always English,
byte for byte whatever the language.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from typing import TYPE_CHECKING, TextIO

from ginrummy.cli import add_language_option

if TYPE_CHECKING:
    from ginrummy.coach.analyze import HandAnalysis
    from ginrummy.i18n import Messages

LABELS = ("hand", "best_discards", "melds", "unmatched", "deadwood", "gin", "big_gin")
INDENTED = ("melds", "unmatched", "deadwood")
"""The labels of :func:`render` (``analyze.label.*``); the indented ones are the hand after a
discard's, two spaces in."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARDS",
        help="10 or 11 cards, as separate arguments or one quoted string",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print the analysis as one JSON object")
    mode.add_argument(
        "--jsonl",
        action="store_true",
        help="read JSON requests on stdin, one per line; write one JSON answer per line",
    )
    add_language_option(parser, " of the text for people", "; JSON answers are always English")
    parser.set_defaults(parser=parser)


def run(args: argparse.Namespace) -> int:
    from ginrummy.i18n import Messages, language_from_environment

    m = Messages(getattr(args, "lang", None) or language_from_environment(os.environ))
    parser: argparse.ArgumentParser = args.parser
    if args.jsonl:
        if args.cards:
            parser.error(m("analyze.error.jsonl_cards"))
        return run_jsonl(sys.stdin, sys.stdout)
    if not args.cards:
        parser.error(m("analyze.error.no_cards"))
    return run_hand(" ".join(args.cards), as_json=args.json, out=sys.stdout, err=sys.stderr, m=m)


def run_hand(text: str, *, as_json: bool, out: TextIO, err: TextIO,
             m: Messages | None = None) -> int:
    from ginrummy.coach.analyze import analyze_hand
    from ginrummy.core.cards import parse_cards
    from ginrummy.i18n import Messages
    from ginrummy.i18n.errors import error_text

    m = m or Messages("en")
    try:
        analysis = analyze_hand(parse_cards(text))
    except ValueError as error:
        print(m("analyze.error", error=error_text(error, m)), file=err)
        return 2
    if as_json:
        print(json.dumps(analysis.to_json()), file=out)
    else:
        out.write(render(analysis, m))
    return 0


def render(analysis: HandAnalysis, m: Messages | None = None) -> str:
    """The analysis of one hand as lines of text for people, in the language of ``m``
    (default English); the values start in one column, past the longest label."""
    from ginrummy.i18n import Messages

    m = m or Messages("en")
    label = {name: m(f"analyze.label.{name}") for name in LABELS}
    column = 1 + max(len(text) + (2 if name in INDENTED else 0) for name, text in label.items())

    def line(name: str, value: object, indent: str = "") -> str:
        return f"{indent}{label[name]:<{column - len(indent)}}{value}"

    melds = " ".join(f"[{m.cards(meld)}]" for meld in analysis.melds) or m("analyze.no_melds")
    size = m.plural("count.cards", len(analysis.hand), count=len(analysis.hand))
    lines = [line("hand", f"{m.cards(analysis.hand)} ({size})")]
    indent = ""
    if analysis.discards:
        key = "analyze.discards_one" if len(analysis.discards) == 1 else "analyze.discards_many"
        lines.append(line("best_discards", m(key, cards=m.cards(analysis.discards),
                                              deadwood=analysis.deadwood)))
        lines.append(m("analyze.after_discard", card=m.card_words(analysis.discards[0])))
        indent = "  "
    lines += [
        line("melds", melds, indent),
        line("unmatched", m.cards(analysis.unmatched) or m("analyze.no_unmatched"), indent),
        line("deadwood", analysis.deadwood, indent),
    ]
    if analysis.discards:
        choice = m.card_list_words(analysis.discards, conjunction="word.or")
        gin = m("analyze.gin_yes", cards=choice) if analysis.gin else m("word.no")
        lines.append(line("gin", gin))
        lines.append(line("big_gin", m("analyze.big_gin_yes") if analysis.big_gin
                          else m("word.no")))
    return "\n".join(lines) + "\n"


def run_jsonl(stdin: TextIO, stdout: TextIO) -> int:
    """Answer each line of ``stdin`` with one line on ``stdout``, flushed at once.

    Returns 2 if some line got an error answer, else 0.
    """
    from ginrummy.coach.analyze import answer_line

    if isinstance(stdin, io.TextIOWrapper):  # JSON text is UTF-8, whatever the locale says
        stdin.reconfigure(encoding="utf-8", errors="replace")
    dumps = json.dumps
    write = stdout.write
    flush = stdout.flush
    failed = False
    try:
        for line in iter(stdin.readline, ""):
            answer = answer_line(line)
            if "error" in answer:
                failed = True
            write(dumps(answer) + "\n")
            flush()
    except BrokenPipeError:  # the reader went away: stop quietly
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
        return 1
    return 2 if failed else 0
