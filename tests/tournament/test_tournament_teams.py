"""Swiss tournaments at tables of four (R34, two partnerships drawn afresh each round): the
byes, the tables and partners, the standings that credit both partners, what is refused."""

from __future__ import annotations

import itertools

import pytest

from ginrummy.tournament import Entrant, GameResult, Tournament, TournamentError, TournamentRules
from ginrummy.tournament.swiss_four import swiss_fours
from ginrummy.tournament.swiss_three import byes_for


def entrants(count: int) -> list[Entrant]:
    """p01 is the best rated, then p02..."""
    return [Entrant(f"p{n:02}", 2000 - 10 * n) for n in range(1, count + 1)]


def fours(players: int, rounds: int | None = None) -> Tournament:
    return Tournament.start(TournamentRules("swiss", players, rounds, table_size=4),
                            entrants(players))


def best_side_wins(t: Tournament) -> Tournament:
    """Every game of the round won by the side holding the better seed, 125 to 60."""
    seed = {player: i for i, player in enumerate(t.seeded)}
    for pairing in t.current.pairings:
        won = min(pairing.seats, key=seed.__getitem__)
        points = (125, 60, 125, 60) if won in pairing.sides[0] else (60, 125, 60, 125)
        t = t.record(GameResult(t.current.number, pairing.table, won, points))
    return t


def played(t: Tournament) -> Tournament:
    while not t.finished:
        t = best_side_wins(t)
    return t


def refused(code: str, call: object, *args: object, **kwargs: object) -> TournamentError:
    with pytest.raises(TournamentError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    return caught.value


# ---------------------------------------------------------------- seating


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8, 13, 30, 64])
def test_R34_byes_leave_tables_of_four_lowest_ranked_first(players: int) -> None:
    t = fours(players)
    assert len(t.current.byes) == players % 4
    assert list(t.current.byes) == list(t.seeded[::-1][:players % 4])
    assert all(len(p.seats) == 4 for p in t.current.pairings)


def test_R34_first_round_seats_neighbouring_seeds_best_and_fourth_against_second_and_third(
) -> None:
    t = fours(8)
    assert [p.seats for p in t.current.pairings] == [
        ("p01", "p02", "p04", "p03"), ("p05", "p06", "p08", "p07")]
    assert t.current.pairings[0].sides == (("p01", "p04"), ("p02", "p03"))


def test_R34_partners_who_partnered_before_are_split_when_another_split_exists() -> None:
    tables = swiss_fours(["a", "b", "c", "d"], dict.fromkeys("abcd", 1.0), set(),
                         {frozenset("ad"), frozenset("bc")})
    assert tables == [("a", "b", "c", "d")]  # a with c, b with d: nobody partners again


@pytest.mark.parametrize("players", [8, 12, 16, 20, 32, 33, 64])
def test_R34_nobody_has_the_same_partner_twice(players: int) -> None:
    t = played(fours(players))
    partnerships = [frozenset(side) for round_ in t.rounds for p in round_.pairings
                    for side in p.sides]
    assert len(partnerships) == len(set(partnerships))


@pytest.mark.parametrize(("players", "least"), [(16, 0), (32, 0), (64, 0), (12, 3), (8, 4)])
def test_R34_the_second_round_brings_the_fewest_possible_rematches(players: int,
                                                                   least: int) -> None:
    """At 8 players two tables of four must mix the first round's tables (two pairs each
    meet again); at 12 three old tables give each new table one pair at least."""
    t = best_side_wins(fours(players))
    met = {frozenset(pair) for p in t.rounds[0].pairings
           for pair in itertools.combinations(p.seats, 2)}
    again = sum(frozenset(pair) in met for p in t.current.pairings
                for pair in itertools.combinations(p.seats, 2))
    assert again == least


def test_R34_the_second_round_seats_the_winners_together() -> None:
    t = best_side_wins(fours(16))
    standings = {line.player: line.score for line in t.standings()}
    for pairing in t.current.pairings:
        assert len({standings[p] for p in pairing.seats}) == 1


# ---------------------------------------------------------------- standings


def test_R34_both_partners_of_the_winning_side_score_and_the_points_are_the_sides() -> None:
    t = fours(4)
    t = t.record(GameResult(1, 1, "p04", (131, 72, 131, 72)))
    lines = {line.player: line for line in t.standings()}
    assert (lines["p01"].score, lines["p04"].score, lines["p02"].score) == (1, 1, 0)
    assert (lines["p01"].points_for, lines["p01"].points_against) == (131, 72)
    assert (lines["p03"].points_for, lines["p03"].points_against) == (72, 131)
    assert lines["p01"].opponents == ["p02", "p03"] and lines["p01"].partners == ["p04"]
    assert lines["p02"].out_in_round == 1 and lines["p04"].out_in_round is None


def test_R34_buchholz_counts_the_two_opponents_not_the_partner() -> None:
    t = played(fours(8))
    lines = {line.player: line for line in t.standings()}
    for line in lines.values():
        assert line.buchholz == sum(lines[o].score for o in line.opponents)
        assert len(line.opponents) == 2 * line.games and len(line.partners) == line.games


def test_R34_a_team_swiss_of_nine_plays_its_rounds_with_a_bye_each_round() -> None:
    t = played(fours(9))
    assert t.round_count == 4 and t.finished
    assert all(len(round_.byes) == 1 for round_ in t.rounds)
    assert len({bye for round_ in t.rounds for bye in round_.byes}) == 4  # never twice


def test_R34_tables_of_four_play_log2_rounds() -> None:
    assert [TournamentRules("swiss", 64, table_size=4).rounds_for(n)
            for n in (4, 8, 9, 16, 17, 64)] == [2, 3, 4, 4, 5, 6]


# ---------------------------------------------------------------- refused


@pytest.mark.parametrize("format_", ["knockout", "duplicate"])
def test_R34_tables_of_four_are_a_swiss_only(format_: str) -> None:
    refused("tournament.teams_swiss_only", TournamentRules, format_, 8, table_size=4)


def test_R34_a_result_that_splits_partners_points_is_refused_and_changes_nothing() -> None:
    t = fours(8)
    error = refused("tournament.partner_points", t.record,
                    GameResult(1, 1, "p01", (125, 60, 100, 60)))
    assert "(125, 60, 100, 60)" in str(error)
    assert t.current.results == ()


def test_R34_a_winner_from_another_table_is_refused() -> None:
    refused("tournament.winner_not_at_table", fours(8).record,
            GameResult(1, 1, "p05", (125, 60, 125, 60)))


def test_byes_for_tables_of_four_take_the_lowest_without_a_bye() -> None:
    assert byes_for(list("abcdefg"), {"g"}, 4) == ("f", "e", "d")
