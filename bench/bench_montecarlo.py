"""How many sampled worlds per second the Monte Carlo search evaluates, on fixed positions.

Run from the repository root:  nice -n 10 python -m bench.bench_montecarlo [--write]

Takes ``--positions`` decision points where level 5 searches (draws, discards,
knocks, the wall), from expert-against-expert hands dealt from ``--seed``, and on
each runs :func:`ginrummy.agents.montecarlo.action_values` as the Monte Carlo
agent calls it (the expert's move as the baseline, ``samples`` fixed, racing on),
timing it by the process's CPU time (the least of ``--repeat`` runs, as the machine is
shared). A world is one sampled deal played out for
every candidate still in the race; play-outs counts those. The decision printed
per position is the agent's rule applied to the values (``--decisions`` lists
them), so two runs at the same samples and seed can be compared move for move.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bench.report import add_write_flag, publish, report_head
from ginrummy.agents.compiled import wait_for_kernels
from ginrummy.agents.expert_v1 import FirstExpertAgent
from ginrummy.agents.montecarlo import SearchParams, action_values, obvious_move
from ginrummy.agents.playout import DEFAULT_POLICY
from ginrummy.core import actions
from ginrummy.core.actions import Action
from ginrummy.core.hand import Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of


def is_searched(view: PlayerView) -> bool:
    """Whether the Monte Carlo agent searches this decision (rather than play at once)."""
    return (len(view.legal) > 1 and view.phase not in (Phase.KNOCKER_MELDS, Phase.DEFENDER)
            and obvious_move(view) is None)


def positions(count: int, seed: int, every: int = 3) -> list[PlayerView]:
    """``count`` searched decision points of expert-vs-expert hands: every ``every``-th one,
    and every one where a knock is legal."""
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    found: list[PlayerView] = []
    seen = 0
    while len(found) < count:
        players = [FirstExpertAgent(rng.randrange(1 << 30)) for _ in range(2)]
        state = deal_hand(rules, rng.randrange(2), shuffled_deck(rng))
        while not state.is_over and len(found) < count:
            view = view_of(state, state.turn)
            if is_searched(view):
                if seen % every == 0 or actions.knock_cards(view.legal):
                    found.append(view)
                seen += 1
            state = state.apply(players[state.turn].choose(view))
    return found


def decide(view: PlayerView, seed: int, params: SearchParams) -> tuple[Action, int, int]:
    """The agent's move at ``view`` with ``params``: (action, worlds, play-outs)."""
    baseline = FirstExpertAgent(seed).choose(view)
    values = action_values(view, seed, params, baseline=baseline)
    worlds = max(v.samples for v in values)
    playouts = sum(v.samples for v in values)
    best = values[0]
    if best.action != baseline and best.advantage > params.confidence \
            * best.advantage_stderr + params.min_gain:
        return best.action, worlds, playouts
    return baseline, worlds, playouts


def run(views: Sequence[PlayerView], samples: int, seed: int, **search: Any
        ) -> tuple[list[Action], int, int, float]:
    """Decisions, worlds, play-outs and CPU seconds over ``views`` (``search``: other
    :class:`SearchParams` than the defaults)."""
    params = SearchParams(samples=samples, **search)
    moves: list[Action] = []
    worlds = playouts = 0
    seconds = 0.0
    for number, view in enumerate(views):
        start = time.process_time()
        move, w, p = decide(view, seed + number, params)
        seconds += time.process_time() - start
        moves.append(move)
        worlds += w
        playouts += p
    return moves, worlds, playouts, seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="runs; the fastest is reported")
    parser.add_argument("--race-start", type=int, default=SearchParams().race_start)
    parser.add_argument("--race-every", type=int, default=SearchParams().race_every)
    parser.add_argument("--lookahead-cards", type=int, default=DEFAULT_POLICY.lookahead_cards,
                        help="the play-out policy's look-ahead cards")
    parser.add_argument("--decisions", action="store_true", help="list each position's move")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    command = (f"python -m bench.bench_montecarlo --positions {args.positions} "
               f"--samples {args.samples} --seed {args.seed} --repeat {args.repeat}")
    plain = SearchParams()
    defaults = (plain.race_start, plain.race_every, DEFAULT_POLICY.lookahead_cards)
    if (args.race_start, args.race_every, args.lookahead_cards) != defaults:
        command += (f" --race-start {args.race_start} --race-every {args.race_every}"
                    f" --lookahead-cards {args.lookahead_cards}")
    wait_for_kernels()  # time the compiled play-outs, not the first moves made in Python
    views = positions(args.positions, args.seed)
    search = {"race_start": args.race_start, "race_every": args.race_every,
              "policy": replace(DEFAULT_POLICY, lookahead_cards=args.lookahead_cards)}
    moves, worlds, playouts, seconds = run(views, args.samples, args.seed, **search)
    for _ in range(args.repeat - 1):  # the machine is shared: keep the least disturbed run
        again = run(views, args.samples, args.seed, **search)
        assert again[:3] == (moves, worlds, playouts)
        seconds = min(seconds, again[3])
    phases = {phase: sum(v.phase is phase for v in views) for phase in Phase}
    mix = ", ".join(f"{count} {phase.name.lower()}" for phase, count in phases.items() if count)
    body = [*report_head(command),
            f"Positions: {len(views)} ({mix}).",
            "",
            "| worlds | play-outs | CPU s | worlds/s | play-outs/s | ms per decision |",
            "|---|---|---|---|---|---|",
            f"| {worlds} | {playouts} | {seconds:.2f} | {worlds / seconds:.0f} "
            f"| {playouts / seconds:.0f} | {1000 * seconds / len(views):.1f} |",
            "",
            f"Decisions: {' '.join(str(m) for m in moves)}",
            "",
            f"Load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}."]
    if args.decisions:
        for number, (view, move) in enumerate(zip(views, moves, strict=True)):
            body.append(f"- {number}: {view.phase.name} {move}")
    publish("bench_montecarlo", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
