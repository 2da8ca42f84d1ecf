"""Statistical tests of the shuffle, and the long run that shows they work.

Run from the repository root:  python -m bench.bench_fairness [--write]   (or: make fairness)

The suite (:func:`run_suite`), each test at 1% significance:

* positions: how often each card lands at each position of a 52-card deck, a
  chi-square over the 52x52 table. For uniformly random permutations Pearson's
  statistic is (n / (n - 1)) times a chi-square with (n - 1)^2 degrees of
  freedom (both margins are fixed and the cells are negatively correlated), so
  the statistic is scaled by (n - 1) / n before its p-value is taken;
* orderings: how often each of the 24 orderings of a 4-card deck comes up, a
  chi-square with 23 degrees of freedom;
* runs: across successive deals, is the top card low (below 26) or high? A
  Wald-Wolfowitz runs test on that sequence;
* serial: across successive deals, the lag-1 serial correlation of the position
  of the ace of clubs (card 0), against a normal with variance 1/N.

The long run repeats the suite many times on the real shuffle (the operating
system's CSPRNG and the provably fair HMAC stream): about 1% of the runs of
each test should reject. The known-bad shuffles should be rejected every time:
a naive swap shuffle (every position swapped with any position), an off-by-one
Fisher-Yates (``j`` below ``i``, Sattolo's cyclic shuffle), and a dealer that
reshuffles the previous deck with a few swaps (caught by runs and serial).

The p-values are computed here (regularized incomplete gamma and the normal
tail) so that the suite needs nothing beyond the standard library.
"""

from __future__ import annotations

import argparse
import datetime
import math
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations

from ginrummy.core.shuffle import ByteSource, SeededSource, SystemSource, randbelow, shuffle
from ginrummy.format.provably_fair import derive_deck

ALPHA = 0.01
Shuffler = Callable[[Sequence[int]], list[int]]
"""Returns its argument in a random order; may keep state between calls (a dealer)."""


# ---------------------------------------------------------------- p-values


def chi2_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X a chi-square with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError(f"a chi-square needs df >= 1, got {df}")
    return gamma_q(df / 2, statistic / 2)


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x), for a > 0."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:  # the series of P(a, x) converges fast here
        term = total = 1.0 / a
        n = a
        for _ in range(100_000):
            n += 1
            term *= x / n
            total += term
            if term < total * 1e-16:
                return max(0.0, 1.0 - total * math.exp(log_front))
        raise ArithmeticError(f"gamma series did not converge for a={a}, x={x}")
    tiny = 1e-300  # the continued fraction of Q(a, x), by Lentz's method
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            return math.exp(log_front) * h
    raise ArithmeticError(f"gamma continued fraction did not converge for a={a}, x={x}")


def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


# ---------------------------------------------------------------- the tests


@dataclass(frozen=True)
class Result:
    test: str
    statistic: float
    p_value: float
    detail: str

    @property
    def passed(self) -> bool:
        return self.p_value >= ALPHA


def deal_many(shuffler: Shuffler, deals: int, cards: int = 52) -> list[list[int]]:
    return [shuffler(range(cards)) for _ in range(deals)]


def positions_test(deals: Sequence[Sequence[int]]) -> Result:
    """Chi-square over the card-by-position table of ``deals`` (all of one size n)."""
    n = len(deals[0])
    counts = [[0] * n for _ in range(n)]
    for deck in deals:
        for position, card in enumerate(deck):
            counts[card][position] += 1
    expected = len(deals) / n
    pearson = sum((c - expected) ** 2 for row in counts for c in row) / expected
    statistic = pearson * (n - 1) / n
    df = (n - 1) ** 2
    return Result("positions", statistic, chi2_sf(statistic, df),
                  f"{n}x{n} table, {len(deals)} deals, df {df}")


def orderings_test(shuffler: Shuffler, deals: int, cards: int = 4) -> Result:
    """Chi-square over how often each ordering of a ``cards``-card deck comes up."""
    seen = Counter(tuple(shuffler(range(cards))) for _ in range(deals))
    orderings = list(permutations(range(cards)))
    expected = deals / len(orderings)
    statistic = sum((seen[o] - expected) ** 2 for o in orderings) / expected
    df = len(orderings) - 1
    missing = sum(1 for o in orderings if not seen[o])
    return Result("orderings", statistic, chi2_sf(statistic, df),
                  f"{len(orderings)} orderings, {deals} deals, df {df}, {missing} never seen")


def runs_test(deals: Sequence[Sequence[int]]) -> Result:
    """Wald-Wolfowitz runs test on "is the top card in the lower half?" across deals."""
    half = len(deals[0]) // 2
    low = [deck[0] < half for deck in deals]
    n1 = sum(low)
    n2 = len(low) - n1
    total = n1 + n2
    if n1 == 0 or n2 == 0:
        return Result("runs", math.inf, 0.0, f"every top card on one side of {half}")
    runs = 1 + sum(1 for a, b in zip(low, low[1:], strict=False) if a != b)
    mean = 2 * n1 * n2 / total + 1
    variance = 2 * n1 * n2 * (2 * n1 * n2 - total) / (total ** 2 * (total - 1))
    z = (runs - mean) / math.sqrt(variance)
    return Result("runs", z, normal_two_sided(z),
                  f"{runs} runs of low/high top cards in {total} deals, expected {mean:.1f}")


def serial_test(deals: Sequence[Sequence[int]], card: int = 0) -> Result:
    """Lag-1 serial correlation of the position of ``card`` across successive deals."""
    values = [deck.index(card) for deck in deals]
    count = len(values)
    mean = sum(values) / count
    centred = [v - mean for v in values]
    denominator = sum(v * v for v in centred)
    r = sum(a * b for a, b in zip(centred, centred[1:], strict=False)) / denominator
    z = (r + 1 / count) * math.sqrt(count)
    return Result("serial", z, normal_two_sided(z),
                  f"lag-1 correlation {r:+.4f} of card {card}'s position over {count} deals")


def run_suite(shuffler: Shuffler, deals: int, small_deals: int) -> list[Result]:
    """Every test on ``shuffler``: ``deals`` 52-card deals, ``small_deals`` 4-card ones."""
    dealt = deal_many(shuffler, deals)
    return [positions_test(dealt), orderings_test(shuffler, small_deals),
            runs_test(dealt), serial_test(dealt)]


# ---------------------------------------------------------------- shufflers good and bad


def fisher_yates(source: ByteSource) -> Shuffler:
    """Our shuffle (:func:`ginrummy.core.shuffle.shuffle`) drawing from ``source``."""
    return lambda items: shuffle(items, source)


def provably_fair_dealer(server_seed: bytes, game_id: str = "bench") -> Shuffler:
    """Decks of successive hands of one game, derived as the provably fair deal does.

    A smaller deck of n cards gets the order of cards 0..n-1 in the derived deck."""
    hand_number = 0

    def deal(items: Sequence[int]) -> list[int]:
        nonlocal hand_number
        hand_number += 1
        deck = derive_deck(server_seed, game_id, hand_number, ("player", None))
        return [items[c] for c in deck if c < len(items)]

    return deal


def naive_swap_shuffle(source: ByteSource) -> Shuffler:
    """KNOWN BAD: swaps every position with any position (n^n equally likely paths)."""
    def deal(items: Sequence[int]) -> list[int]:
        result = list(items)
        for i in range(len(result)):
            j = randbelow(source, len(result))
            result[i], result[j] = result[j], result[i]
        return result
    return deal


def off_by_one_shuffle(source: ByteSource) -> Shuffler:
    """KNOWN BAD: Fisher-Yates with ``j`` in ``range(i)`` (a card never stays put)."""
    def deal(items: Sequence[int]) -> list[int]:
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = randbelow(source, i)
            result[i], result[j] = result[j], result[i]
        return result
    return deal


def carry_over_dealer(source: ByteSource, swaps: int = 10) -> Shuffler:
    """KNOWN BAD: each deal is the previous one with ``swaps`` random transpositions."""
    order: list[int] = []

    def deal(items: Sequence[int]) -> list[int]:
        if len(order) != len(items):
            order[:] = range(len(items))
        for _ in range(swaps):
            i, j = randbelow(source, len(order)), randbelow(source, len(order))
            order[i], order[j] = order[j], order[i]
        return [items[k] for k in order]

    return deal


KNOWN_BAD: dict[str, Callable[[ByteSource], Shuffler]] = {
    "naive swap": naive_swap_shuffle,
    "off by one": off_by_one_shuffle,
    "carry over": carry_over_dealer,
}


# ---------------------------------------------------------------- the long run


def _rejections(name: str, make: Callable[[int], Shuffler], repeats: int, deals: int,
                small: int) -> tuple[str, Counter[str]]:
    rejected: Counter[str] = Counter()
    p_sum: dict[str, float] = {}
    started = time.perf_counter()
    for index in range(repeats):
        for result in run_suite(make(index), deals, small):
            rejected[result.test] += not result.passed
            p_sum[result.test] = p_sum.get(result.test, 0.0) + result.p_value
    seconds = time.perf_counter() - started
    tests = ("positions", "orderings", "runs", "serial")
    cells = " | ".join(f"{rejected[t]}/{repeats} ({p_sum[t] / repeats:.2f})" for t in tests)
    return f"| {name} | {cells} | {seconds:.0f} s |", rejected


def _always(shuffler: Shuffler) -> Callable[[int], Shuffler]:
    return lambda _: shuffler


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_800, help="52-card deals per suite run")
    parser.add_argument("--small", type=int, default=24_000, help="4-card deals per suite run")
    parser.add_argument("--repeats", type=int, default=100,
                        help="suite runs per good shuffle (each about 1%% should reject)")
    parser.add_argument("--write", action="store_true", help="record in bench/history/")
    args = parser.parse_args(argv)
    system = SystemSource()
    header = ["| shuffle | positions | orderings | runs | serial | time |",
              "| --- | --- | --- | --- | --- | --- |"]
    good: dict[str, Callable[[int], Shuffler]] = {
        "Fisher-Yates, OS CSPRNG": lambda _: fisher_yates(system),
        "provably fair (HMAC-SHA256)": lambda i: provably_fair_dealer(system.read(32), f"b{i}"),
    }
    rows = []
    too_many = max(5, math.ceil(args.repeats * ALPHA * 4))
    suspicious = []
    for name, make in good.items():
        row, rejected = _rejections(name, make, args.repeats, args.deals, args.small)
        print(row, flush=True)
        rows.append(row)
        suspicious += [f"{name} {t}" for t, n in rejected.items() if n >= too_many]
    for name, bad in KNOWN_BAD.items():
        row, rejected = _rejections(f"known bad: {name}", _always(bad(system)), 1,
                                    args.deals, args.small)
        print(row, flush=True)
        rows.append(row)
        if not sum(rejected.values()):
            suspicious.append(f"{name} passed every test")
    timing = _speed()
    body = [
        f"Command: `python -m bench.bench_fairness --deals {args.deals} --small {args.small} "
        f"--repeats {args.repeats}`",
        "",
        "Suite runs rejected at 1% (a fair shuffle: about 1 in 100; a bad one: every time), "
        "and in brackets the mean p-value (about 0.50 for a fair shuffle, whose p-values are "
        "uniform). The provably fair row draws a fresh server seed per run and derives "
        "successive hands of one game.",
        "",
        *header, *rows, "",
        *timing,
    ]
    print("\n".join(body))
    if args.write:
        from bench.report import versions, write_section, written_note

        body.insert(0, f"{versions()}.")
        path = write_section("bench_fairness",
                             f"## bench_fairness {datetime.date.today().isoformat()}", body)
        print(written_note(path))
    for problem in suspicious:
        print(f"FAILED: {problem}", file=sys.stderr)
    return 1 if suspicious else 0


def _speed(count: int = 20_000) -> list[str]:
    lines = []
    for name, source in (("OS CSPRNG", SystemSource()), ("seeded", SeededSource(1))):
        started = time.perf_counter()
        for _ in range(count):
            shuffle(range(52), source)
        lines.append(f"{name}: {(time.perf_counter() - started) / count * 1e6:.1f} µs a deck")
    seed = bytes(32)
    started = time.perf_counter()
    for hand in range(1, count + 1):
        derive_deck(seed, "bench", hand)
    lines.append(f"provably fair derivation: {(time.perf_counter() - started) / count * 1e6:.1f}"
                 " µs a deck")
    return ["Speed of one 52-card shuffle: " + "; ".join(lines) + "."]


if __name__ == "__main__":
    sys.exit(main())
