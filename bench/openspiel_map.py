"""How a hand of our engine maps onto OpenSpiel's ``gin_rummy``: cards, deals, melds, moves.

The translation behind bench/openspiel_play.py (our agents at OpenSpiel's
table, and the lockstep of the differential test). Import it only where ``pyspiel`` is installed.

The correspondence (see bench/PEERS.md for OpenSpiel's side):

* cards: ours ``suit*13 + rank`` with suits c, d, h, s; OpenSpiel's suits
  are s, c, d, h: ``openspiel = (ours + 13) % 52`` (bench.peers);
* seats: OpenSpiel's player 0 moves first, so it is our non-dealer: we deal
  with ``dealer=1`` and OpenSpiel player *p* is our seat *p*;
* the deal: OpenSpiel's chance nodes deal player 0's ten cards, then player
  1's ten, then the upcard, then one card at each stock draw; ours deals
  alternately from ``deck[0:20]``, then ``deck[20]`` is the upcard and
  ``deck[21:]`` the stock in draw order;
* phases: FirstUpcard -> ``FIRST_UPCARD`` (after both passes, OpenSpiel stays
  in FirstUpcard with only a stock draw legal: our ``DRAW``), Draw -> ``DRAW``,
  Discard -> ``DISCARD``, Knock -> ``DISCARD`` until the knocker's discard is
  chosen, then ``KNOCKER_MELDS``, Layoff -> ``DEFENDER``, Wall -> ``WALL``;
* moves: our ``DRAW_STOCK`` is OpenSpiel's stock draw followed by its chance
  node; our ``KNOCK(c)`` is OpenSpiel's knock (55) then the card *c*; at the
  wall our ``DRAW_DISCARD`` is OpenSpiel's knock (it takes the upcard) and the
  ``KNOCK(c)`` after it is the card *c* alone;
* melds: OpenSpiel knows sets and runs of 3 to 5 cards; one of our runs of 6
  or more is laid as consecutive OpenSpiel runs of 3 to 5;
* the defender: OpenSpiel takes all its layoffs, a pass, its melds, then a
  pass; ours takes layoffs and melds in any order, then ``DONE``. Here our
  first defender meld (or ``DONE``) plays the pass that ends OpenSpiel's
  layoffs; :class:`bench.openspiel_play.OpenSpielTable` holds such melds back
  instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pyspiel

from bench.peers import from_openspiel as from_os
from bench.peers import openspiel_utils
from bench.peers import to_openspiel as to_os
from ginrummy.core import actions
from ginrummy.core.actions import DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action, action_name
from ginrummy.core.cards import cards_of, format_cards, mask_of
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.melds import ALL_MELDS, is_run
from ginrummy.core.rules import Rules


class OS:
    """OpenSpiel's ``gin_rummy`` action numbers (a discard is the card's number, 0-51)."""

    DRAW_UPCARD = int(pyspiel.gin_rummy.DRAW_UPCARD_ACTION)
    DRAW_STOCK = int(pyspiel.gin_rummy.DRAW_STOCK_ACTION)
    PASS = int(pyspiel.gin_rummy.PASS_ACTION)
    KNOCK = int(pyspiel.gin_rummy.KNOCK_ACTION)
    MELD_BASE = int(pyspiel.gin_rummy.MELD_ACTION_BASE)
    """The first meld action: meld ``m`` of OpenSpiel's list is ``MELD_BASE + m``."""


OSPhase = pyspiel.gin_rummy.Phase

RULES = Rules.preset("openspiel")
DEALER = 1
"""Our dealer seat: OpenSpiel's player 0 moves first, so player 1 deals."""
UTILS = openspiel_utils()

__all__ = [
    "DEALER",
    "MELD_TO_OS",
    "OS",
    "OS_TO_MELD",
    "RULES",
    "UTILS",
    "BridgeError",
    "OSPhase",
    "check_in_step",
    "deck_from_deal",
    "from_os",
    "os_chance_order",
    "os_mask",
    "os_meld_actions",
    "os_play",
    "our_phase",
    "returns_of",
    "run_pieces",
    "to_os",
    "translate",
]


class BridgeError(RuntimeError):
    """The engines fell out of step, or a move cannot be played in OpenSpiel."""


# ---------------------------------------------------------------- cards and melds


def os_mask(os_cards: Sequence[int]) -> int:
    """Our card mask of OpenSpiel card ids."""
    return mask_of(from_os(c) for c in os_cards)


def _meld_maps() -> tuple[dict[int, int], dict[int, int]]:
    ours_to_os = {os_mask(cards): int(os_id) for os_id, cards in UTILS.int_to_meld.items()}
    if len(ours_to_os) != 185 or not set(ours_to_os) <= set(ALL_MELDS):
        raise BridgeError("OpenSpiel's meld table is not the one this bridge knows")
    return ours_to_os, {os_id: meld for meld, os_id in ours_to_os.items()}


MELD_TO_OS, OS_TO_MELD = _meld_maps()
"""Our meld mask <-> OpenSpiel meld id, for the 185 melds OpenSpiel knows."""


def run_pieces(meld: int) -> list[int]:
    """A meld as OpenSpiel melds: itself, or a run of 6+ cards cut into runs of 3 to 5."""
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
    """OpenSpiel's meld actions for one of our melds."""
    return [OS.MELD_BASE + MELD_TO_OS[piece] for piece in run_pieces(meld)]


# ---------------------------------------------------------------- deals and results


def os_chance_order(deck: Sequence[int]) -> list[int]:
    """OpenSpiel's chance actions for our ``deck`` dealt by seat 1: 21 deal actions, then draws."""
    order = [*deck[0:20:2], *deck[1:20:2], *deck[20:]]
    return [to_os(c) for c in order]


def deck_from_deal(order: Sequence[int]) -> list[int]:
    """Our deck (dealer seat 1) for our cards in OpenSpiel's deal order.

    ``order`` is player 0's ten cards, player 1's ten, the upcard, then any
    cards for the top of the stock in draw order; the other cards follow in
    increasing order (a placeholder for cards OpenSpiel has not dealt yet).
    """
    if len(order) < 21 or len(set(order)) != len(order) or not set(order) <= set(range(52)):
        raise ValueError(
            f"a deal needs 21 or more different cards (0..51), got {list(order)}")
    deck: list[int] = []
    for a, b in zip(order[0:10], order[10:20], strict=True):
        deck.extend((a, b))
    deck.extend(order[20:])
    seen = set(deck)
    deck.extend(c for c in range(52) if c not in seen)
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


# ---------------------------------------------------------------- phases and moves


_PHASES = {
    OSPhase.FIRST_UPCARD: Phase.FIRST_UPCARD,
    OSPhase.DRAW: Phase.DRAW,
    OSPhase.DISCARD: Phase.DISCARD,
    OSPhase.KNOCK: Phase.KNOCKER_MELDS,
    OSPhase.LAYOFF: Phase.DEFENDER,
    OSPhase.WALL: Phase.WALL,
    OSPhase.GAME_OVER: Phase.OVER,
}


def our_phase(os_state: Any) -> Phase | None:
    """Our phase for an OpenSpiel state (None while dealing or drawing from the stock).

    Two OpenSpiel phases need the state to tell: FirstUpcard after both passes is
    our ``DRAW`` (stock only), and Knock before the knocker's discard is our
    ``DISCARD``.
    """
    phase = os_state.current_phase()
    if phase == OSPhase.DEAL:
        return None
    if phase == OSPhase.FIRST_UPCARD and all(os_state.pass_on_first_upcard()):
        return Phase.DRAW
    if phase == OSPhase.KNOCK and any(a < 52 for a in os_state.legal_actions()):
        return Phase.DISCARD
    return _PHASES[phase]


def translate(ours: HandState, os_state: Any, action: Action) -> list[int]:
    """OpenSpiel's actions for our ``action`` in ``ours``, in the order they are played.

    ``os_state`` is OpenSpiel's state in step with ``ours``: it tells whether
    OpenSpiel still takes the defender's layoffs. Chance is not included.
    """
    phase = ours.phase
    if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
        draws = {DRAW_STOCK: OS.DRAW_STOCK, DRAW_DISCARD: OS.DRAW_UPCARD, PASS: OS.PASS}
        if action in draws:
            return [draws[action]]
    elif phase is Phase.WALL:
        if action in (DRAW_DISCARD, PASS):
            return [OS.KNOCK if action == DRAW_DISCARD else OS.PASS]
    elif phase is Phase.DISCARD:
        if actions.is_discard(action):
            return [to_os(actions.action_card(action))]
        if actions.is_knock(action):
            card = to_os(actions.action_card(action))
            return [card] if ours.wall_take else [OS.KNOCK, card]
    elif phase is Phase.KNOCKER_MELDS:
        if action == DONE:
            return [OS.PASS]
        if actions.is_meld_action(action):
            return os_meld_actions(actions.action_meld(action))
    elif phase is Phase.DEFENDER:
        taking_layoffs = not os_state.finished_layoffs()
        if actions.is_layoff(action):
            if not taking_layoffs:
                raise BridgeError("OpenSpiel takes no layoff once the defender's melds began")
            return [to_os(actions.action_card(action))]
        end_layoffs = [OS.PASS] if taking_layoffs else []
        if action == DONE:
            return [*end_layoffs, OS.PASS]
        if actions.is_meld_action(action):
            return [*end_layoffs, *os_meld_actions(actions.action_meld(action))]
    raise BridgeError(f"cannot translate {action_name(action)} in phase {phase.name}")


def os_play(os_state: Any, os_action: int) -> None:
    """Apply ``os_action`` to ``os_state``; raise :class:`BridgeError` if OpenSpiel refuses it."""
    if os_state.is_terminal():
        raise BridgeError(f"OpenSpiel's hand is over; cannot play {os_action}")
    legal = os_state.legal_actions()
    if os_action not in legal:
        player = os_state.current_player()
        raise BridgeError(
            f"OpenSpiel refuses {os_state.action_to_string(player, os_action)} "
            f"in phase {os_state.current_phase()}; legal {list(legal)}"
        )
    os_state.apply_action(os_action)


def check_in_step(ours: HandState, os_state: Any, held: int = 0) -> None:
    """Raise :class:`BridgeError` unless both engines are over together or have the same
    phase, seat to act, hands, stock size and upcard.

    ``held``: cards of the defender's melds that OpenSpiel still counts in its hand
    (melds held back while it takes layoffs).
    """
    if ours.is_over != os_state.is_terminal():
        raise BridgeError(f"over: ours {ours.is_over}, OpenSpiel {os_state.is_terminal()}")
    if ours.is_over:
        return
    if our_phase(os_state) is not ours.phase:
        raise BridgeError(f"phase: ours {ours.phase.name}, OpenSpiel {os_state.current_phase()}")
    if ours.turn != os_state.current_player():
        raise BridgeError(f"to act: ours {ours.turn}, OpenSpiel {os_state.current_player()}")
    hands = os_state.hands()
    for seat in (0, 1):
        free = ours.free_cards(seat)
        if seat == ours.turn and ours.phase is Phase.DEFENDER:
            free |= held
        if free != os_mask(hands[seat]):
            raise BridgeError(
                f"seat {seat} holds {format_cards(cards_of(free))} in ours, "
                f"{format_cards(cards_of(os_mask(hands[seat])))} in OpenSpiel"
            )
    if ours.stock_size != os_state.stock_size():
        raise BridgeError(f"stock: ours {ours.stock_size}, OpenSpiel {os_state.stock_size()}")
    if ours.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.WALL):
        upcard = os_state.upcard()
        if upcard is None or from_os(upcard) != ours.pile[-1]:
            raise BridgeError(f"upcard: ours {ours.pile[-1]}, OpenSpiel {upcard}")
