"""One hand of two-player Gin Rummy as an immutable state machine (R4-R26).

A :class:`HandState` never changes: :meth:`HandState.apply` returns the next
state, or raises :class:`IllegalActionError` and leaves the old one as it
was, so keeping the previous state is all an undo needs.

>>> from ginrummy.core.rules import Rules
>>> state = deal_hand(Rules.preset("standard"), dealer=1, deck=list(range(52)))
>>> state.phase.name, state.turn, action_names(state.legal_actions())
('FIRST_UPCARD', 0, ['take', 'pass'])

This module holds the state and the deal, and names every part of a hand; the
parts live beside it: the phases (:mod:`~ginrummy.core.phase`), the deck
(:mod:`~ginrummy.core.deck`), the legal actions of each phase
(:mod:`~ginrummy.core.legal_actions`), what each action does and how a hand ends
(:mod:`~ginrummy.core.moves`), and why an action is refused
(:mod:`~ginrummy.core.why_illegal`).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ginrummy.core.actions import (
    FACE_DOWN_KNOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    NUM_ACTIONS,
    Action,
    action_name,
)
from ginrummy.core.cards import FULL_DECK, card_name
from ginrummy.core.deck import check_deck, shuffled_deck
from ginrummy.core.hand_fields import barred_discard as _barred_discard
from ginrummy.core.hand_fields import free_cards as _free_cards
from ginrummy.core.legal_actions import LEGAL_ACTIONS
from ginrummy.core.moves import MOVES, STOCK_FLOOR, Draft
from ginrummy.core.phase import IllegalActionError, Phase
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules
from ginrummy.core.shuffle import ByteSource
from ginrummy.core.why_illegal import action_names, why_illegal

__all__ = [
    "STOCK_FLOOR",
    "HandState",
    "IllegalActionError",
    "Phase",
    "action_names",
    "check_deck",
    "deal_hand",
    "new_hand",
    "shuffled_deck",
]


def deal_hand(rules: Rules, dealer: int, deck: Sequence[int]) -> HandState:
    """Deal a hand from ``deck`` (index 0 is the top card) as R6 or R7 says."""
    if not isinstance(rules, Rules):
        raise IllegalActionError(f"rules must be a Rules object, got {type(rules).__name__}")
    if isinstance(dealer, bool) or dealer not in (0, 1):
        raise IllegalActionError(f"dealer must be seat 0 or 1, got {dealer!r}")
    cards = check_deck(deck)
    hands = [0, 0]
    first = 1 - dealer
    dealt = 21 if rules.eleven_card_deal else 20
    for index in range(dealt):
        seat = first if index % 2 == 0 else dealer
        hands[seat] |= 1 << cards[index]
    state = Draft()
    state.rules = rules
    state.dealer = dealer
    state.deck = cards
    state.hands = (hands[0], hands[1])
    state.known = (0, 0)
    state.taken = -1
    state.passes = 0
    state.stock_only = False
    state.idle_turns = 0
    state.pile_draws = 0
    state.returned = False
    state.wall_take = False
    state.knocker = -1
    state.knock_discard = -1
    state.big_gin = False
    state.melds = ((), ())
    state.laid_off = 0
    state.history = None
    state.result = None
    state.turn = first
    if rules.eleven_card_deal:
        state.upcard = None
        state.pile = ()
        state.stock_pos = 21
        state.phase = Phase.DISCARD
    else:
        state.upcard = cards[20]
        state.pile = (cards[20],)
        state.stock_pos = 21
        state.phase = Phase.FIRST_UPCARD
    state.limit = rules.knock_limit_for(state.upcard)
    return _made(state)


def new_hand(rules: Rules, dealer: int, rng: random.Random | int | ByteSource) -> HandState:
    return deal_hand(rules, dealer, shuffled_deck(rng))


@dataclass(frozen=True, slots=True)
class HandState:
    """The whole state of one hand, hidden cards included.

    Agents and clients never see this object: they get a
    :class:`~ginrummy.core.views.PlayerView` of their own seat. Two states are
    equal when every field is (a replayed hand equals the original).
    """

    rules: Rules
    dealer: int
    phase: Phase
    turn: int
    """The seat to act; -1 once the hand is over."""
    deck: tuple[int, ...]
    stock_pos: int
    """Index in ``deck`` of the top card of the stock."""
    hands: tuple[int, int]
    """Each seat's cards as masks (melds laid out and layoffs included)."""
    pile: tuple[int, ...]
    """The discard pile, top card last."""
    upcard: int | None
    limit: int
    known: tuple[int, int]
    """Cards each seat took from the discard pile and still holds: its opponent knows them."""
    taken: int
    """The card taken from the pile this turn, or -1 (R12)."""
    passes: int
    stock_only: bool
    idle_turns: int
    pile_draws: int
    returned: bool
    wall_take: bool
    knocker: int
    knock_discard: int
    big_gin: bool
    melds: tuple[tuple[int, ...], tuple[int, ...]]
    laid_off: int
    history: tuple[Any, int, int] | None
    """The public log, newest first as a linked tuple; a knock is stored face down."""
    result: HandResult | None

    @classmethod
    def from_fields(cls, **values: Any) -> HandState:
        """A state with every field given by name, for rebuilding hidden cards (sampling, search).

        Every field of the class must be given and no other; the values are
        not checked, so call :meth:`check_invariants` when they come from outside.
        """
        missing = sorted(_FIELDS - values.keys())
        unknown = sorted(values.keys() - _FIELDS)
        if missing or unknown:
            raise ValueError(f"HandState fields: missing {missing}, unknown {unknown}")
        return cls(**values)

    # ------------------------------------------------------------ queries

    @property
    def stock_size(self) -> int:
        return 52 - self.stock_pos

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def defender(self) -> int:
        return 1 - self.knocker

    def free_cards(self, seat: int) -> int:
        """Cards of ``seat`` not laid out in melds nor laid off."""
        return _free_cards(self, seat)

    def actions(self) -> list[tuple[int, Action]]:
        """Every (seat, action) played so far, in order."""
        out = []
        node = self.history
        while node is not None:
            node, seat, action = node
            if action == FACE_DOWN_KNOCK:
                action = KNOCK_BASE + self.knock_discard
            out.append((seat, action))
        out.reverse()
        return out

    def check_invariants(self) -> None:
        """Raise AssertionError if the 52 cards are not all accounted for exactly once."""
        stock = 0
        for card in self.deck[self.stock_pos :]:
            stock |= 1 << card
        pile = 0
        for card in self.pile:
            pile |= 1 << card
        parts = [self.hands[0], self.hands[1], stock, pile]
        if self.knock_discard >= 0:
            parts.append(1 << self.knock_discard)
        total = 0
        for part in parts:
            assert not part & total, "a card is in two places"
            total |= part
        assert total == FULL_DECK, "a card is missing"

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act, in increasing order."""
        return LEGAL_ACTIONS[self.phase](self)

    def barred_discard(self) -> int:
        """The card that may not be discarded (nor knocked with) this turn, or -1 (R12, R22)."""
        return _barred_discard(self)

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    # ------------------------------------------------------------ moves

    def apply(self, action: Action) -> HandState:
        """The state after ``action`` by the seat to act; raises if it is illegal."""
        if not isinstance(action, int) and hasattr(action, "__index__"):
            action = operator.index(action)  # NumPy integers from environments and arrays
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < NUM_ACTIONS:
            raise IllegalActionError(
                f"{action!r} in phase {self.phase.name}: "
                f"not an action number (0..{NUM_ACTIONS - 1})"
            )
        if self.phase is Phase.OVER:
            raise IllegalActionError(f"{action_name(action)} in phase OVER: the hand is over")
        if action not in self.legal_actions():
            raise why_illegal(self, action)
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> HandState:
        """:meth:`apply` for an action already known to be legal (agents, search)."""
        draft = _draft_of(self)
        public = FACE_DOWN_KNOCK if KNOCK_BASE <= action < LAYOFF_BASE else action
        draft.history = (self.history, self.turn, public)
        MOVES[self.phase](draft, action)
        return _made(draft)

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase.name} turn={self.turn} stock={self.stock_size} "
            f"pile={' '.join(card_name(c) for c in self.pile[-3:])}>"
        )

    def play(self, actions: Sequence[Action]) -> HandState:
        state = self
        for action in actions:
            state = state.apply(action)
        return state

    def walk(self, actions: Sequence[Action]) -> Iterator[HandState]:
        state = self
        yield state
        for action in actions:
            state = state.apply(action)
            yield state


def _draft_of(state: HandState) -> Draft:
    """A writable copy of ``state``, for the move that makes the next one."""
    draft = _new_draft(Draft)
    draft.rules = state.rules
    draft.dealer = state.dealer
    draft.phase = state.phase
    draft.turn = state.turn
    draft.deck = state.deck
    draft.stock_pos = state.stock_pos
    draft.hands = state.hands
    draft.pile = state.pile
    draft.upcard = state.upcard
    draft.limit = state.limit
    draft.known = state.known
    draft.taken = state.taken
    draft.passes = state.passes
    draft.stock_only = state.stock_only
    draft.idle_turns = state.idle_turns
    draft.pile_draws = state.pile_draws
    draft.returned = state.returned
    draft.wall_take = state.wall_take
    draft.knocker = state.knocker
    draft.knock_discard = state.knock_discard
    draft.big_gin = state.big_gin
    draft.melds = state.melds
    draft.laid_off = state.laid_off
    draft.history = state.history
    draft.result = state.result
    return draft


def _made(draft: Draft) -> HandState:
    """``draft`` turned into the state it describes, in place."""
    made: Any = draft
    made.__class__ = HandState
    return cast(HandState, made)


_new_draft = object.__new__
_FIELDS = frozenset(HandState.__slots__)
