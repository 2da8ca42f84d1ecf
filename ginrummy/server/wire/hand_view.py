"""A hand as one reader may see it: a seat's own view (:func:`seat_view`, the engine's
:func:`~ginrummy.core.views.view_of` plus its arrangements and the layouts it may choose) or
a watcher's (:func:`public_view`: only what both seats may see). No hidden card reaches a
client that the engine would not show that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.core import melds as meld_search
from ginrummy.core.actions import (
    DONE,
    FACE_DOWN_KNOCK,
    LAYOFF_BASE,
    MELD_BASE,
    action_name,
)
from ginrummy.core.cards import cards_of, format_cards, mask_value
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.views import PlayerView, view_of

MAX_LAYOUTS = 9
"""The most arrangements a knocker is offered (the terminal game shows as many)."""


def names(mask: int) -> list[str]:
    """A card mask as a list of card names, ``["7H", "TS"]``."""
    return format_cards(cards_of(mask)).split()


def public_history(log: Any) -> list[list[Any]]:
    """The hand's public log: ``[seat, action name]``, a knock shown as face-down ``knock``."""
    out: list[list[Any]] = []
    node = log
    while node is not None:
        node, seat, action = node
        out.append([seat, "knock" if action == FACE_DOWN_KNOCK else action_name(action)])
    out.reverse()
    return out


def seat_view(state: HandState, seat: int) -> dict[str, Any]:
    """``view_of(state, seat).to_dict()`` plus the seat's own best arrangement (live deadwood)."""
    view = view_of(state, seat)
    return {**view.to_dict(), **own_parts(view, seat)}


def own_parts(view: PlayerView, seat: int) -> dict[str, Any]:
    """The parts of :func:`seat_view` that are the seat's own: the arrangement of its free
    cards (each discard's deadwood when it holds eleven) and, at its turn to lay out, the
    layouts it may choose."""
    out: dict[str, Any] = {}
    used = view.laid_off if seat != view.knocker else 0
    for meld in view.melds[seat]:
        used |= meld
    free = view.hand & ~used
    arrangement = meld_search.best_arrangement(free)
    eleven = free.bit_count() == 11
    out["arrangement"] = {
        "melds": [names(m) for m in arrangement.melds],
        "unmatched": names(arrangement.unmatched),
        "deadwood": meld_search.min_deadwood(free),
        "deadwood_after_discard": meld_search.min_deadwood_after_discard(free) if eleven else None,
        "discards": {format_cards([card]): meld_search.min_deadwood(free & ~(1 << card))
                     for card in cards_of(free)} if eleven else None,
    }
    out["layouts"] = layouts(view, free) if view.turn == seat else None
    return out


def _layout(melds: Sequence[int], layoffs: Sequence[int], unmatched: int,
            layable: int | None) -> dict[str, Any]:
    actions = [action_name(LAYOFF_BASE + card) for card in layoffs]
    ids = meld_search.MELD_ID
    actions += [action_name(MELD_BASE + ids[m]) for m in melds] + [action_name(DONE)]
    return {"melds": [names(m) for m in melds], "layoffs": format_cards(layoffs).split(),
            "unmatched": names(unmatched), "deadwood": mask_value(unmatched),
            "layable": layable, "actions": actions}


def layouts(view: PlayerView, free: int) -> list[dict[str, Any]] | None:
    """The ways to finish laying out, best first, each with the actions that make it.

    The knocker (R14, R20) gets every arrangement within the limit, least deadwood
    first, then the fewest unseen cards the opponent could lay off on it (``layable``),
    at most :data:`MAX_LAYOUTS`. The defender (R18, R25) gets its best answer: the
    layoffs (in an order the rules accept one at a time) and melds leaving the least
    deadwood. ``None`` outside those phases.
    """
    if view.phase is Phase.KNOCKER_MELDS:
        limit = 0 if view.big_gin else view.knock_limit
        unseen = view.unseen()
        ranked = []
        maximal = not view.rules.knocker_may_hide_melds
        for option in meld_search.arrangements(free, limit, maximal=maximal):
            layable = meld_search.LayoffTargets.of(option.melds).reach(unseen).bit_count()
            ranked.append(((option.deadwood, layable, len(option.melds)), option, layable))
        ranked.sort(key=lambda item: item[0])
        return [_layout(option.melds, (), option.unmatched, layable)
                for _, option, layable in ranked[:MAX_LAYOUTS]]
    if view.phase is not Phase.DEFENDER:
        return None
    gin = view.knocker_deadwood_cards() == 0
    targets = meld_search.LayoffTargets.of(view.melds[view.knocker])
    laid = view.laid_off
    wanted = meld_search.best_defence(free | laid, view.melds[view.knocker], gin=gin).layoffs & free
    order: list[int] = []
    pending = cards_of(wanted)
    while pending:  # one card at a time, each accepted after the ones before (R18)
        card = next((c for c in pending if targets.accepts(laid | 1 << c)), None)
        if card is None:
            break
        order.append(card)
        laid |= 1 << card
        pending.remove(card)
    rest = meld_search.best_arrangement(free & ~laid)
    return [_layout(rest.melds, order, rest.unmatched, None)]


def public_view(state: HandState) -> dict[str, Any]:
    """A hand as a watcher may see it: no card that either seat's opponent cannot see."""
    views = (view_of(state, 0), view_of(state, 1))
    shown = [views[1 - s].opponent_hand for s in (0, 1)]
    first = views[0].to_dict()
    return {
        "seat": None,
        "dealer": state.dealer,
        "phase": first["phase"],
        "turn": state.turn,
        "hand": None,
        "hands": [None if mask is None else names(mask) for mask in shown],
        "hand_counts": [views[1].opponent_count, views[0].opponent_count],
        "known": [names(views[1].opponent_known), names(views[0].opponent_known)],
        "pile": first["pile"],
        "stock_size": first["stock_size"],
        "upcard": first["upcard"],
        "knock_limit": first["knock_limit"],
        "legal": [],
        "history": public_history(views[0].public_log),
        "knocker": first["knocker"],
        "melds": first["melds"],
        "layoffs": first["layoffs"],
        "result": first["result"],
    }
