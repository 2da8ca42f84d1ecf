"""What each recipient may not know, and scanning what it was sent for it.

The model here is written from the rules (R14, R17, R20) and not from
:mod:`ginrummy.core.views`, so the views are checked, not trusted: a recipient
(seat 0, seat 1, or None for a watcher) may not know

- any card still in the stock (so, neither the stock order);
- an opponent's card that was not taken from the pile, laid out in a meld or laid
  off, unless the rules show that hand (the knocker's once the defender plays, both
  at the end of a hand that was not void);
- the opponent's face-down knock discard, unless it lay face up on the pile before;
- the server seed of a hand not over yet (provably fair dealing: it fixes the deck),
  checked by :mod:`tests.server.leak_play` against the stored seeds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from ginrummy.core import actions
from ginrummy.core.cards import RANKS, SUIT_SYMBOLS, SUITS, card_name, cards_of
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState, Phase

SYMBOL_RANKS = {r: r for r in RANKS} | {"T": "10"}


def shown_hand(hand: HandState, seat: int) -> bool:
    """The rules show ``seat``'s whole hand to everyone now."""
    if hand.phase is Phase.OVER:
        return hand.result is not None and not hand.result.is_void
    return hand.phase is Phase.DEFENDER and seat == hand.knocker


def hand_of_position(game: Game) -> HandState | None:
    """The hand the states show: the one in play, else the last finished one."""
    if game.hand is not None:
        return game.hand
    return game.finished[-1] if game.finished else None


def hidden_cards(game: Game, recipient: int | None) -> set[int]:
    """The cards ``recipient`` (a seat, or None for a watcher) may not know in ``game``."""
    hand = hand_of_position(game)
    if hand is None:
        return set()
    return hidden_in_hand(hand, recipient)


def table_hands(game: Game) -> list[tuple[HandState, tuple[int, int]]]:
    """Each table's hand the states show (in play, else its last finished one) and the
    places in its hand seats 0 and 1."""
    out = []
    for table in range(game.tables):
        hand = game.hands[table]
        if hand is not None:
            out.append((hand, tuple(game.players_at(table))))
            continue
        last = next((h for h in reversed(game.played) if h.table == table), None)
        if last is not None:
            out.append((last.state, last.players))
    return out


def hidden_at_tables(game: Game, place: int | None) -> set[int]:
    """The cards ``place`` (None: a watcher) may not know at any table of a game of three or
    four: at its own table as a seat of that hand, at the others as a watcher.

    Each table has its own deck and a card's name does not say which table it belongs to,
    so only cards hidden at every table count: a leaked hand is caught, one leaked card at
    a table of teams with about three chances in four.
    """
    hidden: set[int] | None = None
    for hand, players in table_hands(game):
        seat = players.index(place) if place in players else None
        here = hidden_in_hand(hand, seat)
        hidden = here if hidden is None else hidden & here
    return (hidden or set()) - shown_last_hand(game, place) - shown_finished(game)


def shown_finished(game: Game) -> set[int]:
    """The cards face up in each table's last finished hand: a state may still show that hand
    (its pile, its melds) to anyone while the table's next deal, from another deck with the
    same card names, is in play."""
    shown: set[int] = set()
    for table in range(game.tables):
        last = next((h for h in reversed(game.played) if h.table == table), None)
        if last is not None:
            shown |= set(range(52)) - hidden_in_hand(last.state, None)
    return shown


def shown_last_hand(game: Game, place: int | None) -> set[int]:
    """The cards a place between hands is shown of the last hand it played, when the state
    shows that hand instead of a live one (``multi_payload._table_hand``: at teams a table may
    already play the next round with the same card names, from another deck)."""
    if place is None or any(place in game.players_at(t) for t, hand in enumerate(game.hands)
                            if hand is not None):
        return set()
    played = [h for h in game.played if place in h.players]
    if not played:
        return set()
    last = played[-1]
    return set(range(52)) - hidden_in_hand(last.state, last.players.index(place))


def table_leaks_in(text: str, game: Game, place: int | None,
                   allowed: Iterable[int] = ()) -> list[str]:
    """What ``text`` (sent to ``place`` of a table game at that position) leaks."""
    found = named(text, hidden_at_tables(game, place) - set(allowed))
    compact = text.replace(" ", "").replace(",", ", ")
    for hand, _ in table_hands(game):
        stock = list(hand.deck[hand.stock_pos:])
        found += [f"stock order [{run}]" for run in order_runs(stock) if run in compact]
    return found


def hidden_in_hand(hand: HandState, recipient: int | None) -> set[int]:
    """The cards of ``hand`` that its seat ``recipient`` (None: a watcher) may not know."""
    hidden = set(hand.deck[hand.stock_pos:])
    for seat in (0, 1):
        if seat == recipient:
            continue
        if not shown_hand(hand, seat):
            laid = 0
            for meld in hand.melds[seat]:
                laid |= meld
            secret = hand.hands[seat] & ~hand.known[seat] & ~laid & ~hand.laid_off
            hidden |= set(cards_of(secret))
        if hand.knocker == seat and hand.knock_discard not in face_up(hand):
            hidden.add(hand.knock_discard)
    return hidden


def face_up(hand: HandState) -> set[int]:
    """Every card that lay face up on the pile this hand (its taker's opponent saw it go)."""
    seen = {hand.upcard} if hand.upcard is not None else set()
    seen |= {actions.action_card(action) for _, action in hand.actions()
             if actions.is_discard(action)}
    return seen


def stock_order(game: Game) -> list[int]:
    hand = hand_of_position(game)
    return [] if hand is None else list(hand.deck[hand.stock_pos:])


def card_forms(card: int) -> list[str]:
    """The card as text in any form a message uses: ``7H``, ``7♥``, ``10♥``, ``10H``."""
    rank, suit = RANKS[card % 13], card // 13
    forms = [card_name(card), SYMBOL_RANKS[rank] + SUIT_SYMBOLS[suit]]
    if rank == "T":
        forms.append("10" + SUITS[suit])
    return forms


CARD_BY_FORM = {form: card for card in range(52) for form in card_forms(card)}
ANY_CARD = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(
    map(re.escape, sorted(CARD_BY_FORM, key=len, reverse=True))) + r")(?![A-Za-z0-9])")


def named(text: str, cards: Iterable[int]) -> list[str]:
    """The cards of ``cards`` that ``text`` names."""
    found = {CARD_BY_FORM[form] for form in ANY_CARD.findall(text)}
    return [card_name(card) for card in sorted(found & set(cards))]


def order_runs(stock: list[int], length: int = 4) -> list[str]:
    """Runs of ``length`` stock cards as a JSON list of numbers would write them."""
    return [", ".join(str(c) for c in stock[i:i + length])
            for i in range(len(stock) - length + 1)]


def scrub(data: Any, secrets: Iterable[str]) -> str:
    """``data`` as JSON text without the cut (a deck of its own, R4) and the given secrets.

    Tokens and game ids are random text that may contain ``-7H-`` by chance.
    """
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k != "cut"}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    text = json.dumps(strip(data), ensure_ascii=False)
    for secret in secrets:
        if secret:
            text = text.replace(secret, "…")
    return text


def leaks_in(text: str, game: Game, recipient: int | None,
             allowed: Iterable[int] = ()) -> list[str]:
    """What ``text`` (sent to ``recipient`` while ``game`` was the position) leaks."""
    found = named(text, hidden_cards(game, recipient) - set(allowed))
    compact = text.replace(" ", "").replace(",", ", ")
    found += [f"stock order [{run}]" for run in order_runs(stock_order(game)) if run in compact]
    return found


CARD_KEYS = frozenset({"card", "cards", "upcard", "pile", "hand", "hands"})
"""Wire 2's fields whose numbers are cards (``ginrummy.livetable.events``, ``reader``)."""
ACTION_KEYS = frozenset({"action", "actions"})
"""Its fields whose numbers are actions: a discard, a knock or a lay-off names a card."""
NAMED_KINDS = frozenset({"facts", "seat_facts"})
"""Wire 2's notices that name cards as wire 1 does (``"7H"``), read by the scan of names:
their numbers are no cards (``scores[].hand`` is a hand's number)."""


def wire_two_cards(data: Any, key: str | None = None) -> set[int]:
    """Every card a message of wire 2 names: a number under a card field, or the card of an
    action under an action field, at any depth (a snapshot's tables, an event's fields)."""
    if isinstance(data, dict):
        return set().union(*(wire_two_cards(v, k) for k, v in data.items()), set())
    if isinstance(data, list):
        return set().union(*(wire_two_cards(v, key) for v in data), set())
    if isinstance(data, bool) or not isinstance(data, int):
        return set()
    if key in CARD_KEYS and 0 <= data < 52:
        return {data}
    if key in ACTION_KEYS and actions.DISCARD_BASE <= data < actions.MELD_BASE:
        return {actions.action_card(data)}
    return set()


def wire_two_leaks(message: dict[str, Any], game: Game, recipient: int | None,
                   table: bool = False) -> list[str]:
    """What a message of wire 2 (sent to ``recipient`` while ``game`` was the position) names
    that its reader may not know: a hidden card, or a run of the stock's order (``table``: a
    game of three or four, :func:`hidden_at_tables`)."""
    hidden = hidden_at_tables(game, recipient) if table else hidden_cards(game, recipient)
    numbered = message.get("kind") not in NAMED_KINDS
    found = [card_name(card) for card in sorted(wire_two_cards(message) & hidden) if numbered]
    compact = json.dumps(message).replace(" ", "").replace(",", ", ")
    stocks = ([list(hand.deck[hand.stock_pos:]) for hand, _ in table_hands(game)] if table
              else [stock_order(game)])
    found += [f"stock order [{run}]" for stock in stocks for run in order_runs(stock)
              if run in compact]
    return found
