"""The shuffle: exact uniformity by counting, statistical tests that catch bad shuffles.

The statistical suite (bench/bench_fairness.py) runs here at a size that takes a
few seconds and still rejects each known-bad shuffle; `make fairness` runs it
long on fresh OS randomness and shows about 1% rejections for ours.
"""

from __future__ import annotations

import ast
import hashlib
import hmac
import math
import random
from collections import Counter
from collections.abc import Callable
from itertools import permutations
from pathlib import Path

import pytest

from bench.bench_fairness import (
    ALPHA,
    KNOWN_BAD,
    Result,
    Shuffler,
    carry_over_dealer,
    chi2_sf,
    deal_many,
    fisher_yates,
    naive_swap_shuffle,
    normal_two_sided,
    off_by_one_shuffle,
    orderings_test,
    positions_test,
    provably_fair_dealer,
    run_suite,
    runs_test,
    serial_test,
)
from ginrummy.core import hand
from ginrummy.core.shuffle import (
    ByteSource,
    HmacStream,
    SeededSource,
    SystemSource,
    randbelow,
    shuffle,
    shuffled_deck,
)

# Sizes for make test: 100 expected per cell of the 52x52 table, 500 per 4-card ordering.
DEALS = 5_200
SMALL_DEALS = 12_000


class Exhausted(Exception):
    """The scripted bytes ran out: the shuffle wants one more."""


class ScriptedSource:
    """A fake random source that gives exactly the bytes of its script."""

    def __init__(self, script: tuple[int, ...]) -> None:
        self.script = script
        self.used = 0

    def read(self, count: int) -> bytes:
        if self.used + count > len(self.script):
            raise Exhausted
        data = bytes(self.script[self.used:self.used + count])
        self.used += count
        return data


def count_outcomes(make: Callable[[ByteSource], Shuffler], cards: int, alphabet: int,
                   extra_reads: int) -> dict[int, Counter[tuple[int, ...]]]:
    """Feed every byte sequence over ``0..alphabet-1`` to a shuffle of ``cards`` cards.

    Returns, for each number of bytes read, how many sequences of that length
    give each ordering. Sequences may read up to ``extra_reads`` bytes more than
    the shortest ones (the rejected draws).
    """
    outcomes: dict[int, Counter[tuple[int, ...]]] = {}
    level: list[tuple[int, ...]] = [()]
    length = 0
    while level and (not outcomes or length <= min(outcomes) + extra_reads):
        longer = []
        for script in level:
            source = ScriptedSource(script)
            try:
                order = tuple(make(source)(range(cards)))
            except Exhausted:
                longer.extend(script + (b,) for b in range(alphabet))
                continue
            assert source.used == length
            outcomes.setdefault(length, Counter())[order] += 1
        level = longer
        length += 1
    return outcomes


@pytest.mark.parametrize("cards", [1, 2, 3, 4, 5, 6])
def test_R1_every_ordering_is_reached_by_exactly_as_many_random_byte_sequences(cards: int) -> None:
    # Bytes 0..7 carry 3 random low bits, all that randbelow(n) keeps for n <= 8.
    outcomes = count_outcomes(fisher_yates, cards, alphabet=8, extra_reads=1)
    orderings = set(permutations(range(cards)))
    for length, counts in outcomes.items():
        assert set(counts) == orderings, length
        assert len(set(counts.values())) == 1, (length, counts)
    assert min(outcomes) == max(cards - 1, 0)  # no draw rejected: one byte per position


def test_the_known_bad_shuffles_fail_the_counting_test() -> None:
    naive = count_outcomes(naive_swap_shuffle, 3, alphabet=8, extra_reads=0)
    # 3^3 equally likely swap sequences cannot spread evenly over 6 orderings.
    assert sorted(naive[3].values()) == [32, 32, 32, 40, 40, 40]
    sattolo = count_outcomes(off_by_one_shuffle, 4, alphabet=8, extra_reads=0)
    reached = set().union(*sattolo.values())
    assert len(reached) == 6 and (0, 1, 2, 3) not in reached  # only the 4-cycles


def test_randbelow_rejects_instead_of_taking_a_remainder() -> None:
    source = ScriptedSource((3, 7, 0b11111110))
    assert randbelow(source, 3) == 2 and source.used == 3  # 3 and 3 (7 & 3) were rejected
    source = ScriptedSource((0x01, 0xFF, 0xFE, 0x2B))
    assert randbelow(source, 300) == 0x02B and source.used == 4  # low 9 bits: 511, then 43
    assert randbelow(ScriptedSource(()), 1) == 0
    assert randbelow(ScriptedSource((0x80,)), 129) == 128


@pytest.mark.parametrize("n", [0, -3, 2.5, True])
def test_randbelow_needs_a_whole_number_from_1(n: object) -> None:
    with pytest.raises(ValueError, match="randbelow needs a whole number n >= 1"):
        randbelow(SystemSource(), n)  # type: ignore[arg-type]


def test_a_source_that_runs_short_is_an_error() -> None:
    class Short:
        def read(self, count: int) -> bytes:
            return b""

    with pytest.raises(ValueError, match="the random source gave 0 bytes, not 1"):
        randbelow(Short(), 52)


def test_R1_a_shuffled_deck_is_the_52_cards_in_some_order() -> None:
    for source in (SystemSource(), SeededSource(5), HmacStream(b"k", b"m")):
        deck = shuffled_deck(source)
        assert sorted(deck) == list(range(52))


def test_seeded_sources_reproduce_and_differ() -> None:
    assert shuffled_deck(SeededSource(7)) == shuffled_deck(SeededSource(7))
    assert shuffled_deck(SeededSource(7)) == shuffled_deck(SeededSource("7"))
    assert shuffled_deck(SeededSource(7)) != shuffled_deck(SeededSource(8))
    assert shuffled_deck(SeededSource(b"seed")) == shuffled_deck(SeededSource("seed"))
    first = SeededSource("x").read(32)
    assert first == hashlib.sha256(b"ginrummy-seeded-shuffle\x00x" + bytes(8)).digest()
    with pytest.raises(TypeError, match="a seed is an int, text or bytes, not float"):
        SeededSource(1.5)  # type: ignore[arg-type]


def test_the_hmac_stream_is_hmac_sha256_in_counter_mode() -> None:
    stream = HmacStream(b"key", b"message")
    pieces = stream.read(5) + stream.read(40) + stream.read(0) + stream.read(51)
    blocks = b"".join(hmac.new(b"key", b"message" + i.to_bytes(4, "big"), "sha256").digest()
                      for i in range(3))
    assert pieces == blocks
    with pytest.raises(ValueError, match="cannot read -1 bytes"):
        stream.read(-1)


def test_the_os_source_gives_fresh_bytes() -> None:
    source = SystemSource()
    assert len(source.read(32)) == 32 and source.read(32) != source.read(32)


def test_hand_shuffled_deck_keeps_its_output_for_a_seed() -> None:
    legacy = list(range(52))
    random.Random(2024).shuffle(legacy)
    assert hand.shuffled_deck(2024) == legacy


PURE = sorted((Path(__file__).parent.parent.parent / "ginrummy" / "core").glob("*.py")) + [
    Path(__file__).parent.parent.parent / "ginrummy" / "format" / "provably_fair.py"]


@pytest.mark.parametrize("path", PURE, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_clock_and_no_global_random_state(path: Path) -> None:
    """The core reads no clock and no global random state: ``random.Random`` objects only."""
    imported, global_random = set(), []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
            if node.module == "random":
                global_random += [alias.name for alias in node.names if alias.name != "Random"]
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "random" and node.attr != "Random"):
            global_random.append(node.attr)
    assert not imported & {"time", "datetime", "secrets"}, imported
    assert not global_random, global_random


# ---------------------------------------------------------------- p-values


def test_chi_square_tail_exact_values() -> None:
    for x in (0.0, 0.5, 2.0, 9.21, 40.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12)
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-10)
    assert chi2_sf(6.634896601021214, 1) == pytest.approx(0.01, rel=1e-10)
    assert normal_two_sided(2.5758293035489004) == pytest.approx(0.01, rel=1e-12)
    assert normal_two_sided(-1.959963984540054) == pytest.approx(0.05, rel=1e-12)


def test_chi_square_tail_agrees_with_scipy() -> None:
    stats = pytest.importorskip("scipy.stats")
    for df in (1, 3, 23, 100, 2601):
        for q in (1e-9, 0.001, 0.01, 0.3, 0.5, 0.9, 0.99, 0.999999):
            x = float(stats.chi2.ppf(q, df))
            assert chi2_sf(x, df) == pytest.approx(1 - q, rel=1e-9, abs=1e-15), (df, q)


# ---------------------------------------------------------------- the statistical suite


def failed(results: list[Result]) -> set[str]:
    return {r.test for r in results if r.p_value < ALPHA}


def test_our_shuffle_passes_the_suite_at_1_percent() -> None:
    results = run_suite(fisher_yates(SeededSource("suite")), DEALS, SMALL_DEALS)
    assert [r.test for r in results] == ["positions", "orderings", "runs", "serial"]
    assert failed(results) == set(), results


def test_the_provably_fair_derivation_passes_the_suite_at_1_percent() -> None:
    results = run_suite(provably_fair_dealer(bytes(range(32))), DEALS, SMALL_DEALS)
    assert failed(results) == set(), results


def test_the_os_source_is_not_grossly_biased() -> None:
    results = run_suite(fisher_yates(SystemSource()), DEALS, SMALL_DEALS)
    assert all(r.p_value > 1e-6 for r in results), results


def test_the_naive_swap_shuffle_fails() -> None:
    results = run_suite(naive_swap_shuffle(SeededSource("naive")), DEALS, SMALL_DEALS)
    assert {"positions", "orderings"} <= failed(results), results


def test_the_off_by_one_shuffle_fails() -> None:
    results = run_suite(off_by_one_shuffle(SeededSource("sattolo")), DEALS, SMALL_DEALS)
    assert {"positions", "orderings"} <= failed(results), results
    assert "0 never seen" not in results[1].detail  # orderings it can never make


def test_a_dealer_that_carries_the_last_deck_over_fails_runs_and_serial() -> None:
    results = run_suite(carry_over_dealer(SeededSource("carry")), DEALS, SMALL_DEALS)
    assert {"runs", "serial"} <= failed(results), results
    assert set(KNOWN_BAD) == {"naive swap", "off by one", "carry over"}


def test_the_positions_statistic_is_scaled_for_permutations() -> None:
    # Every one of the 6 orderings of 3 cards exactly once: a perfectly even table.
    perfect = [list(p) for p in permutations(range(3))]
    assert positions_test(perfect).statistic == 0
    # One ordering only: each card always at one position; Pearson gives N*n*(n-1),
    # scaled by (n - 1) / n.
    stuck = [[0, 1, 2]] * 30
    assert positions_test(stuck).statistic == pytest.approx(30 * 3 * 2 * 2 / 3)


def test_runs_and_serial_on_known_sequences() -> None:
    alternating = [[0] + list(range(1, 52)), [51] + list(range(51))] * 50
    assert runs_test(alternating).p_value < 1e-10  # too many runs
    blocks = [[0] + list(range(1, 52))] * 50 + [[51] + list(range(51))] * 50
    assert runs_test(blocks).p_value < 1e-10  # too few
    drifting = []
    for index in range(200):
        deck = list(range(1, 52))
        deck.insert(index // 4, 0)  # card 0 moves down one place every fourth deal
        drifting.append(deck)
    assert serial_test(drifting).statistic > 5
    assert orderings_test(lambda items: list(items), 240).p_value < 1e-10
    assert len(deal_many(lambda items: list(items), 3, 5)[0]) == 5
    assert sorted(shuffle("abcdefgh", SeededSource(1))) == list("abcdefgh")


def test_the_module_examples() -> None:
    import doctest

    import ginrummy.core.shuffle

    failures, tried = doctest.testmod(ginrummy.core.shuffle)
    assert failures == 0 and tried >= 2
