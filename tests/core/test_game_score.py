"""The game's score as a seat follows it from its views (ginrummy.agents.game_score)."""

from __future__ import annotations

from ginrummy.agents.game_score import ScoreTally, defended_points
from ginrummy.agents.registry import make_agent
from ginrummy.core import actions
from ginrummy.core.cards import parse_card
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.views import view_of
from tests.agent_kit import position


def _defending(ours: str, theirs: str) -> HandState:
    """Seat 0 holds ``ours`` (11 cards) and knocks with KH; seat 1 holds ``theirs``."""
    state = position(ours, theirs, "TH", phase=Phase.DISCARD, our_draws=7)
    state = state.apply(actions.knock(parse_card("KH")))
    while state.phase is Phase.KNOCKER_MELDS:
        state = state.apply(make_agent("simple", 0).choose(view_of(state, 0)))
    assert state.phase is Phase.DEFENDER
    return state


def _finish(state: HandState) -> HandState:
    """Play the defence out as the expert does: the best layoffs (R18)."""
    while not state.is_over:
        state = state.apply(make_agent("expert", 1).choose(view_of(state, state.turn)))
    return state


def test_R23_a_defended_knock_is_scored_as_the_hand_ends() -> None:
    # Seat 0 knocks with 2H (2 deadwood); seat 1 keeps 7H 8H ... with far more.
    state = _defending("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH", "7H 8H 2C 3C 5S 6S JD QD QS 4H")
    points = defended_points(view_of(state, 1))
    result = _finish(state).result
    assert result is not None and result.winner == 0
    assert points == -result.points


def test_R24_a_defended_undercut_is_scored_for_the_defender() -> None:
    # Seat 0 knocks with 9 deadwood (5H 3C AC); seat 1 lays off 3D and 2D on 4D-6D: 5 left.
    state = _defending("8S 9S TS JS 4D 5D 6D 5H 3C AC KH", "7C 8C 9C 2D 3D 4H 5S 6S 7S AH")
    points = defended_points(view_of(state, 1))
    result = _finish(state).result
    assert result is not None and result.outcome == "undercut" and result.winner == 1
    assert points == result.points > 0


def test_nothing_is_scored_before_the_knockers_hand_is_shown() -> None:
    state = position("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH", "7H 8H 2C 3C 5S 6S JD QD QS 4H",
                     "TH", phase=Phase.DISCARD, our_draws=7)
    assert defended_points(view_of(state, 0)) is None


def test_a_hand_is_booked_when_the_next_one_starts() -> None:
    first = _defending("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH", "7H 8H 2C 3C 5S 6S JD QD QS 4H")
    tally = ScoreTally()
    tally.observe(view_of(first, 1))
    assert (tally.ours, tally.theirs) == (0.0, 0.0)  # still this hand
    lost = -tally.pending
    assert lost > 0
    second = position("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H", "7H 8H 2C 3C 5S 6S JD QD QS 4H KH",
                      "TS", phase=Phase.DISCARD, our_draws=1)
    tally.observe(view_of(second, 1))
    assert (tally.ours, tally.theirs) == (0.0, lost)
    tally.knocked(12.0)
    third = position("AS 2S 3S 4D 5D 6D 7C 8C 9C 2H KH", "7H 8H 2C 3C 5S 6S JD QD QS 4H",
                     "TS", phase=Phase.DISCARD)
    tally.observe(view_of(third, 0))  # a new hand again: our knock's estimate is booked
    assert tally.ours == 12.0
    assert tally.needs(100) == (88.0, 100.0 - tally.theirs)
