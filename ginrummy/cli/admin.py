"""The operator's tools on the server's database: ban or unban an account, list the bans,
the chat lines players reported and the accounts whose play stands out (fair play).

  gin admin --ban bob --reason "insults in the chat"
  gin admin --unban bob
  gin admin --bans
  gin admin --reports            the newest 50 reports, at tables and in the lobby
  gin admin --shared-accounts    accounts seen in one browser or at one address, and their
                                 games together
  gin admin fair-play --analyse  analyse the rated games not analysed yet (a long run)
  gin admin fair-play            the accounts whose moves match the computer's far more often
                                 than their rating band's, with the games to look at
  gin admin fair-play --record GAME > GAME.json   a finished game's record, for gin replay
  gin admin tournament schedule --name "Evening Swiss" --repeat daily --at 19:00
                                 a tournament made every day (or --repeat weekly --weekday
                                 friday), taking entries --opens-before 60 minutes before
  gin admin tournament list      the recurring tournaments, with their next start
  gin admin tournament cancel ID no more tournaments of schedule ID

A banned account's sessions end and it cannot sign in (its seats then open for nobody: the
computer plays for it by the idle rule). Use the database of the server (--database or
$DATABASE_URL, as for gin serve); the server may be running.

Exit status: 0 done; 1 no such account (or game, --record; or schedule, tournament cancel); 2
bad usage or the database cannot be reached.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, TextIO

from ginrummy.cli import add_language_option
from ginrummy.cli.admin_fair_play import configure_fair_play, fair_play_misused, run_fair_play
from ginrummy.cli.admin_tournament import (
    configure_tournament,
    run_tournament,
    tournament_misused,
)

if TYPE_CHECKING:
    from ginrummy.i18n import Messages
    from ginrummy.server.storage.traces import SharedPair


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--database", default=None, metavar="URL",
                        help="SQLAlchemy database URL (default: $DATABASE_URL, else "
                        "sqlite:///data/ginrummy.sqlite3)")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--ban", metavar="USERNAME", help="ban this account (with --reason)")
    action.add_argument("--unban", metavar="USERNAME", help="lift this account's ban")
    action.add_argument("--bans", action="store_true", help="list the banned accounts")
    action.add_argument("--reports", action="store_true",
                        help="list the newest reported chat lines")
    action.add_argument("--shared-accounts", action="store_true",
                        help="list the pairs of accounts seen in one browser or at one "
                        "address (never rated against each other), and their games together")
    action.add_argument("tool", nargs="?", choices=("fair-play", "tournament"), default=None,
                        help="fair-play: how often each account's moves in rated games "
                        "matched the expert's and level 5's (see docs/operating.md); "
                        "tournament: the tournaments that recur")
    configure_fair_play(parser)
    configure_tournament(parser)
    parser.add_argument("--reason", default="", metavar="TEXT",
                        help="why the account is banned (kept with the ban)")
    parser.add_argument("--limit", type=int, default=50, metavar="N",
                        help="how many reports --reports lists (default: 50)")
    add_language_option(parser)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from ginrummy.i18n import Messages, language_from_environment

    out = out or sys.stdout
    m = Messages(args.lang or language_from_environment(os.environ))
    if args.ban is not None and not args.reason.strip():
        print(m("admin.reason_needed"), file=out)
        return 2
    misused = fair_play_misused(args, m) or tournament_misused(args, m)
    if misused is not None:
        print(misused, file=out)
        return 2
    if not 1 <= args.limit <= 1000:
        print(m("admin.bad_limit", limit=args.limit), file=out)
        return 2
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from ginrummy.server.api.moderation import Moderation, NoSuchAccount
    from ginrummy.server.settings import database_url
    from ginrummy.server.storage.db import file_guard, make_engine, migrate
    from ginrummy.server.storage.traces import TraceStore

    try:
        engine = make_engine(database_url(args.database))
        migrate(engine)
        tools = Moderation(engine)
        if args.ban is not None:
            tools.ban(args.ban, args.reason.strip())
            print(m("admin.banned", name=args.ban), file=out)
        elif args.unban is not None:
            key = "admin.unbanned" if tools.unban(args.unban) else "admin.not_banned"
            print(m(key, name=args.unban), file=out)
        elif args.bans:
            bans = tools.bans()
            for name, reason, at in bans:
                print(m("admin.ban_line", name=name, reason=reason, at=f"{at:%Y-%m-%d %H:%M}"),
                      file=out)
            print(m.plural("admin.ban_count", len(bans), count=len(bans)), file=out)
        elif getattr(args, "tool", None) == "fair-play":
            return run_fair_play(engine, args, m, out)
        elif getattr(args, "tool", None) == "tournament":
            return run_tournament(engine, args, m, out)
        elif args.shared_accounts:
            _print_shared(m, TraceStore(engine, file_guard(engine)).pairs(), out)
        else:
            reports = tools.reports(args.limit)
            for found in reports:
                report, line = found.report, found.report.line
                said = line.text if line.text is not None else f"[{line.phrase}]"
                print(m("admin.report_line", at=f"{report.created_at:%Y-%m-%d %H:%M}",
                        where=found.where, name=line.name, said=said,
                        reporter=report.reporter, reason=report.reason or "-"), file=out)
            print(m.plural("admin.report_count", len(reports), count=len(reports)), file=out)
    except NoSuchAccount as missing:
        print(m("admin.no_such_account", name=str(missing)), file=out)
        return 1
    except (ArgumentError, SQLAlchemyError, OSError) as failure:
        print(m("admin.no_database", error=str(failure).splitlines()[0]), file=out)
        return 2
    return 0


def _print_shared(m: Messages, pairs: list[SharedPair], out: TextIO) -> None:
    for pair in pairs:
        games = ", ".join(f"{game_id}{m('admin.shared_rated') if rated else ''}"
                          for game_id, rated in pair.games) or m("admin.shared_no_games")
        print(m("admin.shared_line", first=pair.first, second=pair.second,
                kind=m(f"admin.shared_{pair.kind}"), trace=pair.trace,
                at=f"{pair.last_at:%Y-%m-%d %H:%M}", games=games), file=out)
    print(m.plural("admin.shared_count", len(pairs), count=len(pairs)), file=out)
