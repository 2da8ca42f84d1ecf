"""Hints: the recommended move, its reasons in English and Italian, the alternatives' values."""

from __future__ import annotations

import random
import re

import pytest
from handbuilder import deal, mask, play

from ginrummy.agents import RandomAgent
from ginrummy.coach.hints import HintError, hint_for, hint_lines, hint_text
from ginrummy.core import actions
from ginrummy.core.actions import DONE, DRAW_DISCARD, PASS, parse_action
from ginrummy.core.hand import HandState, Phase, new_hand
from ginrummy.core.melds import best_defence, min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.i18n import LANGUAGES, Messages

ME = "AS 2S 3S 7H 7D 7C TC KD 4D 2H"
THEM = "AC 2C 3C 4C 6H 8H 9D JS QS QH"
ME2 = "8H 9H KS KD 2C 5D 4S JC QD AH"
THEM2 = "3C 4C 6C 3D 6D 9D TS JS QS QH"


def _discard_turn(them: str = THEM) -> HandState:
    """Seat 0 passes the upcard TH, seat 1 takes it and throws JS, seat 0 draws 5C."""
    state = deal(non_dealer=ME, dealer=them, upcard="TH", stock="5C")
    return play(state, "pass; take; discard JS; stock")


@pytest.mark.parametrize(("lang", "hint_line", "estimates"), [
    ("en", "Hint: discard KD: KD is unconnected and high; your deadwood goes from 31 to 21. "
           "Safer than TC, which your opponent may need (they took TH).",
     "Estimates: discard KD (deadwood 21), discard TC (deadwood 21; risky: they took TH)"),
    ("it", "Suggerimento: scarta K♦: il K♦ è una carta alta che non lega con le altre: i punti "
           "morti scendono da 31 a 21. Rischi meno che scartando il 10♣, che potrebbe servire "
           "all'avversario (ha preso il 10♥).",
     "Stime: scarta K♦ (21 punti morti), scarta 10♣ (21 punti morti; rischiosa: l'avversario "
     "ha preso il 10♥)"),
])
def test_discard_hint_explains_high_unconnected_and_safety(
        lang: str, hint_line: str, estimates: str) -> None:
    view = view_of(_discard_turn(), 0)
    hint = hint_for(view, evaluator=None)
    assert hint.action == parse_action("discard KD")
    assert hint.measure == "deadwood" and hint.source == "deadwood"
    assert [o.action for o in hint.options][:1] == [hint.action]
    lines = hint_lines(hint, Messages(lang))
    assert lines[0] == hint_line
    assert lines[1].startswith(estimates)


def test_hints_use_only_the_view() -> None:
    """Two deals that differ only in cards seat 0 cannot see give the same hint."""
    other = THEM.replace("QS", "KS")  # QS goes deep into the stock instead of KS
    first, second = _discard_turn(), _discard_turn(other)
    assert first.hands[1] != second.hands[1]
    for seat_state in ((first, second),):
        a, b = (view_of(s, 0) for s in seat_state)
        assert a == b
        assert hint_for(a, evaluator=None) == hint_for(b, evaluator=None)
        assert hint_text(a, "it", evaluator=None) == hint_text(b, "it", evaluator=None)


def test_take_the_upcard_that_joins_a_meld() -> None:
    state = deal(non_dealer=ME2, dealer=THEM2, upcard="7H")
    hint = hint_for(view_of(state, 0), evaluator=None)
    assert hint.action == DRAW_DISCARD
    text = hint_lines(hint, Messages("en"))[0]
    assert text.startswith("Hint: take the 7H: it goes into a meld and your deadwood goes from")
    italian = hint_lines(hint, Messages("it"))[0]
    assert italian.startswith("Suggerimento: prendi il 7♥: entra in una combinazione e "
                              "i punti morti scendono da")


def test_pass_an_upcard_that_joins_nothing() -> None:
    state = deal(non_dealer=ME2, dealer=THEM2, upcard="6S")
    hint = hint_for(view_of(state, 0), evaluator=None)
    assert hint.action == PASS
    assert "6S joins none of your melds" in hint_lines(hint, Messages("en"))[0]
    assert re.search(r"in media \d+,\d punti morti\)", hint_lines(hint, Messages("it"))[1])
    assert re.search(r"deadwood \d+\.\d on average\)", hint_lines(hint, Messages("en"))[1])


def test_knock_and_gin_hints() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC JC QC", dealer=THEM2, upcard="KH",
                 stock="5H")
    state = play(state, "pass; pass; stock")
    hint = hint_for(view_of(state, 0), evaluator=None)
    assert actions.is_knock(hint.action)
    assert hint_lines(hint, Messages("en"))[0].startswith(
        "Hint: knock with 5H: discard 5H and go gin: all ten cards are in melds, 25 bonus points")
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C 9C TC JC 2D", dealer=THEM2, upcard="KH",
                 stock="KD")
    state = play(state, "pass; pass; stock")
    hint = hint_for(view_of(state, 0), evaluator=None)
    assert hint.action == parse_action("knock KD")
    text = hint_lines(hint, Messages("it"))[0]
    assert text == ("Suggerimento: bussa con K♦: bussa scartando il K♦: ti restano 2 punti morti, "
                    "entro il limite di 10.")


def test_no_hint_when_it_is_not_your_turn() -> None:
    state = deal(non_dealer=ME, dealer=THEM, upcard="TH")
    with pytest.raises(HintError):
        hint_for(view_of(state, 1))


def test_an_evaluator_gives_the_values_and_a_broken_one_is_ignored() -> None:
    view = view_of(_discard_turn(), 0)

    def evaluator(v: object) -> list[tuple[int, float, dict[str, object]]]:
        return [(a, (0.9 if a == actions.discard(mask_card("TC")) else 0.2), {"measure": "win"})
                for a in view.legal]

    hint = hint_for(view, evaluator=evaluator)
    assert hint.source == "evaluate" and hint.measure == "win"
    assert hint.action == parse_action("discard TC")
    lines = hint_lines(hint, Messages("en"))
    assert "discard TC (90% to win the hand)" in lines[1]
    assert "(20% to win the hand" in lines[1]

    def broken(v: object) -> list[tuple[int, float, object]]:
        raise RuntimeError("no model")

    assert hint_for(view, evaluator=broken).source == "deadwood"


def test_an_evaluator_is_read_by_the_one_contract_of_evaluate() -> None:
    view = view_of(_discard_turn(), 0)

    def evaluator(v: object) -> list[tuple[int, float, dict[str, object]]]:
        return [(a, 1.0, {"measure": "points", "deadwood_after": 7}) for a in view.legal]

    hint = hint_for(view, evaluator=evaluator)
    assert hint.source == "evaluate" and hint.measure == "points"
    # the deadwood shown is the hint's own, the figures its reasons are made of
    assert {o.action: o.deadwood for o in hint.options} \
        == {o.action: o.deadwood for o in hint_for(view, evaluator=None).options}

    def other_words(v: object) -> list[tuple[int, float, dict[str, object]]]:
        return [(a, 1.0, {"unit": "win", "deadwood": 7}) for a in view.legal]

    with pytest.raises(KeyError, match="measure"):  # another contract is an error, not guessed at
        hint_for(view, evaluator=other_words)

def mask_card(name: str) -> int:
    return mask(name).bit_length() - 1


def _layout_plan_is_legal(state: HandState) -> HandState:
    hint = hint_for(view_of(state, state.turn))
    assert hint.plan and hint.plan[-1] == DONE and hint.action == hint.plan[0]
    seat = state.turn
    phase = state.phase
    for action in hint.plan:
        assert state.turn == seat and state.phase is phase
        state = state.apply(action)
    return state


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_every_hint_is_legal_and_renders(seed: int) -> None:
    rng = random.Random(seed)
    preset = ("standard", "oklahoma", "gra")[seed % 3]
    agents = (RandomAgent(rng.getrandbits(32)), RandomAgent(rng.getrandbits(32)))
    for _ in range(4):
        state = new_hand(Rules.preset(preset), dealer=rng.randrange(2), rng=rng)
        while not state.is_over:
            view = view_of(state, state.turn)
            if state.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
                before = state
                state = _layout_plan_is_legal(state)
                if before.phase is Phase.DEFENDER:
                    assert state.result is not None
                    free = before.free_cards(before.turn)
                    gin = before.free_cards(before.knocker) == 0
                    best = best_defence(free, before.melds[before.knocker], gin=gin)
                    assert state.result.defender_deadwood == best.deadwood
                continue
            # The volume check uses the deadwood arithmetic: the search evaluator
            # spends its time budget on every call (checked on a few positions below).
            hint = hint_for(view, evaluator=None)
            assert hint.action in view.legal
            assert {o.action for o in hint.options} <= set(view.legal)
            for lang in LANGUAGES:
                lines = hint_lines(hint, Messages(lang))
                assert lines and all(lines) and "{" not in "".join(lines)
            state = state.apply(agents[state.turn].choose(view))


def test_knocker_hint_picks_the_arrangement_with_fewest_layoffs() -> None:
    state = deal(non_dealer="7H 8H 9H 7S 7D 7C 2C 3C 4C KD", dealer="AC 5C 6H TH 9D JS QS QH 3S 4S",
                 upcard="AD", stock="KS")
    state = play(state, "pass; pass; stock; knock KS")
    hint = hint_for(view_of(state, 0))
    assert hint.plan[-1] == DONE and all(actions.is_meld_action(a) for a in hint.plan[:-1])
    done = _layout_plan_is_legal(state)
    assert done.phase is Phase.DEFENDER
    text = hint_lines(hint, Messages("it"))[0]
    assert text == ("Suggerimento: cala [7♣ 7♦ 7♠] [2♣ 3♣ 4♣] [7♥ 8♥ 9♥]: restano 10 punti "
                    "morti; carte non ancora viste che vi si potrebbero attaccare: 13.")
    assert min_deadwood(state.free_cards(0)) == 10


def test_search_evaluator_hints_are_legal_and_render() -> None:
    from ginrummy.agents.evaluate import evaluate

    rng = random.Random(11)
    agents = (RandomAgent(1), RandomAgent(2))
    state = new_hand(Rules.preset("standard"), dealer=1, rng=rng)
    checked = 0
    while not state.is_over and checked < 6:
        view = view_of(state, state.turn)
        if state.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
            break
        hint = hint_for(view, evaluator=lambda v: evaluate(v, seed=3, samples=6))
        assert hint.source == "evaluate"
        assert hint.action in view.legal
        for lang in LANGUAGES:
            lines = hint_lines(hint, Messages(lang))
            assert lines and "{" not in "".join(lines)
        state = state.apply(agents[state.turn].choose(view))
        checked += 1
    assert checked == 6
