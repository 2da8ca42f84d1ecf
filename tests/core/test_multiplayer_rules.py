"""Three players (R33), four in partnerships (R34) and n-versus-n teams (R35), worked by hand.

Every hand is dealt from an explicit deck (the scenarios of ``tests/core/test_game.py``), so
who wins each sub-game and by how much is known: GIN and KNOCK are won by the hand's
non-dealer (seat 0 when seat 1 deals), UNDERCUT by the hand's dealer seat.
"""

from __future__ import annotations

import pytest

from ginrummy.core.actions import DONE, DRAW_STOCK, PASS, discard, layoff, meld, parse_action
from ginrummy.core.cut import Cut
from ginrummy.core.errors import GameError, TableError
from ginrummy.core.game import Game, HandTable
from ginrummy.core.hand import IllegalActionError, Phase
from ginrummy.core.melds import best_arrangement, best_defence
from ginrummy.core.rules import Rules
from ginrummy.core.scoring import score_round
from ginrummy.core.table import TableRules, pairings
from tests.core.test_game import GIN, KNOCK, SPADE_GIN, TIE, UNDERCUT, Scenario
from tests.handbuilder import deck_for

Game = Game | Game

PLAYER1_LOW = Cut.parse("9H 3C KD")
"""Three players: player 1 cuts lowest and deals first; players 2 and 0 play."""
TEAM1_DEALS = Cut.parse("KH 2C 9D 8S")
"""Four players: player 1 (team 1) cuts lowest, so team 1 deals at both tables."""


def three(rules: str = "classic", **options: object) -> Game:
    return Game.start(TableRules(3, Rules.preset(rules, **options)), PLAYER1_LOW)


def teams(players: int = 4, rules: str = "modern", team_target: int | None = None,
          cut: Cut = TEAM1_DEALS, **options: object) -> Game:
    table = TableRules(players, Rules.preset(rules, **options), team_target)
    return Game.start(table, cut)


def lay_out(game: Game, table: int) -> Game:
    """The knocker shows its best melds; the defender its best melds and layoffs."""
    while (hand := game.hands[table]) is not None and hand.phase in (
        Phase.KNOCKER_MELDS, Phase.DEFENDER
    ):
        free = hand.free_cards(hand.turn)
        if hand.phase is Phase.KNOCKER_MELDS:
            for shown in best_arrangement(free).melds:
                game = game.apply(meld(shown), table=table)
        else:
            gin = hand.free_cards(hand.knocker) == 0
            defence = best_defence(free, hand.melds[hand.knocker], gin=gin)
            for shown in defence.melds:
                game = game.apply(meld(shown), table=table)
            for card in defence.layoffs:
                game = game.apply(layoff(card), table=table)
        game = game.apply(DONE, table=table)
    return game


def play(game: Game, table: int, scenario: Scenario) -> Game:
    """Deal ``scenario`` at ``table`` and play it to its end."""
    deck = deck_for(scenario.non_dealer, scenario.dealer, scenario.upcard, scenario.stock)
    game = game.deal(deck, table=table)
    for move in scenario.moves.split(";"):
        game = game.apply(parse_action(move), table=table)
    return lay_out(game, table)


def void(game: Game, table: int) -> Game:
    """Deal GIN's deck at ``table``; both draw from the stock and throw it back until void."""
    game = game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=table)
    while (state := game.hands[table]) is not None:
        if state.phase in (Phase.FIRST_UPCARD, Phase.WALL):
            game = game.apply(PASS, table=table)
        elif state.phase is Phase.DRAW:
            game = game.apply(DRAW_STOCK, table=table)
        else:
            game = game.apply(discard(state.deck[state.stock_pos - 1]), table=table)
    return game


# ---------------------------------------------------------------- R33: three players


def test_R33_lowest_cut_deals_and_the_other_two_play() -> None:
    game = three()
    assert game.dealer == 1 and game.sitting_out() == 1
    assert game.players_at(0) == (2, 0)  # the dealer's left plays first (hand seat 0)
    game = game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=0)
    assert game.hand is not None and game.hand.dealer == 1 and game.hand.turn == 0


def test_R33_cut_ties_for_lowest_cut_again() -> None:
    cut = Cut.parse("3H 3C KD, 8H 5C 2D")
    assert cut.low == 2
    assert Cut.parse("3H KC 4D").players == 3
    with pytest.raises(TableError, match="lowest rank is tied"):
        Cut.parse("3H 3C KD")
    with pytest.raises(TableError, match="not a tie"):
        Cut.parse("AH 3C KD, 8H 5C 2D")
    assert Cut.parse("AH 3C 3D").low == 0  # a tie above the lowest card does not matter


def test_R33_loser_deals_next_between_winner_and_previous_dealer() -> None:
    game = three()
    game = play(game, 0, GIN)  # player 2 (seat 0) goes gin: 20 + 57 against player 0
    assert game.played[-1].players == (2, 0) and game.played[-1].dealer == 1
    assert game.points == (0, 0, 77)
    assert game.dealer == 0 and game.players_at(0) == (1, 2)  # winner 2, previous dealer 1
    game = play(game, 0, UNDERCUT)  # player 2 (seat 1, the hand's dealer part) undercuts 1
    assert game.points == (0, 0, 95)
    assert game.dealer == 1 and game.players_at(0) == (2, 0)  # winner 2, previous dealer 0
    assert game.hands_won == (0, 0, 2)
    assert [h.dealer for h in game.played] == [1, 0]


def test_R33_void_hand_same_dealer_same_players() -> None:
    game = void(three(), 0)
    assert game.played[-1].state.result is not None
    assert game.played[-1].state.result.is_void
    assert game.dealer == 1 and game.players_at(0) == (2, 0) and game.points == (0, 0, 0)
    assert game.hands_played == 0 and game.round_number == 2


def test_R33_tie_nobody_lost_same_dealer() -> None:
    game = play(three(undercut_on_tie=False), 0, TIE)
    assert game.dealer == 1 and game.points == (0, 0, 0) and game.hands_won == (0, 0, 0)


def test_R33_individual_totals_boxes_game_bonus_and_payments() -> None:
    game = three(stake_per_point=1)
    for scenario, players, winner in [
        (UNDERCUT, (2, 0), 0),  # 8 + 10 undercut bonus; player 2 lost and deals
        (GIN, (0, 1), 0),  # 20 + 57; player 1 deals
        (KNOCK, (2, 0), 2),  # 55; player 0 deals
        (GIN, (1, 2), 1),  # 77; player 2 deals
        (KNOCK, (0, 1), 0),  # 55: player 0 reaches 150
    ]:
        assert game.players_at(0) == players
        game = play(game, 0, scenario)
        assert game.played[-1].player_of(game.played[-1].state.result.winner) == winner
    assert game.is_over and game.end_reason == "target" and game.winner == 0
    assert game.points == (150, 77, 55) and game.hands_won == (3, 1, 1)
    settlement = game.settlement()
    assert settlement.box_points == (60, 20, 20)
    assert settlement.game_bonus == (100, 0, 0) and not settlement.shutout
    assert settlement.final == (310, 97, 75)
    assert [(p.payer, p.payee, p.points, p.amount) for p in settlement.payments] == [
        (1, 0, 213, 213), (2, 0, 235, 235)
    ]
    with pytest.raises(GameError, match="game is over"):
        game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=0)


def test_R33_shutout_when_both_others_scored_nothing() -> None:
    game = three()
    game = play(game, 0, GIN)  # player 2: 77
    game = play(game, 0, KNOCK)  # players (1, 2): player 1 knocks, 55
    game = play(game, 0, UNDERCUT)  # players (0, 1) after player 2 dealt: player 1 undercuts
    assert game.points == (0, 73, 77)
    game = play(game, 0, KNOCK)  # players (1, 2): player 1 wins 55, player 0 never scored
    assert game.is_over and game.winner == 1 and not game.settlement().shutout
    only = three()
    only = play(only, 0, GIN)
    only = play(only, 0, UNDERCUT)
    only = play(only, 0, GIN)  # players (2, 0): player 2 reaches 172, both others on 0
    assert only.points == (0, 0, 172) and only.winner == 2
    sheet = only.settlement()
    assert sheet.shutout and sheet.shutout_points == (0, 0, 100)  # classic: bonus doubled


def test_R33_limits_highest_total_wins_shared_top_no_winner() -> None:
    game = play(three(max_hands=2), 0, GIN)
    game = play(game, 0, GIN)  # players (1, 2): player 1 gin, 77 each
    assert game.is_over and game.end_reason == "max_hands" and game.winner is None
    assert game.settlement().payments == ()
    timed = play(three(time_limit_minutes=30), 0, GIN).time_up()
    assert timed.is_over and timed.end_reason == "time_limit" and timed.winner == 2
    dealt = three(time_limit_minutes=30).deal(deck_for(GIN.non_dealer, GIN.dealer, "QC"), table=0,
                                              elapsed_minutes=31)
    assert dealt.is_over and dealt.winner is None


def test_R33_options_that_do_not_apply_are_refused() -> None:
    with pytest.raises(TableError, match="dealer_rule 'alternate' does not apply to three"):
        TableRules(3, Rules.preset("standard"))
    with pytest.raises(TableError, match="dealer_rule 'winner'"):
        TableRules(3, Rules.preset("classic", dealer_rule="winner"))
    with pytest.raises(TableError, match="team_target applies only to team games"):
        TableRules(3, Rules.preset("classic"), team_target=125)
    for players, message in [(1, "got 1"), (5, "got 5"), (12, "got 12"),
                             (True, "whole number"), ("4", "whole number")]:
        with pytest.raises(TableError, match=message):
            TableRules(players, Rules.preset("classic"))  # type: ignore[arg-type]
    with pytest.raises(TableError, match="team_target must be"):
        TableRules(4, Rules.preset("classic"), team_target=0)


def test_R33_bad_moves_change_nothing() -> None:
    game = three()
    with pytest.raises(TableError, match="table 1"):
        game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=1)
    with pytest.raises(GameError, match="deal first"):
        game.apply(PASS, table=0)
    dealt = game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=0)
    with pytest.raises(IllegalActionError):
        dealt.apply(DRAW_STOCK, table=0)
    with pytest.raises(GameError, match="still being played"):
        dealt.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=0)
    assert dealt == game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=0)
    with pytest.raises(TableError, match="4 players need 4"):
        Game.start(TableRules(4, Rules.preset("classic")), PLAYER1_LOW)


def test_R33_oklahoma_spade_double_and_extra_boxes_per_player() -> None:
    game = play(three("oklahoma", extra_boxes=True), 0, SPADE_GIN)  # (25 + 57) x 2 for player 2
    assert game.points == (0, 0, 164) and game.extra_boxes == (0, 0, 4)
    assert game.is_over and game.winner == 2  # Oklahoma's target, 150
    sheet = game.settlement()
    assert sheet.final == (0, 0, 164 + 25 + 4 * 25 + 100 + 100)


def test_R31_R33_R34_a_limit_without_target_gives_no_game_bonus_at_a_table() -> None:
    timed = play(three(time_limit_minutes=30), 0, GIN).time_up()  # classic: bonus 100
    assert timed.winner == 2 and timed.settlement().game_bonus == (0, 0, 0)
    assert not timed.settlement().shutout
    rounds = play(play(teams(max_hands=1), 0, UNDERCUT), 1, UNDERCUT)  # modern: bonus 100
    assert rounds.winner == 1 and rounds.settlement().game_bonus == (0, 0)
    leader = play(three(time_limit_minutes=30, limit_awards_game_bonus=True), 0, GIN).time_up()
    assert leader.settlement().game_bonus == (0, 0, 100)


def test_R4_R33_a_table_under_lotoflaughs_lets_the_lowest_cut_deal() -> None:
    table = TableRules(3, Rules.preset("lotoflaughs"))
    assert "lowest cut deals first" in table.not_applicable()["first_dealer"]
    game = Game.start(table, PLAYER1_LOW)
    assert game.dealer == 1  # no choice: the deal goes on as under low_cut_deals
    assert "first_dealer" in TableRules(4, Rules.preset("lotoflaughs")).not_applicable()


def test_R33_R34_what_does_not_apply_is_listed() -> None:
    assert set(TableRules(3, Rules.preset("classic")).not_applicable()) == {"dealer_rule"}
    teams_table = TableRules(4, Rules.preset("classic"))
    assert set(teams_table.not_applicable()) == {"target"}
    assert "team_target" in teams_table.not_applicable()["target"]


# ---------------------------------------------------------------- R34: four players


def test_R34_partners_alternate_opponents_from_round_to_round() -> None:
    assert pairings(4, 0) == ((0, 1), (2, 3))
    assert pairings(4, 1) == ((0, 3), (2, 1))
    game = teams()
    assert game.dealing_team == 1 and game.tables_to_deal() == (0, 1)
    assert [game.dealer_at(t) for t in (0, 1)] == [1, 3]
    game = play(play(game, 0, KNOCK), 1, UNDERCUT)
    assert game.round_number == 2 and game.players_at(0) == (0, 3) and game.players_at(1) == (2, 1)


def test_R34_both_players_of_a_team_win_the_team_scores_the_sum() -> None:
    game = play(teams(), 0, GIN)  # player 0 (team 0) gin: 25 + 57
    assert game.points == (0, 0) and game.tables_to_deal() == (1,)  # waits for table 1
    game = play(game, 1, KNOCK)  # player 2 (team 0) knocks: 55
    score = game.rounds[-1].score
    assert score.team_points == (137, 0) and score.winner == 0 and score.points == 137
    assert game.points == (137, 0) and game.is_over and game.winner == 0  # 137 >= 125


def test_R34_one_game_each_the_larger_score_takes_the_difference() -> None:
    game = play(play(teams(), 0, GIN), 1, UNDERCUT)  # team 0 wins 82; player 3 undercuts, 33
    score = game.rounds[-1].score
    assert score.team_points == (82, 33) and score.games_won == (1, 1)
    assert (score.winner, score.points) == (0, 49) and game.points == (49, 0)
    assert game.rounds_won == (1, 0)
    assert game.dealing_team == 1  # loser rule: the team that did not score deals again


def test_R34_void_game_inside_a_round_is_dealt_again_at_its_table() -> None:
    game = void(teams(team_target=500), 0)
    assert game.tables_to_deal() == (0, 1) and game.points == (0, 0)
    game = play(game, 1, KNOCK)  # table 1 decided: team 0 wins 55
    assert game.tables_to_deal() == (0,) and not game.rounds
    assert game.dealer_at(0) == 1  # the same dealer deals the void table again
    game = play(game, 0, UNDERCUT)  # player 1 (team 1) undercuts: 33
    assert game.rounds[-1].score.team_points == (55, 33) and game.points == (22, 0)
    hands = game.rounds[-1].hands
    assert [(h.table, h.state.result.outcome) for h in hands] == [  # type: ignore[union-attr]
        (0, "void"), (0, "undercut"), (1, "knock")
    ]


def test_R34_a_tied_table_wins_nothing() -> None:
    game = play(play(teams(undercut_on_tie=False), 0, TIE), 1, UNDERCUT)
    score = game.rounds[-1].score
    assert score.team_points == (0, 33) and score.winner == 1 and game.points == (0, 33)
    assert game.dealing_team == 0


def test_R34_first_team_to_125_wins_and_the_teams_settle() -> None:
    game = play(play(teams(stake_per_point=2), 0, KNOCK), 1, KNOCK)
    assert game.points == (110, 0) and not game.is_over
    game = play(play(game, 0, UNDERCUT), 1, KNOCK)  # player 3 wins 33, player 2 wins 55
    assert game.points == (132, 0) and game.is_over and game.winner == 0
    settlement = game.settlement()
    assert settlement.box_points == (50, 0)  # modern: 25 per round won
    assert settlement.shutout  # team 1 scored nothing: the bonus doubled
    assert settlement.final == (132 + 50 + 100 + 100, 0)
    [payment] = settlement.payments
    assert (payment.payer, payment.payee, payment.points, payment.amount) == (1, 0, 382, 764)
    labels = [line.label for line in settlement.lines()]
    assert "boxes (rounds won × 25)" in labels  # R28 for teams: a box per round won


def test_R34_oklahoma_extra_boxes_go_to_the_winner_s_team_and_double_all() -> None:
    game = play(play(teams(rules="oklahoma", extra_boxes=True), 0, SPADE_GIN), 1, UNDERCUT)
    assert game.rounds[-1].score.team_points == (164, 33) and game.points == (131, 0)
    assert game.extra_boxes == (4, 1) and game.rounds_won == (1, 0)
    sheet = game.settlement()
    assert sheet.final == (131 + 25 + 4 * 25 + 100 + 100, 25)  # shutout: the bonus doubled
    doubled = play(play(teams(shutout_rule="double_all"), 0, GIN), 1, KNOCK)
    assert doubled.settlement().final == (2 * (137 + 25 + 100), 0)


@pytest.mark.parametrize(("dealer_rule", "next_team"), [
    ("loser", 1), ("winner", 0), ("alternate", 0),
])
def test_R34_dealing_team_follows_dealer_rule(dealer_rule: str, next_team: int) -> None:
    game = play(play(teams(dealer_rule=dealer_rule), 0, KNOCK), 1, KNOCK)  # team 0 scores
    assert game.dealing_team == next_team


def test_R34_limits_count_rounds() -> None:
    game = play(play(teams(max_hands=1), 0, UNDERCUT), 1, UNDERCUT)
    assert game.is_over and game.end_reason == "max_hands" and game.winner == 1
    timed = play(teams(time_limit_minutes=10), 0, KNOCK).time_up()
    assert not timed.is_over and timed.tables_to_deal() == (1,)  # ends with the round
    timed = play(timed, 1, KNOCK)
    assert timed.is_over and timed.end_reason == "time_limit" and timed.winner == 0


def test_R34_bad_moves_change_nothing() -> None:
    game = play(teams(), 0, KNOCK)
    with pytest.raises(GameError, match="table 0: its hand of round 1 is over"):
        game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=0)
    with pytest.raises(TableError, match="tables 0 to 1"):
        game.deal(deck_for(GIN.non_dealer, GIN.dealer, GIN.upcard), table=2)
    with pytest.raises(GameError, match="no hand in progress at table 1"):
        game.apply(PASS, table=1)
    assert game.slots[1] == HandTable((2, 3))


# ---------------------------------------------------------------- R35: n versus n


def test_R35_every_player_meets_every_opponent_in_turn() -> None:
    for players in (4, 6, 8, 10):
        size = players // 2
        met = {(a, b) for r in range(size) for a, b in pairings(players, r)}
        assert len(met) == size * size  # every team 0 player met every team 1 player once
        for r in range(size):
            seated = [p for pair in pairings(players, r) for p in pair]
            assert sorted(seated) == list(range(players))


def test_R35_team_scores_the_difference_of_the_sums() -> None:
    assert score_round([(0, 40), (0, 25), (1, 30)]).points == 35  # 65 - 30 to team 0
    assert score_round([(1, 40), (1, 25), (1, 30)]).points == 95  # all won: the sum
    even = score_round([(0, 30), (1, 30)])
    assert even.winner is None and even.points == 0


def test_R35_three_versus_three_game() -> None:
    game = teams(6, cut=Cut.parse("KH 2C 9D 8S 7D 5C"))
    assert game.tables == 3 and game.players_at(2) == (4, 5)
    game = play(play(play(game, 0, KNOCK), 1, GIN), 2, UNDERCUT)  # 55 + 82 against 33
    assert game.points == (104, 0) and game.rounds_won == (1, 0)
    assert [game.players_at(t) for t in range(3)] == [(0, 3), (2, 5), (4, 1)]


@pytest.mark.parametrize("module_name", [
    "ginrummy.core.game", "ginrummy.core.table", "ginrummy.core.scoring", "ginrummy.core.cut",
    "ginrummy.core.seating",
])
def test_docstring_examples(module_name: str) -> None:
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(module_name))
    assert failures == 0
