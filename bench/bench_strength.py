"""Strength of two agents over duplicate games: a small harness for tuning the expert.

Every deal is played twice with the seats swapped (duplicate), whole games to
the preset's target; the first agent's share of games won comes with a 95%
Wilson interval. ``gin sim`` is the project's tournament runner; this script
stays small so that tuning runs need nothing else.

    python -m bench.bench_strength expert simple --games 1000 --jobs 2
    python -m bench.bench_strength "expert:danger_weight=4" expert --games 400

An agent is a registry name (``ginrummy.agents.registry``) or ``simple-standin``
(the EAAI baseline written here, for when the registry lacks ``simple``),
optionally followed by ``:name=value,...`` parameters passed to its factory.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.agents.base import Agent, PlainAgent
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, DRAW_STOCK, KNOCK_BASE, PASS, Action
from ginrummy.core.cards import cards_of
from ginrummy.core.cut import cut_for_deal
from ginrummy.core.game import Game, prefers_to_deal
from ginrummy.core.hand import Phase, shuffled_deck
from ginrummy.core.melds import best_arrangement, min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of


class SimpleStandIn(PlainAgent):
    """The EAAI-2021 baseline as the brief of issue 3 states it (for tuning only)."""

    name = "simple-standin"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Action:
        legal = view.legal
        phase = view.phase
        if phase in (Phase.DRAW, Phase.FIRST_UPCARD):
            card = view.pile[-1]
            arrangement = best_arrangement(view.hand | 1 << card)
            if DRAW_DISCARD in legal and any(m >> card & 1 for m in arrangement.melds):
                return DRAW_DISCARD
            return PASS if PASS in legal else DRAW_STOCK
        if BIG_GIN in legal:
            return BIG_GIN
        hand = view.hand
        options = [c for c in cards_of(hand) if c != view.taken or view.wall_take]
        values = {c: min_deadwood(hand & ~(1 << c)) for c in options}
        least = min(values.values())
        best = [c for c in options if values[c] == least]
        card = best[self.rng.randrange(len(best))]
        if actions.knock(card) in legal:
            return actions.knock(card)
        if actions.discard(card) in legal:
            return actions.discard(card)
        return next(a for a in legal if a >= KNOCK_BASE)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, re.split(r",(?![^\[]*\])", rest)):
        key, _, text = item.partition("=")
        value: Any
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = text
        params[key] = value
    return name, params


def make(spec: str, seed: int) -> Agent:
    name, params = parse_spec(spec)
    if name == "simple-standin":
        return SimpleStandIn(seed)
    if name == "playout":
        from ginrummy.agents.playout import PlayoutAgent, PlayoutPolicy

        return PlayoutAgent(seed, PlayoutPolicy(**params))
    from ginrummy.agents.registry import make_agent

    return make_agent(name, seed=seed, **params)


@dataclass
class GameStats:
    winner_slot: int | None
    """0 if the first agent won, 1 the second, None for no winner."""
    hands: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    outcomes: dict[str, int] = field(default_factory=dict)
    knocks_by: list[int] = field(default_factory=lambda: [0, 0])
    times: list[list[float]] = field(default_factory=lambda: [[], []])


def play_game(specs: Sequence[str], rules: Rules, game_seed: int, swap: bool,
              record_times: bool = True) -> GameStats:
    """One game to the target; the deal order comes from ``game_seed`` only."""
    slots = (1, 0) if swap else (0, 1)  # slots[seat] = which agent sits at that seat
    agents = [make(specs[slots[seat]], game_seed * 2 + slots[seat]) for seat in (0, 1)]
    game = Game.start(rules, cut_for_deal(random.Random(f"cut-{game_seed}")))
    if game.chooser is not None:  # R4, high_cut_chooses
        game = game.choose_to_deal(game.chooser, prefers_to_deal(rules))
    stats = GameStats(None)
    hand_number = 0
    while not game.is_over:
        game = game.deal(shuffled_deck(random.Random(f"deck-{game_seed}-{hand_number}")))
        hand_number += 1
        while game.hand is not None:
            hand = game.hand
            seat = hand.turn
            view = view_of(hand, seat)
            start = time.perf_counter()
            action = agents[seat].choose(view)
            elapsed = time.perf_counter() - start
            if record_times and len(view.legal) > 1:
                stats.times[slots[seat]].append(elapsed)
            if action not in view.legal:
                raise RuntimeError(f"{specs[slots[seat]]} played illegal {action} in {hand!r}")
            game = game.apply_unchecked(action)
        result = game.finished[-1].result
        assert result is not None
        stats.outcomes[result.outcome] = stats.outcomes.get(result.outcome, 0) + 1
        if not result.is_void:
            stats.hands += 1
            if result.winner is not None:
                stats.points[slots[result.winner]] += result.points
            if result.knocker is not None:
                stats.knocks_by[slots[result.knocker]] += 1
    if game.winner is not None:
        stats.winner_slot = slots[game.winner]
    return stats


def _job(args: tuple[Sequence[str], str, int, bool]) -> GameStats:
    specs, preset, game_seed, swap = args
    return play_game(specs, Rules.preset(preset), game_seed, swap)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(specs: Sequence[str], games: int, preset: str, seed: int, jobs: int,
        progress: bool = True) -> dict[str, Any]:
    pairs = (games + 1) // 2
    tasks = [(tuple(specs), preset, seed * 1_000_003 + i, swap)
             for i in range(pairs) for swap in (False, True)]
    start = time.perf_counter()
    results: list[GameStats] = []
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for index, stats in enumerate(pool.imap(_job, tasks, chunksize=4)):
                results.append(stats)
                if progress and (index + 1) % 50 == 0:
                    _progress(results, index + 1, len(tasks), start)
    else:
        for index, task in enumerate(tasks):
            results.append(_job(task))
            if progress and (index + 1) % 50 == 0:
                _progress(results, index + 1, len(tasks), start)
    return summarise(specs, results, time.perf_counter() - start)


def _progress(results: list[GameStats], done: int, total: int, start: float) -> None:
    wins = sum(1 for r in results if r.winner_slot == 0)
    rate = done / (time.perf_counter() - start)
    print(f"  {done}/{total} games, first agent {wins / done:.3f}, {rate:.1f} games/s",
          file=sys.stderr, flush=True)


def summarise(specs: Sequence[str], results: list[GameStats], seconds: float) -> dict[str, Any]:
    n = len(results)
    wins = [sum(1 for r in results if r.winner_slot == slot) for slot in (0, 1)]
    hands = sum(r.hands for r in results)
    outcomes: dict[str, int] = {}
    for r in results:
        for key, value in r.outcomes.items():
            outcomes[key] = outcomes.get(key, 0) + value
    low, high = wilson(wins[0], n)
    times = [[t for r in results for t in r.times[slot]] for slot in (0, 1)]
    return {
        "agents": list(specs),
        "games": n,
        "wins": wins,
        "win_rate": wins[0] / n if n else 0.0,
        "ci95": [low, high],
        "hands": hands,
        "points_per_hand": [sum(r.points[s] for r in results) / max(hands, 1) for s in (0, 1)],
        "knocks": [sum(r.knocks_by[s] for r in results) for s in (0, 1)],
        "outcomes": outcomes,
        "decision_ms": [
            {
                "mean": 1000 * sum(t) / len(t) if t else 0.0,
                "p50": 1000 * percentile(t, 0.5),
                "p99": 1000 * percentile(t, 0.99),
                "max": 1000 * max(t) if t else 0.0,
                "decisions": len(t),
            }
            for t in times
        ],
        "seconds": seconds,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    summary = run((args.first, args.second), args.games, args.rules, args.seed, args.jobs,
                  progress=not args.json)
    if args.json:
        print(json.dumps(summary))
        return 0
    low, high = summary["ci95"]
    print(f"{args.first} vs {args.second}, {args.rules}, {summary['games']} duplicate games "
          f"(seed {args.seed}):")
    print(f"  games won: {summary['wins'][0]} - {summary['wins'][1]}  "
          f"first {summary['win_rate']:.3f}  95% CI [{low:.3f}, {high:.3f}]")
    pph = summary["points_per_hand"]
    print(f"  points/hand: {pph[0]:.2f} vs {pph[1]:.2f} over {summary['hands']} hands; "
          f"knocks {summary['knocks']}; outcomes {summary['outcomes']}")
    for spec, times in zip((args.first, args.second), summary["decision_ms"], strict=True):
        print(f"  {spec}: decision ms mean {times['mean']:.3f} p50 {times['p50']:.3f} "
              f"p99 {times['p99']:.3f} max {times['max']:.1f} ({times['decisions']} decisions)")
    print(f"  {summary['seconds']:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
