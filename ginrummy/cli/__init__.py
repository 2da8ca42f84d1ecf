"""The ``gin`` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in its own module, listed in :data:`COMMANDS` with its
one-line summary in :data:`SUMMARIES`. A subcommand module provides:

* ``configure(parser)``: adds its arguments to its ``argparse`` subparser;
* ``run(args) -> int``: does the work and returns the exit status.

The module's docstring becomes the subcommand's ``--help`` description. Only the
module of the subcommand being run is imported (``gin --help`` imports none), and
a module imports the engine inside ``run``. To add a subcommand, write
``ginrummy/cli_<name>.py`` and add one line to :data:`COMMANDS` and :data:`SUMMARIES`.

Exit status: 0 on success, 2 on bad input or usage (as ``argparse`` does).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import cast

COMMANDS: dict[str, str] = {
    "play": "ginrummy.cli.play",
    "analyze": "ginrummy.cli.analyze",
    "replay": "ginrummy.cli.replay",
    "sim": "ginrummy.cli.sim",
    "serve": "ginrummy.cli.serve",
    "verify": "ginrummy.cli.verify",
}
"""Subcommand name -> module implementing it, in the order ``gin --help`` lists them."""


SUMMARIES: dict[str, str] = {
    "play": "play a game in the terminal against the computer (English or Italian)",
    "analyze": "analyse a hand: melds, deadwood, best discards, layoffs (--jsonl for many)",
    "replay": "replay a recorded game (JSON or text notation) step by step",
    "sim": "computer players against each other (two, three or two teams): wins, points, speed",
    "serve": "serve the game over HTTP and WebSocket (browser client and API)",
    "verify": "check that each hand of a game record was dealt fairly (provably fair deals)",
}
"""Subcommand name -> its line in ``gin --help``."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``gin`` parser; ``only``: configure that subcommand alone (None: every one)."""
    parser = argparse.ArgumentParser(
        prog="gin",
        description="Gin Rummy: play in the terminal or the browser, analyse hands, replay "
                    "and verify game records, pit computer players against each other.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in COMMANDS.items():
        if only is not None and name != only:
            subparsers.add_parser(name, help=SUMMARIES[name])
            continue
        module = importlib.import_module(module_name)
        sub = subparsers.add_parser(
            name,
            help=SUMMARIES[name],
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.configure(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gin`` with ``argv`` (default: the process arguments); return the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    chosen = arguments[0] if arguments and arguments[0] in COMMANDS else ""
    parser = build_parser(chosen)
    try:
        args = parser.parse_args(arguments)
        run = cast(Callable[[argparse.Namespace], int], args.run)
        return run(args)
    except SystemExit as stop:  # --help, or a usage error already reported by argparse
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        raise

