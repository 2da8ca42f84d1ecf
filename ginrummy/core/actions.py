"""The integer action codec: every move of a hand is one int in ``range(NUM_ACTIONS)``.

The numbering is stable (research environments and records rely on it):

====================  ==========  =====================================
action                ids         meaning
====================  ==========  =====================================
``DRAW_STOCK``        0           draw the top card of the stock
``DRAW_DISCARD``      1           take the top of the discard pile
``PASS``              2           refuse the first upcard (R13) or the last discard (R22)
``DONE``              3           finish laying out melds or layoffs
``BIG_GIN``           4           lay down all eleven cards (R17)
discard *c*           5 + c       discard card c
knock *c*             57 + c      knock, discarding card c face down (R14)
layoff *c*            109 + c     lay card c off on the knocker's melds (R18)
meld *m*              161 + m     lay out meld number m of ``melds.ALL_MELDS``
====================  ==========  =====================================

>>> action_name(parse_action("knock 7h"))
'knock 7H'
>>> action_name(parse_action("meld 7H 8H 9H"))
'meld 7H 8H 9H'
"""

from __future__ import annotations

from collections.abc import Iterable

from ginrummy.core.cards import (
    CardError,
    card_name,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
)
from ginrummy.core.errors import CodedError
from ginrummy.core.melds import ALL_MELDS, MELD_ID

Action = int

DRAW_STOCK = 0
DRAW_DISCARD = 1
PASS = 2
DONE = 3
BIG_GIN = 4
DISCARD_BASE = 5
KNOCK_BASE = DISCARD_BASE + 52
LAYOFF_BASE = KNOCK_BASE + 52
MELD_BASE = LAYOFF_BASE + 52
NUM_ACTIONS = MELD_BASE + len(ALL_MELDS)

FACE_DOWN_KNOCK = -1
"""A knock as the public sees it: the knocker's discard is face down (R14)."""

_SIMPLE_NAMES = {DRAW_STOCK: "stock", DRAW_DISCARD: "take", PASS: "pass", DONE: "done",
                 BIG_GIN: "big gin"}
_SIMPLE_WORDS = {
    "stock": DRAW_STOCK, "draw": DRAW_STOCK, "s": DRAW_STOCK,
    "take": DRAW_DISCARD, "pile": DRAW_DISCARD, "t": DRAW_DISCARD,
    "pass": PASS, "p": PASS, "done": DONE, "big gin": BIG_GIN, "biggin": BIG_GIN,
}
_CARD_WORDS = {"discard": DISCARD_BASE, "d": DISCARD_BASE, "knock": KNOCK_BASE, "k": KNOCK_BASE,
               "layoff": LAYOFF_BASE, "lay": LAYOFF_BASE, "l": LAYOFF_BASE}


class ActionError(CodedError):
    """Text or a number that is not an action."""


def discard(card: int) -> Action:
    return DISCARD_BASE + card


def knock(card: int) -> Action:
    return KNOCK_BASE + card


def layoff(card: int) -> Action:
    return LAYOFF_BASE + card


def meld(cards: int) -> Action:
    try:
        return MELD_BASE + MELD_ID[cards]
    except KeyError:
        shown = format_cards(cards_of(cards))
        raise ActionError(f"{shown} is not a meld", "action.not_meld", cards=shown) from None


def is_discard(action: Action) -> bool:
    """A discard face up (a knock's discard is not one)."""
    return DISCARD_BASE <= action < KNOCK_BASE


def is_knock(action: Action) -> bool:
    return KNOCK_BASE <= action < LAYOFF_BASE


def is_layoff(action: Action) -> bool:
    return LAYOFF_BASE <= action < MELD_BASE


def is_meld_action(action: Action) -> bool:
    """Laying out a meld (not :data:`DONE`)."""
    return MELD_BASE <= action < NUM_ACTIONS


def discard_cards(legal: Iterable[Action]) -> list[int]:
    """The cards that ``legal`` lets the player discard face up, in the actions' order."""
    return [action - DISCARD_BASE for action in legal if DISCARD_BASE <= action < KNOCK_BASE]


def knock_cards(legal: Iterable[Action]) -> list[int]:
    """The cards that ``legal`` lets the player knock with, in the actions' order."""
    return [action - KNOCK_BASE for action in legal if KNOCK_BASE <= action < LAYOFF_BASE]


def layoff_cards(legal: Iterable[Action]) -> list[int]:
    """The cards that ``legal`` lets the defender lay off, in the actions' order."""
    return [action - LAYOFF_BASE for action in legal if LAYOFF_BASE <= action < MELD_BASE]


def action_card(action: Action) -> int:
    """The card of a discard, knock or layoff action."""
    if DISCARD_BASE <= action < MELD_BASE:
        return (action - DISCARD_BASE) % 52
    raise ActionError(f"action {action} carries no single card")


def action_meld(action: Action) -> int:
    if MELD_BASE <= action < NUM_ACTIONS:
        return ALL_MELDS[action - MELD_BASE]
    raise ActionError(f"action {action} is not a meld")


def action_name(action: Action) -> str:
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ActionError(f"{action!r} is not an action number (0..{NUM_ACTIONS - 1})",
                          "action.not_number", action=repr(action), last=NUM_ACTIONS - 1)
    if action in _SIMPLE_NAMES:
        return _SIMPLE_NAMES[action]
    if action < KNOCK_BASE:
        return f"discard {card_name(action - DISCARD_BASE)}"
    if action < LAYOFF_BASE:
        return f"knock {card_name(action - KNOCK_BASE)}"
    if action < MELD_BASE:
        return f"layoff {card_name(action - LAYOFF_BASE)}"
    return f"meld {format_cards(cards_of(ALL_MELDS[action - MELD_BASE]))}"


def parse_action(text: str) -> Action:
    """Read an action as written by :func:`action_name` (short forms accepted)."""
    words = text.strip().lower().split()
    if not words:
        raise ActionError("empty action", "action.empty")
    joined = " ".join(words)
    if joined in _SIMPLE_WORDS:
        return _SIMPLE_WORDS[joined]
    head, rest = words[0], words[1:]
    try:
        if head in _CARD_WORDS:
            if len(rest) != 1:
                raise ActionError(f"{text!r}: {head} takes exactly one card",
                                  "action.one_card", text=repr(text), word=head)
            return _CARD_WORDS[head] + parse_card(rest[0])
        if head == "meld" or head == "m":
            if not rest:
                raise ActionError(f"{text!r}: meld takes three or more cards",
                                  "action.meld_size", text=repr(text))
            try:
                return meld(parse_cards(rest))
            except ActionError as error:
                raise ActionError(f"{text!r}: {error}", "action.in", text=repr(text),
                                  error=error) from None
    except CardError as error:
        raise ActionError(f"{text!r}: {error}", "action.in", text=repr(text),
                          error=error) from None
    raise ActionError(
        f"{text!r} is not an action; use stock, take, pass, discard C, knock C, big gin, "
        "meld C C C, layoff C or done", "action.unknown", text=repr(text),
        words="stock, take, pass, discard C, knock C, big gin, meld C C C, layoff C", last="done"
    )
