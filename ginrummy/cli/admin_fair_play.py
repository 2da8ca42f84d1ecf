"""``gin admin fair-play``: the operator's fair-play report, its analysis run (``--analyse``) and
a finished game's record to see face up (``--record GAME``). What the figures mean is in
docs/operating.md, "Fair play"; nothing here is shown to players or acted on by itself."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from ginrummy.i18n import Messages
    from ginrummy.server.audit.fair_play_report import Standing, Test
    from ginrummy.server.storage.fair_play_store import PendingGame
    from ginrummy.server.storage.traces import SharedPair

OPTIONS = ("analyse", "samples", "games", "band", "min_decisions", "z", "all", "record")
"""The options that go with ``fair-play`` only."""
LEAST = {"samples": 1, "games": 1, "band": 1, "min_decisions": 1, "z": 0.0}
"""The least value of each numeric option."""


def configure_fair_play(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--analyse", action="store_true",
                        help="with fair-play: first analyse every finished rated game not "
                        "analysed yet (each game once; a long run, with a progress bar)")
    parser.add_argument("--samples", type=int, default=None, metavar="N",
                        help="with fair-play --analyse: level 5's sampled worlds per decision "
                        "(default: 100)")
    parser.add_argument("--games", type=int, default=None, metavar="N",
                        help="with fair-play: each account's last rated games the rates are "
                        "taken over (default: 20)")
    parser.add_argument("--band", type=int, default=None, metavar="POINTS",
                        help="with fair-play: the width of a rating band (default: 200)")
    parser.add_argument("--min-decisions", type=int, default=None, metavar="N",
                        help="with fair-play: the hard decisions an account needs before it "
                        "is listed (default: 50)")
    parser.add_argument("--z", type=float, default=None, metavar="Z",
                        help="with fair-play: the z from which an account is listed "
                        "(default: 3)")
    parser.add_argument("--all", action="store_true",
                        help="with fair-play: list every account, not only those that stand out")
    parser.add_argument("--record", default=None, metavar="GAME",
                        help="with fair-play: print this finished game's record (JSON, both "
                        "hands face up in gin replay) and nothing else")


def _given(args: argparse.Namespace, option: str) -> bool:
    value = getattr(args, option, None)
    return value is not None and value is not False


def _flag(option: str) -> str:
    return "--" + option.replace("_", "-")


def fair_play_misused(args: argparse.Namespace, m: Messages) -> str | None:
    """What is wrong with the fair-play options: one given without ``fair-play``, or a value
    below its least; None when nothing is."""
    fair_play = getattr(args, "tool", None) == "fair-play"
    for option in OPTIONS:
        if not _given(args, option):
            continue
        if not fair_play:
            return m("admin.fair_play_only", option=_flag(option))
        value = getattr(args, option)
        if option in LEAST and not value >= LEAST[option]:
            return m("admin.fair_play_too_small", option=_flag(option),
                     least=LEAST[option], value=value)
    return None


def run_fair_play(engine: Engine, args: argparse.Namespace, m: Messages, out: TextIO) -> int:
    from ginrummy.server.audit import fair_play_report as report
    from ginrummy.server.audit.fair_play import LEVEL5_SAMPLES, analyse_pending
    from ginrummy.server.storage import fair_play_store, records
    from ginrummy.server.storage.db import file_guard
    from ginrummy.server.storage.traces import TraceStore

    if args.record is not None:
        link = records.links_of(engine, [args.record]).get(args.record)
        if link is None:
            print(m("admin.no_such_game", game=args.record), file=out)
            return 1
        print(json.dumps(json.loads(link.record)["record"], indent=1), file=out)
        return 0
    if args.analyse:
        done = analyse_pending(engine, args.samples or LEVEL5_SAMPLES, progress=_progress_bar)
        print(m.plural("admin.fair_play_analysed", done.analysed, count=done.analysed),
              file=out)
        if done.problems:
            print(m.plural("admin.fair_play_problems", done.problems, count=done.problems),
                  file=out)
    waiting = len(fair_play_store.pending_games(engine))
    if waiting:
        print(m.plural("admin.fair_play_pending", waiting, count=waiting), file=out)
    games = args.games or report.GAMES
    least = args.min_decisions or report.MIN_DECISIONS
    threshold = report.THRESHOLD if args.z is None else args.z
    found = report.standings(fair_play_store.analysed(engine), games, args.band or report.BAND,
                             least, threshold)
    shown = found if args.all else [s for s in found if s.stands_out]
    limits = {"games": games, "z": m.number(threshold), "decisions": least}
    print(m("admin.fair_play_all" if args.all else "admin.fair_play_heading", **limits),
          file=out)
    names = fair_play_store.seat_names(engine, sorted({g.game_id for s in shown
                                                       for g in s.games}))
    for standing in shown:
        _print_standing(m, standing, names, out)
    outstanding = sum(s.stands_out for s in found)
    print(m.plural("admin.fair_play_count", outstanding, count=outstanding, total=len(found)),
          file=out)
    pairs = [pair for pair in TraceStore(engine, file_guard(engine)).pairs()
             if any(rated for _, rated in pair.games)]
    print(m("admin.fair_play_shared"), file=out)
    _print_rated_pairs(m, pairs, out)
    return 0


def _progress_bar(games: list[PendingGame]) -> Iterable[PendingGame]:
    from tqdm import tqdm

    return tqdm(games, unit="game", file=sys.stderr, disable=None)


def _percent(m: Messages, share: float) -> str:
    return f"{m.number(100 * share, 0)}%"


def _p_value(m: Messages, p: float) -> str:
    return f"< {m.number(0.0001, 4)}" if p < 0.0001 else m.number(p, 4)


def _z(m: Messages, z: float) -> str:
    if math.isinf(z):
        return "∞" if z > 0 else "-∞"
    return m.number(z)


def _print_standing(m: Messages, standing: Standing, names: dict[str, dict[int, str]],
                    out: TextIO) -> None:
    band = m("admin.fair_play_band_all") if standing.band is None else m(
        "admin.fair_play_band", low=standing.band[0], high=standing.band[1])
    rating = m("admin.fair_play_no_rating") if standing.rating is None \
        else m.number(standing.rating, 0)
    print(m("admin.fair_play_account", mark="* " if standing.stands_out else "  ",
            name=standing.username, rating=rating, band=band, games=len(standing.games),
            decisions=standing.decisions, hard=standing.hard_decisions), file=out)
    for test in standing.tests:
        _print_test(m, test, out)
    print(m("admin.fair_play_look"), file=out)
    for game in standing.games_to_look_at():
        seats = names.get(game.game_id, {})
        others = m.join(name for seat, name in sorted(seats.items()) if seat != game.seat)
        print(m("admin.fair_play_game", game=game.game_id, at=f"{game.finished_at:%Y-%m-%d}",
                opponents=others or "-", decisions=game.decisions, hard=game.hard_decisions,
                expert=_percent(m, game.hard_expert_matches / game.hard_decisions),
                level5=_percent(m, game.hard_level5_matches / game.hard_decisions)), file=out)


def _print_test(m: Messages, test: Test, out: TextIO) -> None:
    print(m("admin.fair_play_test", agent=m(f"admin.fair_play_agent_{test.agent}"),
            rate=_percent(m, test.own.share), matches=test.own.matches,
            decisions=test.own.decisions, band_rate=_percent(m, test.band.share),
            overall=_percent(m, test.overall.share), z=_z(m, test.z), p=_p_value(m, test.p)),
          file=out)


def _print_rated_pairs(m: Messages, pairs: list[SharedPair], out: TextIO) -> None:
    for pair in pairs:
        games = ", ".join(game_id for game_id, rated in pair.games if rated)
        print(m("admin.shared_line", first=pair.first, second=pair.second,
                kind=m(f"admin.shared_{pair.kind}"), trace=pair.trace,
                at=f"{pair.last_at:%Y-%m-%d %H:%M}", games=games), file=out)
    print(m.plural("admin.shared_count", len(pairs), count=len(pairs)), file=out)
