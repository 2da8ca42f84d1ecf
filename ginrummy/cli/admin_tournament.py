"""``gin admin tournament``: the operator's recurring tournaments. ``schedule`` stores one (its
rules as the lobby's form takes them, a repeat and a UTC time), ``list`` shows those running
with their next start, ``cancel ID`` stops one. The running server makes each occurrence when
its entries open (docs/operating.md, "Recurring tournaments"); nothing here needs it running.
"""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from ginrummy.i18n import Messages
    from ginrummy.server.storage.schedule_store import Schedule, ScheduleStore

STEPS = ("schedule", "list", "cancel")
OPTIONS = ("name", "repeat", "weekday", "at", "opens_before", "format", "size", "rounds",
           "table_size", "team_target", "preset", "option", "level", "no_fill", "clock",
           "organiser")
"""The options that go with ``tournament schedule`` only."""
OPENS_BEFORE = 60
"""Minutes before each start that its entries open, unless the operator says."""


def configure_tournament(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("step", nargs="?", choices=STEPS, default=None,
                        help="with tournament: schedule one that recurs, list the schedules, "
                        "or cancel one (by its number)")
    parser.add_argument("schedule_id", nargs="?", type=int, default=None, metavar="ID",
                        help="with tournament cancel: the schedule's number (as listed)")
    parser.add_argument("--name", default=None, metavar="TEXT",
                        help="with tournament schedule: the tournament's name")
    parser.add_argument("--repeat", default=None, metavar="REPEAT",
                        help="with tournament schedule: daily, or weekly (with --weekday)")
    parser.add_argument("--weekday", default=None, metavar="DAY",
                        help="with tournament schedule --repeat weekly: monday to sunday")
    parser.add_argument("--at", default=None, metavar="TIME",
                        help="with tournament schedule: the start time, HH:MM in UTC")
    parser.add_argument("--opens-before", type=int, default=None, metavar="MINUTES",
                        help="with tournament schedule: entries open this many minutes "
                        f"before each start (default: {OPENS_BEFORE})")
    parser.add_argument("--format", default=None, metavar="FORMAT",
                        help="with tournament schedule: swiss, knockout or duplicate "
                        "(default: swiss)")
    parser.add_argument("--size", type=int, default=None, metavar="N",
                        help="with tournament schedule: the most players (default: 8)")
    parser.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="with tournament schedule: the rounds of a Swiss or duplicate "
                        "(default: enough for one winner)")
    parser.add_argument("--table-size", type=int, default=None, metavar="N",
                        help="with tournament schedule: players at each table, 2, 3 or 4 "
                        "(default: 2)")
    parser.add_argument("--team-target", type=int, default=None, metavar="POINTS",
                        help="with tournament schedule --table-size 4: the pairs' target")
    parser.add_argument("--preset", default=None, metavar="NAME",
                        help="with tournament schedule: the rules' preset (default: standard)")
    parser.add_argument("--option", action="append", default=None, metavar="NAME=VALUE",
                        help="with tournament schedule: change one of the preset's rules "
                        "options (--option target=250; again for another)")
    parser.add_argument("--level", type=int, default=None, metavar="N",
                        help="with tournament schedule: the computers' level, 1 to 5 "
                        "(default: 3)")
    parser.add_argument("--no-fill", action="store_true",
                        help="with tournament schedule: do not fill the empty places with "
                        "computers")
    parser.add_argument("--clock", default=None, metavar="CLOCK",
                        help="with tournament schedule: the games' clock, move:SECONDS (a time "
                        "per move) or bank:SECONDS+INCREMENT (default: none)")
    parser.add_argument("--organiser", default=None, metavar="TEXT",
                        help="with tournament schedule: the organiser its page names")


def _flag(option: str) -> str:
    return "--" + option.replace("_", "-")


def tournament_misused(args: argparse.Namespace, m: Messages) -> str | None:
    """What is wrong with the words and options of ``tournament``: a step without it, it
    without a step, or an option of ``schedule`` elsewhere; None when nothing is."""
    tournament = getattr(args, "tool", None) == "tournament"
    step, schedule_id = getattr(args, "step", None), getattr(args, "schedule_id", None)
    if step is not None and not tournament:
        return m("admin.tournament_only", step=step)
    if tournament and step is None:
        return m("admin.tournament_step")
    if schedule_id is not None and step != "cancel":
        return m("admin.schedule_id_only")
    if step == "cancel" and schedule_id is None:
        return m("admin.schedule_id_needed")
    for option in OPTIONS:
        value = getattr(args, option, None)
        if value is not None and value is not False and step != "schedule":
            return m("admin.schedule_only", option=_flag(option))
    return None


def clock_of(text: str) -> dict[str, Any] | None:
    """``move:30`` or ``bank:180+5`` as ``POST /api/tournaments`` takes a clock; None if the
    text is neither."""
    kind, _, amount = text.partition(":")
    seconds, _, increment = amount.partition("+")
    try:
        if kind == "move" and not increment:
            return {"kind": "move", "seconds": float(seconds)}
        if kind == "bank":
            return {"kind": "bank", "seconds": float(seconds),
                    "increment": float(increment or 0)}
    except ValueError:
        return None
    return None


def options_of(given: list[str]) -> dict[str, Any] | None:
    """``NAME=VALUE`` pairs as rules options (a value read as JSON: ``250``, ``true``; else
    as text); None if one has no ``=``."""
    options: dict[str, Any] = {}
    for pair in given:
        name, equals, value = pair.partition("=")
        if not equals or not name:
            return None
        try:
            options[name] = json.loads(value)
        except ValueError:
            options[name] = value
    return options


def settings_of(args: argparse.Namespace) -> dict[str, Any]:
    """The tournament's rules as ``POST /api/tournaments`` takes them (its clock and options
    read already)."""
    settings: dict[str, Any] = {"format": args.format or "swiss",
                                "size": 8 if args.size is None else args.size,
                                "table_size": 2 if args.table_size is None else args.table_size,
                                "preset": args.preset or "standard",
                                "level": 3 if args.level is None else args.level,
                                "fill": not args.no_fill}
    if args.rounds is not None:
        settings["rounds"] = args.rounds
    if args.team_target is not None:
        settings["team_target"] = args.team_target
    if settings["table_size"] == 3:
        settings["options"] = {"dealer_rule": "loser"}  # R33, as the lobby's form sends it
    return settings


def run_tournament(engine: Engine, args: argparse.Namespace, m: Messages, out: TextIO) -> int:
    from ginrummy.server.storage.schedule_store import ScheduleStore

    store = ScheduleStore(engine)
    moment = datetime.now(UTC)
    if args.step == "list":
        schedules = store.schedules()
        for schedule in schedules:
            _print_schedule(m, "admin.schedule_line", schedule, moment, out)
        print(m.plural("admin.schedule_count", len(schedules), count=len(schedules)),
              file=out)
        return 0
    if args.step == "cancel":
        if not store.cancel(args.schedule_id, moment):
            print(m("admin.no_such_schedule", id=args.schedule_id), file=out)
            return 1
        print(m("admin.schedule_cancelled", id=args.schedule_id), file=out)
        return 0
    return _schedule(store, args, m, moment, out)


def _schedule(store: ScheduleStore, args: argparse.Namespace, m: Messages, moment: datetime,
              out: TextIO) -> int:
    from ginrummy.core.errors import CodedError
    from ginrummy.i18n.errors import error_text
    from ginrummy.livetable.clocks import ClockRefused
    from ginrummy.server.live.names import NameRefused, clean_text
    from ginrummy.server.live.tournament_schedule import checked
    from ginrummy.tournament.recurrence import Recurrence

    texts = {}
    for option in ("name", "organiser"):
        raw = getattr(args, option)
        if raw is None and option == "organiser":
            continue
        try:
            texts[option] = clean_text(raw if raw is not None else "", option, 64)
        except NameRefused:
            print(m("admin.schedule_bad_text", option=_flag(option), value=raw or ""),
                  file=out)
            return 2
    settings = settings_of(args)
    if args.option:
        options = options_of(args.option)
        if options is None:
            print(m("admin.schedule_bad_option", value=" ".join(args.option)), file=out)
            return 2
        settings["options"] = {**settings.get("options", {}), **options}
    if args.clock is not None:
        settings["clock"] = clock_of(args.clock)
        if settings["clock"] is None:
            print(m("admin.schedule_bad_clock", value=args.clock), file=out)
            return 2
    if "organiser" in texts:
        settings["organiser"] = texts["organiser"]
    try:
        recurrence = Recurrence.parse(args.repeat or "", args.weekday, args.at or "",
                                      OPENS_BEFORE if args.opens_before is None
                                      else args.opens_before)
        checked(settings)
    except ClockRefused:
        print(m("admin.schedule_bad_clock", value=args.clock), file=out)
        return 2
    except CodedError as refused:
        print(m("admin.schedule_refused", problem=error_text(refused, m)), file=out)
        return 2
    schedule_id = store.add(texts["name"], settings, recurrence, moment)
    schedule = next(s for s in store.schedules() if s.id == schedule_id)
    _print_schedule(m, "admin.scheduled", schedule, moment, out)
    return 0


def _print_schedule(m: Messages, key: str, schedule: Schedule, moment: datetime,
                    out: TextIO) -> None:
    recurrence = schedule.recurrence
    weekday = recurrence.weekday
    when = (m("admin.schedule_daily", at=recurrence.at) if weekday is None else
            m("admin.schedule_weekly", weekday=m(f"admin.weekday_{weekday}"), at=recurrence.at))
    start = recurrence.next_start(moment)
    opens = start - timedelta(minutes=recurrence.opens_before)
    settings = schedule.settings
    print(m(key, id=schedule.id, name=schedule.name, when=when,
            format=m(f"admin.schedule_format_{settings.get('format', 'swiss')}"),
            size=settings.get("size", 8), start=f"{start:%Y-%m-%d %H:%M}",
            opens=f"{opens:%Y-%m-%d %H:%M}"), file=out)
