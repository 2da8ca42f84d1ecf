"""Shared by the agent tests: rule variants, a hand played out by agents, readable positions.

:func:`position` builds a state with seat 0 to act from card strings; the
named positions below are the ones more than one agent is tested on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ginrummy.core.actions import DRAW_STOCK, action_name
from ginrummy.core.cards import parse_card, parse_card_list, parse_cards
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import view_of

VARIANTS = [Rules.preset(name) for name in sorted(PRESETS)] + [
    Rules.preset("standard", name="eleven", eleven_card_deal=True),
    Rules.preset("standard", name="big_gin", big_gin=True),
    Rules.preset("standard", name="wall", fiftieth_card_action=True),
    Rules.preset("standard", name="wall_other_card", fiftieth_card_action="different_card"),
    Rules.preset("standard", name="hidden_melds", knocker_may_hide_melds=True),
    Rules.preset("oklahoma", name="oklahoma_ace_gin", ace_upcard_gin_only=True),
]
"""Every preset, and the options that change how a hand is played."""


def play_hand(state: HandState, agents: Sequence[Any]) -> HandState:
    """Play ``state`` to the end, ``agents[seat].choose(view)`` for each move; checks legality."""
    moves = 0
    while not state.is_over:
        view = view_of(state, state.turn)
        action = agents[state.turn].choose(view)
        assert action in view.legal, f"{action_name(action)} is illegal in {state!r}"
        state = state.apply(action)
        moves += 1
        assert moves < 2000
    state.check_invariants()
    return state


def position(
    ours: str,
    theirs: str,
    pile: str,
    *,
    phase: Phase,
    stock_size: int = 20,
    their_known: str = "",
    rules: Rules | None = None,
    taken: str | None = None,
    knock_discard: str | None = None,
    our_draws: int = 0,
) -> HandState:
    """A state with seat 0 to act: our cards, the opponent's, the pile (top last).

    Cards named nowhere fill the stock (``stock_size`` of them) and the bottom of the pile.
    ``knock_discard`` makes seat 0 the knocker, with that card face down.
    ``our_draws`` gives the history stock draws: seat 0 that many, seat 1 one fewer
    (seat 0 has drawn this turn).
    """
    rules = rules or Rules.preset("standard")
    our_cards = parse_card_list(ours)
    their_cards = parse_card_list(theirs)
    pile_cards = parse_card_list(pile)
    named = set(our_cards) | set(their_cards) | set(pile_cards)
    hidden_discard = parse_card(knock_discard) if knock_discard else -1
    if hidden_discard >= 0:
        named.add(hidden_discard)
    rest = [c for c in range(52) if c not in named]
    stock = rest[len(rest) - stock_size:]
    pile_all = tuple(rest[: len(rest) - stock_size] + pile_cards)
    hands = (int(parse_cards(ours)), int(parse_cards(theirs)))
    deck = tuple(c for c in range(52) if c not in stock) + tuple(stock)
    state = HandState.from_fields(
        rules=rules, dealer=1, phase=phase, turn=0, deck=deck, stock_pos=52 - len(stock),
        hands=hands, pile=pile_all, upcard=pile_all[0] if pile_all else None,
        limit=rules.knock_limit_for(pile_all[0] if pile_all else None),
        known=(0, int(parse_cards(their_known)) if their_known else 0),
        taken=parse_card(taken) if taken else -1, passes=2, stock_only=False, idle_turns=0,
        pile_draws=0, returned=False, wall_take=False,
        knocker=0 if hidden_discard >= 0 else -1, knock_discard=hidden_discard, big_gin=False,
        melds=((), ()), laid_off=0, history=_draws_history(our_draws), result=None,
    )
    state.check_invariants()
    return state


def _draws_history(our_draws: int) -> tuple[Any, int, int] | None:
    node: tuple[Any, int, int] | None = None
    for number in range(our_draws):
        if number:
            node = (node, 1, DRAW_STOCK)
        node = (node, 0, DRAW_STOCK)
    return node


THEIRS = "7H 8H 2C 3C 5S 6S JD QD QS 4H"
"""The opponent's cards in most positions: two runs to build (7H 8H, 2C 3C) and high cards."""


class Positions:
    """Positions where one move is clearly the best, for the agents' tests."""

    @staticmethod
    def hearts_run() -> HandState:
        """The opponent took 7H and 8H from the pile; 9H and 9C weigh the same for us (TH JH and
        TC JC 8C 7C are dead), but 9H completes the opponent's run."""
        return position("AS 2S 3S 4D 5D 6D KC KD KS 9H 9C", THEIRS, "TH JH TC JC 8C 7C",
                        phase=Phase.DISCARD, their_known="7H 8H")

    @staticmethod
    def high_card() -> HandState:
        """A discard where KH, unconnected, is the card to shed."""
        return position("AS 2S 3S 4D 5D 6D 7C 8C KH 2H 3H", THEIRS, "TH", phase=Phase.DISCARD)

    @staticmethod
    def gin_draw() -> HandState:
        """A draw where the top of the pile, KS, makes gin (discarding 9H)."""
        return position("AS 2S 3S 4D 5D 6D 7D KC KD 9H", THEIRS, "TC KS", phase=Phase.DRAW)

    @staticmethod
    def layoff_bait() -> HandState:
        """Seat 0 knocked (KH face down) with 2H-5H, 999 and AC AD 2S; the opponent is known to
        hold 6H 7H, which it would lay off on a shown 5H (8H is dead)."""
        return position("2H 3H 4H 5H 9C 9D 9S AC AD 2S", "6H 7H 2C 3C 5S 6S JD QD QS 4D",
                        "TH 8H", phase=Phase.KNOCKER_MELDS, their_known="6H 7H",
                        knock_discard="KH")
