"""A tournament between computer players (two, three or two teams): who is stronger.

  gin sim simple greedy                       100 games to the target, standard rules
  gin sim simple greedy --games 4000 --duplicate --jobs 2
  gin sim simple simple --hands 10000 --json  single hands, for speed; JSON on the last line
  gin sim expert:danger_weight=4 expert       an agent with parameters for its factory
  gin sim simple greedy expert --tournament --games 200
                                              a round robin: each pair plays 200 games
  gin sim simple greedy --backend ray --address HEAD:6379
                                              the games as Ray tasks on a cluster

Game mode plays whole games (to the rules' target), alternating seats; the
first dealer comes from each game's cut. --duplicate plays every deal twice
with the agents in swapped seats (same cut, same deck for each hand number),
which cancels much of the luck of the cards. --hands N plays N single hands
instead of games: the dealer and the seats rotate, nothing is added up to a
target, and "wins" counts hands won.

--players 3 plays three-player games (R33) between three agents, each
taking every place in turn; --players 4 (or 6, 8, 10) plays two teams
(R34, R35), with one agent a place or two agents (one a team), the teams
changing sides every game. --duplicate deals each cut and deck again to the
other seating of the rotation: the teams swapped, or at three players each
agent in each place (games a multiple of 3). The report then gives games won
per agent or per team with a 95% interval, the settlement won or lost per
game with its 95% interval, and each player's sub-games (--team-target sets
the teams' target, 125 by default; the default rules are classic, seed 000's).

Every random draw comes from --seed: the same seed gives the same games,
whatever --jobs is. The report: games won with a 95% confidence interval
(Wilson; an undecided game counts half), hand points per hand dealt (boxes
and game bonuses excluded), per agent the share of hands it knocked in and
won by gin, big gin or undercut, the share of void hands, and the mean and
99th-percentile time per decision. --json prints the same numbers as one
JSON object on the last line of standard output.

--tournament plays a round robin between two or more agents (given as
usual, each once): every pair plays the match `gin sim A B` would play with
the same options, so every pair is dealt the same cards. The standings give
each agent's games won with a 95% interval, hand points per hand, and an
Elo-style rating (average 1500) fitted by maximum likelihood to the pairs'
results (Bradley-Terry; ginrummy.sim.elo) with a bootstrap 95% interval,
then each pair's win shares.

--backend ray runs the games as Ray tasks (pip install 'ginrummy[cluster]'):
on the cluster at --address, or on a Ray started here for the run with
--jobs CPUs (default all). The results are the same as with --jobs 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ginrummy.cli import add_language_option

if TYPE_CHECKING:
    from ginrummy.i18n import Messages
    from ginrummy.sim.result import MatchResult


def configure(parser: argparse.ArgumentParser) -> None:
    from ginrummy.sim.backends import BACKENDS

    parser.add_argument("agents", nargs="*", metavar="AGENT",
                        help="two agents (with --tournament two or more): a name (random, "
                             "simple, greedy, ...; --list shows them), or name:key=value,... "
                             "with parameters for it")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--games", type=str, default=None,
                      help="whole games to play (default 100; with --tournament, per pair)")
    size.add_argument("--hands", type=str, default=None,
                      help="play this many single hands instead of games")
    parser.add_argument("--rules", default=None,
                        help="rules preset (default standard; classic with --players 3 or more)")
    parser.add_argument("--players", type=str, default="2",
                        help="2 (default), 3 (R33), or an even number from 4: two teams (R34, "
                             "R35); then give one agent a player, or two (one a team)")
    parser.add_argument("--team-target", type=str, default=None,
                        help="teams: the target (default 125, R34)")
    parser.add_argument("--seed", type=str, default="0", help="seed of every deal (default 0)")
    parser.add_argument("--jobs", type=str, default=None,
                        help="worker processes (default 1); with --backend ray the most games "
                             "at once (default: every CPU of the cluster); results do not "
                             "depend on it")
    parser.add_argument("--duplicate", action="store_true",
                        help="play every deal twice, the agents (teams: the sides) swapping "
                             "seats; three players: three times, each agent at each place")
    parser.add_argument("--tournament", action="store_true",
                        help="a round robin: every pair of the agents plays a match (the same "
                             "deals for every pair), then standings with Elo ratings")
    parser.add_argument("--backend", default="local", metavar="|".join(BACKENDS),
                        help="where the games run: local (default; --jobs processes) or ray "
                             "(Ray tasks; pip install 'ginrummy[cluster]')")
    parser.add_argument("--address", default=None, metavar="HOST:PORT",
                        help="with --backend ray: the Ray cluster (ray start --head prints its "
                             "address; auto finds a local one); without it a Ray is started "
                             "here for the run")
    parser.add_argument("--json", action="store_true",
                        help="print the statistics as one JSON object (no progress bar)")
    add_language_option(parser, " of the errors")
    parser.add_argument("--list", action="store_true", help="list the known agents and exit")


class SimError(ValueError):
    """A bad option: ``sim.error.<code>`` in the catalogues, with its parameters."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def _whole(name: str, text: str | None, low: int) -> int | None:
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise SimError("whole", name=name, value=repr(text)) from None
    if value < low:
        raise SimError("at_least", name=name, low=low, value=value)
    return value


def run(args: argparse.Namespace) -> int:
    return run_sim(args, sys.stdout, sys.stderr)


def run_sim(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ginrummy.agents.registry import agent_names
    from ginrummy.i18n import Messages, language_from_environment

    m = Messages(getattr(args, "lang", None) or language_from_environment(os.environ))
    if args.list:
        print("\n".join(agent_names()), file=out)
        return 0
    try:
        return _checked_run(args, m, out, err)
    except SimError as error:
        print(m("sim.error", error=m(f"sim.error.{error.code}", **error.params)), file=err)
        return 2


def _checked_run(args: argparse.Namespace, m: Messages, out: TextIO, err: TextIO) -> int:
    from ginrummy.agents.registry import agent_names
    from ginrummy.core.rules import PRESETS
    from ginrummy.sim.backends import BACKENDS
    from ginrummy.sim.match import run_match
    from ginrummy.sim.play import rotation
    from ginrummy.sim.spec import AgentSpec

    tournament = getattr(args, "tournament", False)
    backend = getattr(args, "backend", "local")
    address = getattr(args, "address", None)
    players = _whole("--players", args.players, 2) or 2
    _check_seating(args, players, tournament)
    known = ", ".join(agent_names())
    if tournament and len(args.agents) < 2:
        raise SimError("tournament_agents", count=len(args.agents), known=known)
    if not tournament and players == 2 and len(args.agents) != 2:
        raise SimError("two_agents", count=len(args.agents), known=known)
    try:
        specs = [AgentSpec.parse(text) for text in args.agents]
    except ValueError as error:
        raise SimError("agent_params", error=str(error)) from None
    for spec in specs:
        if spec.name not in agent_names():
            raise SimError("unknown_agent", name=repr(spec.name), known=known)
    if tournament:
        names = [str(spec) for spec in specs]
        for name in names:
            if names.count(name) > 1:
                raise SimError("tournament_twice", name=repr(name))
    rules = args.rules or ("standard" if players == 2 else "classic")
    if rules not in PRESETS:
        raise SimError("unknown_rules", name=repr(rules), known=", ".join(PRESETS))
    games = _whole("--games", args.games, 1)
    hands = _whole("--hands", args.hands, 1)
    jobs = _whole("--jobs", args.jobs, 1)
    seed = _whole("--seed", args.seed, -(2**63))
    team_target = _whole("--team-target", args.team_target, 1)
    assert seed is not None
    total = hands if hands is not None else (games if games is not None else 100)
    unit = "hands" if hands is not None else "games"
    if args.duplicate and total % rotation(players):
        code = f"duplicate_{unit}" if rotation(players) == 2 else "duplicate_three"
        raise SimError(code, total=total)
    if backend not in BACKENDS:
        raise SimError("unknown_backend", name=repr(backend), known=", ".join(BACKENDS))
    if address is not None and backend != "ray":
        raise SimError("address_without_ray")
    if tournament:
        from ginrummy.cli.sim_round_robin import render_round_robin
        from ginrummy.sim.round_robin import run_round_robin

        pairs = len(specs) * (len(specs) - 1) // 2
        return _report(lambda progress: run_round_robin(
            specs, games=games, hands=hands, rules=rules, seed=seed,
            duplicate=args.duplicate, progress=progress, jobs=jobs, backend=backend,
            address=address),
            total * pairs, unit[:-1], f"{len(specs)} agents", args.json, render_round_robin,
            m, out, err)
    two = players == 2
    title = m("sim.versus", a=args.agents[0], b=args.agents[1]) if two else \
        m("sim.players", count=players)
    return _report(lambda progress: run_match(
        specs, players=players, games=games, hands=hands, rules=rules,
        team_target=team_target, seed=seed, duplicate=args.duplicate,
        progress=progress, jobs=jobs, backend=backend, address=address),
        total, m(f"sim.unit.{unit[:-1]}"), title, args.json,
        lambda result: (render if two else render_table)(result, m), m, out, err)


def _check_seating(args: argparse.Namespace, players: int, tournament: bool) -> None:
    """The options that only some seatings take."""
    if tournament and players != 2:
        raise SimError("tournament_players")
    if players == 2 and args.team_target is not None:
        raise SimError("team_target")
    if players != 2 and args.hands is not None:
        raise SimError("hands_at_table")


def _report(play: Any, total: int, unit: str, title: str, as_json: bool, render_text: Any,
            m: Messages, out: TextIO, err: TextIO) -> int:
    """Run ``play(progress)`` with a progress bar on a terminal; print its result as JSON or
    text; 2 on a match or backend error, 130 when interrupted."""
    from ginrummy.sim.backends import BackendError
    from ginrummy.sim.match import MatchError

    bar = None
    if not as_json and out.isatty():
        from tqdm import tqdm

        bar = tqdm(total=total, unit=unit, desc=title, file=err, dynamic_ncols=True,
                   leave=False)
    try:
        result = play(bar.update if bar is not None else None)
    except MatchError as error:
        print(m("sim.error", error=str(error)), file=err)
        return 2
    except BackendError as error:
        print(m("sim.error", error=m(f"sim.error.{error.code}", **error.params)), file=err)
        return 2
    except KeyboardInterrupt:
        print(m("sim.interrupted"), file=err)
        return 130
    finally:
        if bar is not None:
            bar.close()
    if as_json:
        print(json.dumps(result.to_json()), file=out)
    else:
        out.write(render_text(result))
    return 0


def _workers(result: MatchResult, m: Messages) -> str:
    """``2 jobs`` (``2 processi``), or ``2 Ray workers``."""
    key = "sim.workers.ray" if result.backend == "ray" else "sim.workers.jobs"
    return m.plural(key, result.jobs, count=result.jobs)


class _Numbers:
    """Numbers as the tables write them: ``57.2%``, ``+1.5``, ``0.123 ms`` in English (as
    Python formats them), ``57,2%`` and ``+1,5`` in Italian (Babel's symbols)."""

    def __init__(self, m: Messages) -> None:
        self.m = m

    def fixed(self, value: float, digits: int, sign: bool = False) -> str:
        if self.m.lang == "en":
            return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
        text = self.m.number(abs(value), digits)
        if value < 0 and text.strip("0,.") != "":
            return "-" + text
        return ("+" if sign else "") + text

    def pct(self, value: float) -> str:
        return f"{self.fixed(100 * value, 1)}%"

    def interval(self, low: float, high: float) -> str:
        return f"{self.pct(low)}-{self.pct(high)}"

    def ms(self, value: float) -> str:
        return f"{self.fixed(value, 3)} ms"

    def rate(self, value: float) -> str:
        return f"{value:,.0f}" if self.m.lang == "en" else self.m.number(value, 0)


def render(result: MatchResult, m: Messages | None = None) -> str:
    """The results table for people, in the language of ``m`` (default English)."""
    from ginrummy.i18n import Messages

    m = m or Messages("en")
    n = _Numbers(m)
    data: dict[str, Any] = result.to_json()
    a, b = result.agents
    if a == b:
        a, b = m("sim.first", name=a), m("sim.second", name=b)
    duplicate = "_duplicate" if result.duplicate else ""
    if result.mode == "games":
        head = m(f"sim.head.games{duplicate}", games=result.games_played, hands=result.hands)
    else:
        head = m(f"sim.head.hands{duplicate}", hands=result.hands)
    lines = [m("sim.title", a=a, b=b, head=head, rules=result.rules.name, seed=result.seed), ""]
    won_label = m("sim.row.games_won" if result.mode == "games" else "sim.row.hands_won")
    low_high = [n.interval(lo, hi) for lo, hi in result.ci95]
    rows: list[tuple[str, str, str]] = [
        (won_label, str(result.wins[0]), str(result.wins[1])),
        (m("sim.row.win_share"), n.pct(result.win_share[0]), n.pct(result.win_share[1])),
        (m("sim.row.interval"), low_high[0], low_high[1]),
        (m("sim.row.points_per_hand"), n.fixed(result.points_per_hand[0], 2),
         n.fixed(result.points_per_hand[1], 2)),
    ]
    if result.mode == "games":
        rows.append((m("sim.row.margin_per_game"), n.fixed(result.margin_per_game[0], 1, True),
                     n.fixed(result.margin_per_game[1], 1, True)))
    for label, key in (("knocked", "knock_rate"), ("won_by_gin", "gin_rate"),
                       ("won_by_big_gin", "big_gin_rate"), ("won_by_undercut", "undercut_rate")):
        if key == "big_gin_rate" and not result.rules.big_gin:
            continue
        rows.append((m(f"sim.row.{label}"), n.pct(data[key][0]), n.pct(data[key][1])))
    rows.append((m("sim.row.decision_mean"), n.ms(data["decision_ms_mean"][0]),
                 n.ms(data["decision_ms_mean"][1])))
    rows.append((m("sim.row.decision_p99"), n.ms(data["decision_ms_p99"][0]),
                 n.ms(data["decision_ms_p99"][1])))
    width = max(len(r[0]) for r in rows)
    col = max(len(a), len(b), *(len(r[1]) for r in rows), *(len(r[2]) for r in rows))
    lines.append(f"{'':<{width}}  {a:>{col}}  {b:>{col}}")
    lines += [f"{label:<{width}}  {x:>{col}}  {y:>{col}}" for label, x, y in rows]
    lines += [
        "",
        m("sim.void_hands", share=n.pct(result.void_rate)),
        m("sim.speed_hands", hands=result.hands, seconds=n.fixed(result.seconds, 2),
          rate=n.rate(result.hands_per_second), workers=_workers(result, m)),
    ]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- three players and teams


def _columns(rows: list[tuple[str, ...]]) -> list[str]:
    width = max(len(r[0]) for r in rows)
    col = max(len(cell) for r in rows for cell in r[1:])
    return [f"{r[0]:<{width}}  " + "  ".join(f"{cell:>{col}}" for cell in r[1:]) for r in rows]


def render_table(result: MatchResult, m: Messages | None = None) -> str:
    """The results of a match of three players or teams for people, in the language of ``m``
    (default English)."""
    from ginrummy.i18n import Messages

    m = m or Messages("en")
    n = _Numbers(m)
    data: dict[str, Any] = result.to_json()
    table = result.table_rules
    if result.kind == "three":
        kind = m("sim.kind.three")
    else:
        kind = m("sim.kind.teams", size=table.team_size)
    lines = [m("sim.table_title", games=result.games_played, kind=kind, hands=data["hands"],
               rules=table.rules.name, target=table.target, seed=result.seed), ""]
    key = "per_agent" if result.kind == "three" else "per_team"
    who = [entry["name"] for entry in data[key]]
    if result.kind == "teams":
        who = [m("sim.side", number=i, name=name) for i, name in enumerate(who)]
    rows: list[tuple[str, ...]] = [("", *who)]
    rows.append((m("sim.row.games_won"), *(str(e["games_won"]) for e in data[key])))
    rows.append((m("sim.row.win_share"), *(n.pct(e["win_share"]) for e in data[key])))
    rows.append((m("sim.row.interval"), *(n.interval(*e["ci95"]) for e in data[key])))
    rows.append((m("sim.row.game_total"), *(n.fixed(e["total_per_game"], 1)
                                            for e in data[key])))
    rows.append((m("sim.row.net_per_game"), *(n.fixed(e["net_per_game"], 1, True)
                                              for e in data[key])))
    rows.append((m("sim.row.net_interval"), *(
        m("sim.net_range", low=n.fixed(e["net_per_game_ci95"][0], 1, True),
          high=n.fixed(e["net_per_game_ci95"][1], 1, True))
        for e in data[key])))
    lines += _columns(rows)
    lines += ["", m("sim.per_player")]
    per = data["per_player"]
    rows = [("", *(f"{i}: {e['agent']}" for i, e in enumerate(per)))]
    rows.append((m("sim.row.hands_played"), *(str(e["hands_played"]) for e in per)))
    rows.append((m("sim.row.hands_won"), *(n.pct(e["hand_win_share"]) for e in per)))
    rows.append((m("sim.row.interval"), *(n.interval(*e["hand_win_ci95"]) for e in per)))
    rows.append((m("sim.row.points_per_hand"), *(n.fixed(e["points_per_hand"], 2)
                                                 for e in per)))
    rows.append((m("sim.row.knocked"), *(n.pct(e["knock_rate"]) for e in per)))
    rows.append((m("sim.row.won_by_gin"), *(n.pct(e["gin_rate"]) for e in per)))
    rows.append((m("sim.row.won_by_undercut"), *(n.pct(e["undercut_rate"]) for e in per)))
    rows.append((m("sim.row.decision_mean"), *(n.ms(e["decision_ms_mean"]) for e in per)))
    lines += _columns(rows)
    lines += [
        "",
        m("sim.undecided", count=result.undecided, share=n.pct(data["void_rate"])),
        m("sim.speed_games", games=result.games_played, seconds=n.fixed(result.seconds, 2),
          workers=_workers(result, m)),
    ]
    return "\n".join(lines) + "\n"
