"""The expert's knocks that the game's score asks for (ginrummy.agents.expert)."""

from __future__ import annotations

from ginrummy.agents.expert import StyleExpertAgent, gin_draw_chance
from ginrummy.agents.expert_v1 import Context, ExpertParams
from ginrummy.core import actions
from ginrummy.core.cards import parse_card
from ginrummy.core.hand import Phase
from ginrummy.core.views import PlayerView, view_of
from tests.agent_kit import position


def _waiting_position() -> PlayerView:
    # Its second turn, 28 cards in the stock: 8S-JS and 4D-6D, 9 deadwood after KH. Against
    # a camper the fitted model waits (see test_expert); its search is left off here.
    state = position("8S 9S TS JS 4D 5D 6D 5H 3C AC KH", "7H 8H 2D 3D 5S 6S JD QD QS 4H",
                     "TH", phase=Phase.DISCARD, our_draws=2, stock_size=28)
    return view_of(state, 0)


def _camper_expert(ours: float = 0.0, theirs: float = 0.0, **changes: float) -> StyleExpertAgent:
    agent = StyleExpertAgent(0, camper_chance=1.0, knock_search=0, **changes)  # type: ignore[arg-type]
    agent.score.ours, agent.score.theirs = ours, theirs
    return agent


def test_R23_expert_knocks_when_the_knock_very_likely_ends_the_game() -> None:
    view = _waiting_position()
    knock, wait = actions.knock(parse_card("KH")), actions.discard(parse_card("KH"))
    assert _camper_expert(ours=0.0, close_share=0.5).choose(view) == wait
    assert _camper_expert(ours=97.0, close_share=0.5).choose(view) == knock
    assert _camper_expert(ours=97.0, close_share=2.0).choose(view) == wait  # turned off


def test_expert_with_a_gin_weight_keeps_the_hand_likelier_to_go_gin() -> None:
    # Sevens and 5S-8S share 7S; 3D 4D 2H 4H are left: 4H (with 4D) and 2H (less deadwood)
    # compete. 28 cards in the stock: time enough to draw to a gin.
    state = position("7C 3D 4D 7D 2H 4H 7H 5S 6S 7S 8S", "JD JC QD JH QS KH QC 8D 9D KD",
                     "KC", phase=Phase.DISCARD, our_draws=3, stock_size=28)
    view = view_of(state, 0)
    plain = StyleExpertAgent(1, gin_weight=0.0, knock_search=0).choose(view)
    chasing = StyleExpertAgent(1, gin_weight=30.0, knock_search=0).choose(view)
    assert plain != chasing
    ctx = Context(view, ExpertParams())

    def gin_chance(action: int) -> float:
        return gin_draw_chance(view.hand & ~(1 << actions.action_card(action)), ctx)

    assert gin_chance(chasing) > gin_chance(plain)
