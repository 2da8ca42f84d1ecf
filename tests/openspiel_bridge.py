"""Drive one deal through our engine and OpenSpiel's ``gin_rummy`` in lockstep.

Used by ``tests/test_openspiel_differential.py``; import it only after
``pytest.importorskip("pyspiel")``.

Our engine is the driver: a policy picks one of *our* legal actions, and
:meth:`Lockstep.apply` plays it in both engines, translated into the one or
more OpenSpiel actions it stands for. Before each decision,
:meth:`Lockstep.decision` lines up what each engine allows, facet by facet
(draw choices, discards, whether a knock is legal, the knock discards, melds,
layoffs), and lists the facets on which they differ. The policy then chooses
among the actions that both engines allow, so that the two stay in step even
after a divergence.

The correspondence of cards, seats, deals, moves and melds is
bench/openspiel_map.py, shared with bench/openspiel_play.py. The policy lays
off first; our first defender meld or ``DONE`` plays OpenSpiel's pass that
ends the layoffs.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import pyspiel

from bench.openspiel_map import (
    DEALER,
    MELD_TO_OS,
    OS_DRAW_STOCK,
    OS_DRAW_UPCARD,
    OS_KNOCK,
    OS_MELD_BASE,
    OS_PASS,
    OS_TO_MELD,
    RULES,
    UTILS,
    BridgeError,
    check_in_step,
    deck_from_deal,
    from_os,
    os_chance_order,
    os_mask,
    os_meld_actions,
    os_play,
    returns_of,
    run_pieces,
    to_os,
    translate,
)
from ginrummy.actions import (
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    PASS,
    Action,
)
from ginrummy.hand import Phase, deal_hand
from ginrummy.melds import ALL_MELDS
from ginrummy.rules import Rules

__all__ = [
    "OS_KNOCK",
    "OS_PASS",
    "UTILS",
    "BridgeError",
    "Decision",
    "Lockstep",
    "Mismatch",
    "deck_for",
    "os_meld_actions",
    "run_pieces",
    "to_os",
]

GAME = pyspiel.load_game("gin_rummy")


def deck_for(seat0: Sequence[int], seat1: Sequence[int], upcard: int,
             stock: Sequence[int] = ()) -> list[int]:
    """Our deck (dealer seat 1) giving these hands and upcard, ``stock`` on top of the stock.

    The other cards follow in increasing order.
    """
    if len(seat0) != 10 or len(seat1) != 10:
        raise ValueError("each seat needs ten cards")
    return deck_from_deal([*seat0, *seat1, upcard, *stock])


# ---------------------------------------------------------------- lockstep


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


def _os_melds(actions: Sequence[int]) -> set[object]:
    return {OS_TO_MELD[a - OS_MELD_BASE] for a in actions if a >= OS_MELD_BASE}


def _os_cards(actions: Sequence[int]) -> set[object]:
    return {from_os(a) for a in actions if a < 52}


class Lockstep:
    """One deal in both engines, kept in step action by action."""

    def __init__(self, deck: Sequence[int], rules: Rules = RULES) -> None:
        self.ours = deal_hand(rules, DEALER, deck)
        self.chance = os_chance_order(deck)
        self.os = GAME.new_initial_state()
        for card in self.chance[:21]:
            self.os.apply_action(card)
        self.next_chance = 21
        self.os_actions: list[int] = []
        self.check_sync()

    # ------------------------------------------------------------ questions

    @property
    def over(self) -> bool:
        return self.ours.is_over

    def os_legal(self) -> list[int]:
        return list(self.os.legal_actions())

    def os_hand(self, player: int) -> int:
        return os_mask(self.os.hands()[player])

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
            os_names = {OS_DRAW_STOCK: "stock", OS_DRAW_UPCARD: "take", OS_PASS: "pass"}
            ours_set = {names[a] for a in legal}
            os_named = {os_names[a] for a in theirs}
            _facet(decision, "draw", ours_set, os_named)
            common.extend(a for a in legal if names[a] in os_named)
        elif phase is Phase.WALL:
            ours_set = {"take" if a == DRAW_DISCARD else "pass" for a in legal}
            os_named = {"take" if a == OS_KNOCK else "pass" for a in theirs}
            _facet(decision, "wall", ours_set, os_named)
            common.extend(a for a in legal if ("take" if a == DRAW_DISCARD else "pass") in os_named)
        elif phase is Phase.DISCARD and state.wall_take:
            knocks = {a - KNOCK_BASE for a in legal if KNOCK_BASE <= a < LAYOFF_BASE}
            os_cards = _os_cards(theirs)
            _facet(decision, "knock_discard", set(knocks), os_cards)
            common.extend(KNOCK_BASE + c for c in sorted(knocks) if c in os_cards)
        elif phase is Phase.DISCARD:
            discards = {a - DISCARD_BASE for a in legal if DISCARD_BASE <= a < KNOCK_BASE}
            knocks = {a - KNOCK_BASE for a in legal if KNOCK_BASE <= a < LAYOFF_BASE}
            os_cards = _os_cards(theirs)
            _facet(decision, "discard", set(discards), os_cards)
            common.extend(DISCARD_BASE + c for c in sorted(discards) if c in os_cards)
            os_knock = OS_KNOCK in os_set
            _facet(decision, "knock", {"knock"} if knocks else set(),
                   {"knock"} if os_knock else set())
            if knocks and os_knock:
                after = self.os.clone()
                after.apply_action(OS_KNOCK)
                os_knocks = _os_cards(after.legal_actions())
                _facet(decision, "knock_discard", set(knocks), os_knocks)
                common.extend(KNOCK_BASE + c for c in sorted(knocks) if c in os_knocks)
        elif phase is Phase.KNOCKER_MELDS:
            self._meld_facet(decision, "knocker_melds", legal, theirs, OS_PASS in os_set)
        elif phase is Phase.DEFENDER:
            if not self.os.finished_layoffs():
                if state.melds[state.turn]:
                    raise BridgeError("OpenSpiel still takes layoffs after our defender melded")
                layoffs = {a - LAYOFF_BASE for a in legal if LAYOFF_BASE <= a < MELD_BASE}
                os_cards = _os_cards(theirs)
                _facet(decision, "layoffs", set(layoffs), os_cards)
                common.extend(LAYOFF_BASE + c for c in sorted(layoffs) if c in os_cards)
                after = self.os.clone()
                after.apply_action(OS_PASS)
                theirs = list(after.legal_actions())
            self._meld_facet(decision, "defender_melds", legal, theirs, OS_PASS in set(theirs))
        else:
            raise BridgeError(f"no decision in phase {phase.name}")
        return decision

    def _meld_facet(self, decision: Decision, name: str, legal: Sequence[Action],
                    theirs: Sequence[int], os_done: bool) -> None:
        melds = {a: ALL_MELDS[a - MELD_BASE] for a in legal if a >= MELD_BASE}
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
        """Play our ``action`` in both engines, checking each OpenSpiel action is legal."""
        for os_action in translate(self.ours, self.os, action):
            self._os_apply(os_action)
            while self.os.is_chance_node():
                self._os_apply(self.chance[self.next_chance])
                self.next_chance += 1
        self.ours = self.ours.apply(action)
        self.check_sync()

    def _os_apply(self, os_action: int) -> None:
        os_play(self.os, os_action)
        self.os_actions.append(os_action)

    def check_sync(self) -> None:
        """The same cards in the same places, the same phase and seat to act, over together."""
        check_in_step(self.ours, self.os)

    def returns(self) -> tuple[list[float], list[float]]:
        """(ours, OpenSpiel's) returns per player once the deal is over."""
        return returns_of(self.ours), list(self.os.returns())

