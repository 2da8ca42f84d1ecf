"""What one seat may know about a hand, and nothing more.

A :class:`PlayerView` holds the seat's own cards, the discard pile, the
cards the opponent took from the pile and still holds, the stock size, the
public history of moves and, once laid down, the melds and layoffs. The
opponent's other cards, the stock's order and a knocker's face-down discard
stay out of it until the rules reveal them (the end of a hand that was not
void shows both hands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ginrummy.core.actions import FACE_DOWN_KNOCK, KNOCK_BASE, Action, action_name
from ginrummy.core.cards import cards_of, format_cards
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.result import HandResult
from ginrummy.core.rules import Rules


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    dealer: int
    phase: Phase
    turn: int
    hand: int
    """This seat's cards (a mask), including any it has laid out."""
    opponent_known: int
    """Cards the opponent took from the discard pile and still holds."""
    opponent_count: int
    pile: tuple[int, ...]
    stock_size: int
    upcard: int | None
    knock_limit: int
    taken: int
    """The card this seat took from the pile this turn (R12), or -1."""
    legal: tuple[Action, ...]
    public_log: Any
    """The hand's public log as :class:`~ginrummy.core.hand.HandState` keeps it; see ``history``."""
    knocker: int
    melds: tuple[tuple[int, ...], tuple[int, ...]]
    laid_off: int
    opponent_hand: int | None
    """The opponent's whole hand once the rules show it, else None: the knocker's once it
    has laid out (R14), both hands at the end of a hand that was not void."""
    result: HandResult | None
    rules: Rules
    passes: int
    """Refusals of the first upcard so far (R13)."""
    stock_only: bool
    """Both refused the first upcard: the non-dealer must draw from the stock (R13)."""
    idle_turns: int
    """Consecutive turns without a draw from the stock (R36)."""
    pile_draws: int
    returned: bool
    wall_take: bool
    """The last discard was taken at the wall, only to knock (R22)."""
    big_gin: bool
    knock_discard: int
    """This seat's own face-down knock discard, or -1 (the opponent's stays hidden)."""

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every (seat, action) so far; the opponent's knock shows as ``FACE_DOWN_KNOCK``."""
        out = []
        node = self.public_log
        while node is not None:
            node, seat, action = node
            if action == FACE_DOWN_KNOCK and seat == self.seat:
                action = KNOCK_BASE + self.knock_discard
            out.append((seat, action))
        out.reverse()
        return tuple(out)

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def is_my_turn(self) -> bool:
        return self.turn == self.seat

    def free_cards(self) -> int:
        """This seat's cards not laid out in melds nor laid off."""
        free = self.hand if self.seat == self.knocker else self.hand & ~self.laid_off
        for meld in self.melds[self.seat]:
            free &= ~meld
        return free

    def knocker_deadwood_cards(self) -> int | None:
        """The knocker's unmelded cards once shown: 0 means gin, so no layoffs (R25)."""
        if self.knocker < 0:
            return None
        hand = self.hand if self.seat == self.knocker else self.opponent_hand
        if hand is None:
            return None
        for meld in self.melds[self.knocker]:
            hand &= ~meld
        return hand

    def unseen(self) -> int:
        """Cards this seat cannot place: the opponent's unknown cards and the stock."""
        seen = self.hand | self.opponent_known | self.laid_off
        for card in self.pile:
            seen |= 1 << card
        for meld in self.melds[0] + self.melds[1]:
            seen |= meld
        if self.opponent_hand is not None:
            seen |= self.opponent_hand
        if self.knock_discard >= 0:  # this seat's own face-down knock discard
            seen |= 1 << self.knock_discard
        return ((1 << 52) - 1) & ~seen

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form with card names, for clients and logs."""
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase.name.lower(),
            "turn": self.turn,
            "hand": format_cards(cards_of(self.hand)).split(),
            "opponent_known": format_cards(cards_of(self.opponent_known)).split(),
            "opponent_count": self.opponent_count,
            "pile": format_cards(self.pile).split(),
            "stock_size": self.stock_size,
            "upcard": None if self.upcard is None else format_cards([self.upcard]),
            "knock_limit": self.knock_limit,
            "legal": [action_name(a) for a in self.legal],
            "history": [
                [seat, "knock" if a == FACE_DOWN_KNOCK else action_name(a)]
                for seat, a in self.history
            ],
            "knocker": self.knocker,
            "melds": [[format_cards(cards_of(m)).split() for m in side] for side in self.melds],
            "layoffs": format_cards(cards_of(self.laid_off)).split(),
            "opponent_hand": None if self.opponent_hand is None
            else format_cards(cards_of(self.opponent_hand)).split(),
            "result": None if self.result is None else self.result.to_dict(),
        }


def view_of(state: HandState, seat: int) -> PlayerView:
    """The view of ``seat`` (0 or 1) of ``state``."""
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, got {seat!r}")
    other = 1 - seat
    phase = state.phase
    result = state.result
    hands = state.hands
    turn = state.turn
    knocker = state.knocker
    shown = False  # the opponent's whole hand
    if phase is _OVER:
        shown = result is not None and not result.is_void
    elif phase is _DEFENDER:
        shown = other == knocker
    view: Any = _new_object(_ViewDraft)
    view.seat = seat
    view.dealer = state.dealer
    view.phase = phase
    view.turn = turn
    view.hand = hands[seat]
    view.opponent_known = state.known[other]
    view.opponent_count = hands[other].bit_count()
    view.pile = state.pile
    view.stock_size = 52 - state.stock_pos
    view.upcard = state.upcard
    view.knock_limit = state.limit
    view.taken = state.taken if turn == seat else -1
    view.legal = tuple(state.legal_actions()) if turn == seat else ()
    view.public_log = state.history
    view.knocker = knocker
    view.melds = state.melds
    view.laid_off = state.laid_off
    view.opponent_hand = hands[other] if shown else None
    view.result = result
    view.rules = state.rules
    view.passes = state.passes
    view.stock_only = state.stock_only
    view.idle_turns = state.idle_turns
    view.pile_draws = state.pile_draws
    view.returned = state.returned
    view.wall_take = state.wall_take
    view.big_gin = state.big_gin
    view.knock_discard = state.knock_discard if knocker == seat else -1
    view.__class__ = PlayerView  # filled in: now the frozen view itself
    return cast(PlayerView, view)


class _ViewDraft:
    """A :class:`PlayerView` while :func:`view_of` fills it in: the same slots, writable.

    A view is made for every decision; writing its fields here costs a fraction of the
    frozen dataclass's ``__init__`` (test_views checks that the result equals the view
    ``PlayerView(...)`` makes)."""

    __slots__ = PlayerView.__slots__


_new_object = object.__new__
_DEFENDER = Phase.DEFENDER
_OVER = Phase.OVER  # once: reading an enum member through its class is ten times slower
