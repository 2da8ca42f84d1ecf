"""One hand, rule by rule: the deal, the turn, the upcard, knocking, gin, big gin and the
layout (R6, R7, R11-R20, R25, R26, R32).

Seat 1 deals in every test unless a test says otherwise, so seat 0 is the
non-dealer and acts first.
"""

from __future__ import annotations

import pytest

from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE
from ginrummy.core.hand import HandState, Phase, deal_hand
from ginrummy.core.melds import arrangements, melds_within
from ginrummy.core.rules import Rules
from tests.hand_kit import (
    ALL_MELDED,
    BIG,
    GIN,
    KNOCKER,
    LOOSE_0,
    LOOSE_1,
    LOOSE_B,
    card,
    knocked_with_layoff_melds,
    legal,
    loose,
    mask_value,
    refused,
)
from tests.handbuilder import cards, deal, mask, play

# ----------------------------------------------------------------- R6, R7: dealing


def test_R6_deal_ten_each_upcard_and_stock_of_31() -> None:
    state = deal(non_dealer=LOOSE_0, dealer=LOOSE_1, upcard="KC", stock="4S 7S")
    assert state.hands == (mask(LOOSE_0), mask(LOOSE_1))
    assert state.upcard == card("KC")
    assert state.pile == (card("KC"),)
    assert state.stock_size == 31
    assert state.deck[21:23] == tuple(cards("4S 7S"))
    assert (state.phase, state.turn, state.dealer) == (Phase.FIRST_UPCARD, 0, 1)
    state.check_invariants()


def test_R6_deal_alternates_starting_with_the_non_dealer() -> None:
    deck = list(range(52))
    for dealer in (0, 1):
        state = deal_hand(Rules.preset("standard"), dealer, deck)
        non_dealer = 1 - dealer
        assert state.hands[non_dealer] == sum(1 << c for c in deck[0:20:2])
        assert state.hands[dealer] == sum(1 << c for c in deck[1:20:2])
        assert state.turn == non_dealer
        assert state.upcard == deck[20]


def test_R7_eleven_card_deal_first_turn_is_a_discard() -> None:
    rules = Rules.preset("standard", eleven_card_deal=True)
    hand11 = LOOSE_0 + " KS"
    state = deal(rules, non_dealer=hand11, dealer=LOOSE_1, stock="4S")
    assert state.hands == (mask(hand11), mask(LOOSE_1))
    assert state.upcard is None and state.pile == ()
    assert state.stock_size == 31
    assert (state.phase, state.turn) == (Phase.DISCARD, 0)
    assert state.legal_actions() == sorted(actions.discard(c) for c in cards(hand11))
    refused(state, "stock", "DISCARD")
    refused(state, "pass", "DISCARD")
    state = play(state, "discard KS")
    assert (state.phase, state.turn, state.pile) == (Phase.DRAW, 1, (card("KS"),))
    assert legal(state) == ["stock", "take"]
    state = play(state, "take; discard 2D")
    assert (state.phase, state.turn) == (Phase.DRAW, 0)
    state.check_invariants()


def test_R7_eleven_card_deal_non_dealer_may_knock_at_once() -> None:
    rules = Rules.preset("standard", eleven_card_deal=True)
    state = deal(rules, non_dealer="AS 2S 3S 7H 7D 7C 9C TC JC 5D KH", dealer=LOOSE_B)
    assert "knock KH" in legal(state) and "knock 5D" in legal(state)
    state = play(state, "knock KH")
    assert state.phase is Phase.KNOCKER_MELDS and state.knocker == 0


# ----------------------------------------------------------------- R11-R13: a turn


def test_R11_a_turn_is_draw_then_discard() -> None:
    state = play(loose(stock="4S"), "pass; pass")
    assert (state.phase, state.turn) == (Phase.DRAW, 0)
    refused(state, "discard 2C", "DRAW")
    state = play(state, "stock")
    assert state.hands[0] == mask(LOOSE_0 + " 4S")
    assert state.phase is Phase.DISCARD
    refused(state, "stock", "DISCARD")
    refused(state, "take", "DISCARD")
    in_order = cards("2C 5C 9C 3D 7D JD 4H 8H QH 4S 6S")
    assert state.legal_actions() == [actions.discard(c) for c in in_order]
    state = play(state, "discard 4S")
    assert (state.phase, state.turn, state.pile[-1]) == (Phase.DRAW, 1, card("4S"))
    assert legal(state) == ["stock", "take"]
    state = play(state, "take")
    assert state.hands[1] == mask(LOOSE_1 + " 4S")
    assert state.pile == (card("KC"),)


def test_R12_card_taken_from_pile_not_discarded_same_turn() -> None:
    state = play(loose(), "take")
    assert "discard KC" not in legal(state)
    message = refused(state, "discard KC", "discard KC", "DISCARD", "R12")
    assert "taken from the pile" in message
    refused(state, "knock KC", "R12")
    state = play(state, "discard 2C; stock; discard 2D; stock")
    assert "discard KC" in legal(state)
    state = play(state, "discard KC")
    assert state.pile[-1] == card("KC")


def test_R12_applies_to_a_pile_draw_in_play() -> None:
    state = play(loose(), "pass; pass; stock; discard 2C; take")
    assert state.taken == card("2C")
    refused(state, "discard 2C", "R12")


def test_R12_allow_discard_of_drawn_upcard_lifts_it() -> None:
    rules = Rules.preset("standard", allow_discard_of_drawn_upcard=True)
    state = play(loose(rules), "take")
    assert "discard KC" in legal(state)
    state = play(state, "discard KC")
    assert state.pile == (card("KC"),) and state.hands[0] == mask(LOOSE_0)
    assert Rules.preset("gra").allow_discard_of_drawn_upcard


def test_R13_upcard_offered_to_non_dealer_first_then_dealer() -> None:
    state = loose(stock="4S")
    assert (state.phase, state.turn, legal(state)) == (Phase.FIRST_UPCARD, 0, ["take", "pass"])
    refused(state, "stock", "FIRST_UPCARD")
    state = play(state, "pass")
    assert (state.phase, state.turn, legal(state)) == (Phase.FIRST_UPCARD, 1, ["take", "pass"])
    state = play(state, "pass")
    assert (state.phase, state.turn, legal(state)) == (Phase.DRAW, 0, ["stock"])
    refused(state, "take", "take", "DRAW", "R13")
    state = play(state, "stock")
    assert state.hands[0] == mask(LOOSE_0 + " 4S")
    state = play(state, "discard 4S")
    assert (state.turn, legal(state)) == (1, ["stock", "take"])


def test_R13_non_dealer_takes_upcard_then_dealer_draws() -> None:
    state = play(loose(), "take")
    assert (state.phase, state.turn) == (Phase.DISCARD, 0)
    assert state.hands[0] == mask(LOOSE_0 + " KC") and state.pile == ()
    state = play(state, "discard 2C")
    assert (state.phase, state.turn, legal(state)) == (Phase.DRAW, 1, ["stock", "take"])


def test_R13_dealer_takes_after_a_pass_then_non_dealer_draws() -> None:
    state = play(loose(), "pass; take")
    assert (state.phase, state.turn) == (Phase.DISCARD, 1)
    assert state.hands[1] == mask(LOOSE_1 + " KC")
    state = play(state, "discard AC")
    assert (state.phase, state.turn, legal(state)) == (Phase.DRAW, 0, ["stock", "take"])
    state = play(state, "take")
    assert state.hands[0] == mask(LOOSE_0 + " AC")


# ----------------------------------------------------------------- R14-R16: knocking



def test_R14_knock_allowed_within_limit_never_compulsory() -> None:
    state = deal(non_dealer=KNOCKER, dealer=LOOSE_B, upcard="QD", stock="KH")
    state = play(state, "pass; pass; stock")
    names = legal(state)
    assert "knock KH" in names and "knock 5D" in names  # 5 or 10 left
    assert "knock 7H" not in names  # 7D 7C 5D KH left: 29
    assert "discard KH" in names and "discard AS" in names  # never compulsory
    message = refused(state, "knock 7H", "knock 7H", "DISCARD", "R14")
    assert "29" in message and "10" in message
    state = play(state, "discard KH")
    assert state.phase is Phase.DRAW and state.knocker == -1


def test_R14_knocked_discard_is_face_down() -> None:
    state = deal(non_dealer=KNOCKER, dealer=LOOSE_B, upcard="QD", stock="KH")
    state = play(state, "pass; pass; stock")
    pile = state.pile
    state = play(state, "knock KH")
    assert state.pile == pile
    assert state.knock_discard == card("KH") and state.knocker == 0
    assert state.hands[0] == mask(KNOCKER)
    assert (state.phase, state.turn) == (Phase.KNOCKER_MELDS, 0)
    state.check_invariants()


def test_R14_knock_on_the_first_turn() -> None:
    state = deal(non_dealer=KNOCKER, dealer=LOOSE_B, upcard="KH")
    state = play(state, "take")
    assert "knock 5D" in legal(state)
    assert play(state, "knock 5D").knocker == 0


def test_R14_dealer_may_knock_on_its_first_turn() -> None:
    state = deal(non_dealer=LOOSE_B, dealer=KNOCKER, upcard="KH")
    state = play(state, "pass; take; knock 5D")
    assert (state.knocker, state.phase, state.turn) == (1, Phase.KNOCKER_MELDS, 1)


def test_R14_no_knock_above_limit() -> None:
    hand = "AS 2S 3S 7H 7D 7C 9C TC JC 6D"  # deadwood 6, limit 5 below
    rules = Rules.preset("standard", knock_limit=5)
    state = play(deal(rules, non_dealer=hand, dealer=LOOSE_B, upcard="QD", stock="KH"),
                 "pass; pass; stock")
    assert not any(name.startswith("knock") for name in legal(state))
    refused(state, "knock KH", "deadwood would be 6", "knock limit 5", "R14")


@pytest.mark.parametrize(("upcard", "limit"), [("4H", 4), ("5C", 5), ("KS", 10), ("AH", 1)])
def test_R15_R32_oklahoma_limit_from_upcard(upcard: str, limit: int) -> None:
    hand = "2S 3S 4S 7H 7D 7C 9C TC JC 5D"  # deadwood 5 after discarding the drawn KD
    state = deal("oklahoma", non_dealer=hand, dealer=LOOSE_B, upcard=upcard, stock="KD")
    assert state.limit == limit
    state = play(state, "pass; pass; stock")
    assert ("knock KD" in legal(state)) == (limit >= 5)


def test_R32_ace_upcard_gin_only() -> None:
    hand = "2S 3S 4S 7H 7D 7C 9C TC JC AD"  # deadwood 1
    for preset, limit in (("oklahoma_online", 0), ("oklahoma", 1)):
        state = deal(preset, non_dealer=hand, dealer=LOOSE_B, upcard="AH", stock="KD")
        assert state.limit == limit
        state = play(state, "pass; pass; stock")
        assert ("knock KD" in legal(state)) == (limit == 1)
    gin_hand = "2S 3S 4S 7H 7D 7C 9C TC JC 5S"
    state = deal("oklahoma_online", non_dealer=gin_hand, dealer=LOOSE_B, upcard="AH", stock="KD")
    state = play(state, "pass; pass; stock")
    assert [n for n in legal(state) if n.startswith("knock")] == ["knock KD"]
    state = play(state, "knock KD; meld 2S 3S 4S 5S; meld 7C 7D 7H; meld 9C TC JC; done")
    assert state.phase is Phase.DEFENDER
    state = play(state, "done")
    assert state.result is not None
    assert (state.result.outcome, state.result.knock_limit) == ("gin", 0)




def test_R16_R25_gin_scores_bonus_plus_defender_deadwood() -> None:
    state = deal(non_dealer=GIN, dealer=LOOSE_B, upcard="QD", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    assert state.phase is Phase.KNOCKER_MELDS
    assert "done" not in legal(state)
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC")
    assert legal(state) == ["done"]
    state = play(state, "done; done")
    result = state.result
    assert result is not None
    assert (result.outcome, result.winner, result.knocker) == ("gin", 0, 0)
    loose_value = mask_value(LOOSE_B)
    assert result.defender_deadwood == loose_value
    assert result.points == 25 + loose_value




def test_R25_gin_is_not_undercut_by_a_defender_with_no_deadwood() -> None:
    state = deal(non_dealer=GIN, dealer=ALL_MELDED, upcard="9D", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done")
    state = play(state, "meld AH 2H 3H; meld 6D 7D 8D; meld 4C 5C 6C 7C; done")
    result = state.result
    assert result is not None
    assert (result.outcome, result.winner, result.points) == ("gin", 0, 25)
    assert (result.knocker_deadwood, result.defender_deadwood) == (0, 0)


def test_R25_no_layoffs_on_gin() -> None:
    defender = "KS AS 6S 8C 7C QC 5H 9H 3D 2H"  # all would lay off on a knock
    state = deal(non_dealer=GIN, dealer=defender, upcard="9D", stock="QH")
    state = play(state, "pass; pass; stock; knock QH")
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done")
    assert state.phase is Phase.DEFENDER
    assert not any(actions.is_layoff(a) for a in state.legal_actions())
    refused(state, "layoff KS", "layoff KS", "DEFENDER", "R25")
    state = play(state, "done")
    assert state.result is not None
    assert state.result.points == 25 + mask_value(defender)


# ----------------------------------------------------------------- R17, R26: big gin



def test_R17_big_gin_only_with_the_option() -> None:
    state = deal(non_dealer=BIG, dealer=LOOSE_B, upcard="9D", stock="QC")
    state = play(state, "pass; pass; stock")
    assert "big gin" not in legal(state)
    refused(state, BIG_GIN, "big gin", "DISCARD")
    assert "knock QC" in legal(state)  # an ordinary gin is still there


def test_R17_R26_big_gin_no_discard_and_bonus() -> None:
    rules = Rules.preset("standard", big_gin=True)
    defender = "AS 6S 8H 3C 5H 9H 3D 2H QS JD"  # AS and 6S would lay off on 2S-5S
    state = deal(rules, non_dealer=BIG, dealer=defender, upcard="9D", stock="QC")
    state = play(state, "pass; pass; stock")
    assert legal(state)[0] == "big gin"
    pile = state.pile
    state = play(state, "big gin")
    assert state.big_gin and state.knock_discard == -1 and state.pile == pile
    assert state.hands[0] == mask(BIG + " QC")
    assert (state.phase, state.turn) == (Phase.KNOCKER_MELDS, 0)
    assert "done" not in legal(state)
    refused(state, "meld 9C TC JC", "KNOCKER_MELDS")  # would leave QC as deadwood
    state = play(state, "meld 9C TC JC QC; meld KC KD KH; meld 2S 3S 4S 5S")
    assert legal(state) == ["done"]
    state = play(state, "done")
    assert not any(actions.is_layoff(a) for a in state.legal_actions())
    state = play(state, "done")
    state.check_invariants()
    result = state.result
    assert result is not None
    assert (result.outcome, result.winner, result.knocker_deadwood) == ("big_gin", 0, 0)
    assert result.points == 31 + mask_value(defender)
    assert result.bonus == 31


def test_R17_big_gin_refusals_give_the_big_gin_reason() -> None:
    # Messages once cited the knock limit (10) and R12, though neither applies here.
    rules = Rules.preset("standard", big_gin=True)
    state = deal(rules, non_dealer=BIG, dealer=LOOSE_B, upcard="QC")
    state = play(state, "take; big gin")
    message = refused(state, "meld 9C TC JC", "meld 9C TC JC", "KNOCKER_MELDS", "R17")
    assert "knock limit" not in message
    state = play(state, "meld KC KD KH; meld 2S 3S 4S 5S")
    message = refused(state, DONE, "done", "KNOCKER_MELDS", "39 deadwood left", "R17")
    assert "limit" not in message
    message = refused(state, "discard QC", "discard QC", "KNOCKER_MELDS")
    assert "R12" not in message


def test_R17_big_gin_not_in_a_hand_that_is_not_all_melds() -> None:
    rules = Rules.preset("standard", big_gin=True)
    state = deal(rules, non_dealer=BIG, dealer=LOOSE_B, upcard="9D", stock="QH")
    state = play(state, "pass; pass; stock")
    assert "big gin" not in legal(state) and "knock QH" in legal(state)


# ----------------------------------------------------------------- R18-R20: layoffs





def test_R18_layoffs_fourth_on_set_both_run_ends_and_chains() -> None:
    state = knocked_with_layoff_melds()
    assert (state.phase, state.turn) == (Phase.DEFENDER, 1)
    layoffs = [n for n in legal(state) if n.startswith("layoff")]
    assert layoffs == ["layoff 8C", "layoff QC", "layoff AS", "layoff 5S", "layoff KS"]
    refused(state, "layoff 6S", "layoff 6S", "DEFENDER", "R18")
    refused(state, "layoff 7C", "R18")
    refused(state, "layoff 5H", "R18")
    state = play(state, "layoff 5S")
    assert "layoff 6S" in legal(state)
    state = play(state, "layoff 6S; layoff AS; layoff KS; layoff 8C")
    assert "layoff 7C" in legal(state)
    state = play(state, "layoff 7C; layoff QC")
    assert not any(n.startswith("layoff") for n in legal(state))
    assert state.laid_off == mask("KS AS 5S 6S 8C 7C QC")
    state = play(state, "done")
    state.check_invariants()
    result = state.result
    assert result is not None
    assert (result.outcome, result.winner) == ("knock", 0)
    assert (result.knocker_deadwood, result.defender_deadwood) == (2, 17)
    assert result.points == 15


def test_R18_defender_melds_and_lays_off_in_any_order() -> None:
    knocker = "7H 7D 7C 2S 3S 4S 9C TC JC 2D"
    defender = "5S 6S 7S 8C QH QD QS 3H 4H 9D"  # 5S lays off, then 6S, 7S; or 5S6S7S is a meld
    state = deal(non_dealer=knocker, dealer=defender, upcard="KH", stock="KD")
    state = play(state, "pass; pass; stock; knock KD")
    state = play(state, "meld 7C 7D 7H; meld 2S 3S 4S; meld 9C TC JC; done")
    assert "meld 5S 6S 7S" in legal(state) and "layoff 5S" in legal(state)
    assert "layoff 7S" in legal(state)  # fourth on the set of sevens
    state = play(state, "meld QD QH QS; layoff 5S; layoff 6S; layoff 7S; layoff 8C; done")
    assert state.result is not None
    assert state.result.defender_deadwood == 3 + 4 + 9


def test_R19_knocker_is_never_offered_a_layoff() -> None:
    knocker = "7H 7D 7C 2S 3S 4S 9C TC JC 2D"  # 2D would fit the defender's 3D 4D 5D
    defender = "3D 4D 5D QH QC QS 8H 9S KH AH"
    state = deal(non_dealer=knocker, dealer=defender, upcard="KS", stock="KD")
    state = play(state, "pass; pass; stock; knock KD")
    for move in ("meld 7C 7D 7H", "meld 2S 3S 4S", "meld 9C TC JC", "done"):
        assert state.phase is Phase.KNOCKER_MELDS
        assert not any(actions.is_layoff(a) for a in state.legal_actions())
        state = play(state, move)
    assert state.turn == 1
    refused(state, "layoff 2D", "layoff 2D", "DEFENDER")
    state = play(state, "meld 3D 4D 5D; meld QC QH QS; done")
    assert state.phase is Phase.OVER and state.turn == -1
    assert state.result is not None
    assert state.result.knocker_deadwood == 2


R20_KNOCKER = "4H 5H 6H 7H KS KD KC 9C TC JC"
R20_DEFENDER = "8H 3S 5D 9D JS QS 2C 4C 6D 8S"


def test_R20_knocker_may_keep_a_meldable_card_as_deadwood() -> None:
    state = deal(non_dealer=R20_KNOCKER, dealer=R20_DEFENDER, upcard="2D", stock="QD")
    state = play(state, "pass; pass; stock; knock QD")
    names = legal(state)
    for option in ("meld 4H 5H 6H", "meld 5H 6H 7H", "meld 4H 5H 6H 7H", "meld KC KD KS"):
        assert option in names
    assert "done" not in names
    state = play(state, "meld 4H 5H 6H; meld KC KD KS")
    assert "done" not in legal(state)  # 7H 9C TC JC: 36
    refused(state, DONE, "done", "KNOCKER_MELDS", "36", "R14")
    state = play(state, "meld 9C TC JC")
    assert "done" in legal(state)  # 7H: 7
    state = play(state, "done")
    assert "layoff 8H" not in legal(state)
    state = play(state, "done")
    result = state.result
    assert result is not None
    assert (result.outcome, result.knocker_deadwood) == ("knock", 7)
    assert result.defender_deadwood == mask_value(R20_DEFENDER)


# Seed 000's example: the knocker holds A-2-3 of clubs and the defender the 4 of clubs.
MAXIMAL_KNOCKER = "AC 2C 3C 5H 6H 7H 9S 9D 9H AD"  # draws KS and knocks it: deadwood AD
MAXIMAL_DEFENDER = "4C 8C JC 2D 6D QD 3S 7S JS KH"  # 70, no meld; 4C lays off on A-2-3


def maximal_knock(rules: Rules) -> HandState:
    state = deal(rules, non_dealer=MAXIMAL_KNOCKER, dealer=MAXIMAL_DEFENDER, upcard="KD",
                 stock="KS")
    return play(state, "pass; pass; stock; knock KS; meld 5H 6H 7H; meld 9D 9H 9S")


def test_R20_knocker_must_show_a_maximal_arrangement() -> None:
    state = maximal_knock(Rules.preset("classic"))
    assert legal(state) == ["meld AC 2C 3C"]  # AC 2C 3C AD is 7, within the limit, yet no done
    refused(state, DONE, "done", "KNOCKER_MELDS", "AC 2C 3C still form a meld", "R14")
    state = play(state, "meld AC 2C 3C; done")
    assert "layoff 4C" in legal(state)
    state = play(state, "layoff 4C; done")
    result = state.result
    assert result is not None and (result.knocker_deadwood, result.defender_deadwood) == (1, 66)
    assert (result.outcome, result.points) == ("knock", 65)


def test_R20_free_arrangement_option_allows_hiding_a_meld() -> None:
    rules = Rules.preset("classic", knocker_may_hide_melds=True)
    state = maximal_knock(rules)
    assert legal(state) == ["done", "meld AC 2C 3C"]
    state = play(state, "done")
    assert "layoff 4C" not in legal(state)
    state = play(state, "done")
    result = state.result
    assert result is not None and (result.knocker_deadwood, result.defender_deadwood) == (7, 70)
    assert result.points == 63


def test_R20_maximal_arrangements_are_the_choices_offered() -> None:
    hand = mask("AC 2C 3C 5H 6H 7H 9S 9D 9H AD")
    every = arrangements(hand, 10)
    maximal = arrangements(hand, 10, maximal=True)
    assert len(maximal) == 1 and len(every) > len(maximal)
    assert all(not melds_within(int(option.unmatched)) for option in maximal)
    # R20: the knocker still chooses among maximal arrangements (4H or 7H out of the run)
    choices = arrangements(mask(R20_KNOCKER), 10, maximal=True)
    assert sorted(option.deadwood for option in choices) == [0, 4, 7]


def test_R20_arrangement_shown_fixes_the_layoffs() -> None:
    state = deal(non_dealer=R20_KNOCKER, dealer=R20_DEFENDER, upcard="2D", stock="QD")
    state = play(state, "pass; pass; stock; knock QD")
    state = play(state, "meld 5H 6H 7H; meld KC KD KS; meld 9C TC JC; done")
    assert "layoff 8H" in legal(state)
    state = play(state, "layoff 8H; done")
    assert state.result is not None
    assert state.result.knocker_deadwood == 4
    assert state.result.defender_deadwood == mask_value(R20_DEFENDER) - 8


def test_R20_showing_all_melds_is_gin() -> None:
    state = deal(non_dealer=R20_KNOCKER, dealer=R20_DEFENDER, upcard="2D", stock="QD")
    state = play(state, "pass; pass; stock; knock QD")
    state = play(state, "meld 4H 5H 6H 7H; meld KC KD KS; meld 9C TC JC; done")
    assert legal(state) == ["done"]
    state = play(state, "done")
    assert state.result is not None and state.result.outcome == "gin"
