"""The ``gin`` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in its own module, listed in :data:`COMMANDS` with its
one-line summary in :data:`SUMMARIES`. A subcommand module provides:

* ``configure(parser)``: adds its arguments to its ``argparse`` subparser;
* ``run(args) -> int``: does the work and returns the exit status.

The module's docstring becomes the subcommand's ``--help`` description. Only the
module of the subcommand being run is imported (``gin --help`` imports none), and
a module imports the engine inside ``run``. To add a subcommand, write
``ginrummy/cli_<name>.py`` and add one line to :data:`COMMANDS` and :data:`SUMMARIES`.

The help, usage lines and argparse's errors are in the reader's language: ``--lang`` when
the command line has it, else the one ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` name.
English is argparse's own output; another language is translated at format time by
:mod:`ginrummy.cli.help_text` (imported only then).

Exit status: 0 on success, 2 on bad input or usage (as ``argparse`` does).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import cast

COMMANDS: dict[str, str] = {
    "play": "ginrummy.cli.play",
    "analyze": "ginrummy.cli.analyze",
    "replay": "ginrummy.cli.replay",
    "sim": "ginrummy.cli.sim",
    "serve": "ginrummy.cli.serve",
    "verify": "ginrummy.cli.verify",
    "admin": "ginrummy.cli.admin",
}
"""Subcommand name -> module implementing it, in the order ``gin --help`` lists them."""


SUMMARIES: dict[str, str] = {
    "play": "play a game in the terminal against the computer (English or Italian)",
    "analyze": "analyse a hand: melds, deadwood, best discards, layoffs (--jsonl for many)",
    "replay": "replay a recorded game (JSON or text notation) step by step",
    "sim": "computer players against each other (two, three or two teams): wins, points, speed",
    "serve": "serve the game over HTTP and WebSocket (browser client and API)",
    "verify": "check that each hand of a game record was dealt fairly (provably fair deals)",
    "admin": "the server operator's tools: ban accounts, read the reported chat lines",
}
"""Subcommand name -> its line in ``gin --help``."""


DESCRIPTION = ("Gin Rummy: play in the terminal or the browser, analyse hands, replay "
               "and verify game records, pit computer players against each other.")


def build_parser(only: str | None = None, lang: str = "en") -> argparse.ArgumentParser:
    """The ``gin`` parser; ``only``: configure that subcommand alone (None: every one);
    ``lang``: the language of its help and errors."""
    parser_class = argparse.ArgumentParser
    plain: type[argparse.HelpFormatter] = argparse.HelpFormatter
    raw: type[argparse.HelpFormatter] = argparse.RawDescriptionHelpFormatter
    if lang != "en":
        from ginrummy.cli import help_text

        parser_class = help_text.parser_class(lang)
        plain, raw = help_text.formatter_class(lang), help_text.formatter_class(lang, raw=True)
    parser = parser_class(prog="gin", description=DESCRIPTION, formatter_class=plain)
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
            formatter_class=raw,
        )
        module.configure(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gin`` with ``argv`` (default: the process arguments); return the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    chosen = arguments[0] if arguments and arguments[0] in COMMANDS else ""
    parser = build_parser(chosen, help_language(arguments, os.environ))
    try:
        args = parser.parse_args(arguments)
        run = cast(Callable[[argparse.Namespace], int], args.run)
        return run(args)
    except SystemExit as stop:  # --help, or a usage error already reported by argparse
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        raise


def add_language_option(parser: argparse.ArgumentParser, of: str = "", note: str = "") -> None:
    """Add ``--lang``, the language ``of`` what the command says (``note`` ends its help)."""
    from ginrummy.i18n import LANGUAGES

    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help=f"language{of}: en or it (default: from LANG, else English{note})")


def help_language(arguments: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of the help and usage errors: ``--lang X`` among ``arguments``, else the
    environment's (:func:`ginrummy.i18n.language_from_environment`), read without importing
    the catalogues when the environment names English or no language."""
    for index, argument in enumerate(arguments):
        if argument == "--":
            break
        if argument.startswith("--lang="):
            return _known(argument.partition("=")[2], environ)
        if argument == "--lang" and index + 1 < len(arguments):
            return _known(arguments[index + 1], environ)
    return _known(None, environ)


def _known(given: str | None, environ: Mapping[str, str]) -> str:
    if given == "en" or (given is None and _first_language(environ) in ("", "en")):
        return "en"
    from ginrummy.i18n import LANGUAGES, language_from_environment

    return given if given in LANGUAGES else language_from_environment(environ)


def _first_language(environ: Mapping[str, str]) -> str:
    """The language code the first of the locale variables names (``""``: none, or C)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for item in environ.get(name, "").split(":"):
            code = item.split(".")[0].split("_")[0].lower()
            if code and code not in ("c", "posix"):
                return code
    return ""
