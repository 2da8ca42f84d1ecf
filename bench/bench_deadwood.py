"""Minimum-deadwood speed: ginrummy against OpenSpiel (C++) and RLCard (Python).

Run from the repository root:  python -m bench.bench_deadwood [--write]

Every round draws fresh random hands (no hand is used twice) with a fixed seed;
each engine is timed on the same hands with time.perf_counter, and the median
over rounds is reported. ``ginrummy.deadwood`` is timed on what the public API
gives a user, the CardSet of ``parse_cards("7H 8H ...")``, and on plain int
masks; ``ginrummy.deadwood_many`` takes a NumPy uint64 array of masks. Every
engine's hands are converted before timing, so each row times the calls only.
An engine that is not installed (or not written yet) is skipped.

Correctness: ours must equal OpenSpiel on every 10-card hand. On 11-card hands
OpenSpiel's MinDeadwood melds first and then drops the highest deadwood card,
which overstates some meld-dense hands, so those disagreements are counted
apart. Random hands are meld-poor, so the check also runs on meld-dense hands
(11 cards from 20: five consecutive ranks in all suits).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.peers import mask, openspiel_deadwood, rlcard_deadwood
from bench.report import add_sample_flags, add_write_flag, publish_sampled

Prepare = Callable[[Sequence[Sequence[int]]], Callable[[], Any]]


def _loop(prepare: Callable[..., tuple[list[Any], Callable[[Any], int]]]) -> Prepare:
    """Wrap a per-hand peer adapter: convert first, then time one call per hand."""

    def setup(hands: Sequence[Sequence[int]]) -> Callable[[], Any]:
        items, fn = prepare(hands)
        return lambda: [fn(x) for x in items]

    return setup


def engines() -> tuple[dict[str, Prepare], list[str]]:
    """The engines that can run here, by display name, and notes on those skipped."""
    found: dict[str, Prepare] = {}
    notes: list[str] = []
    try:
        from ginrummy import deadwood, parse_cards
        from ginrummy.core.cards import format_cards

        found["ginrummy.deadwood(parse_cards(...))"] = _loop(
            lambda hs: ([parse_cards(format_cards(h)) for h in hs], deadwood)
        )
        found["ginrummy.deadwood, plain int masks"] = _loop(
            lambda hs: ([mask(h) for h in hs], deadwood)
        )
    except Exception as e:  # not written yet, or broken mid-edit
        notes.append(f"ginrummy.deadwood skipped: {type(e).__name__}: {e}")
    try:
        import numpy as np

        from ginrummy import deadwood_many

        def batch(hands: Sequence[Sequence[int]]) -> Callable[[], Any]:
            masks = np.array([mask(h) for h in hands], dtype=np.uint64)
            return lambda: deadwood_many(masks)

        found["ginrummy.deadwood_many (same hands)"] = batch
    except Exception as e:
        notes.append(f"ginrummy.deadwood_many skipped: {type(e).__name__}: {e}")
    for name, module, prepare in (
        ("OpenSpiel MinDeadwood", "pyspiel", openspiel_deadwood),
        ("RLCard melding", "rlcard", rlcard_deadwood),
    ):
        try:
            __import__(module)
            found[name] = _loop(prepare)
        except ImportError as e:
            notes.append(f"{name} skipped: {e}")
    return found, notes


def fresh_hands(rng: random.Random, n: int, size: int, seen: set[int]) -> list[list[int]]:
    """``n`` random hands of ``size`` cards never drawn before (tracked in ``seen``)."""
    hands: list[list[int]] = []
    while len(hands) < n:
        hand = rng.sample(range(52), size)
        m = mask(hand)
        if m not in seen:
            seen.add(m)
            hands.append(hand)
    return hands


def dense_hands(rng: random.Random, n: int, size: int) -> list[list[int]]:
    """Meld-dense hands: ``size`` cards out of five consecutive ranks in all suits."""
    hands = []
    for _ in range(n):
        low = rng.randrange(9)
        pool = [s * 13 + r for s in range(4) for r in range(low, low + 5)]
        hands.append(rng.sample(pool, size))
    return hands


def random_mask_array(seed: int, n: int, size: int) -> Any:
    """``n`` random ``size``-card hands as a NumPy uint64 array, drawn with NumPy's generator."""
    import numpy as np

    keys = np.random.default_rng(seed).random((n, 52))
    cards = np.argpartition(keys, size, axis=1)[:, :size].astype(np.uint64)
    return np.bitwise_or.reduce(np.uint64(1) << cards, axis=1)


def time_large_batches(batch: int, rounds: int, size: int, seed: int) -> float | None:
    """Median seconds per hand of ``deadwood_many`` over arrays of ``batch`` fresh hands."""
    try:
        from ginrummy import deadwood_many
    except ImportError:
        return None
    deadwood_many(random_mask_array(seed - 1, 1000, size))  # warm-up: first-call costs
    times = []
    for round_number in range(rounds):
        masks = random_mask_array(seed + 1000 * size + round_number, batch, size)
        t0 = time.perf_counter()
        deadwood_many(masks)
        times.append((time.perf_counter() - t0) / batch)
    return statistics.median(times)


def run(
    hands_per_round: int, rounds: int, seed: int, batch: int = 200_000
) -> tuple[list[str], list[str]]:
    """Time every engine; return (report lines in Markdown, notes)."""
    found, notes = engines()
    rng = random.Random(seed)
    seen: set[int] = set()
    ref = "OpenSpiel MinDeadwood" if "OpenSpiel MinDeadwood" in found else None
    lines: list[str] = []
    for size in (10, 11):
        per_hand: dict[str, list[float]] = {name: [] for name in found}
        differ: dict[str, list[int]] = {name: [0, 0] for name in found}
        for _ in range(rounds):
            hands = fresh_hands(rng, hands_per_round, size, seen)
            values: dict[str, list[int]] = {}
            for name, setup in found.items():
                call = setup(hands)
                t0 = time.perf_counter()
                out = call()
                per_hand[name].append((time.perf_counter() - t0) / len(hands))
                values[name] = [int(v) for v in out]
            if ref:
                for name in found:
                    d, h = _compare(values[name], values[ref])
                    differ[name][0] += d
                    differ[name][1] += h
        lines += _table(size, hands_per_round, rounds, per_hand, ref)
        large = time_large_batches(batch, rounds, size, seed) if batch else None
        if large is not None:
            ratio = f"{statistics.median(per_hand[ref]) / large:.2f}x" if ref else "n/a"
            lines.insert(
                len(lines) - 1,
                f"| ginrummy.deadwood_many, arrays of {batch:,} fresh hands | "
                f"{large * 1e6:.3f} | {1e-6 / large:.3f} | {ratio} |",
            )
        if ref:
            what = "mismatches" if size == 10 else "disagreements"
            dense = dense_hands(rng, hands_per_round, size)
            expected = found[ref](dense)()
            for name in found:
                if name == ref:
                    continue
                d, h = _compare(found[name](dense)(), expected)
                lines.append(
                    f"- {name} vs OpenSpiel, {size}-card hands: {differ[name][0]} {what} on "
                    f"random hands ({differ[name][1]} with OpenSpiel higher), {d} on meld-dense "
                    f"hands ({h} with OpenSpiel higher)"
                )
        lines.append("")
    return lines, notes


def _compare(got: Sequence[int], expected: Sequence[int]) -> tuple[int, int]:
    """(number of differing values, how many of those have ``expected`` higher)."""
    pairs = [(int(a), int(b)) for a, b in zip(got, expected, strict=True) if int(a) != int(b)]
    return len(pairs), sum(b > a for a, b in pairs)


def _table(
    size: int, n: int, rounds: int, per_hand: dict[str, list[float]], ref: str | None
) -> list[str]:
    med = {name: statistics.median(ts) for name, ts in per_hand.items()}
    lines = [
        f"{size}-card hands ({rounds} rounds x {n} fresh hands, median):",
        "",
        "| engine | µs/hand | M hands/s | vs OpenSpiel |",
        "|---|---:|---:|---:|",
    ]
    for name, t in med.items():
        ratio = f"{med[ref] / t:.2f}x" if ref else "n/a"
        lines.append(f"| {name} | {t * 1e6:.2f} | {1e-6 / t:.3f} | {ratio} |")
    lines.append("")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_sample_flags(parser, hands=2000, hands_help="fresh hands per round", rounds=7,
                     seed=20240601)
    parser.add_argument("--batch", type=int, default=200_000,
                        help="hands per deadwood_many call in the large-batch row (0: skip)")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    lines, notes = run(args.hands, args.rounds, args.seed, args.batch)
    publish_sampled("bench_deadwood", args, lines, notes, f" --batch {args.batch}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
