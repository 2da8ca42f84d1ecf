"""A hint's reasons are true: every comparison they state holds for the figures of the view.

Over many random positions (Hypothesis), with the deadwood arithmetic and with a search that
prefers any move at all, each reason's figures are recomputed here from the view, each
comparison its key states (``CLAIMS``) is checked against them, and the English and Italian
text is read back (``hint_reader``) so that no sentence states a comparison its own numbers
contradict.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from handbuilder import deal, play
from hint_reader import stated_comparisons, unread_comparatives
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.agents import RandomAgent
from ginrummy.coach.hints import Hint, hint_for, hint_lines, render
from ginrummy.coach.reasons import CLAIMS, Cards, Move, Reason, claims_hold
from ginrummy.core import actions
from ginrummy.core.actions import DRAW_DISCARD, PASS, Action, parse_action
from ginrummy.core.cards import cards_of, parse_card
from ginrummy.core.hand import HandState, Phase, new_hand
from ginrummy.core.melds import best_arrangement, min_deadwood, min_deadwood_after_discard
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of
from ginrummy.i18n import Messages
from ginrummy.server.api.hint_api import hint_payload, player_messages

Row = tuple[Action, float, Mapping[str, Any]]


def _position(preset: str, seed: int, steps: int) -> HandState | None:
    """A hand of random play after ``steps`` moves, or None when it ended before."""
    rng = random.Random(seed)
    state = new_hand(Rules.preset(preset), dealer=rng.randrange(2), rng=rng)
    agents = (RandomAgent(rng.getrandbits(32)), RandomAgent(rng.getrandbits(32)))
    for _ in range(steps):
        if state.is_over:
            return None
        state = state.apply(agents[state.turn].choose(view_of(state, state.turn)))
    return None if state.is_over else state


def _search_preferring(seed: int, measure: str, coarse: bool) -> Callable[[PlayerView], list[Row]]:
    """A stand-in for the search that values the legal moves at random: it may prefer any
    move, whatever the simple figures say (``coarse``: whole numbers, so values tie)."""
    def evaluator(view: PlayerView) -> list[Row]:
        rng = random.Random(seed)
        rows: list[Row] = []
        for action in view.legal:
            value = rng.random() if measure == "win" else rng.uniform(-30, 30)
            if coarse:
                value = round(value, 1) if measure == "win" else float(round(value))
            rows.append((action, value, {"measure": measure}))
        return rows
    return evaluator


# ---------------------------------------------------------------- the figures, recomputed


def _after_taking(view: PlayerView, card: int) -> int:
    bigger = view.hand | 1 << card
    throwable = cards_of(bigger) if view.rules.allow_discard_of_drawn_upcard else \
        cards_of(view.hand)
    return min(min_deadwood(bigger & ~(1 << c)) for c in throwable)


def _stock_average(view: PlayerView, cards: int) -> float:
    unseen = cards_of(view.unseen())
    return round(sum(min_deadwood_after_discard(cards | 1 << c) for c in unseen) / len(unseen), 1)


def _discard_figures(view: PlayerView, reason: Reason) -> dict[str, object]:
    card = reason.params.get("card")
    throwable = {actions.action_card(a) for a in view.legal
                 if actions.is_discard(a) or actions.is_knock(a)}
    want: dict[str, object] = {
        "before": best_arrangement(view.hand).deadwood,
        "least": min(min_deadwood(view.hand & ~(1 << c)) for c in throwable),
        "limit": view.knock_limit,
    }
    if isinstance(card, int):
        want["after"] = want["deadwood"] = min_deadwood(view.hand & ~(1 << card))
    other = reason.params.get("other")
    if reason.key == "better_draws" and isinstance(other, tuple):
        want["other_ahead"] = _stock_average(view, view.hand & ~(1 << other[0]))
    return want


def _draw_figures(view: PlayerView) -> dict[str, object]:
    top = view.pile[-1]
    return {"card": top, "before": min_deadwood(view.free_cards()),
            "after": _after_taking(view, top), "expected": _stock_average(view, view.free_cards()),
            "limit": view.knock_limit}


def _search_figures(hint: Hint, reason: Reason) -> dict[str, object]:
    values = {o.action: o.value for o in hint.options}
    move = reason.params["move"]
    assert isinstance(move, Move)

    def shown(value: float) -> float:
        return round(100 * value) if hint.measure == "win" else round(value, 1)
    return {"value": shown(values[hint.action]), "other": shown(values[move])}


def _figures(view: PlayerView, hint: Hint, reason: Reason) -> dict[str, object]:
    """What the figures of ``reason`` must be, worked out here from the view."""
    if reason.key.startswith("search_"):
        return _search_figures(hint, reason)
    if view.phase is Phase.DISCARD:
        return _discard_figures(view, reason)
    if view.phase in (Phase.DRAW, Phase.FIRST_UPCARD, Phase.WALL) and view.pile:
        return _draw_figures(view)
    return {}


def _check_hint(view: PlayerView, hint: Hint) -> None:
    reasons = list(hint.reasons) + [n for o in hint.options for n in o.notes]
    for reason in reasons:
        assert claims_hold(reason), reason
        want = _figures(view, hint, reason)
        for name in {n for claim in CLAIMS.get(reason.key, ()) for n in (claim[0], claim[2])}:
            if name in want:
                assert reason.params[name] == want[name], (reason, name, want[name])
    for m in (Messages("en"), player_messages("en"), Messages("it")):
        for line in hint_lines(hint, m, alternatives=10):
            assert not unread_comparatives(line, m.lang), line
            for a, compare, b in stated_comparisons(line, m.lang):
                assert compare(a, b), (line, a, b)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["standard", "oklahoma", "gra", "classic"]),
       seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40),
       measure=st.sampled_from(["deadwood", "points", "win"]), coarse=st.booleans())
def test_every_comparison_a_hint_states_is_true_of_its_figures(
        preset: str, seed: int, steps: int, measure: str, coarse: bool) -> None:
    state = _position(preset, seed, steps)
    if state is None:
        return
    view = view_of(state, state.turn)
    evaluator = None if measure == "deadwood" else _search_preferring(seed, measure, coarse)
    hint = hint_for(view, evaluator=evaluator)
    _check_hint(view, hint)


def test_the_real_search_states_only_true_comparisons() -> None:
    from ginrummy.agents.evaluate import evaluate

    checked = 0
    for seed in range(40):
        state = _position("standard", seed, seed % 12)
        if state is None or state.phase not in (Phase.DRAW, Phase.DISCARD, Phase.FIRST_UPCARD):
            continue
        view = view_of(state, state.turn)
        _check_hint(view, hint_for(view, evaluator=lambda v: evaluate(v, seed=3, samples=6)))
        checked += 1
        if checked == 6:
            break
    assert checked == 6


# ---------------------------------------------------------------- the cases a player met


ME = "8H 9H KS KD 2C 5D 4S JC QD AH"
THEM = "3C 4C 6C 3D 6D 9D TS JS QS QH"


def _prefers(wanted: Action, measure: str = "points") -> Callable[[PlayerView], list[Row]]:
    def evaluator(view: PlayerView) -> list[Row]:
        best, rest = (0.6, 0.4) if measure == "win" else (5.0, -2.0)
        return [(a, best if a == wanted else rest, {"measure": measure}) for a in view.legal]
    return evaluator


def _keys(hint: Hint) -> list[str]:
    return [r.key for r in hint.reasons]


def test_a_take_that_leaves_more_than_a_stock_card_does_not_claim_it_is_better() -> None:
    """The search takes the Q♣, which goes with Q♦ but leaves more deadwood than a stock card
    on average: the hint grants that, names the pair and quotes the search."""
    state = deal(non_dealer=ME, dealer=THEM, upcard="QC", stock="5C")
    view = view_of(state, 0)
    hint = hint_for(view, evaluator=_prefers(DRAW_DISCARD))
    assert hint.action == DRAW_DISCARD
    assert _keys(hint) == ["take_pair", "search_points"]
    english = hint_lines(hint, Messages("en"))[0]
    assert english.startswith("Hint: take the QC: it does not bring your deadwood below a stock "
                              "card's average (")
    assert "but it goes with QD: a step towards a meld." in english
    assert english.endswith("this move does better: 5.0 points expected, against -2.0 for "
                            "“pass”.")
    italian = hint_lines(hint, Messages("it"))[0]
    assert italian.startswith("Suggerimento: prendi la Q♣: non porta i punti morti sotto la media")
    assert "ma lega con la Q♦: è un passo verso una combinazione." in italian
    _check_hint(view, hint)


def test_the_browser_gets_each_reason_as_its_figures_and_its_words() -> None:
    view = view_of(deal(non_dealer=ME, dealer=THEM, upcard="QC", stock="5C"), 0)
    reasons = hint_payload(hint_for(view, evaluator=_prefers(DRAW_DISCARD)), "it")["reasons"]
    assert [r["key"] for r in reasons] == ["take_pair", "search_points"]
    assert reasons[0]["params"] == {"card": "QC", "before": 69, "after": 69, "expected": 61.9,
                                    "partners": ["QD"]}
    assert reasons[1]["params"] == {"value": 5.0, "other": -2.0, "move": "pass"}
    assert reasons[1]["text"] == ("nelle partite simulate da qui questa mossa rende "
                                  "di più: 5,0 punti attesi, contro -2,0 con “passa”")


def test_a_discard_that_keeps_more_deadwood_says_so_and_why() -> None:
    """Discarding the 2♣ leaves more deadwood than the K♠ would: the hint says so, with what
    speaks for it, instead of "you keep less deadwood"."""
    state = deal(non_dealer=ME, dealer=THEM, upcard="7S", stock="TC")
    state = play(state, "pass; pass; stock")
    view = view_of(state, 0)
    hint = hint_for(view, evaluator=_prefers(parse_action("discard 2C")))
    assert hint.action == parse_action("discard 2C")
    keys = _keys(hint)
    assert keys[0] in ("discard_more", "keeps_pair", "keeps_back") and keys[-1] == "search_points"
    assert not any(k.startswith("discard_") and k != "discard_more" for k in keys)
    english = " ".join(hint_lines(hint, Messages("en")))
    assert "least" not in english
    _check_hint(view, hint)


def test_a_pass_the_search_prefers_over_a_lower_take_does_not_call_the_stock_lower() -> None:
    state = deal(non_dealer=ME, dealer=THEM, upcard="TH", stock="5C")
    view = view_of(state, 0)
    hint = hint_for(view, evaluator=_prefers(PASS, "win"))
    assert hint.action == PASS
    first = hint.reasons[0]
    after, expected = first.params["after"], first.params["expected"]
    assert isinstance(after, int) and isinstance(expected, float) and after < expected
    assert _keys(hint) == ["stock_hides", "search_win"]
    assert "less deadwood" not in hint_lines(hint, Messages("en"))[0]
    assert hint_lines(hint, Messages("it"))[0].endswith(
        "questa mossa vince più spesso: il 60% delle mani, contro il 40% con “prendi lo scarto”.")
    _check_hint(view, hint)


def test_italian_cards_take_their_article() -> None:
    state = deal(non_dealer="AS 2S 3S 7H 7D 7C TC KD 4D 2H",
                 dealer="AC 2C 3C 4C 6H 8H 9D JS QS QH", upcard="8C", stock="5C")
    view = view_of(state, 0)
    hint = hint_for(view, evaluator=_prefers(DRAW_DISCARD))
    italian = hint_lines(hint, Messages("it"))[0]
    assert italian.startswith("Suggerimento: prendi l'8♣: ")
    m = Messages("it")
    assert [format(m.card_words(parse_card(c)), "art") for c in
            ("AS", "2S", "8H", "TD", "JC", "QH", "KS")] \
        == ["l'A♠", "il 2♠", "l'8♥", "il 10♦", "il J♣", "la Q♥", "il K♠"]
    assert format(m.card_list_words([parse_card("9S"), parse_card("AS")]), "art") \
        == "il 9♠ e l'A♠"
    assert format(m.card_words(parse_card("QH")), "di") == "della Q♥"
    notes = [render(Reason("safe", {"threw": Cards((parse_card(c),))}), m, "hint.note")
             for c in ("TS", "8S", "AS")]
    assert notes == ["più sicura: l'avversario ha scartato il 10♠",
                     "più sicura: l'avversario ha scartato l'8♠",
                     "più sicura: l'avversario ha scartato l'A♠"]

