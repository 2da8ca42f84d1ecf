"""What the browser client reads from a seat's view besides the engine's own fields.

``arrangement.discards`` (the deadwood each discard leaves, for the Knock and Gin
buttons), ``layouts`` (the arrangements a knocker may show and the defender's best
layoffs, each with the actions that make it) and the state's per-hand ``scores``.
"""

from __future__ import annotations

from ginrummy.core.actions import parse_action
from ginrummy.core.melds import melds_within
from ginrummy.core.rules import Rules
from ginrummy.server.wire.hand_view import seat_view
from tests.handbuilder import deal, mask, play
from tests.server.kit import Player, create, running


def knock_hand(rules: Rules | str = "standard"):  # type: ignore[no-untyped-def]
    # seat 0 (non-dealer) takes the upcard 4D and knocks with KD: A23S, 777, 9-J clubs, 4D left
    return deal(rules, non_dealer="AS 2S 3S 7H 7D 7C 9C TC JC KD",
                dealer="4S 8C KH KS KC 2D 5D 9H QH JD", upcard="4D", dealer_seat=1)


def test_R15_discards_give_the_deadwood_each_discard_leaves() -> None:
    state = play(knock_hand(), "take")
    view = seat_view(state, 0)
    discards = view["arrangement"]["discards"]
    assert len(discards) == 11 and discards["KD"] == 4 and discards["4D"] == 10
    assert min(discards.values()) == view["arrangement"]["deadwood_after_discard"] == 4
    assert seat_view(state, 1)["arrangement"]["discards"] is None  # ten cards: no discard
    assert seat_view(state, 0)["layouts"] is None  # not laying out


def test_R20_knocker_layouts_best_first_and_each_one_plays() -> None:
    state = play(knock_hand(), "take; knock KD")
    view = seat_view(state, 0)
    options = view["layouts"]
    assert options[0]["deadwood"] == 4 and options[0]["unmatched"] == ["4D"]
    assert [o["deadwood"] for o in options] == sorted(o["deadwood"] for o in options)
    # R14: every layout offered is maximal, no meld left among its deadwood
    assert all(not melds_within(mask(" ".join(o["unmatched"]))) for o in options)
    assert seat_view(state, 1)["layouts"] is None  # the other seat is not to act
    for option in options:
        assert option["actions"][-1] == "done"
        after = play(state, option["actions"])
        assert after.phase.name == "DEFENDER"


def test_R20_free_arrangement_option_offers_layouts_that_hide_a_meld() -> None:
    state = play(knock_hand(Rules.preset("standard", knocker_may_hide_melds=True)),
                 "take; knock KD")
    options = seat_view(state, 0)["layouts"]
    hidden = [o for o in options if o["deadwood"] == 10]  # A23S kept loose: 4 + 6
    assert hidden and sorted(hidden[0]["unmatched"]) == ["2S", "3S", "4D", "AS"]
    assert play(state, hidden[0]["actions"]).phase.name == "DEFENDER"


def test_R18_defender_layout_lays_off_then_melds() -> None:
    state = play(knock_hand(), "take; knock KD; meld AS 2S 3S; meld 7C 7D 7H; meld 9C TC JC; done")
    (best,) = seat_view(state, 1)["layouts"]
    assert sorted(best["layoffs"]) == ["4S", "8C"]
    assert best["melds"] == [["KC", "KH", "KS"]]
    assert best["deadwood"] == 2 + 5 + 9 + 10 + 10
    over = play(state, best["actions"])
    assert over.phase.name == "OVER" and over.result is not None
    assert over.result.defender_deadwood == best["deadwood"]


def test_R18_defender_layout_after_a_first_layoff_by_hand() -> None:
    state = play(knock_hand(), "take; knock KD; meld AS 2S 3S; meld 7C 7D 7H; meld 9C TC JC; done")
    state = state.apply(parse_action("layoff 8C"))
    (best,) = seat_view(state, 1)["layouts"]
    assert best["layoffs"] == ["4S"]
    assert play(state, best["actions"]).phase.name == "OVER"


def test_scores_list_every_finished_hand(sqlite_db: str) -> None:
    with running(sqlite_db, seed=3) as client:
        game = create(client, opponent="computer", level=1)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            me = Player(ws)
            assert me.state["scores"] == []
            me.play_hand_vs_computer()
            (score,) = me.state["scores"]
            result = me.state["last_result"]
            assert score == {"hand": 1, "round": 1, "table": 0, "players": [0, 1],
                             "outcome": result["outcome"], "winner": result["winner"],
                             "points": result["points"], "extra_boxes": result["extra_boxes"]}
