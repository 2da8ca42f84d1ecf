"""Ratings: families, a game's update for two players and for teams, the provisional mark."""

from __future__ import annotations

import pytest

from ginrummy.core.rules import Rules
from ginrummy.rating import Rating, expected_score, family_of, rate_game


@pytest.mark.parametrize(("preset", "players", "family"), [
    ("standard", 2, "standard"), ("classic", 2, "standard"), ("oklahoma", 2, "oklahoma"),
    ("oklahoma_online", 2, "oklahoma"), ("classic", 3, "three"), ("standard", 4, "teams"),
])
def test_R32_oklahoma_and_table_games_are_rated_apart(preset: str, players: int,
                                                      family: str) -> None:
    assert family_of(Rules.preset(preset), players) == family


def test_a_win_between_equals_moves_both_by_the_same_amount() -> None:
    (winner,), (loser,) = rate_game([Rating()], [Rating()])
    assert winner.mu - 1500 == pytest.approx(1500 - loser.mu) and winner.mu > 1600
    assert winner.sigma < 350 and winner.games == loser.games == 1


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    me = Rating(1500, 150, 30)
    (up_strong,), _ = rate_game([me], [Rating(1800, 100, 50)])
    (up_weak,), _ = rate_game([me], [Rating(1200, 100, 50)])
    assert up_strong.mu - me.mu > 2 * (up_weak.mu - me.mu) > 0


def test_R34_both_players_of_the_winning_team_go_up() -> None:
    won, lost = rate_game([Rating(1500), Rating(1700)], [Rating(1600), Rating(1600)])
    assert all(after.mu > before for after, before in zip(won, (1500, 1700), strict=True))
    assert all(after.mu < 1600 for after in lost)


def test_the_first_games_are_provisional_and_a_dozen_make_a_rating() -> None:
    me = Rating()
    assert me.provisional and me.shown == "1500?"
    for game in range(15):
        established = Rating(1500, 80, 100)
        if game % 2:
            (me,), _ = rate_game([me], [established])
        else:
            _, (me,) = rate_game([established], [me])
        if game == 4:
            assert me.provisional
    assert not me.provisional and me.shown == str(round(me.mu)) and me.games == 15


def test_expected_scores_of_the_two_sides_add_up_to_one() -> None:
    strong, weak = [Rating(1800, 90)], [Rating(1400, 200)]
    assert expected_score(strong, weak) + expected_score(weak, strong) == pytest.approx(1)
    assert expected_score(strong, weak) > 0.85
