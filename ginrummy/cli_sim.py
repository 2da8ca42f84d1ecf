"""Play a tournament between two computer players and report who is stronger.

  gin sim simple greedy                       100 games to the target, standard rules
  gin sim simple greedy --games 4000 --duplicate --jobs 2
  gin sim simple simple --hands 10000 --json  single hands, for speed; JSON on the last line
  gin sim expert:danger_weight=4 expert       an agent with parameters for its factory

Game mode plays whole games (to the rules' target), alternating seats; the
first dealer comes from each game's cut. --duplicate plays every deal twice
with the agents in swapped seats (same cut, same deck for each hand number),
which cancels much of the luck of the cards. --hands N plays N single hands
instead of games: the dealer and the seats rotate, nothing is added up to a
target, and "wins" counts hands won.

Every random draw comes from --seed: the same seed gives the same games,
whatever --jobs is. The report: games won with a 95% confidence interval
(Wilson; an undecided game counts half), hand points per hand dealt (boxes
and game bonuses excluded), per agent the share of hands it knocked in and
won by gin, big gin or undercut, the share of void hands, and the mean and
99th-percentile time per decision. --json prints the same numbers as one
JSON object on the last line of standard output.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from ginrummy.sim.match import MatchResult

HELP = "play two computer players against each other: win rates, points, speed"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("agents", nargs="*", metavar="AGENT",
                        help="two agents: a name (random, simple, greedy, ...; --list shows "
                             "them), or name:key=value,... with parameters for it")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--games", type=str, default=None,
                      help="whole games to play (default 100)")
    size.add_argument("--hands", type=str, default=None,
                      help="play this many single hands instead of games")
    parser.add_argument("--rules", default="standard", help="rules preset (default standard)")
    parser.add_argument("--seed", type=str, default="0", help="seed of every deal (default 0)")
    parser.add_argument("--jobs", type=str, default="1",
                        help="worker processes (default 1); results do not depend on it")
    parser.add_argument("--duplicate", action="store_true",
                        help="play every deal twice, the agents swapping seats")
    parser.add_argument("--json", action="store_true",
                        help="print the statistics as one JSON object (no progress bar)")
    parser.add_argument("--list", action="store_true", help="list the known agents and exit")


def _whole(name: str, text: str | None, low: int) -> int | None:
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {text!r}") from None
    if value < low:
        raise ValueError(f"{name} must be at least {low}, got {value}")
    return value


def run(args: argparse.Namespace) -> int:
    return run_sim(args, sys.stdout, sys.stderr)


def run_sim(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ginrummy.agents.registry import agent_names
    from ginrummy.rules import PRESETS
    from ginrummy.sim.match import MatchError, run_match
    from ginrummy.sim.play import AgentSpec

    if args.list:
        print("\n".join(agent_names()), file=out)
        return 0
    try:
        if len(args.agents) != 2:
            raise ValueError(f"give exactly two agents, got {len(args.agents)}; "
                             f"known agents: {', '.join(agent_names())}")
        known = agent_names()
        for text in args.agents:
            name = AgentSpec.parse(text).name
            if name not in known:
                raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(known)}")
        if args.rules not in PRESETS:
            raise ValueError(f"unknown rules preset {args.rules!r}; "
                             f"known presets: {', '.join(PRESETS)}")
        games = _whole("--games", args.games, 1)
        hands = _whole("--hands", args.hands, 1)
        jobs = _whole("--jobs", args.jobs, 1)
        seed = _whole("--seed", args.seed, -(2**63))
        assert jobs is not None and seed is not None
        total = hands if hands is not None else (games if games is not None else 100)
        unit = "hands" if hands is not None else "games"
        if args.duplicate and total % 2:
            raise ValueError(f"--duplicate plays each deal twice: {unit} must be even, got {total}")
    except ValueError as error:
        print(f"gin sim: error: {error}", file=err)
        return 2
    bar = None
    if not args.json and out.isatty():
        import importlib

        tqdm = importlib.import_module("tqdm").tqdm  # no type stubs: used through Any
        bar = tqdm(total=total, unit=unit[:-1], desc=" vs ".join(args.agents), file=err,
                   dynamic_ncols=True, leave=False)
    try:
        result = run_match(args.agents, games=games, hands=hands, rules=args.rules, seed=seed,
                           jobs=jobs, duplicate=args.duplicate,
                           progress=bar.update if bar is not None else None)
    except MatchError as error:
        print(f"gin sim: error: {error}", file=err)
        return 2
    except KeyboardInterrupt:
        print("gin sim: interrupted", file=err)
        return 130
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result.to_json()), file=out)
    else:
        out.write(render(result))
    return 0


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def render(result: MatchResult) -> str:
    """The results table for people."""
    data: dict[str, Any] = result.to_json()
    a, b = result.agents
    if a == b:
        a, b = f"{a} (1st)", f"{b} (2nd)"
    mode = "duplicate " if result.duplicate else ""
    if result.mode == "games":
        head = f"{result.games_played} {mode}games, {result.hands} hands"
    else:
        head = f"{result.hands} {mode}single hands"
    lines = [f"{a} vs {b}: {head}, rules {result.rules.name}, seed {result.seed}", ""]
    won_label = "games won" if result.mode == "games" else "hands won"
    low_high = [f"{_pct(lo)}-{_pct(hi)}" for lo, hi in result.ci95]
    rows: list[tuple[str, str, str]] = [
        (won_label, str(result.wins[0]), str(result.wins[1])),
        ("win share", _pct(result.win_share[0]), _pct(result.win_share[1])),
        ("95% interval", low_high[0], low_high[1]),
        ("points per hand", f"{result.points_per_hand[0]:.2f}", f"{result.points_per_hand[1]:.2f}"),
    ]
    if result.mode == "games":
        rows.append(("margin per game", f"{result.margin_per_game[0]:+.1f}",
                     f"{result.margin_per_game[1]:+.1f}"))
    for label, key in (("knocked", "knock_rate"), ("won by gin", "gin_rate"),
                       ("won by big gin", "big_gin_rate"), ("won by undercut", "undercut_rate")):
        if key == "big_gin_rate" and not result.rules.big_gin:
            continue
        rows.append((label, _pct(data[key][0]), _pct(data[key][1])))
    rows.append(("decision mean", f"{data['decision_ms_mean'][0]:.3f} ms",
                 f"{data['decision_ms_mean'][1]:.3f} ms"))
    rows.append(("decision p99", f"{data['decision_ms_p99'][0]:.3f} ms",
                 f"{data['decision_ms_p99'][1]:.3f} ms"))
    width = max(len(r[0]) for r in rows)
    col = max(len(a), len(b), *(len(r[1]) for r in rows), *(len(r[2]) for r in rows))
    lines.append(f"{'':<{width}}  {a:>{col}}  {b:>{col}}")
    lines += [f"{label:<{width}}  {x:>{col}}  {y:>{col}}" for label, x, y in rows]
    lines += [
        "",
        f"void hands: {_pct(result.void_rate)} (rates are per hand dealt)",
        f"{result.hands} hands in {result.seconds:.2f} s: {result.hands_per_second:,.0f} hands/s "
        f"with {result.jobs} job{'s' if result.jobs > 1 else ''}",
    ]
    return "\n".join(lines) + "\n"
