"""The expert's searched knock (``knock_search``): a few sampled worlds, played out both ways,
may overturn the fitted knock-or-wait model, but only by a clear margin and not against a
player that knocks as soon as it can."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ginrummy.agents.expert import KNOCK_SEARCH, StyleExpertAgent
from ginrummy.agents.registry import make_agent
from ginrummy.core import actions
from ginrummy.core.cards import parse_card
from ginrummy.core.hand import Phase, deal_hand, shuffled_deck
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of
from tests.agent_kit import play_hand, position

# Its seventh turn, 21 cards in the stock: 7C-9C and 6C 6D 6S, 10 deadwood after 5D.
# The fitted model waits for a better count; played out, knocking now wins more.
KNOCK_NOW = ("AC 4C 6C 7C 8C 9C 5D 6D 3H 2S 6S", "2C JC 7D JD 4H 5H 8H 9H 9S JS",
             "4S KS KC QD TD QC TC KD 9D TS")


def _knock_now_view() -> PlayerView:
    ours, theirs, pile = KNOCK_NOW
    return view_of(position(ours, theirs, pile, phase=Phase.DISCARD, our_draws=6,
                            stock_size=21), 0)


WORLDS = 64


def test_the_expert_searches_its_knock_or_wait_by_default() -> None:
    expert = make_agent("expert", 1)
    assert isinstance(expert, StyleExpertAgent)
    assert expert.knock_search == KNOCK_SEARCH == WORLDS
    plain = make_agent("expert", 1, knock_search=0)
    assert isinstance(plain, StyleExpertAgent) and plain.knock_search == 0


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_R23_the_search_knocks_where_the_fitted_model_would_wait(seed: int) -> None:
    view = _knock_now_view()
    knock = actions.knock(parse_card("5D"))
    assert StyleExpertAgent(seed, knock_search=0).choose(view) == actions.discard(parse_card("5D"))
    assert StyleExpertAgent(seed).choose(view) == knock


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_search_is_left_out_against_a_player_that_knocks_when_it_can(seed: int) -> None:
    view = _knock_now_view()
    wait = actions.discard(parse_card("5D"))
    assert StyleExpertAgent(seed, style="eager", knock_search=WORLDS,
                            search_eager=0.7).choose(view) == wait
    assert StyleExpertAgent(seed, style="camper", knock_search=WORLDS,
                            search_eager=0.7).choose(view) == actions.knock(parse_card("5D"))


def test_the_search_keeps_the_fitted_choice_unless_it_is_beaten_by_the_margin() -> None:
    rules = Rules.preset("standard")
    for deal in range(3):
        deck = shuffled_deck(random.Random(40 + deal))
        plain = play_hand(deal_hand(rules, deal % 2, deck),
                          [StyleExpertAgent(3, knock_search=0), make_agent("expert_v1", 4)])
        unreachable = play_hand(deal_hand(rules, deal % 2, deck),
                                [StyleExpertAgent(3, knock_search=WORLDS,
                                                  search_margin=1000.0),
                                 make_agent("expert_v1", 4)])
        assert plain.actions() == unreachable.actions()


def test_the_searched_knock_is_the_same_for_the_same_seed_and_view() -> None:
    view = _knock_now_view()
    assert len({StyleExpertAgent(7, knock_search=WORLDS).choose(view) for _ in range(3)}) == 1


@pytest.mark.parametrize(("option", "value"), [("knock_search", -1), ("knock_search", 1.5),
                                               ("search_confidence", -0.5),
                                               ("search_margin", float("nan")),
                                               ("search_eager", -1.0)])
def test_a_knock_search_option_out_of_range_is_refused_by_name(option: str,
                                                               value: float) -> None:
    changes: dict[str, Any] = {option: value}
    with pytest.raises(ValueError, match=option):
        StyleExpertAgent(1, **changes)
