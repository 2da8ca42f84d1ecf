"""Swiss tournaments at tables of three (R33): the byes, the tables (same score, no rematch
while one can be avoided), the standings over table mates, and what is refused."""

from __future__ import annotations

import itertools

import pytest

from ginrummy.tournament import Entrant, GameResult, Tournament, TournamentError, TournamentRules
from ginrummy.tournament.swiss_three import byes_for, swiss_tables


def entrants(count: int) -> list[Entrant]:
    """p01 is the best rated, then p02..."""
    return [Entrant(f"p{n:02}", 2000 - 10 * n) for n in range(1, count + 1)]


def three(players: int, rounds: int | None = None) -> Tournament:
    return Tournament.start(TournamentRules("swiss", players, rounds, table_size=3),
                            entrants(players))


def best_seed_wins(t: Tournament) -> Tournament:
    """Every game of the current round won by its best seed: 100, then 60, then 30."""
    seed = {player: i for i, player in enumerate(t.seeded)}
    for pairing in t.current.pairings:
        order = sorted(pairing.seats, key=seed.__getitem__)
        points = tuple({order[0]: 100, order[1]: 60, order[2]: 30}[p] for p in pairing.seats)
        t = t.record(GameResult(t.current.number, pairing.table, order[0], points))
    return t


def met_pairs(t: Tournament) -> list[frozenset[str]]:
    return [frozenset(pair) for round_ in t.rounds for p in round_.pairings
            for pair in itertools.combinations(p.seats, 2)]


def refused(code: str, call: object, *args: object, **kwargs: object) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    return caught.value


# ---------------------------------------------------------------- byes


@pytest.mark.parametrize("players", range(4, 65))
def test_byes_leave_a_multiple_of_three_lowest_ranked_first(players: int) -> None:
    ranked = [f"p{n:02}" for n in range(1, players + 1)]
    byes = byes_for(ranked, set())
    assert len(byes) == players % 3
    assert list(byes) == ranked[::-1][:len(byes)]
    assert (players - len(byes)) % 3 == 0


def test_a_bye_goes_to_the_lowest_ranked_who_has_not_had_one() -> None:
    ranked = ["a", "b", "c", "d", "e"]
    assert byes_for(ranked, {"e", "c"}) == ("d", "b")
    assert byes_for(ranked, set(ranked)) == ("e", "d")  # all had one: the lowest again


def test_every_round_of_a_swiss_of_five_in_threes_has_two_byes_each_scoring_a_win() -> None:
    t = best_seed_wins(three(5, rounds=2))
    assert [len(r.byes) for r in t.rounds] == [2, 2]
    assert set(t.rounds[0].byes).isdisjoint(t.rounds[1].byes)
    lines = {line.player: line for line in t.standings()}
    for bye in t.rounds[0].byes:
        assert lines[bye].byes >= 1 and lines[bye].score >= 1


# ---------------------------------------------------------------- tables


def test_tables_of_three_group_the_same_scores_best_first() -> None:
    scores = {"a": 2, "b": 2, "c": 2, "d": 1, "e": 1, "f": 1, "g": 0, "h": 0, "i": 0}
    ranked = list("dgaebhcfi")  # not in score order: the tables still group by score
    assert swiss_tables(ranked, scores, set()) == [
        ("d", "e", "f"), ("g", "h", "i"), ("a", "b", "c")]


def test_a_score_group_that_does_not_fill_its_tables_floats_its_lowest_down() -> None:
    scores = dict.fromkeys("abcd", 1) | dict.fromkeys("efghi", 0)
    tables = swiss_tables(list("abcdefghi"), scores, set())
    assert tables[0] == ("a", "b", "c")
    assert sum(len({scores[p] for p in table}) > 1 for table in tables) == 1


def test_tables_avoid_a_rematch_even_across_score_groups() -> None:
    scores = dict.fromkeys("abc", 1) | dict.fromkeys("def", 0)
    met = {frozenset("ab")}
    tables = swiss_tables(list("abcdef"), scores, met)
    assert not any(frozenset(pair) in met for t in tables for pair in itertools.combinations(t, 2))


def test_a_rematch_is_allowed_only_when_every_grouping_needs_one() -> None:
    met = {frozenset(pair) for pair in itertools.combinations("abcd", 2)}  # a..d met each other
    tables = swiss_tables(list("abcdef"), dict.fromkeys("abcdef", 0), met)
    rematches = sum(frozenset(pair) in met for t in tables
                    for pair in itertools.combinations(t, 2))
    assert rematches == 2  # two tables, each with two of a..d: one rematch each


def test_an_odd_number_for_tables_of_three_is_refused() -> None:
    refused("tournament.three_seating", swiss_tables, list("abcd"), dict.fromkeys("abcd", 0),
            set())


@pytest.mark.parametrize("players", [9, 27, 64])
def test_no_rematch_while_the_players_can_avoid_one(players: int) -> None:
    rounds = (players - 1) // 4  # few enough that a rematch is always avoidable
    t = three(players, rounds)
    while not t.finished:
        t = best_seed_wins(t)
    pairs = met_pairs(t)
    assert len(pairs) == len(set(pairs))
    assert len(t.rounds) == rounds


def test_sixty_four_players_over_forty_rounds_sit_in_threes_with_one_bye() -> None:
    t = three(64, 40)
    while not t.finished:
        t = best_seed_wins(t)
    assert len(t.rounds) == 40
    assert all(len(p.seats) == 3 for r in t.rounds for p in r.pairings)
    assert all(len(r.byes) == 1 for r in t.rounds)


# ---------------------------------------------------------------- standings


def test_standings_of_a_swiss_of_six_in_threes_count_wins_buchholz_and_totals() -> None:
    t = three(6, rounds=2)
    assert [p.seats for p in t.current.pairings] == [("p01", "p02", "p03"),
                                                     ("p04", "p05", "p06")]
    t = t.record(GameResult(1, 1, "p02", (40, 101, 75)))
    t = t.record(GameResult(1, 2, "p06", (90, 20, 110)))
    # every table of round 2 takes two of one table of round 1: one rematch each, at
    # least; the winners p06 (110 for, 110 against) and p02 (101, 115) sit with the best
    # of those who lost, p04 (90, 130)
    assert [p.seats for p in t.current.pairings] == [("p06", "p02", "p04"),
                                                     ("p03", "p01", "p05")]
    t = t.record(GameResult(2, 1, "p04", (30, 50, 100)))
    t = t.record(GameResult(2, 2, "p03", (100, 0, 0)))
    assert t.finished
    lines = {line.player: line for line in t.standings()}
    assert (lines["p02"].points_for, lines["p02"].points_against) == (101 + 50,
                                                                      40 + 75 + 30 + 100)
    assert lines["p02"].opponents == ["p01", "p03", "p06", "p04"]
    assert lines["p02"].buchholz == 0 + 1 + 1 + 1
    assert lines["p03"].buchholz == 0 + 1 + 0 + 0
    assert [lines[p].score for p in ("p01", "p02", "p03", "p04", "p05", "p06")] == [
        0, 1, 1, 1, 0, 1]
    # score 1: Buchholz 3 for p04 (190-210), p02 (151-245), p06 (140-260), then p03 (1);
    # score 0: p01 (40-276), p05 (20-300)
    assert [line.player for line in t.standings()] == ["p04", "p02", "p06", "p03", "p01",
                                                       "p05"]


def test_a_result_whose_points_do_not_match_the_seats_is_refused() -> None:
    t = three(6)
    refused("tournament.points_per_seat", t.record, GameResult(1, 1, "p01", (100, 40)))


# ---------------------------------------------------------------- options


@pytest.mark.parametrize(("args", "code"), [
    (("knockout", 8), "tournament.knockout_three"),
    (("duplicate", 8), "tournament.duplicate_three"),
])
def test_tables_of_three_are_for_swiss_only(args: tuple[str, int], code: str) -> None:
    refused(code, TournamentRules, *args, table_size=3)


@pytest.mark.parametrize("size", [1, 5, "3", True, None])
def test_a_table_size_other_than_two_three_or_four_is_refused(size: object) -> None:
    error = refused("tournament.table_size", TournamentRules, "swiss", 8, table_size=size)
    assert repr(size) in str(error)


def test_tables_of_three_play_enough_rounds_for_one_to_stand_alone() -> None:
    assert [TournamentRules("swiss", 64, table_size=3).rounds_for(n)
            for n in (4, 9, 10, 27, 28, 64)] == [2, 2, 3, 3, 4, 4]
