"""The expert against an opponent that waits for an undercut or knocks early: asked to, it
does not knock into a likely undercut, and it sheds high cards while an early knock may come."""

from __future__ import annotations

from ginrummy.agents.expert import StyleExpertAgent
from ginrummy.core import actions
from ginrummy.core.actions import action_name
from ginrummy.core.cards import parse_card, parse_cards
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood
from ginrummy.core.views import PlayerView, view_of
from tests.agent_kit import position

LOW_KNOCK = "8S 9S TS JS 4D 5D 6D 2H 3C AC KH"
"""Two melds and 2H 3C AC after throwing KH: a knock with 6 deadwood."""
THEIRS = "7H 8H 2D 3D 5S 6S JD QC KS 4S"


def _late_view() -> PlayerView:
    # Its tenth turn, 12 cards left: a camper that has not knocked has had time to get low.
    state = position(LOW_KNOCK, THEIRS, "TH", phase=Phase.DISCARD, our_draws=10, stock_size=12)
    return view_of(state, 0)


def test_expert_does_not_knock_into_a_waiting_opponent_with_low_deadwood_when_undercut_is_likely(
) -> None:
    view = _late_view()
    knock, wait = actions.knock(parse_card("KH")), actions.discard(parse_card("KH"))
    assert StyleExpertAgent(0, camper_chance=1.0, undercut_guard=1.0).choose(view) == knock
    assert StyleExpertAgent(0, camper_chance=1.0, undercut_guard=0.25).choose(view) == wait


def test_the_undercut_risk_is_the_share_of_undercutting_samples_times_the_chance_it_waits(
) -> None:
    view = _late_view()
    kept = view.hand & ~(1 << parse_card("KH"))
    low = int(parse_cards("AS 2S 3S 4C 5C 6C 7H 8H 9H AH"))
    high = int(parse_cards("KS QC JD 9D 7S 5S 3D 2D QS KC"))
    assert min_deadwood(low) == 1 and min_deadwood(high) > 60
    samples = [low, high, high, high]
    assert StyleExpertAgent(0, camper_chance=1.0).undercut_risk(view, kept, samples) == 0.25
    assert StyleExpertAgent(0, camper_chance=0.5).undercut_risk(view, kept, samples) == 0.125
    assert StyleExpertAgent(0, style="eager").undercut_risk(view, kept, samples) == 0.0


SHED_HAND = "2C AS TD JD AC 4C 9H 3D 4D TS 4H"
SHED_THEIRS = "8H TH 6H QD TC 9S 5C 2H QC 7D"


def _shed_choice(our_draws: int, style: str, early_shed: float) -> str:
    state = position(SHED_HAND, SHED_THEIRS, "7H", phase=Phase.DISCARD, our_draws=our_draws,
                     stock_size=30)
    agent = StyleExpertAgent(0, style=style, early_shed=early_shed, knock_search=0)
    return action_name(agent.choose(view_of(state, 0)))


def test_expert_sheds_the_higher_card_while_an_early_knocker_is_in_its_first_turns() -> None:
    assert _shed_choice(1, "camper", 0.0) == "discard 9H"
    assert _shed_choice(1, "camper", 0.3) == "discard JD"


def test_expert_sheds_as_before_against_an_eager_opponent_or_after_the_early_turns() -> None:
    assert _shed_choice(1, "eager", 0.3) == _shed_choice(1, "eager", 0.0)
    assert _shed_choice(5, "camper", 0.3) == _shed_choice(5, "camper", 0.0)
