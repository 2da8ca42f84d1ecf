"""One hand, rule by rule: how it ends and scores (R21-R24, R32 doubling and boxes, R36, the
OpenSpiel-compatible options).

Seat 1 deals in every test unless a test says otherwise, so seat 0 is the
non-dealer and acts first.
"""

from __future__ import annotations

import pytest

from ginrummy.core.hand import Phase, deal_hand
from ginrummy.core.result import score_hand
from ginrummy.core.rules import Rules
from tests.hand_kit import (
    GIN,
    KNOCKER,
    LOOSE_B,
    WALL_DEALER,
    card,
    deck_with_stock_card,
    legal,
    loose,
    mask_value,
    refused,
    throw_drawn,
    undercut_hand,
    wall_state,
)
from tests.handbuilder import deal, deck_for, play, result_of

# ----------------------------------------------------------------- R21, R22: the wall


def test_R21_void_when_two_cards_are_left() -> None:
    state = throw_drawn(play(loose(), "pass; pass"), 28)
    assert (state.stock_size, state.phase) == (3, Phase.DRAW)
    state = play(state, "stock")
    assert state.stock_size == 2 and state.phase is Phase.DISCARD
    last = state
    state = throw_drawn(play(loose(), "pass; pass"), 29)
    assert state.phase is Phase.OVER and state.turn == -1
    result = state.result
    assert result is not None and result.is_void
    assert (result.winner, result.points) == (None, 0)
    assert result.void_reason is not None and "R21" in result.void_reason
    state.check_invariants()
    assert last.phase is Phase.DISCARD  # the drawer of the third-last card could still knock


def test_R21_last_drawer_may_still_knock() -> None:
    deck = deck_with_stock_card(deck_for(KNOCKER, LOOSE_B, "QD"), "KH", 28)
    state = throw_drawn(play(deal_hand(Rules.preset("standard"), 1, deck), "pass; pass"), 28)
    state = play(state, "stock")
    assert state.stock_size == 2 and state.hands[0] >> card("KH") & 1
    state = play(state, "knock KH")
    assert state.phase is Phase.KNOCKER_MELDS


def test_R22_wall_take_only_to_knock() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True)
    state = wall_state(rules, WALL_DEALER, "JC")
    assert (state.phase, state.turn, state.stock_size) == (Phase.WALL, 1, 2)
    assert state.pile[-1] == card("JC")
    assert legal(state) == ["take", "pass"]
    refused(state, "stock", "WALL")
    state = play(state, "take")
    assert state.phase is Phase.DISCARD
    assert legal(state) == ["knock 5D", "knock 9D"]
    refused(state, "discard 9D", "discard 9D", "DISCARD", "R22")
    state = play(state, "knock 9D")
    assert state.phase is Phase.KNOCKER_MELDS and state.knocker == 1
    state = play(state, "meld 7C 7D 7H; meld 2S 3S 4S; meld 9C TC JC; done; done")
    assert state.result is not None and state.result.outcome == "knock"
    state.check_invariants()


def test_R22_wall_card_may_be_knocked_face_down() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True)
    state = wall_state(rules, "7H 7D 7C 2S 3S 4S 9C TC JC 5D", "KH")
    assert legal(state) == ["take", "pass"]
    state = play(state, "take")
    assert "knock KH" in legal(state)
    state = play(state, "knock KH")
    assert state.knock_discard == card("KH")


def test_R22_wall_pass_voids() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True)
    state = wall_state(rules, WALL_DEALER, "JC")
    state = play(state, "pass")
    result = state.result
    assert state.phase is Phase.OVER and result is not None and result.is_void
    assert result.void_reason is not None and "R22" in result.void_reason


def test_R22_wall_take_refused_when_no_knock_results() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True)
    state = wall_state(rules, WALL_DEALER, "KH")
    assert legal(state) == ["pass"]
    refused(state, "take", "take", "WALL")
    assert play(state, "pass").result is not None


def test_R22_last_discard_only_after_discarding_another_card() -> None:
    # 7777 2-3-4 of spades, and AD 2H 3C: 6. With the wall's KH only its own discard knocks.
    dealer = "7H 7D 7C 7S 2S 3S 4S AD 2H 3C"
    same = wall_state(Rules.preset("standard", fiftieth_card_action="same_card"), dealer, "KH")
    assert legal(same) == ["take", "pass"] and "knock KH" in legal(play(same, "take"))
    rules = Rules.preset("standard", fiftieth_card_action="different_card")
    state = wall_state(rules, dealer, "KH")
    assert (state.phase, legal(state)) == (Phase.WALL, ["pass"])
    refused(state, "take", "take", "WALL", "only to knock after discarding another card", "R22")
    # JC joins 9C TC: knocking 5D or 9D is allowed, knocking JC itself is not
    state = play(wall_state(rules, WALL_DEALER, "JC"), "take")
    assert legal(state) == ["knock 5D", "knock 9D"]
    refused(state, "knock JC", "JC was taken at the wall", "another card", "R22")
    assert play(state, "knock 9D").phase is Phase.KNOCKER_MELDS


def test_R22_option_values_and_the_older_true_false_spelling() -> None:
    assert Rules(fiftieth_card_action=True).fiftieth_card_action == "same_card"
    assert Rules(fiftieth_card_action=False).fiftieth_card_action == "off"
    assert Rules.from_dict({**Rules().to_dict(), "fiftieth_card_action": True}) == Rules(
        fiftieth_card_action="same_card")


def test_R21_without_fiftieth_card_action_no_wall() -> None:
    state = wall_state(Rules.preset("standard"), WALL_DEALER, "JC")
    assert state.phase is Phase.OVER


# ----------------------------------------------------------------- R23-R26: scoring





def test_R23_knock_scores_difference() -> None:
    result = result_of(undercut_hand("standard", "5H 5C 5S AD 2D 3D QH QC 8S 4H"),
                      "meld 5C 5H 5S; meld AD 2D 3D; layoff QC; done")
    assert (result.outcome, result.winner, result.bonus) == ("knock", 0, 0)
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 10 + 8 + 4)
    assert result.points == result.difference == 14


def test_R24_undercut_on_equal_counts() -> None:
    # 5S could lay off on 2S-4S and QC on 9C-JC, but each is worth more in its set.
    defender = "5H 5C 5S AD 2D 3D QH QC QS 8S"
    state = undercut_hand("standard", defender)
    assert "layoff 5S" in legal(state) and "layoff QC" in legal(state)
    result = result_of(state, "meld 5C 5H 5S; meld AD 2D 3D; meld QC QH QS; done")
    assert (result.outcome, result.winner) == ("undercut", 1)
    assert (result.knocker_deadwood, result.defender_deadwood) == (8, 8)
    assert (result.difference, result.bonus, result.points) == (0, 25, 25)


def test_R24_undercut_on_tie_false_gives_a_tie_with_no_points() -> None:
    rules = Rules.preset("standard", undercut_on_tie=False)
    result = result_of(undercut_hand(rules, "5H 5C 5S AD 2D 3D QH QC QS 8S"),
                      "meld 5C 5H 5S; meld AD 2D 3D; meld QC QH QS; done")
    assert (result.outcome, result.winner, result.points) == ("tie", None, 0)
    assert result.points_for(0) == result.points_for(1) == 0


def test_R24_undercut_with_lower_count() -> None:
    result = result_of(undercut_hand("classic", "5H 5C 5S AD 2D 3D QH QC QS 3H"),
                      "meld 5C 5H 5S; meld AD 2D 3D; meld QC QH QS; done")
    assert (result.outcome, result.winner) == ("undercut", 1)
    assert (result.difference, result.bonus, result.points) == (5, 10, 15)


def test_R23_R24_defender_count_is_after_layoffs() -> None:
    # 5S lays off on 2S-4S; 9S 3H 6H stay: 18 against 8.
    result = result_of(undercut_hand("standard", "5S 9S 3H AD 2D 3D QH QD QS 6H"),
                      "layoff 5S; meld AD 2D 3D; meld QD QH QS; done")
    assert result.defender_deadwood == 9 + 3 + 6
    assert (result.outcome, result.points) == ("knock", 10)


def test_R24_undercut_after_layoffs() -> None:
    # 5S then 6S on 2S-4S, 8C and QC on 9C-JC: nothing left against 8.
    result = result_of(undercut_hand("standard", "5S 6S 8C QC AD 2D 3D 5H 5D 5C"),
                      "layoff 5S; layoff 6S; layoff 8C; layoff QC; meld AD 2D 3D; "
                      "meld 5C 5D 5H; done")
    assert (result.outcome, result.winner, result.defender_deadwood) == ("undercut", 1, 0)
    assert result.points == 8 + 25


def test_R32_spade_upcard_doubles_knock_and_gin_including_bonuses() -> None:
    state = deal("oklahoma", non_dealer=GIN, dealer=LOOSE_B, upcard="QS", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done; done")
    result = state.result
    assert result is not None
    assert (result.outcome, result.multiplier) == ("gin", 2)
    assert result.points == 2 * (25 + mask_value(LOOSE_B))
    assert result.extra_boxes == 0
    state = deal("oklahoma", non_dealer=GIN, dealer=LOOSE_B, upcard="QH", stock="QS")
    state = play(state, "pass; pass; stock; knock QS")
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done; done")
    assert state.result is not None
    assert (state.result.multiplier, state.result.points) == (1, 25 + mask_value(LOOSE_B))


def test_R32_spade_double_undercut_bonus_doubled() -> None:
    rules = Rules.preset("oklahoma", extra_boxes=True)
    result = result_of(undercut_hand(rules, "5H 5C 5S AD 2D 3D QH QC QS 3H"),
                      "meld 5C 5H 5S; meld AD 2D 3D; meld QC QH QS; done")
    assert (result.outcome, result.multiplier, result.knock_limit) == ("undercut", 2, 10)
    assert result.points == 2 * (5 + 25)
    assert result.extra_boxes == 2


def test_R32_extra_boxes() -> None:
    rules = Rules.preset("oklahoma", extra_boxes=True)
    state = deal(rules, non_dealer=GIN, dealer=LOOSE_B, upcard="QD", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done; done")
    assert state.result is not None and state.result.extra_boxes == 2
    state = deal(rules, non_dealer=GIN, dealer=LOOSE_B, upcard="QS", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done; done")
    assert state.result is not None and state.result.extra_boxes == 4
    state = undercut_hand(Rules.preset("oklahoma", extra_boxes=True),
                          "5H 5C 5S AD 2D 3D QH QC QS 3H")
    # the upcard KS is a spade: 1 extra box doubled
    state = play(state, "meld 5C 5H 5S; meld AD 2D 3D; meld QC QH QS; done")
    assert state.result is not None and state.result.extra_boxes == 2


@pytest.mark.parametrize(
    ("knocker_dw", "defender_dw", "outcome", "winner", "points"),
    [
        (5, 20, "knock", 0, 15),
        (0, 20, "gin", 0, 45),
        (0, 0, "gin", 0, 25),
        (5, 5, "undercut", 1, 25),
        (7, 3, "undercut", 1, 29),
    ],
)
def test_R23_R26_score_hand_table(
    knocker_dw: int, defender_dw: int, outcome: str, winner: int, points: int
) -> None:
    result = score_hand(
        Rules.preset("standard"), knocker=0, knocker_deadwood=knocker_dw,
        defender_deadwood=defender_dw, big_gin=False, limit=10, upcard=card("KD"),
    )
    assert (result.outcome, result.winner, result.points) == (outcome, winner, points)
    big = score_hand(
        Rules.preset("standard", big_gin=True), knocker=1, knocker_deadwood=0,
        defender_deadwood=defender_dw, big_gin=True, limit=10, upcard=None,
    )
    assert (big.outcome, big.winner, big.points) == ("big_gin", 1, 31 + defender_dw)


# ----------------------------------------------------------------- R36 and OpenSpiel options


def test_R36_turns_without_stock_draw_void_the_hand() -> None:
    rules = Rules.preset("standard", max_turns_without_stock_draw=2)
    state = play(loose(rules), "pass; pass; stock; discard 2C; take; discard AC")
    assert state.phase is Phase.DRAW and state.idle_turns == 1
    state = play(state, "take; discard 5C")
    result = state.result
    assert state.phase is Phase.OVER and result is not None and result.is_void
    assert result.void_reason is not None and "R36" in result.void_reason


def test_R36_a_stock_draw_resets_the_count() -> None:
    rules = Rules.preset("standard", max_turns_without_stock_draw=2)
    state = play(loose(rules), "pass; pass; stock; discard 2C; take; discard AC")
    state = play(state, "stock; discard 5C; take; discard 6C; stock; discard 9C; take")
    state = play(state, "discard TC")
    assert state.phase is Phase.DRAW


def test_R36_taking_the_first_upcard_is_a_turn_without_stock_draw() -> None:
    rules = Rules.preset("standard", max_turns_without_stock_draw=2)
    state = play(loose(rules), "take; discard 2C; take; discard AC")
    assert state.phase is Phase.OVER
    assert state.result is not None and state.result.void_reason is not None
    assert "R36" in state.result.void_reason


def test_openspiel_discard_pile_draw_limit() -> None:
    rules = Rules.preset("standard", discard_pile_draw_limit=1)
    state = play(loose(rules), "take; discard 2C; take; discard AC")  # the offer does not count
    assert state.pile_draws == 1 and state.phase is Phase.DRAW
    assert "take" in legal(state)
    pile = state.pile
    state = play(state, "take")
    result = state.result
    assert state.phase is Phase.OVER and result is not None and result.is_void
    assert state.pile == pile
    state.check_invariants()


def test_openspiel_void_on_second_returned_discard() -> None:
    rules = Rules.preset("openspiel")
    state = play(loose(rules), "pass; pass; stock; discard 2C; take; discard 2C")
    assert state.phase is Phase.DRAW
    state = play(state, "take; discard 2C")
    result = state.result
    assert state.phase is Phase.OVER and result is not None and result.is_void


def test_openspiel_returned_discards_must_be_in_a_row() -> None:
    rules = Rules.preset("openspiel")
    state = play(loose(rules), "pass; pass; stock; discard 2C; take; discard 2C; stock")
    state = play(state, "discard 5C; take; discard 5C")
    assert state.phase is Phase.DRAW
    assert not Rules.preset("standard").void_on_second_returned_discard
    standard = Rules.preset("standard", allow_discard_of_drawn_upcard=True)
    state = play(loose(standard), "pass; pass; stock; discard 2C; take; discard 2C")
    state = play(state, "take; discard 2C; take; discard 2C")
    assert state.phase is Phase.DRAW
