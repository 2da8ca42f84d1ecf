"""Why a hint's move is good: reasons made of figures, stating only what the figures show.

A :class:`Reason` is a key (``hint.<key>`` in the catalogue) and its figures; the words
are made from them. :data:`CLAIMS` lists, for each key, the comparisons its words state
between its figures ("deadwood 12, less than the 14.3 a stock card leaves on average"
states ``after < expected``); :func:`explain` gives a key only when its comparisons hold
for the figures as shown (rounded as the text rounds them), so no hint states a false one.

The reasons say what decided the move. When it is the one the simple figures favour (least
deadwood, below a stock card's average), they say so; when the search prefers a move the
figures do not favour, they grant what the figures show against it, name what speaks for
it that they can see (the other card is dangerous to throw, goes with others towards a
meld, the cards kept improve more with the next draw), and give the search's own estimates
(``search_points``, ``search_win``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ginrummy.coach import figures
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, PASS, Action
from ginrummy.core.cards import card_value, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView


class Cards(tuple[int, ...]):
    """Cards as a hint parameter: rendered in the reader's language."""

    __slots__ = ()


class Melds(tuple[int, ...]):
    """Meld masks as a hint parameter: rendered as ``[7H 8H 9H] [KS KD KC]``."""

    __slots__ = ()


class Move(int):
    """A move as a hint parameter: rendered as the move's name in the reader's language."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Reason:
    """One ingredient of a hint's explanation: ``hint.<key>`` in the catalogue."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal move and what it is estimated to be worth (higher is better)."""

    action: Action
    value: float
    deadwood: float | None = None
    """Deadwood after the move (expected, for a stock draw), when that means something."""
    notes: tuple[Reason, ...] = ()
    """Short remarks on this alternative (``risky``, ``safe``...)."""


Claim = tuple[str, str, str]
"""``(figure, comparison, figure)``: what a reason's words state, e.g. ``("after", "<",
"expected")``."""

COMPARISONS: Mapping[str, Callable[[float, float], bool]] = {
    "<": operator.lt, "<=": operator.le, "==": operator.eq, ">": operator.gt, ">=": operator.ge,
}

CLAIMS: Mapping[str, tuple[Claim, ...]] = {
    # discards that leave the least deadwood
    "discard_unconnected_high": (("after", "<", "before"), ("after", "<=", "least")),
    "discard_unconnected": (("after", "<", "before"), ("after", "<=", "least")),
    "discard_high": (("after", "<", "before"), ("after", "<=", "least")),
    "discard_least": (("after", "<", "before"), ("after", "<=", "least")),
    "discard_keeps": (("after", "==", "before"), ("after", "<=", "least")),
    # discards that leave more than the least: what speaks for them
    "keeps_back": (("least", "<", "after"),),
    "keeps_pair": (("least", "<", "after"),),
    "discard_more": (("least", "<", "after"),),
    "better_draws": (("ahead", "<", "other_ahead"),),
    "knock": (("deadwood", "<=", "limit"),),
    "gin": (),
    "big_gin": (),
    # draws
    "take_joins": (("after", "<", "before"),),
    "take_lowers": (("after", "<", "expected"),),
    "take_pair": (("after", ">=", "expected"),),
    "take_unforced": (("after", ">=", "expected"),),
    "draw_stock": (("expected", "<", "after"),),
    "stock_over_meld": (("expected", "<", "after"),),
    "pass_meld": (("expected", "<", "after"),),
    "stock_hides": (("after", "<=", "expected"),),
    "stock_despite": (("after", "<=", "expected"),),
    "wall_take": (("after", "<=", "limit"),),
    "wall_pass": (("after", ">", "limit"),),
    "wall_pass_despite": (("after", "<=", "limit"),),
    "defend_layoff": (("after", "<", "before"),),
    # the search's own estimates
    "search_points": (("value", ">", "other"),),
    "search_win": (("value", ">", "other"),),
    "search_tie": (("value", "==", "other"),),
}
"""The comparisons each key's words state between its figures; a key not here states none."""

CONCEDING = frozenset({"take_pair", "take_unforced", "stock_hides", "stock_despite",
                       "wall_pass_despite", "keeps_back", "keeps_pair", "discard_more"})
"""Keys that grant the simple figures favour another move: the search's estimates follow."""


def claims_hold(reason: Reason) -> bool:
    """Whether every comparison the words of ``reason`` state is true of its figures."""
    for left, comparison, right in CLAIMS.get(reason.key, ()):
        a, b = reason.params[left], reason.params[right]
        assert isinstance(a, int | float) and isinstance(b, int | float), reason
        if not COMPARISONS[comparison](a, b):
            return False
    return True


def _checked(reason: Reason) -> Reason:
    if not claims_hold(reason):  # a bug here, never words that contradict their numbers
        raise AssertionError(f"reason {reason.key} states a false comparison: {reason.params}")
    return reason


def shown(value: float) -> float:
    """A deadwood average as the text shows it (one decimal)."""
    return round(value, 1)


# ---------------------------------------------------------------- the search's estimates


def search_reason(measure: str, options: Sequence[Option], chosen: Action,
                  other: Action) -> Reason | None:
    """The search's estimates of ``chosen`` against ``other``, as the text shows them."""
    values = {o.action: o.value for o in options}
    if measure not in ("points", "win") or chosen not in values or other not in values:
        return None
    if measure == "win":
        value: float = round(100 * values[chosen])
        other_value: float = round(100 * values[other])
    else:
        value, other_value = round(values[chosen], 1), round(values[other], 1)
    key = "search_tie" if value == other_value else f"search_{measure}"
    if value < other_value:
        return None  # ``chosen`` is not the search's best: nothing of the search to say
    return _checked(Reason(key, {"value": value, "other": other_value, "move": Move(other)}))


# ---------------------------------------------------------------- draws


def explain_draw(view: PlayerView, action: Action, options: Sequence[Option],
                 measure: str) -> tuple[Reason, ...]:
    top = view.pile[-1] if view.pile else -1
    if top < 0:
        return ()
    after = figures.after_taking(view, top)
    if view.phase is Phase.WALL:
        return _explain_wall(view, action, options, measure, top, after)
    if action not in (DRAW_DISCARD, PASS) and (view.stock_only
                                                or view.phase is Phase.FIRST_UPCARD):
        return (Reason("draw_only", {"card": top}),)
    expected = figures.stock_expectation(view)
    if expected is None:  # every card seen: nothing to compare a draw with
        return ()
    params: dict[str, object] = {"card": top, "before": min_deadwood(view.free_cards()),
                                 "after": after, "expected": shown(expected)}
    joins = figures.joins_meld(view, top)
    if action == DRAW_DISCARD:
        first = _take_reason(view, top, joins, params)
    else:
        first = _leave_reason(action, joins, params)
    reasons = [first]
    other = _other_draw(view, action)
    if other is not None and (first.key in CONCEDING
                              or (first.key == "pass_upcard" and after < shown(expected))):
        found = search_reason(measure, options, action, other)
        if found is not None:
            reasons.append(found)
    return tuple(_checked(r) for r in reasons)


def _other_draw(view: PlayerView, action: Action) -> Action | None:
    others = [a for a in view.legal if a != action]
    return others[0] if others else None


def _take_reason(view: PlayerView, top: int, joins: bool, params: dict[str, object]) -> Reason:
    after, before, expected = params["after"], params["before"], params["expected"]
    assert isinstance(after, int) and isinstance(before, int) and isinstance(expected, float)
    if joins and after < before:
        return Reason("take_joins", params)
    if after < expected:
        return Reason("take_lowers", params)
    kept = figures.best_keep(view, top) & ~(1 << top)
    partners = figures.partners(top, kept)
    if partners:
        return Reason("take_pair", {**params, "partners": Cards(partners)})
    return Reason("take_unforced", params)


def _leave_reason(action: Action, joins: bool, params: dict[str, object]) -> Reason:
    after, expected = params["after"], params["expected"]
    assert isinstance(after, int) and isinstance(expected, float)
    lower = expected < after
    if action == PASS:
        if not joins:
            return Reason("pass_upcard", params)
        return Reason("pass_meld" if lower else "stock_hides", params)
    if joins:
        return Reason("stock_over_meld" if lower else "stock_hides", params)
    return Reason("draw_stock" if lower else "stock_despite", params)


def _explain_wall(view: PlayerView, action: Action, options: Sequence[Option], measure: str,
                  top: int, after: int) -> tuple[Reason, ...]:
    params = {"card": top, "after": after, "limit": view.knock_limit}
    knocks = after <= view.knock_limit
    if action == DRAW_DISCARD and knocks:
        return (_checked(Reason("wall_take", params)),)
    if action != DRAW_DISCARD and not knocks:
        return (_checked(Reason("wall_pass", params)),)
    reasons = [] if action == DRAW_DISCARD else [_checked(Reason("wall_pass_despite", params))]
    other = _other_draw(view, action)
    found = None if other is None else search_reason(measure, options, action, other)
    if found is not None:
        reasons.append(found)
    return tuple(reasons)


# ---------------------------------------------------------------- discards


def explain_discard(view: PlayerView, action: Action, options: Sequence[Option],
                    measure: str) -> tuple[Reason, ...]:
    if action == BIG_GIN:
        return (Reason("big_gin", {"bonus": view.rules.big_gin_bonus}),)
    card = actions.action_card(action)
    after = figures.kept_deadwood(view, card)
    if actions.is_knock(action):
        return _explain_knock(view, card, after)
    thrown = figures.discardable(view)
    least = min(figures.kept_deadwood(view, c) for c in thrown)
    params: dict[str, object] = {"card": card, "before": figures.hand_deadwood(view),
                                 "after": after, "least": least}
    danger = figures.danger(view, card)
    rival: Action | None = None  # the move the figures favour, when it is not this one
    if after <= least:
        reasons = [_least_reason(card, view.hand, params)]
    else:
        other = _least_card(view, thrown, least)
        reasons = _more_reasons(view, card, other, params)
        rival = actions.discard(other)
    if danger.thrown and not danger.needed_by:
        reasons.append(Reason("discard_thrown", {"card": card, "threw": Cards(danger.thrown[:1])}))
    safer = _safer_than(view, action, card, after, options) if rival is None else None
    if safer is not None:
        reasons.append(safer)
    knocks = [o for o in options if actions.is_knock(o.action)]
    if knocks:
        reasons.append(Reason("wait_for_gin", {"deadwood": after}))
        rival = knocks[0].action if rival is None else rival
    found = None if rival is None else search_reason(measure, options, action, rival)
    if found is not None:
        reasons.append(found)
    return tuple(_checked(r) for r in reasons)


def _explain_knock(view: PlayerView, card: int, after: int) -> tuple[Reason, ...]:
    if after == 0:
        return (Reason("gin", {"card": card, "bonus": view.rules.gin_bonus}),)
    reasons = [_checked(Reason("knock", {"card": card, "deadwood": after,
                                         "limit": view.knock_limit}))]
    if view.opponent_known:
        reasons.append(Reason("knock_opponent_took",
                              {"cards": Cards(cards_of(view.opponent_known))}))
    return tuple(reasons)


def _least_reason(card: int, hand: int, params: dict[str, object]) -> Reason:
    if params["after"] == params["before"]:
        return Reason("discard_keeps", params)
    partners = figures.partners(card, hand)
    high = card_value(card) >= 9
    if not partners:
        return Reason("discard_unconnected_high" if high else "discard_unconnected", params)
    return Reason("discard_high" if high else "discard_least", params)


def _least_card(view: PlayerView, thrown: list[int], least: int) -> int:
    """The discard the figures favour: of those leaving ``least``, the one the opponent may
    need (the reason not to throw it), else the highest."""
    best = [c for c in thrown if figures.kept_deadwood(view, c) == least]
    risky = [c for c in best if figures.danger(view, c).needed_by]
    return max(risky or best, key=lambda c: (card_value(c), c))


def _more_reasons(view: PlayerView, card: int, other: int,
                  params: dict[str, object]) -> list[Reason]:
    """Why ``card`` rather than ``other``, which leaves less deadwood."""
    figures_of = {**params, "other": Cards((other,))}
    other_danger = figures.danger(view, other)
    if other_danger.needed_by and not figures.danger(view, card).needed_by:
        return [Reason("keeps_back", {**figures_of, "took": Cards(other_danger.needed_by)})]
    ahead = _lookahead(view, view.hand & ~(1 << card))
    other_ahead = _lookahead(view, view.hand & ~(1 << other))
    if ahead is not None and other_ahead is not None and shown(ahead) < shown(other_ahead):
        return [Reason("discard_more", figures_of),
                Reason("better_draws", {"ahead": shown(ahead), "other_ahead": shown(other_ahead),
                                        "other": Cards((other,))})]
    partners = figures.partners(other, view.hand & ~(1 << card))
    if partners:
        return [Reason("keeps_pair", {**figures_of, "partners": Cards(partners)})]
    return [Reason("discard_more", figures_of)]


def _lookahead(view: PlayerView, kept: int) -> float | None:
    """The deadwood ``kept`` leaves on average after the next stock card and its discard."""
    unseen = cards_of(view.unseen())
    if not unseen:
        return None
    return sum(min_deadwood_after_discard(kept | 1 << c) for c in unseen) / len(unseen)


def _safer_than(view: PlayerView, action: Action, card: int, after: int,
                options: Sequence[Option]) -> Reason | None:
    if figures.danger(view, card).needed_by:
        return None
    for other in options:
        if other.action == action or not actions.is_discard(other.action):
            continue
        other_card = actions.action_card(other.action)
        other_danger = figures.danger(view, other_card)
        if figures.kept_deadwood(view, other_card) <= after and other_danger.needed_by:
            return Reason("safer_than", {"card": other_card, "took": Cards(other_danger.needed_by)})
    return None


# ---------------------------------------------------------------- both


def explain(view: PlayerView, action: Action, options: Sequence[Option] = (),
            measure: str = "points") -> tuple[Reason, ...]:
    """Why ``action`` is a good move in ``view``: reasons a person understands, each true of
    its figures. ``options`` are the moves with the values of ``measure`` (``"points"`` or
    ``"win"`` from the search; ``"deadwood"``: no search to quote)."""
    if view.phase is Phase.DISCARD:
        return explain_discard(view, action, options, measure)
    return explain_draw(view, action, options, measure)


__all__ = [
    "CLAIMS",
    "COMPARISONS",
    "Cards",
    "Claim",
    "Melds",
    "Move",
    "Option",
    "Reason",
    "claims_hold",
    "explain",
    "search_reason",
    "shown",
]
