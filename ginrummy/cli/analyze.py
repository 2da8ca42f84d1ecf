"""Analyse Gin Rummy hands: best melds, deadwood, discards, gin, layoffs.

  gin analyze AS 2S 3S 7H 7D 7C 9C TC JC KD     one hand of 10 or 11 cards, for people
  gin analyze "AS 2S 3S 7H 7D 7C 9C TC JC KD"   the same, as one argument
  gin analyze --json CARDS...                   the same analysis as one JSON object
  gin analyze --jsonl < requests.jsonl          one JSON answer per JSON request line

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
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from ginrummy.coach.analyze import HandAnalysis


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
    parser.set_defaults(parser=parser)


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    if args.jsonl:
        if args.cards:
            parser.error("--jsonl reads requests from stdin: give no cards on the command line")
        return run_jsonl(sys.stdin, sys.stdout)
    if not args.cards:
        parser.error("give 10 or 11 cards, e.g. gin analyze AS 2S 3S 7H 7D 7C 9C TC JC KD")
    return run_hand(" ".join(args.cards), as_json=args.json, out=sys.stdout, err=sys.stderr)


def run_hand(text: str, *, as_json: bool, out: TextIO, err: TextIO) -> int:
    from ginrummy.coach.analyze import analyze_hand
    from ginrummy.core.cards import parse_cards

    try:
        analysis = analyze_hand(parse_cards(text))
    except ValueError as error:
        print(f"gin analyze: error: {error}", file=err)
        return 2
    if as_json:
        print(json.dumps(analysis.to_json()), file=out)
    else:
        out.write(render(analysis))
    return 0


def render(analysis: HandAnalysis) -> str:
    """The analysis of one hand as lines of text for people."""
    from ginrummy.core.cards import format_cards

    melds = " ".join(f"[{m}]" for m in analysis.melds) or "none"
    lines = [f"Hand:          {analysis.hand} ({len(analysis.hand)} cards)"]
    indent = ""
    if analysis.discards:
        first = format_cards(analysis.discards[:1])
        each = "it leaves" if len(analysis.discards) == 1 else "each leaves"
        lines.append(
            f"Best discards: {format_cards(analysis.discards)} "
            f"({each} deadwood {analysis.deadwood})"
        )
        lines.append(f"After discarding {first}:")
        indent = "  "
    lines += [
        f"{indent}Melds:{' ' * (9 - len(indent))}{melds}",
        f"{indent}Unmatched:{' ' * (5 - len(indent))}{analysis.unmatched or 'none'}",
        f"{indent}Deadwood:{' ' * (6 - len(indent))}{analysis.deadwood}",
    ]
    if analysis.discards:
        lines.append(
            f"Gin:           yes, discard {format_cards(analysis.discards)}"
            if analysis.gin
            else "Gin:           no"
        )
        lines.append(
            "Big gin:       yes, all 11 cards meld" if analysis.big_gin else "Big gin:       no"
        )
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
