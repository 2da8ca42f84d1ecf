"""One hand of two-player Gin Rummy as an immutable state machine (R4-R26).

A :class:`HandState` never changes: :meth:`HandState.apply` returns the next
state, or raises :class:`IllegalActionError` and leaves the old one as it
was, so keeping the previous state is all an undo needs.

>>> from ginrummy.core.rules import Rules
>>> state = deal_hand(Rules.preset("standard"), dealer=1, deck=list(range(52)))
>>> state.phase.name, state.turn, action_names(state.legal_actions())
('FIRST_UPCARD', 0, ['take', 'pass'])
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, cast

from ginrummy.core import shuffle
from ginrummy.core.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    FACE_DOWN_KNOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    NUM_ACTIONS,
    PASS,
    Action,
    action_name,
)
from ginrummy.core.cards import CARD_VALUES, FULL_DECK, SUIT_MASK, card_name, cards_of, format_cards
from ginrummy.core.melds import (
    ALL_MELDS,
    MELD_ID,
    LayoffTargets,
    deadwood_after_each_discard,
    least_deadwood_discards,
    melds_within,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.result import HandResult, score_hand, void_result
from ginrummy.core.rules import Rules
from ginrummy.core.shuffle import ByteSource

STOCK_FLOOR = 2
"""R21: the last two cards of the stock are never drawn."""


class Phase(IntEnum):
    FIRST_UPCARD = 0
    """R13: the first upcard is offered to the non-dealer, then to the dealer."""
    DRAW = 1
    DISCARD = 2
    """After drawing: discard, knock, or (R17) lay down a big gin."""
    WALL = 3
    """R22: two cards left in the stock; the last discard may be taken only to knock."""
    KNOCKER_MELDS = 4
    """R14, R20: the knocker lays out its melds one by one, then ``DONE``."""
    DEFENDER = 5
    """R18: the defender lays out melds and lays off, then ``DONE``."""
    OVER = 6


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this state."""


def action_names(actions: Sequence[Action]) -> list[str]:
    return [action_name(a) for a in actions]


def shuffled_deck(rng: random.Random | int | ByteSource) -> list[int]:
    """A uniformly shuffled deck from ``rng``: a :class:`~ginrummy.core.shuffle.ByteSource` (a real
    game passes :class:`~ginrummy.core.shuffle.SystemSource`, the operating system's generator),
    or for tests and research a seed or a ``random.Random``."""
    if not isinstance(rng, int | random.Random):
        return shuffle.shuffled_deck(rng)
    generator = random.Random(rng) if isinstance(rng, int) else rng
    deck = list(range(52))
    generator.shuffle(deck)
    return deck


def check_deck(deck: Sequence[int]) -> tuple[int, ...]:
    """``deck`` as a tuple of the 52 card numbers, each once; otherwise an error naming the
    first bad item and its position (from 1)."""
    try:
        cards = tuple(deck)
    except TypeError:
        raise IllegalActionError(
            f"a deck is a sequence of 52 card numbers, got {type(deck).__name__} {deck!r:.60}"
        ) from None
    if len(cards) == 52 and set(map(type, cards)) == _INT_TYPE and set(cards) == _DECK_CARDS:
        return cards  # the usual deck, checked at once; otherwise find what is wrong below
    if len(cards) != 52:
        raise IllegalActionError(f"a deck needs 52 card numbers, got {len(cards)} items")
    seen: dict[int, int] = {}
    for position, card in enumerate(cards, 1):
        if isinstance(card, bool) or not isinstance(card, int):
            raise IllegalActionError(
                f"deck item {position} is {card!r:.40} ({type(card).__name__}), "
                "not a card number 0..51"
            )
        if not 0 <= card < 52:
            raise IllegalActionError(f"deck item {position} is card number {card}, outside 0..51")
        if card in seen:
            raise IllegalActionError(
                f"deck has {card_name(card)} twice (items {seen[card]} and {position})"
            )
        seen[card] = position
    return cards


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
    state = _Draft()
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
    return state.done()


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
        for card in self.deck[self.stock_pos:]:
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
        return _LEGAL_ACTIONS[self.phase](self)

    def _first_upcard_actions(self) -> list[Action]:
        return [DRAW_DISCARD, PASS]

    def _draw_actions(self) -> list[Action]:
        return [DRAW_STOCK] if self.stock_only else [DRAW_STOCK, DRAW_DISCARD]

    def _wall_actions(self) -> list[Action]:
        top = self.pile[-1]
        hand = self.hands[self.turn] | 1 << top
        if self.rules.fiftieth_card_action == "different_card":
            least = least_deadwood_discards(hand, hand & ~(1 << top))[0]
        else:
            least = min_deadwood_after_discard(hand)
        return [DRAW_DISCARD, PASS] if least <= self.limit else [PASS]

    def _no_actions(self) -> list[Action]:
        return []

    def barred_discard(self) -> int:
        """The card that may not be discarded (nor knocked with) this turn, or -1 (R12, R22)."""
        if self.wall_take:
            return self.taken if self.rules.fiftieth_card_action == "different_card" else -1
        return -1 if self.rules.allow_discard_of_drawn_upcard else self.taken

    def _discard_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        wall_take = self.wall_take
        barred = self.barred_discard()
        if wall_take:
            actions = []
        else:
            t = _DISCARDS_BY_SUIT
            actions = [*t[0][hand & SUIT_MASK], *t[1][hand >> 13 & SUIT_MASK],
                       *t[2][hand >> 26 & SUIT_MASK], *t[3][hand >> 39]]
            if barred >= 0:
                actions.remove(DISCARD_BASE + barred)
        limit = self.limit
        if min_deadwood_after_discard(hand) <= limit:
            actions.extend(KNOCK_BASE + c for c, left in deadwood_after_each_discard(hand).items()
                           if left <= limit and c != barred)
            if self.rules.big_gin and not wall_take and min_deadwood(hand) == 0:
                actions.insert(0, BIG_GIN)
        return actions

    def _knocker_actions(self) -> list[Action]:
        free = self.free_cards(self.turn)
        limit = 0 if self.big_gin else self.limit
        actions = [
            MELD_BASE + MELD_ID[m] for m in melds_within(free) if min_deadwood(free & ~m) <= limit
        ]
        actions.sort()
        if _value(free) <= limit and (self.rules.knocker_may_hide_melds or not actions):
            actions.insert(0, DONE)  # R14: by default no meld may stay among the deadwood
        return actions

    def _defender_actions(self) -> list[Action]:
        free = self.free_cards(self.turn)
        actions = [DONE]
        if not self._knocker_went_gin():
            targets = self._layoff_targets()
            laid = self.laid_off
            # What the melds reach grows with the cards offered: a card out of reach of all
            # the free ones together fits in no layoff.
            reachable = targets.reach(free | laid) & free
            actions.extend(
                LAYOFF_BASE + c for c in cards_of(reachable) if targets.accepts(laid | 1 << c)
            )
        actions.extend(sorted(MELD_BASE + MELD_ID[m] for m in melds_within(free)))
        return actions

    def _knocker_went_gin(self) -> bool:
        return self.big_gin or self.free_cards(self.knocker) == 0

    def _layoff_targets(self) -> LayoffTargets:
        return _layoff_targets_of(self.melds[self.knocker])

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
            raise IllegalActionError(self._why_illegal(action))
        return self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> HandState:
        """:meth:`apply` for an action already known to be legal (agents, search)."""
        draft = _Draft.copy_of(self)
        public = FACE_DOWN_KNOCK if KNOCK_BASE <= action < LAYOFF_BASE else action
        draft.history = (self.history, self.turn, public)
        _MOVES[self.phase](draft, action)
        return draft.done()

    # ------------------------------------------------------------ errors

    def _why_illegal(self, action: Action) -> str:
        name = action_name(action)
        where = f"{name} in phase {self.phase.name} (seat {self.turn} to act)"
        hand = self.hands[self.turn]
        if DISCARD_BASE <= action < MELD_BASE:
            card = (action - DISCARD_BASE) % 52
            if not hand >> card & 1:
                return f"{where}: {card_name(card)} is not in the hand"
            barred = self.barred_discard()
            if card == barred and action < LAYOFF_BASE and self.phase is Phase.DISCARD:
                if self.wall_take:
                    return (f"{where}: {card_name(card)} was taken at the wall; knock by "
                            "discarding another card (R22)")
                return f"{where}: {card_name(card)} was just taken from the pile (R12)"
            if action >= KNOCK_BASE and action < LAYOFF_BASE and self.phase is Phase.DISCARD:
                left = min_deadwood(hand & ~(1 << card))
                limit = self.limit
                return f"{where}: deadwood would be {left}, above the knock limit {limit} (R14)"
            if self.wall_take and action < KNOCK_BASE:
                return f"{where}: the last discard was taken only to knock (R22)"
        if action >= MELD_BASE and self.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
            meld = ALL_MELDS[action - MELD_BASE]
            if meld & ~self.free_cards(self.turn):
                return f"{where}: those cards are not all free in the hand"
            if self.big_gin:
                return f"{where}: the rest could not all be melded, as big gin needs (R17)"
            return f"{where}: the rest could not get within the knock limit {self.limit} (R14)"
        if LAYOFF_BASE <= action < MELD_BASE and self.phase is Phase.DEFENDER:
            if self._knocker_went_gin():
                return f"{where}: no layoffs on a gin hand (R25)"
            card = action - LAYOFF_BASE
            if not self.free_cards(self.turn) >> card & 1:
                return f"{where}: {card_name(card)} is already laid out in a meld or laid off"
            return f"{where}: the card does not fit the knocker's melds (R18)"
        if action == DONE and self.phase is Phase.KNOCKER_MELDS:
            free = self.free_cards(self.turn)
            left = _value(free)
            hidden = melds_within(free)
            if hidden and not self.big_gin and left <= self.limit:
                return (f"{where}: {format_cards(cards_of(hidden[0]))} still form a meld; the "
                        "hand is shown arranged into as many melds as it can (R14)")
            if self.big_gin:
                return f"{where}: {left} deadwood left; big gin melds all eleven cards (R17)"
            return f"{where}: {left} deadwood left, above the limit {self.limit} (R14)"
        if action == DRAW_DISCARD and self.stock_only:
            return f"{where}: both players passed the upcard, so the stock must be drawn (R13)"
        if action == DRAW_DISCARD and self.phase is Phase.WALL:
            other = (" after discarding another card"
                     if self.rules.fiftieth_card_action == "different_card" else "")
            return (f"{where}: the last discard may be taken only to knock{other}; "
                    "it gives no knock (R22)")
        legal = ", ".join(action_names(self.legal_actions()))
        return f"{where}: not allowed now; legal: {legal}"

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


class _Draft:
    """The next :class:`HandState` while a deal or a move makes it: the same fields, still
    writable. :meth:`done` turns it into that state in place (the two classes have the same
    slots), so a move costs one copy of the fields and nothing is written once it is a state."""

    __slots__ = HandState.__slots__
    rules: Rules
    dealer: int
    phase: Phase
    turn: int
    deck: tuple[int, ...]
    stock_pos: int
    hands: tuple[int, int]
    pile: tuple[int, ...]
    upcard: int | None
    limit: int
    known: tuple[int, int]
    taken: int
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
    result: HandResult | None

    @staticmethod
    def copy_of(state: HandState) -> _Draft:
        draft = _new_draft(_Draft)
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

    def done(self) -> HandState:
        made: Any = self
        made.__class__ = HandState
        return cast(HandState, made)

    # Each move below changes the draft copied from the state it was chosen in.


    def _draw(self, action: Action) -> None:
        if action == DRAW_STOCK:
            self._draw_stock()
        else:
            self._draw_pile()

    def _discard_or_knock(self, action: Action) -> None:
        if action >= KNOCK_BASE:
            self._knock(action - KNOCK_BASE)
        elif action == BIG_GIN:
            self.knocker = self.turn
            self.big_gin = True
            self.taken = -1
            self.phase = Phase.KNOCKER_MELDS
        else:
            self._discard(action - DISCARD_BASE)

    def _at_wall(self, action: Action) -> None:
        if action == PASS:
            self._void("R22: the last discard was not taken to knock")
        else:
            self._take_top()
            self.wall_take = True
            self.phase = Phase.DISCARD

    def _knocker_lays_out(self, action: Action) -> None:
        if action == DONE:
            self.phase = Phase.DEFENDER
            self.turn = 1 - self.turn
        else:
            self._lay_meld(ALL_MELDS[action - MELD_BASE])

    def _defender_lays_out(self, action: Action) -> None:
        if action == DONE:
            self._finish()
        elif action >= MELD_BASE:
            self._lay_meld(ALL_MELDS[action - MELD_BASE])
        else:
            self.laid_off |= 1 << (action - LAYOFF_BASE)

    def _after_the_end(self, action: Action) -> None:
        """Nothing changes once the hand is over (only the log grows)."""

    def _first_upcard(self, action: Action) -> None:
        if action == DRAW_DISCARD:
            self.idle_turns += 1  # R36: taking the upcard is a turn without a stock draw
            self._take_top()
            self.phase = Phase.DISCARD
        elif self.passes == 0:
            self.passes = 1
            self.turn = 1 - self.turn
        else:
            self.passes = 2
            self.turn = 1 - self.turn
            self.stock_only = True
            self.phase = Phase.DRAW

    def _take_top(self) -> None:
        card = self.pile[-1]
        self.pile = self.pile[:-1]
        seat = self.turn
        bit = 1 << card
        self.taken = card
        if seat == 0:
            self.hands = (self.hands[0] | bit, self.hands[1])
            self.known = (self.known[0] | bit, self.known[1])
        else:
            self.hands = (self.hands[0], self.hands[1] | bit)
            self.known = (self.known[0], self.known[1] | bit)

    def _draw_stock(self) -> None:
        card = self.deck[self.stock_pos]
        self.stock_pos += 1
        bit = 1 << card
        self.hands = (self.hands[0] | bit, self.hands[1]) if self.turn == 0 else (
            self.hands[0], self.hands[1] | bit)
        self.taken = -1
        self.idle_turns = 0
        self.stock_only = False
        self.phase = Phase.DISCARD

    def _draw_pile(self) -> None:
        limit = self.rules.discard_pile_draw_limit
        if limit is not None and self.pile_draws >= limit:
            self._void("the discard pile was drawn from too often (OpenSpiel's cap)")
            return
        self.pile_draws += 1
        self.idle_turns += 1
        self._take_top()
        self.phase = Phase.DISCARD

    def _remove(self, seat: int, card: int) -> None:
        keep = ~(1 << card)
        if seat == 0:
            self.hands = (self.hands[0] & keep, self.hands[1])
            self.known = (self.known[0] & keep, self.known[1])
        else:
            self.hands = (self.hands[0], self.hands[1] & keep)
            self.known = (self.known[0], self.known[1] & keep)

    def _discard(self, card: int) -> None:
        self._remove(self.turn, card)
        self.pile = (*self.pile, card)
        if self.rules.void_on_second_returned_discard:
            if card == self.taken:
                if self.returned:
                    self._void("the same card was taken and thrown back twice in a row")
                    return
                self.returned = True
            else:
                self.returned = False
        self.taken = -1
        self.turn = 1 - self.turn
        if 52 - self.stock_pos <= STOCK_FLOOR:
            if self.rules.fiftieth_card_action != "off":
                self.phase = Phase.WALL
            else:
                self._void("R21: only two cards are left in the stock")
        elif self.idle_turns >= self.rules.max_turns_without_stock_draw:
            self._void("R36: too many turns without a draw from the stock")
        else:
            self.phase = Phase.DRAW

    def _knock(self, card: int) -> None:
        self._remove(self.turn, card)
        self.knock_discard = card
        self.knocker = self.turn
        self.taken = -1
        self.phase = Phase.KNOCKER_MELDS

    def _lay_meld(self, meld: int) -> None:
        seat = self.turn
        if seat == 0:
            self.melds = ((*self.melds[0], meld), self.melds[1])
        else:
            self.melds = (self.melds[0], (*self.melds[1], meld))

    def _void(self, reason: str) -> None:
        self.phase = Phase.OVER
        self.turn = -1
        self.result = void_result(reason, self.limit)

    def _finish(self) -> None:
        knocker = self.knocker
        self.result = score_hand(
            self.rules,
            knocker=knocker,
            knocker_deadwood=_value(_free_cards(self, knocker)),
            defender_deadwood=_value(_free_cards(self, 1 - knocker)),
            big_gin=self.big_gin,
            limit=self.limit,
            upcard=self.upcard,
        )
        self.phase = Phase.OVER
        self.turn = -1


def _free_cards(state: HandState | _Draft, seat: int) -> int:
    used = state.laid_off if seat != state.knocker else 0
    for meld in state.melds[seat]:
        used |= meld
    return state.hands[seat] & ~used


_new_draft = object.__new__
_FIELDS = frozenset(HandState.__slots__)
_BY_PHASE = {
    Phase.FIRST_UPCARD: (HandState._first_upcard_actions, _Draft._first_upcard),
    Phase.DRAW: (HandState._draw_actions, _Draft._draw),
    Phase.DISCARD: (HandState._discard_actions, _Draft._discard_or_knock),
    Phase.WALL: (HandState._wall_actions, _Draft._at_wall),
    Phase.KNOCKER_MELDS: (HandState._knocker_actions, _Draft._knocker_lays_out),
    Phase.DEFENDER: (HandState._defender_actions, _Draft._defender_lays_out),
    Phase.OVER: (HandState._no_actions, _Draft._after_the_end),
}
_LEGAL_ACTIONS = tuple(_BY_PHASE[phase][0] for phase in Phase)
"""Each phase's legal actions, indexed by phase number."""
_MOVES = tuple(_BY_PHASE[phase][1] for phase in Phase)
"""Each phase's move, applied to the copy of the state it was chosen in."""
_INT_TYPE = {int}
_DECK_CARDS = set(range(52))
_layoff_targets_of = functools.lru_cache(maxsize=64)(LayoffTargets.of)
"""The knocker's melds stay the same through the defender's turn: work out their targets once."""

_DISCARDS_BY_SUIT = tuple(
    tuple(
        tuple(DISCARD_BASE + 13 * suit + r for r in range(13) if m >> r & 1) for m in range(1 << 13)
    )
    for suit in range(4)
)


def _value(cards: int) -> int:
    """Deadwood value of ``cards`` counted as unmelded (R3)."""
    table = _SUIT_VALUES
    return (table[cards & SUIT_MASK] + table[cards >> 13 & SUIT_MASK]
            + table[cards >> 26 & SUIT_MASK] + table[cards >> 39 & SUIT_MASK])


def _build_suit_values() -> list[int]:
    values = [0]
    for mask in range(1, 1 << 13):
        low = mask & -mask
        values.append(values[mask ^ low] + CARD_VALUES[low.bit_length() - 1])
    return values


_SUIT_VALUES = _build_suit_values()
"""Per one-suit mask: the total value of its cards."""
