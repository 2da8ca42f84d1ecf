"""Our engine and OpenSpiel's ``gin_rummy`` side by side on the same deal, decision by
decision (:class:`Lockstep`): where the two disagree about what is legal or what a move does,
:class:`Mismatch` says so (tests/env/test_openspiel_differential.py)."""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

import pyspiel

from bench.openspiel_map import (
    MELD_TO_OS,
    OS,
    OS_TO_MELD,
    RULES,
    BridgeError,
    deck_from_deal,
    from_os,
    os_chance_order,
    returns_of,
    run_pieces,
)
from bench.openspiel_play import OpenSpielTable
from ginrummy.core import actions
from ginrummy.core.actions import DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.rules import Rules

# ---------------------------------------------------------------- our engine choosing

GAME = pyspiel.load_game("gin_rummy")
INITIAL = GAME.new_initial_state()


def deck_for(seat0: Sequence[int], seat1: Sequence[int], upcard: int,
             stock: Sequence[int] = ()) -> list[int]:
    """Our deck (dealer seat 1) giving these hands and upcard, ``stock`` on top of the stock.

    The other cards follow in increasing order.
    """
    if len(seat0) != 10 or len(seat1) != 10:
        raise ValueError("each seat needs ten cards")
    return deck_from_deal([*seat0, *seat1, upcard, *stock])





@dataclass(frozen=True)
class Mismatch:
    """One facet of a decision on which the engines allow different things.

    ``ours_only`` and ``os_only`` hold the facet's items in our terms: cards or
    meld masks (our ids), or the words ``"stock"``, ``"take"``, ``"pass"``,
    ``"knock"``, ``"done"``.
    """

    facet: str
    ours_only: frozenset[object]
    os_only: frozenset[object]


@dataclass
class Decision:
    """What both engines allow at one decision point."""

    phase: Phase
    seat: int
    legal: list[Action]
    common: list[Action]
    mismatches: list[Mismatch] = field(default_factory=list)
    facets: dict[str, tuple[frozenset[object], frozenset[object]]] = field(default_factory=dict)


def _facet(decision: Decision, name: str, ours: AbstractSet[object],
           theirs: AbstractSet[object]) -> None:
    a, b = frozenset(ours), frozenset(theirs)
    decision.facets[name] = (a, b)
    if a != b:
        decision.mismatches.append(Mismatch(name, a - b, b - a))


def _os_melds(os_actions: Sequence[int]) -> set[object]:
    return {OS_TO_MELD[a - OS.MELD_BASE] for a in os_actions if a >= OS.MELD_BASE}


def _os_cards(os_actions: Sequence[int]) -> set[object]:
    return {from_os(a) for a in os_actions if a < 52}


class Lockstep:
    """One deal in both engines, driven by our choices: an :class:`OpenSpielTable` dealt
    from ``deck``, and at each decision what both engines allow, facet by facet.

    Used by ``tests/env/test_openspiel_differential.py``. A defender's melds laid while
    OpenSpiel still takes layoffs are held back until ``DONE``, as at the table.
    """

    def __init__(self, deck: Sequence[int], rules: Rules = RULES) -> None:
        self.table = OpenSpielTable(GAME, rules, initial=INITIAL)
        self.chance = os_chance_order(deck)
        self.next_chance = 0
        self._deal()

    def _deal(self) -> None:
        """Play OpenSpiel's chance nodes from the deck, as long as it is dealing."""
        while self.table.state.is_chance_node():
            self.table.feed(self.chance[self.next_chance])
            self.next_chance += 1

    # ------------------------------------------------------------ questions

    @property
    def ours(self) -> HandState:
        """Our engine's state of the deal (the table's shadow)."""
        return self.table._require_shadow()

    @property
    def os(self) -> Any:
        """OpenSpiel's state of the deal."""
        return self.table.state

    @property
    def over(self) -> bool:
        return self.ours.is_over

    def os_legal(self) -> list[int]:
        return list(self.os.legal_actions())

    def decision(self) -> Decision:
        """Line up both engines' choices at the current decision point."""
        state = self.ours
        phase = state.phase
        legal = state.legal_actions()
        theirs = self.os_legal()
        decision = Decision(phase, state.turn, legal, [])
        common = decision.common
        os_set = set(theirs)
        if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            names = {DRAW_STOCK: "stock", DRAW_DISCARD: "take", PASS: "pass"}
            os_names = {OS.DRAW_STOCK: "stock", OS.DRAW_UPCARD: "take", OS.PASS: "pass"}
            ours_set = {names[a] for a in legal}
            os_named = {os_names[a] for a in theirs}
            _facet(decision, "draw", ours_set, os_named)
            common.extend(a for a in legal if names[a] in os_named)
        elif phase is Phase.WALL:
            ours_set = {"take" if a == DRAW_DISCARD else "pass" for a in legal}
            os_named = {"take" if a == OS.KNOCK else "pass" for a in theirs}
            _facet(decision, "wall", ours_set, os_named)
            common.extend(a for a in legal if ("take" if a == DRAW_DISCARD else "pass") in os_named)
        elif phase is Phase.DISCARD and state.wall_take:
            knocks = set(actions.knock_cards(legal))
            os_cards = _os_cards(theirs)
            _facet(decision, "knock_discard", set(knocks), os_cards)
            common.extend(actions.knock(c) for c in sorted(knocks) if c in os_cards)
        elif phase is Phase.DISCARD:
            discards = set(actions.discard_cards(legal))
            knocks = set(actions.knock_cards(legal))
            os_cards = _os_cards(theirs)
            _facet(decision, "discard", set(discards), os_cards)
            common.extend(actions.discard(c) for c in sorted(discards) if c in os_cards)
            os_knock = OS.KNOCK in os_set
            _facet(decision, "knock", {"knock"} if knocks else set(),
                   {"knock"} if os_knock else set())
            if knocks and os_knock:
                after = self.os.clone()
                after.apply_action(OS.KNOCK)
                os_knocks = _os_cards(after.legal_actions())
                _facet(decision, "knock_discard", set(knocks), os_knocks)
                common.extend(actions.knock(c) for c in sorted(knocks) if c in os_knocks)
        elif phase is Phase.KNOCKER_MELDS:
            self._meld_facet(decision, "knocker_melds", legal, theirs, OS.PASS in os_set)
        elif phase is Phase.DEFENDER:
            if not self.os.finished_layoffs():
                if not state.melds[state.turn]:  # the policy lays off before it melds
                    layoffs = set(actions.layoff_cards(legal))
                    os_cards = _os_cards(theirs)
                    _facet(decision, "layoffs", set(layoffs), os_cards)
                    common.extend(actions.layoff(c) for c in sorted(layoffs) if c in os_cards)
                after = self.os.clone()
                for os_action in (OS.PASS, *self.table._held):
                    after.apply_action(os_action)
                theirs = list(after.legal_actions())
            self._meld_facet(decision, "defender_melds", legal, theirs, OS.PASS in set(theirs))
        else:
            raise BridgeError(f"no decision in phase {phase.name}")
        return decision

    def _meld_facet(self, decision: Decision, name: str, legal: Sequence[Action],
                    theirs: Sequence[int], os_done: bool) -> None:
        melds = {a: actions.action_meld(a) for a in legal if actions.is_meld_action(a)}
        ours_set: set[object] = {m for m in melds.values() if m in MELD_TO_OS}
        os_set = _os_melds(theirs)
        if DONE in legal:
            ours_set.add("done")
        if os_done:
            os_set.add("done")
        _facet(decision, name, ours_set, os_set)
        if DONE in legal and os_done:
            decision.common.append(DONE)
        # A long run of ours is playable when its first OpenSpiel piece is.
        decision.common.extend(a for a, m in melds.items() if run_pieces(m)[0] in os_set)

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> None:
        """Play our ``action`` in both engines (OpenSpiel checks each of its actions)."""
        self.table.play(action)
        self._deal()

    def check_sync(self) -> None:
        """The same cards in the same places, the same phase and seat to act, over together."""
        self.table.check_sync()

    def returns(self) -> tuple[list[float], list[float]]:
        """(ours, OpenSpiel's) returns per player once the deal is over."""
        return returns_of(self.ours), self.table.returns()
