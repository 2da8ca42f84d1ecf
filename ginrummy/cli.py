"""The ``gin`` command: a thin dispatcher over one module per subcommand.

Each subcommand lives in its own module, listed in :data:`COMMANDS`. A
subcommand module provides:

* ``HELP``: a one-line summary for ``gin --help``;
* ``configure(parser)``: adds its arguments to its ``argparse`` subparser;
* ``run(args) -> int``: does the work and returns the exit status.

The module's docstring becomes the subcommand's ``--help`` description. Keep
module-level imports light (import the engine inside ``run``) so that
``gin --help`` and other subcommands start fast. To add a subcommand, write
``ginrummy/cli_<name>.py`` and add one line to :data:`COMMANDS`.

Exit status: 0 on success, 2 on bad input or usage (as ``argparse`` does).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import cast

COMMANDS: dict[str, str] = {
    "play": "ginrummy.cli_play",
    "analyze": "ginrummy.cli_analyze",
    "replay": "ginrummy.cli_replay",
    "sim": "ginrummy.cli_sim",
    "serve": "ginrummy.cli_serve",
    "verify": "ginrummy.cli_verify",
}
"""Subcommand name -> module implementing it, in the order ``gin --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gin", description="Gin Rummy engine: analyse hands (more commands to come)."
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, module_name in COMMANDS.items():
        module = importlib.import_module(module_name)
        sub = subparsers.add_parser(
            name,
            help=module.HELP,
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.configure(sub)
        sub.set_defaults(run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gin`` with ``argv`` (default: the process arguments); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        run = cast(Callable[[argparse.Namespace], int], args.run)
        return run(args)
    except SystemExit as stop:  # --help, or a usage error already reported by argparse
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        raise


if __name__ == "__main__":
    sys.exit(main())
