"""Random-policy full hands per second: ginrummy against OpenSpiel and RLCard.

Run from the repository root:  python -m bench.bench_hands [--write]

Each engine plays whole hands from the deal to the end with the same policy:
a uniformly random choice among the legal actions at every decision, chance
nodes (OpenSpiel's stock draws) sampled uniformly. Our engine is timed with
the ``openspiel`` preset (the rules closest to OpenSpiel's) and with
``standard``; every hand is dealt from a fresh shuffle. Medians over rounds,
``time.perf_counter``, ratios against OpenSpiel.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Sequence

from bench import report
from bench.peers import openspiel_random_hands

PlayHands = Callable[[int, random.Random], int]
"""Plays n hands with the rng; returns the number of decisions made."""


def ginrummy_hands(preset: str) -> PlayHands:
    from ginrummy.core.hand import new_hand
    from ginrummy.core.rules import Rules

    rules = Rules.preset(preset)

    def play(n: int, rng: random.Random) -> int:
        decisions = 0
        choice = rng.choice
        for i in range(n):
            state = new_hand(rules, i & 1, rng)
            while not state.is_over:
                state = state.apply_unchecked(choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def openspiel_hands() -> PlayHands:
    return openspiel_random_hands()


def rlcard_hands() -> PlayHands:
    import numpy as np
    from rlcard.games.gin_rummy.game import GinRummyGame

    def play(n: int, rng: random.Random) -> int:
        decisions = 0
        for _ in range(n):
            game = GinRummyGame()
            game.np_random = np.random.RandomState(rng.getrandbits(32))
            game.init_game()
            while not game.is_over():
                game.step(rng.choice(game.judge.get_legal_actions()))
                decisions += 1
        return decisions

    return play


def engines() -> tuple[dict[str, PlayHands], list[str]]:
    return report.available([
        ("ginrummy (openspiel preset)", lambda: ginrummy_hands("openspiel")),
        ("ginrummy (standard preset)", lambda: ginrummy_hands("standard")),
        ("OpenSpiel gin_rummy", openspiel_hands),
        ("RLCard GinRummyGame", rlcard_hands),
    ])


def run(hands: int, rounds: int, seed: int) -> tuple[list[str], list[str]]:
    found, notes = engines()
    timed = report.timed_rounds(found, hands, rounds, seed)
    per_hand = {name: [seconds / hands for seconds, _ in runs] for name, runs in timed.items()}
    per_decision = {name: [count / hands for _, count in runs] for name, runs in timed.items()}
    ref = "OpenSpiel gin_rummy" if "OpenSpiel gin_rummy" in found else None
    lines = [
        f"Random-policy full hands ({rounds} rounds x {hands} hands, median):",
        "",
        "| engine | hands/s | decisions/hand | vs OpenSpiel |",
        "|---|---:|---:|---:|",
    ]
    medians = {name: statistics.median(ts) for name, ts in per_hand.items()}
    for name, t in medians.items():
        ratio = f"{medians[ref] / t:.2f}x" if ref else "n/a"
        decisions = statistics.mean(per_decision[name])
        lines.append(f"| {name} | {1 / t:,.0f} | {decisions:.1f} | {ratio} |")
    lines.append("")
    return lines, notes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    report.add_sample_flags(parser, hands=1000, hands_help="hands per round and engine", rounds=5,
                     seed=20241129)
    report.add_write_flag(parser)
    args = parser.parse_args(argv)
    lines, notes = run(args.hands, args.rounds, args.seed)
    report.publish_sampled("bench_hands", args, lines, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
