"""What each legal move is worth, and why: the evaluation behind hints.

:func:`evaluate` takes one seat's :class:`~ginrummy.core.views.PlayerView` and
returns, for every legal action, a row ``(action, value, details)``, best
first. It reads nothing but the view.

**Value.** For draws, discards, knocks and the wall (R22) the value is the
expected points of the hand for this seat: what it wins, minus what it
loses, averaged over play-outs of sampled deals (the search of
:mod:`ginrummy.agents.montecarlo`, with every legal action as a candidate).
It is a mean over random deals, so it carries a standard error
(``details["stderr"]``); with ``samples`` set it is reproducible for a seed.
When laying out, the value is still in points: for the defender it is
exact (the knocker's cards are on the table), its score after that move and
the best layout after it; for the knocker it is the estimated points of the
best arrangement the move leaves open, layoffs and undercuts included (R20).

**Details** is a plain ``dict`` (JSON-ready: ints, floats, bools, lists of
card numbers; no text) with the ingredients a hint explains a move with:

===================  ==============================================================
key                  meaning
===================  ==============================================================
``measure``          ``"points"``: expected points of the hand for this seat
``value``            the value again; ``stderr`` and ``samples`` for searched moves
``kind``             ``"draw"``, ``"take"``, ``"pass"``, ``"discard"``, ``"knock"``,
                     ``"gin"``, ``"big_gin"``, ``"meld"``, ``"layoff"``, ``"done"``
``card``             the card the action moves (taken, discarded, knocked with,
                     laid off), or ``None``
``deadwood_before``  the hand's least deadwood now (after the best discard when it
                     holds 11 cards)
``deadwood_after``   deadwood after the action: for a take, after the best discard
                     that follows; for a stock draw, the expected value over the
                     unseen cards; for a discard or knock, of the ten cards kept;
                     for layouts, the final deadwood. ``deadwood`` is the same number
``melds_made``       melds (card masks) that include the taken card in the best
                     arrangement after taking it (empty otherwise)
``danger``           for a discard: the estimated chance that the card makes a meld
                     for the opponent (what it gives away)
``opponent_wants``   cards the opponent is known to hold that the discarded card
                     would meld with (a list; empty when none)
``lookahead``        expected deadwood after the next stock draw, for the ten cards
                     kept (lower means more ways to improve)
``undercut_risk``    for a knock: the estimated chance of being undercut (R24)
``knock_points``     for a knock: the expert's estimate of its points
``expert_choice``    whether the expert agent would play this action
``best``             whether this row has the highest value
===================  ==============================================================

>>> import random
>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.hand import new_hand
>>> from ginrummy.core.views import view_of
>>> view = view_of(new_hand(Rules.preset("standard"), dealer=1, rng=5), 0)
>>> rows = evaluate(view, seed=1, samples=20)
>>> sorted(a for a, _, _ in rows) == sorted(view.legal)
True
>>> rows[0][2]["best"], rows[0][2]["measure"]
(True, 'points')
"""

from __future__ import annotations

import random
from typing import Any

from ginrummy.agents.base import best_layout_action
from ginrummy.agents.estimate import PARTNERS
from ginrummy.agents.expert_v1 import (
    Context,
    ExpertParams,
    FirstExpertAgent,
    best_knock_layout,
    knock_value,
    opponent_samples,
    undercut_chance,
)
from ginrummy.agents.montecarlo import SearchParams, action_values
from ginrummy.agents.sampling import sample_state
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import CardSet, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import (
    Arrangement,
    best_arrangement,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.views import PlayerView, view_of

Row = tuple[Action, float, dict[str, Any]]


def evaluate(view: PlayerView, seed: int = 0, budget: float = 0.5,
             samples: int | None = None) -> list[Row]:
    """Every legal action of ``view`` with its value and details, best first.

    ``budget`` is the search time in seconds; ``samples`` (if given) fixes the
    number of sampled deals instead, which makes the result reproducible.
    Returns an empty list when the seat has nothing to do.
    """
    if not view.legal:
        return []
    if view.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
        return _layout_rows(view, seed)
    params = ExpertParams()
    ctx = Context(view, params)
    expert_choice = FirstExpertAgent(seed, params).choose(view)
    search = SearchParams(budget=budget, samples=samples, min_samples=4)
    values = {v.action: v for v in action_values(view, seed, search, params,
                                                  actions=list(view.legal))}
    knock_info = _knock_info(view, ctx, params, seed)
    rows: list[Row] = []
    for action in view.legal:
        value = values[action]
        details = _details(view, ctx, action, knock_info)
        details.update(measure="points", value=value.mean, stderr=value.stderr,
                       samples=value.samples, expert_choice=action == expert_choice)
        rows.append((action, value.mean, details))
    return _ranked(rows)


def _ranked(rows: list[Row]) -> list[Row]:
    rows.sort(key=lambda row: -row[1])
    for index, (_, _, details) in enumerate(rows):
        details["best"] = index == 0
    return rows


def _hand_deadwood(hand: int) -> int:
    return min_deadwood_after_discard(hand) if hand.bit_count() == 11 else min_deadwood(hand)


def _base(kind: str, card: int | None, before: int) -> dict[str, Any]:
    return {
        "kind": kind, "card": card, "deadwood_before": before, "deadwood_after": before,
        "deadwood": before, "melds_made": [], "danger": None, "opponent_wants": [],
        "lookahead": None, "undercut_risk": None, "knock_points": None,
    }


def _details(view: PlayerView, ctx: Context, action: Action,
             knock_info: dict[int, tuple[float, float]]) -> dict[str, Any]:
    hand = view.hand
    before = _hand_deadwood(hand)
    if action == DRAW_DISCARD:
        card = view.pile[-1]
        bigger = hand | 1 << card
        if view.phase is Phase.WALL:  # R22: only different_card keeps the card taken
            barred = card if view.rules.fiftieth_card_action == "different_card" else -1
        else:
            barred = -1 if view.rules.allow_discard_of_drawn_upcard else card
        after = min(min_deadwood(bigger & ~(1 << c)) for c in cards_of(bigger) if c != barred)
        arrangement = best_arrangement(bigger) if bigger.bit_count() <= 11 else None
        made = [int(m) for m in arrangement.melds if m >> card & 1] if arrangement else []
        details = _base("take", card, before)
        details.update(deadwood_after=after, deadwood=after, melds_made=made)
        return details
    if action in (DRAW_STOCK, PASS):
        kind = "draw" if action == DRAW_STOCK else "pass"
        details = _base(kind, None, before)
        if view.phase is not Phase.WALL:
            expected = ctx.lookahead(hand)
            details.update(deadwood_after=expected, deadwood=expected)
        return details
    if action == BIG_GIN:
        details = _base("big_gin", None, before)
        details.update(deadwood_after=0, deadwood=0)
        return details
    card = actions.action_card(action)
    kept = hand & ~(1 << card)
    after = min_deadwood(kept)
    if actions.is_knock(action):
        details = _base("gin" if after == 0 else "knock", card, before)
        points, risk = knock_info.get(card, (None, None))
        details.update(knock_points=points, undercut_risk=risk)
    else:
        details = _base("discard", card, before)
        known = view.opponent_known
        wants = [p for p, _ in PARTNERS[card] if known >> p & 1]
        details.update(danger=ctx.danger_of(card), opponent_wants=wants)
    details.update(deadwood_after=after, deadwood=after, lookahead=ctx.lookahead(kept))
    return details


def _knock_info(view: PlayerView, ctx: Context, params: ExpertParams, seed: int
                ) -> dict[int, tuple[float, float]]:
    """Per knock card: (expected points, undercut chance) of the best layout after it."""
    knocks = actions.knock_cards(view.legal)
    if not knocks:
        return {}
    samples = opponent_samples(ctx, params, random.Random(seed))
    out = {}
    for card in knocks:
        layout = best_knock_layout(view.hand & ~(1 << card), view.knock_limit, samples, view)
        if layout is not None:
            out[card] = (layout[1], undercut_chance(layout[0], samples, view))
    return out


def _layout_rows(view: PlayerView, seed: int) -> list[Row]:
    """Layout moves. The defender's are exact: its points after the move and the best
    layout that follows. The knocker's are estimates: the points of the best arrangement
    that the move leaves open, against the expert's sampled opponent hands (R20)."""
    seat = view.seat
    laid = view.melds[seat]
    used = view.laid_off if seat != view.knocker else 0
    for meld in laid:
        used |= meld
    free = view.hand & ~used
    before = min_deadwood(free)
    recommended = FirstExpertAgent(seed).choose(view)
    rows: list[Row] = []
    if view.phase is Phase.KNOCKER_MELDS:
        params = ExpertParams()
        samples = opponent_samples(Context(view, params), params, random.Random(seed))
        limit = 0 if view.big_gin else view.knock_limit
        for action in view.legal:
            if action == DONE:
                arrangement = Arrangement((), CardSet(free))
                shown: tuple[int, ...] = tuple(laid)
            else:
                meld = actions.action_meld(action)
                shown = (*laid, meld)
                rest = best_knock_layout(free & ~meld, limit, samples, view, keep=40,
                                         shown=shown)
                arrangement = rest[0] if rest else Arrangement((), CardSet(free & ~meld))
            full = Arrangement(tuple(CardSet(m) for m in (*shown, *arrangement.melds)),
                               arrangement.unmatched)
            points = knock_value(full, samples, view)
            details = _base("done" if action == DONE else "meld", None, before)
            details.update(measure="points", value=points, deadwood_after=full.deadwood,
                           deadwood=full.deadwood, knock_points=points,
                           undercut_risk=undercut_chance(full, samples, view),
                           expert_choice=action == recommended)
            rows.append((action, points, details))
        return _ranked(rows)
    world = sample_state(view, random.Random(seed), keep_history=False)
    for action in view.legal:
        state = world.apply_unchecked(action)
        while not state.is_over:
            state = state.apply_unchecked(best_layout_action(view_of(state, state.turn)))
        result = state.result
        assert result is not None
        points = float(result.points_for(seat) - result.points_for(1 - seat))
        if action == DONE:
            kind = "done"
        elif actions.is_meld_action(action):
            kind = "meld"
        else:
            kind = "layoff"
        card = actions.action_card(action) if actions.is_layoff(action) else None
        details = _base(kind, card, before)
        details.update(measure="points", value=points, deadwood_after=result.defender_deadwood,
                       deadwood=result.defender_deadwood, expert_choice=action == recommended)
        rows.append((action, points, details))
    return _ranked(rows)


__all__ = ["Row", "evaluate"]
