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

The correspondence (see bench/PEERS.md for OpenSpiel's side):

* cards: ours are ``suit*13 + rank`` with suits c, d, h, s; OpenSpiel's
  suits are s, c, d, h, so ``openspiel = (ours + 13) % 52``;
* seats: OpenSpiel's player 0 always moves first, so it is our non-dealer:
  we deal with ``dealer=1`` and seat *p* is OpenSpiel player *p*;
* the deck: OpenSpiel's chance nodes deal player 0's ten cards, then player
  1's ten, then the upcard, then one card at each stock draw; ours deals
  alternately from ``deck[0:20]``, then ``deck[20]`` is the upcard and
  ``deck[21:]`` the stock in draw order;
* our ``KNOCK(c)`` is OpenSpiel's knock (55) then the card *c*; at the wall
  (our phase ``WALL``) our ``DRAW_DISCARD`` is OpenSpiel's knock, which takes
  the upcard, and the following ``KNOCK(c)`` is the card *c*;
* melds: OpenSpiel has sets and runs of 3 to 5 cards only; one of our runs of
  6 or more cards is laid as consecutive OpenSpiel runs of 3 to 5;
* the defender: OpenSpiel takes all layoffs first, then a pass, then melds,
  then a pass; ours takes layoffs and melds in any order, then ``DONE``. The
  policy lays off first; our first defender meld or ``DONE`` inserts
  OpenSpiel's pass that ends the layoffs.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

import pyspiel

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
    action_name,
)
from ginrummy.cards import cards_of, format_cards, mask_of
from ginrummy.hand import HandState, Phase, deal_hand
from ginrummy.melds import ALL_MELDS, is_run
from ginrummy.rules import Rules

OS_DRAW_UPCARD = int(pyspiel.gin_rummy.DRAW_UPCARD_ACTION)
OS_DRAW_STOCK = int(pyspiel.gin_rummy.DRAW_STOCK_ACTION)
OS_PASS = int(pyspiel.gin_rummy.PASS_ACTION)
OS_KNOCK = int(pyspiel.gin_rummy.KNOCK_ACTION)
OS_MELD_BASE = int(pyspiel.gin_rummy.MELD_ACTION_BASE)

RULES = Rules.preset("openspiel")
DEALER = 1
GAME = pyspiel.load_game("gin_rummy")
UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


class BridgeError(AssertionError):
    """The two engines fell out of step in a way that the translation cannot explain."""


# ---------------------------------------------------------------- cards and melds


def to_os(card: int) -> int:
    """Our card id -> OpenSpiel's (suit order s, c, d, h)."""
    return (card + 13) % 52


def from_os(card: int) -> int:
    """OpenSpiel's card id -> ours."""
    return (card + 39) % 52


def os_mask(os_cards: Sequence[int]) -> int:
    """Our card mask of a list of OpenSpiel card ids."""
    return mask_of(from_os(c) for c in os_cards)


def _build_meld_maps() -> tuple[dict[int, int], dict[int, int]]:
    ours_to_os: dict[int, int] = {}
    for os_id, os_cards in UTILS.int_to_meld.items():
        ours_to_os[os_mask(os_cards)] = int(os_id)
    os_to_ours = {os_id: meld for meld, os_id in ours_to_os.items()}
    assert len(ours_to_os) == 185 and all(m in set(ALL_MELDS) for m in ours_to_os)
    return ours_to_os, os_to_ours


MELD_TO_OS, OS_TO_MELD = _build_meld_maps()
"""Our meld mask <-> OpenSpiel meld id, for the 185 melds OpenSpiel knows."""


def run_pieces(meld: int) -> list[int]:
    """A meld as OpenSpiel melds: itself, or a long run cut into runs of 3 to 5 cards."""
    if meld in MELD_TO_OS:
        return [meld]
    if not is_run(meld):
        raise BridgeError(f"{format_cards(cards_of(meld))} is not a meld")
    cards = cards_of(meld)
    pieces = []
    while len(cards) > 5:
        size = 5 if len(cards) - 5 >= 3 else len(cards) - 3
        pieces.append(mask_of(cards[:size]))
        cards = cards[size:]
    pieces.append(mask_of(cards))
    return pieces


def os_meld_actions(meld: int) -> list[int]:
    return [OS_MELD_BASE + MELD_TO_OS[piece] for piece in run_pieces(meld)]


# ---------------------------------------------------------------- deals


def os_chance_order(deck: Sequence[int]) -> list[int]:
    """OpenSpiel's chance actions for our ``deck`` dealt by seat 1: 21 deal actions, then draws."""
    order = [*deck[0:20:2], *deck[1:20:2], *deck[20:]]
    return [to_os(c) for c in order]


def deck_for(seat0: Sequence[int], seat1: Sequence[int], upcard: int,
             stock: Sequence[int] = ()) -> list[int]:
    """Our deck (dealer seat 1) giving these hands and upcard, ``stock`` on top of the stock.

    The other cards follow in increasing order.
    """
    if len(seat0) != 10 or len(seat1) != 10:
        raise ValueError("each seat needs ten cards")
    deck: list[int] = []
    for a, b in zip(seat0, seat1, strict=True):
        deck.extend((a, b))
    deck.append(upcard)
    deck.extend(stock)
    deck.extend(c for c in range(52) if c not in set(deck))
    if sorted(deck) != list(range(52)):
        raise ValueError("the cards given repeat")
    return deck


def returns_of(state: HandState) -> list[float]:
    """Our finished hand as OpenSpiel's returns: the winner +points, the loser -points."""
    result = state.result
    if result is None:
        raise BridgeError("the hand is not over")
    out = [0.0, 0.0]
    if result.winner is not None:
        out[result.winner] = float(result.points)
        out[1 - result.winner] = -float(result.points)
    return out


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

    def translate(self, action: Action) -> list[int]:
        """OpenSpiel's actions for our ``action`` in the current state (chance excluded)."""
        state = self.ours
        phase = state.phase
        if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            draws = {DRAW_STOCK: OS_DRAW_STOCK, DRAW_DISCARD: OS_DRAW_UPCARD, PASS: OS_PASS}
            return [draws[action]]
        if phase is Phase.WALL:
            return [OS_KNOCK if action == DRAW_DISCARD else OS_PASS]
        if phase is Phase.DISCARD:
            if DISCARD_BASE <= action < KNOCK_BASE:
                return [to_os(action - DISCARD_BASE)]
            if KNOCK_BASE <= action < LAYOFF_BASE:
                card = to_os(action - KNOCK_BASE)
                return [card] if state.wall_take else [OS_KNOCK, card]
        if phase is Phase.KNOCKER_MELDS:
            if action == DONE:
                return [OS_PASS]
            return os_meld_actions(ALL_MELDS[action - MELD_BASE])
        if phase is Phase.DEFENDER:
            in_layoffs = not self.os.finished_layoffs()
            if LAYOFF_BASE <= action < MELD_BASE:
                if not in_layoffs:
                    raise BridgeError("OpenSpiel takes no layoff after the defender's melds")
                return [to_os(action - LAYOFF_BASE)]
            prefix = [OS_PASS] if in_layoffs else []
            if action == DONE:
                return [*prefix, OS_PASS]
            return [*prefix, *os_meld_actions(ALL_MELDS[action - MELD_BASE])]
        raise BridgeError(f"cannot translate {action_name(action)} in phase {phase.name}")

    def apply(self, action: Action) -> None:
        """Play our ``action`` in both engines, checking each OpenSpiel action is legal."""
        for os_action in self.translate(action):
            self._os_apply(os_action)
            while self.os.is_chance_node():
                self._os_apply(self.chance[self.next_chance])
                self.next_chance += 1
        self.ours = self.ours.apply(action)
        self.check_sync()

    def _os_apply(self, os_action: int) -> None:
        if self.os.is_terminal():
            raise BridgeError(f"OpenSpiel is over; cannot play {os_action}")
        legal = self.os.legal_actions()
        if os_action not in legal:
            raise BridgeError(
                f"OpenSpiel refuses {self.os.action_to_string(self.os.current_player(), os_action)}"
                f" in phase {self.os.current_phase()}; legal {list(legal)}"
            )
        self.os.apply_action(os_action)
        self.os_actions.append(os_action)

    def check_sync(self) -> None:
        """The same cards in the same places, the same seat to act, over at the same time."""
        ours, os = self.ours, self.os
        if ours.is_over != os.is_terminal():
            raise BridgeError(f"over: ours {ours.is_over}, OpenSpiel {os.is_terminal()}")
        if ours.is_over:
            return
        if ours.turn != os.current_player():
            raise BridgeError(f"to act: ours {ours.turn}, OpenSpiel {os.current_player()}")
        hands = os.hands()
        for seat in (0, 1):
            if ours.free_cards(seat) != os_mask(hands[seat]):
                raise BridgeError(
                    f"seat {seat} holds {format_cards(cards_of(ours.free_cards(seat)))} in ours,"
                    f" {format_cards(cards_of(os_mask(hands[seat])))} in OpenSpiel"
                )
        if ours.stock_size != os.stock_size():
            raise BridgeError(f"stock: ours {ours.stock_size}, OpenSpiel {os.stock_size()}")
        if ours.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.WALL):
            upcard = os.upcard()
            if upcard is None or from_os(upcard) != ours.pile[-1]:
                raise BridgeError(f"upcard: ours {ours.pile[-1]}, OpenSpiel {upcard}")

    def returns(self) -> tuple[list[float], list[float]]:
        """(ours, OpenSpiel's) returns per player once the deal is over."""
        return returns_of(self.ours), list(self.os.returns())

