"""The outcome table of bench/bench_hand_outcomes.py counts readable hands as a person would."""

from __future__ import annotations

from dataclasses import replace

from bench.bench_hand_outcomes import agent_outcomes
from ginrummy.core.hand import HandState
from ginrummy.sim.play import HandOutcome, _hand_outcome, _knocker_turns
from tests.hand_kit import LOOSE_0, LOOSE_1, UNDERCUT_KNOCKER
from tests.handbuilder import deal, play

LOW_DEFENDER = "8H 8S 8C 5D 6D 4D QH QS QD AD"  # deadwood 1: undercuts a knock with 8


def first_discard_knock_undercut() -> HandState:
    state = deal("standard", non_dealer=UNDERCUT_KNOCKER, dealer=LOW_DEFENDER, upcard="KS",
                 stock="KH")
    return play(state, "pass; pass; stock; knock KH; meld 7C 7D 7H; meld 2S 3S 4S; "
                       "meld 9C TC JC; done; meld 8C 8H 8S; meld QD QH QS; meld 4D 5D 6D; done")


def test_a_knock_on_the_first_discard_counts_one_turn_and_an_undercut_for_the_defender() -> None:
    state = first_discard_knock_undercut()
    hand = _hand_outcome(state, (0, 1), dealer=1, round_number=1, table=0)
    assert (hand.outcome, hand.knocker, hand.winner, hand.knocker_turns) == ("undercut", 0, 1, 1)
    knocker, defender = agent_outcomes([hand], 0), agent_outcomes([hand], 1)
    assert knocker.undercut_against.share == 1.0 and knocker.early_knock_share == 1.0
    assert knocker.knock_deadwood == 8 and knocker.points_per_hand == 0
    assert defender.undercut.share == 1.0 and defender.undercut.points == hand.points
    assert defender.knocks == 0 and defender.gin.share == 0


def test_a_knock_after_six_discards_is_not_early_and_its_win_shows_the_defender_deadwood(
) -> None:
    state = deal("standard", non_dealer=LOOSE_0, dealer=LOOSE_1, upcard="KC")
    state = play(state, "pass; pass")
    assert _knocker_turns(state) == 0  # no knock yet
    base = HandOutcome(round=1, table=0, agents=(0, 1), outcome="knock", winner=0, points=20,
                       knocker=0, dealer=1, knocker_deadwood=5, defender_deadwood=25,
                       actions=30, knocker_turns=6)
    late = replace(base, knocker_turns=7, points=10, defender_deadwood=15)
    gin = replace(base, outcome="gin", knocker=1, winner=1, points=45, knocker_deadwood=0,
                  knocker_turns=9)
    table = agent_outcomes([base, late, gin, replace(base, outcome="void", winner=None,
                                                       knocker=None, points=0,
                                                       knocker_turns=0)], 0)
    assert table.hands == 4 and table.knocks == 0.5
    assert table.knock_win.share == 0.5 and table.knock_win.points == 15
    assert table.early_knock_share == 0.5
    assert table.early_knock_win.share == 0.25 and table.early_win_defender_deadwood == 25
    assert table.points_per_hand == 30 / 4
    other = agent_outcomes([base, late, gin], 1)
    assert other.gin.share == 1 / 3 and other.gin.points == 45 and other.early_knock_share == 0

