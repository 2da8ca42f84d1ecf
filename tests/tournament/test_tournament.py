"""Tournaments: knockout brackets, Swiss pairings, duplicate scoring, and what is refused."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from ginrummy.tournament import (
    DealResult,
    Entrant,
    GameResult,
    Tournament,
    TournamentError,
    TournamentRules,
)
from ginrummy.tournament.knockout import bracket_order


def entrants(count: int) -> list[Entrant]:
    """p01 is the best rated, then p02..."""
    return [Entrant(f"p{n:02}", 2000 - 10 * n) for n in range(1, count + 1)]


def better_wins(t: Tournament) -> Tournament:
    """Record every game of the current round, won by the better seed, 100 to 40."""
    seed = {player: i for i, player in enumerate(t.seeded)}
    round_ = t.current
    for pairing in round_.pairings:
        if round_.result_of(pairing.table) is not None:
            continue
        winner = min(pairing.seats, key=seed.__getitem__)
        points = (100, 40) if pairing.seats[0] == winner else (40, 100)
        t = t.record(GameResult(round_.number, pairing.table, winner, points))
    return t


def play_out(t: Tournament) -> Tournament:
    while not t.finished:
        t = better_wins(t)
    return t


def refused(code: str, call: object, *args: object) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        call(*args)  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    return caught.value


# ---------------------------------------------------------------- the options


@pytest.mark.parametrize(("args", "code", "said"), [
    (("round-robin", 8), "tournament.format", "not 'round-robin'"),
    (("swiss", 3), "tournament.size", "from 4 to 64, not 3"),
    (("swiss", 65), "tournament.size", "not 65"),
    (("swiss", True), "tournament.size", "not True"),
    (("knockout", 8, 3), "tournament.knockout_rounds", "give no rounds"),
    (("swiss", 8, 0), "tournament.rounds", "from 1 to 7, not 0"),
    (("swiss", 8, 8), "tournament.rounds", "not 8"),
])
def test_tournament_options_out_of_range_are_named(args: tuple[object, ...], code: str,
                                                   said: str) -> None:
    assert said in str(refused(code, TournamentRules, *args))


def test_entries_must_fit_the_size_and_be_distinct() -> None:
    rules = TournamentRules("swiss", 8)
    refused("tournament.entries", Tournament.start, rules, entrants(3))
    refused("tournament.entries", Tournament.start, rules, entrants(9))
    twice = [*entrants(4), Entrant("p02")]
    assert "'p02' entered twice" in str(refused("tournament.entered_twice", Tournament.start,
                                                rules, twice))
    refused("tournament.too_few_for_rounds", Tournament.start,
            TournamentRules("swiss", 8, rounds=5), entrants(5))


def test_seeds_follow_ratings_and_equal_ratings_keep_entry_order() -> None:
    t = Tournament.start(TournamentRules("swiss", 8),
                         [Entrant("ann", 1500), Entrant("bob", 1800), Entrant("cy", 1500),
                          Entrant("di", 1900)])
    assert t.seeded == ("di", "bob", "ann", "cy")


# ---------------------------------------------------------------- knockout


def test_knockout_bracket_keeps_the_two_best_seeds_apart_until_the_final() -> None:
    order = bracket_order(16)
    assert sorted(order) == list(range(1, 17))
    assert order.index(1) < 8 <= order.index(2)
    first_round = [set(order[i:i + 2]) for i in range(0, 16, 2)]
    assert all(sum(pair) == 17 for pair in first_round)


def test_knockout_of_eleven_gives_the_byes_to_the_top_seeds_and_ends_with_one_winner() -> None:
    t = Tournament.start(TournamentRules("knockout", 16), entrants(11))
    assert t.round_count == 4
    assert set(t.current.byes) == {"p01", "p02", "p03", "p04", "p05"}
    assert len(t.current.pairings) == 3
    t = play_out(t)
    games = sum(len(r.pairings) for r in t.rounds)
    assert games == 10  # every game puts one player out
    lines = t.standings()
    assert t.winner() == "p01" and lines[1].player == "p02"
    assert [line.out_in_round for line in lines[:2]] == [None, 4]
    assert Counter(line.out_in_round for line in lines) == {None: 1, 4: 1, 3: 2, 2: 4, 1: 3}


def test_knockout_upset_winner_goes_on_and_the_loser_is_out() -> None:
    t = Tournament.start(TournamentRules("knockout", 4), entrants(4))
    assert [p.seats for p in t.current.pairings] == [("p01", "p04"), ("p02", "p03")]
    t = t.record(GameResult(1, 1, "p04", (20, 101)))
    t = t.record(GameResult(1, 2, "p02", (120, 3)))
    assert [p.seats for p in t.current.pairings] == [("p04", "p02")]
    refused("tournament.not_this_round", t.record, GameResult(1, 1, "p01", (1, 2)))


# ---------------------------------------------------------------- Swiss


def test_swiss_of_eight_meets_nobody_twice_and_pairs_winners_with_winners() -> None:
    t = Tournament.start(TournamentRules("swiss", 8), entrants(8))
    assert [p.seats for p in t.current.pairings] == [
        ("p01", "p05"), ("p02", "p06"), ("p03", "p07"), ("p04", "p08")]  # top half v bottom
    t = better_wins(t)
    second = t.current.pairings
    winners = {"p01", "p02", "p03", "p04"}
    assert all(set(p.seats) <= winners or not set(p.seats) & winners for p in second)
    t = play_out(t)
    met = [frozenset(p.seats) for r in t.rounds for p in r.pairings]
    assert len(met) == len(set(met)) == 12
    lines = t.standings()
    assert [line.player for line in lines][:1] == ["p01"] and lines[0].score == 3
    assert [line.place for line in lines] == list(range(1, 9))


def test_swiss_of_four_in_three_rounds_is_a_round_robin() -> None:
    t = play_out(Tournament.start(TournamentRules("swiss", 4, rounds=3), entrants(4)))
    met = Counter(frozenset(p.seats) for r in t.rounds for p in r.pairings)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(t.seeded, 2)}
    assert set(met.values()) == {1}


def test_swiss_bye_goes_to_the_lowest_ranked_and_nobody_gets_two() -> None:
    t = Tournament.start(TournamentRules("swiss", 8, rounds=5), entrants(7))
    assert t.current.byes == ("p07",)
    t = play_out(t)
    byes = [bye for r in t.rounds for bye in r.byes]
    assert len(byes) == len(set(byes)) == 5
    lines = {line.player: line for line in t.standings()}
    assert all(line.games + line.byes == 5 for line in lines.values())
    assert lines["p07"].score >= 1  # a bye scores a win


def test_swiss_ties_on_score_go_to_the_stronger_opposition() -> None:
    t = Tournament.start(TournamentRules("swiss", 4, rounds=1), entrants(4))
    # p03 beats p01, p04 beats p02: both on 1 point; Buchholz is 0 for everyone, so the
    # points won minus lost decide: p04 won by more
    t = t.record(GameResult(1, 1, "p03", (90, 100)))
    t = t.record(GameResult(1, 2, "p04", (0, 150)))
    assert [line.player for line in t.standings()] == ["p04", "p03", "p01", "p02"]


def test_same_results_give_the_same_pairings() -> None:
    def run() -> list[tuple[str, str]]:
        t = play_out(Tournament.start(TournamentRules("swiss", 16), entrants(13)))
        return [p.seats for r in t.rounds for p in r.pairings]

    assert run() == run()


# ---------------------------------------------------------------- results refused


def test_results_that_are_not_due_are_refused_and_change_nothing() -> None:
    t = Tournament.start(TournamentRules("swiss", 4, rounds=2), entrants(4))
    refused("tournament.not_this_round", t.record, GameResult(2, 1, "p01", (100, 0)))
    refused("tournament.no_table", t.record, GameResult(1, 9, "p01", (100, 0)))
    error = refused("tournament.winner_not_at_table", t.record, GameResult(1, 1, "p02",
                                                                          (100, 0)))
    assert "'p02' does not play at table 1" in str(error)
    refused("tournament.points", t.record, GameResult(1, 1, "p01", (100, "x")))  # type: ignore[arg-type]
    once = t.record(GameResult(1, 1, "p01", (100, 0)))
    refused("tournament.result_twice", once.record, GameResult(1, 1, "p03", (0, 100)))
    assert t.current.results == () and len(once.current.results) == 1
    over = play_out(once)
    refused("tournament.over", over.record, GameResult(2, 1, "p01", (100, 0)))


# ---------------------------------------------------------------- duplicate


def dealt(*nets: tuple[int, int], dealer: int = 0) -> tuple[DealResult, ...]:
    """Deals alternating the dealer from ``dealer``, with these points won minus lost."""
    return tuple(DealResult(n, (dealer + n - 1) % 2, net) for n, net in enumerate(nets, 1))


def test_duplicate_swaps_the_seats_at_every_second_table() -> None:
    t = Tournament.start(TournamentRules("duplicate", 4, rounds=1), entrants(4))
    assert [p.seats for p in t.current.pairings] == [("p01", "p03"), ("p04", "p02")]


def test_duplicate_results_need_their_deals() -> None:
    t = Tournament.start(TournamentRules("duplicate", 4, rounds=1), entrants(4))
    refused("tournament.no_deals", t.record, GameResult(1, 1, "p01", (100, 0)))
    bad = (DealResult(1, 0, (10, 5)),)
    refused("tournament.bad_deal", t.record, GameResult(1, 1, "p01", (100, 0), bad))


def test_duplicate_scores_compare_the_same_cards_at_the_other_table() -> None:
    t = Tournament.start(TournamentRules("duplicate", 4, rounds=1), entrants(4))
    # the same two deals at both tables. Deal 1: the dealer's cards win 30 at table 1 but
    # 10 at table 2; deal 2: the non-dealer's cards (the dealer of deal 1's seat) win 20 at
    # both. At table 2 the seats are swapped, so p02 held p01's cards.
    t = t.record(GameResult(1, 1, "p01", (130, 80), dealt((30, -30), (20, -20))))
    t = t.record(GameResult(1, 2, "p02", (70, 120), dealt((10, -10), (20, -20))))
    lines = {line.player: line for line in t.standings()}
    # deal 1: p01 +30 against p04's +10 (both held the dealer's cards): +20; p03 and p02
    # held the other cards: -30 against -10: -20. Deal 2: equal results: 0.
    assert lines["p01"].duplicate == 20 and lines["p04"].duplicate == -20
    assert lines["p03"].duplicate == -20 and lines["p02"].duplicate == 20
    assert sum(line.duplicate for line in lines.values()) == 0
    assert [line.place for line in t.standings()][:1] == [1]


def test_duplicate_score_is_against_the_field_average_on_the_same_deal() -> None:
    t = Tournament.start(TournamentRules("duplicate", 6, rounds=1), entrants(6))
    tables = t.current.pairings
    nets = [(25, -25), (10, -10), (-5, 5)]
    for pairing, net in zip(tables, nets, strict=True):
        winner = pairing.seats[0] if net[0] > 0 else pairing.seats[1]
        t = t.record(GameResult(1, pairing.table, winner, (100, 0), dealt(net)))
    scores = {line.player: line.duplicate for line in t.standings()}
    dealer_of_first = tables[0].seats[0]
    assert scores[dealer_of_first] == 25 - Fraction(10 - 5, 2)
    assert sum(scores.values()) == 0


def test_a_refused_tournament_option_is_said_in_italian() -> None:
    from ginrummy.i18n import Messages
    from ginrummy.i18n.errors import error_text

    error = refused("tournament.size", TournamentRules, "swiss", 80)
    assert error_text(error, Messages("en")) == str(error)
    assert error_text(error, Messages("it")) == (
        "il numero di posti deve essere un intero da 4 a 64, non 80")
