"""The agent protocol and the layout moves every agent can share."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ginrummy.core import actions
from ginrummy.core.actions import DONE, DRAW_DISCARD, PASS, Action
from ginrummy.core.hand import Phase
from ginrummy.core.melds import best_arrangement, best_defence, min_deadwood
from ginrummy.core.views import PlayerView


class Agent(Protocol):
    """Chooses an action from its seat's view; ``view.legal`` lists the legal ones."""

    name: str

    def choose(self, view: PlayerView) -> Action: ...


def only_action(view: PlayerView) -> Action | None:
    """The one legal action when there is no choice, else None; a view with no legal action
    (not this seat's turn) is an error."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has no move in phase {view.phase.name}")
    return legal[0] if len(legal) == 1 else None


def settled_action(view: PlayerView,
                   lay_out: Callable[[PlayerView], Action]) -> Action | None:
    """The move that needs no judgement of the play, else None: the only legal action; the
    knocker's layout as ``lay_out`` chooses it (R14); the defender's, towards the least
    deadwood (:func:`best_layout_action`, R15-R16)."""
    only = only_action(view)
    if only is not None:
        return only
    if view.phase is Phase.KNOCKER_MELDS:
        return lay_out(view)
    if view.phase is Phase.DEFENDER:
        return best_layout_action(view)
    return None


def routine_action(view: PlayerView) -> Action | None:
    """The move a plain player makes without weighing it, else None: the only legal action;
    when laying out, the next move towards the least deadwood (:func:`best_layout_action`);
    at the wall (R22), the card whenever it may be taken."""
    settled = settled_action(view, best_layout_action)
    if settled is not None:
        return settled
    if view.phase is Phase.WALL:
        return DRAW_DISCARD if DRAW_DISCARD in view.legal else PASS
    return None


class PlainAgent:
    """An agent that makes :func:`routine_action`'s moves and decides the others in
    :meth:`decide`."""

    name: str

    def choose(self, view: PlayerView) -> Action:
        routine = routine_action(view)
        return routine if routine is not None else self.decide(view)

    def decide(self, view: PlayerView) -> Action:
        raise NotImplementedError


def least_deadwood_knock(hand: int, knocks: Sequence[Action]) -> Action:
    """Of the knock actions ``knocks`` (not empty), the first that leaves the least deadwood."""
    return min(knocks, key=lambda knock: min_deadwood(hand & ~(1 << actions.action_card(knock))))


def least_deadwood_discard(hand: int, cards: Sequence[int]) -> int:
    """Of ``cards`` (not empty), the lowest whose discard leaves ``hand`` the least deadwood."""
    return min(cards, key=lambda card: (min_deadwood(hand & ~(1 << card)), card))


def best_layout_action(view: PlayerView) -> Action:
    """The next move towards the least deadwood when laying out (R18, R20).

    The knocker lays out a least-deadwood arrangement; the defender lays off
    and melds as :func:`ginrummy.core.melds.best_defence` says.
    """
    free = view.free_cards()
    if view.phase is Phase.KNOCKER_MELDS:
        melds = best_arrangement(free).melds
        return actions.meld(melds[0]) if melds else DONE
    if view.phase is not Phase.DEFENDER:
        raise ValueError(f"no layout to make in phase {view.phase.name}")
    # Plan with the cards already laid off: they extend the knocker's runs for the next ones.
    laid = view.laid_off
    gin = view.knocker_deadwood_cards() == 0
    defence = best_defence(free | laid, view.melds[view.knocker], gin=gin)
    for action in view.legal:
        if actions.is_layoff(action) and defence.layoffs >> actions.action_card(action) & 1:
            return action
    if defence.layoffs & ~laid == 0 and defence.melds:
        return actions.meld(defence.melds[0])
    return DONE
