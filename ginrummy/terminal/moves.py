"""What the person types at the terminal, read in their language, and the moves in words.

:func:`read_move` turns a line into a legal action or a command (``help``, ``hint``,
``moves``) and raises :class:`MoveError` with a catalogue key saying why it is not a move
now; :func:`describe` puts an opponent's move into words. Every word comes from
:mod:`ginrummy.i18n`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ginrummy.coach.hints import action_text
from ginrummy.core.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    FACE_DOWN_KNOCK,
    PASS,
    Action,
    action_card,
    action_meld,
    discard,
    discard_cards,
    is_discard,
    is_knock,
    is_layoff,
    is_meld_action,
    knock,
    knock_cards,
)
from ginrummy.core.cards import RANKS, SUIT_SYMBOLS, CardError, cards_of, parse_card
from ginrummy.core.game import Game, prefers_to_deal
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.melds import (
    LayoffTargets,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Messages
from ginrummy.terminal.screen import Painter

Ask = Callable[[str], str]
Say = Callable[[str], None]

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "stock": ("s", "stock", "draw"),
        "take": ("t", "take", "pile"),
        "pass": ("p", "pass"),
        "knock": ("knock", "k"),
        "gin": ("gin",),
        "big_gin": ("big gin", "biggin"),
        "discard": ("discard", "d"),
        "help": ("help", "?"),
        "hint": ("hint", "h"),
        "moves": ("moves",),
        "quit": ("quit", "q", "exit"),
        "manual": ("m", "manual"),
    },
    "it": {
        "stock": ("t", "tallone", "pesca", "stock"),
        "take": ("s", "scarto", "prendi", "pozzo", "pila", "take"),
        "pass": ("p", "passo", "passa", "pass"),
        "knock": ("bussa", "busso", "b", "knock"),
        "gin": ("gin",),
        "big_gin": ("big gin", "biggin"),
        "discard": ("scarta", "discard"),
        "help": ("aiuto", "?", "help"),
        "hint": ("sugg", "suggerimento", "consiglio", "hint"),
        "moves": ("mosse", "moves"),
        "quit": ("esci", "fine", "quit"),
        "manual": ("m", "manuale", "io"),
    },
}
"""What a player may type, per language: command -> words (single letters follow the language)."""


class QuitGame(Exception):
    """The player asked to stop."""


class MoveError(ValueError):
    """What a player typed is not a move now; ``key`` and ``params`` say why, in any language."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, m: Messages) -> str:
        return m(self.key, **self.params)


@dataclass(frozen=True, slots=True)
class Command:
    """A request that is not a move: ``help``, ``hint``, ``moves``."""

    name: str


def command_of(text: str, lang: str) -> str | None:
    """The command a player's words name (``"stock"``, ``"hint"``...), or None."""
    words = " ".join(text.strip().lower().split())
    for name, spellings in WORDS[lang].items():
        if words in spellings:
            return name
    return None


def parse_card_in(text: str, m: Messages) -> int:
    """A card typed in the player's language: ``7H``, ``10h``, ``7♥``; Italian ``7C`` is cuori."""
    token = text.strip().upper()
    if len(token) >= 2 and token[-1] in m.suit_letters():
        token = token[:-1] + m.suit_letters()[token[-1]]
    try:
        return parse_card(token)
    except CardError:
        raise MoveError("error.not_card", text=text.strip()) from None


def _looks_like_card(word: str) -> bool:
    return len(word) in (2, 3) and (word[:-1].upper() in RANKS or word[:-1] in ("10", "1")) and (
        word[-1].upper().isalpha() or word[-1] in SUIT_SYMBOLS)


def _best_knock(view: PlayerView, gin: bool) -> Action:
    hand = view.hand
    choices = [a for a in view.legal if is_knock(a)]
    if not choices:
        best = min_deadwood_after_discard(hand) if hand.bit_count() == 11 else min_deadwood(hand)
        if view.phase is not Phase.DISCARD:
            raise MoveError("error.draw_first")
        raise MoveError("error.cannot_gin" if gin else "error.cannot_knock", count=best,
                        limit=view.knock_limit)
    best_action = min(choices, key=lambda a: min_deadwood(hand & ~(1 << action_card(a))))
    left = min_deadwood(hand & ~(1 << action_card(best_action)))
    if gin and left > 0:
        raise MoveError("error.cannot_gin", count=left, limit=view.knock_limit)
    return best_action


def read_move(text: str, view: PlayerView, m: Messages) -> Action | Command:
    """What a player typed, as a legal action or a command; :class:`MoveError` says why not."""
    words = " ".join(text.strip().split())
    if not words:
        raise MoveError("error.empty")
    name = command_of(words, m.lang)
    if name in ("help", "hint", "moves"):
        return Command(name)
    if name == "quit":
        raise QuitGame
    if name in ("knock", "gin"):
        return _best_knock(view, gin=name == "gin")
    if name == "big_gin":
        if BIG_GIN in view.legal:
            return BIG_GIN
        raise MoveError("error.cannot_big_gin")
    if name in ("stock", "take", "pass"):
        action = {"stock": DRAW_STOCK, "take": DRAW_DISCARD, "pass": PASS}[name]
        return _check(action, view, m)
    head, _, rest = words.lower().partition(" ")
    head_name = command_of(head, m.lang)
    if head_name in ("knock", "gin") and rest:
        return _check(knock(parse_card_in(rest, m)), view, m, gin=head_name == "gin")
    if head_name == "discard" and rest:
        return _check(discard(parse_card_in(rest, m)), view, m)
    if " " not in words and _looks_like_card(words):
        return _check(discard(parse_card_in(words, m)), view, m)
    raise MoveError("error.unknown", text=words)


def _check(action: Action, view: PlayerView, m: Messages, gin: bool = False) -> Action:
    """``action`` if it is legal in ``view``; otherwise a :class:`MoveError` that says why."""
    if action in view.legal:
        if gin and min_deadwood(view.hand & ~(1 << action_card(action))) > 0:
            left = min_deadwood(view.hand & ~(1 << action_card(action)))
            raise MoveError("error.cannot_gin", count=left, limit=view.knock_limit)
        return action
    phase = view.phase
    if is_discard(action) or is_knock(action):
        card = action_card(action)
        if phase is not Phase.DISCARD:
            raise MoveError("error.draw_first")
        if not view.hand >> card & 1:
            raise MoveError("error.not_in_hand", card=m.card_words(card))
        if card == view.taken and view.wall_take:
            raise MoveError("error.wall_other_card", card=m.card_words(card))
        if card == view.taken:
            raise MoveError("error.just_taken", card=m.card_words(card))
        if view.wall_take and is_discard(action):
            raise MoveError("error.wall_must_knock")
        left = min_deadwood(view.hand & ~(1 << card))
        raise MoveError("error.knock_over_limit", card=m.card_words(card), count=left,
                        limit=view.knock_limit)
    if phase is Phase.DISCARD:
        raise MoveError("error.discard_now")
    if action == DRAW_DISCARD and view.stock_only:
        raise MoveError("error.stock_only")
    if action == DRAW_DISCARD and phase is Phase.WALL:
        raise MoveError("error.wall_no_knock")
    if phase is Phase.FIRST_UPCARD:
        raise MoveError("error.first_upcard")
    if phase is Phase.WALL:
        raise MoveError("error.wall_choice")
    raise MoveError("error.not_now", moves=moves_text(view, m))


DEAL_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "en": (("y", "yes", "deal", "i deal"), ("n", "no")),
    "it": (("s", "si", "sì", "distribuisco", "io"), ("n", "no")),
}
"""R4, the higher cut's choice: the answers meaning "I deal" and "the other deals"."""


def choose_first_dealer(game: Game, human: int, names: Sequence[str], ask: Ask, say: Say,
                        m: Messages) -> Game:
    """``game`` after the higher cut chose whether to deal (R4, ``high_cut_chooses``): the
    person is asked, the computer chooses by :func:`~ginrummy.core.game.prefers_to_deal`."""
    chooser = game.chooser
    if chooser is None:
        return game
    other = names[1 - chooser]
    if chooser != human:
        deals = prefers_to_deal(game.rules)
    else:
        yes, no = DEAL_WORDS[m.lang]
        while True:
            words = " ".join(ask(m("prompt.cut_choice", name=other)).strip().lower().split())
            if words in yes or words in no:
                deals = words in yes
                break
            if command_of(words, m.lang) == "quit":
                raise QuitGame
            say(m("error.cut_choice", name=other))
    if chooser == human:
        say(m("cut.you_deal") if deals else m("cut.you_let", name=other))
    else:
        say(m("cut.other_deals" if deals else "cut.other_lets_you", name=names[chooser]))
    return game.choose_to_deal(chooser, deals)


def moves_text(view: PlayerView, m: Messages) -> str:
    """The legal moves, grouped: discards and knocks as card lists."""
    discards = discard_cards(view.legal)
    knocks = knock_cards(view.legal)
    parts = [action_text(a, m) for a in view.legal if a < DISCARD_BASE]
    if discards:
        parts.append(m("moves.discard", cards=m.cards(discards)))
    if knocks:
        parts.append(m("moves.knock", cards=m.cards(knocks)))
    return "; ".join(parts)


def describe(action: Action, name: str, before: HandState, m: Messages) -> str:
    """An opponent's move in words, as the other seat sees it (a knock discard stays hidden)."""
    if action == DRAW_STOCK:
        return m("move.draw_stock", name=name)
    if action == DRAW_DISCARD:
        return m("move.take", name=name, card=m.card(before.pile[-1]))
    if action == PASS:
        return m("move.pass", name=name)
    if action == BIG_GIN:
        return m("move.big_gin", name=name)
    if action == DONE:
        return m("move.done", name=name)
    if is_meld_action(action):
        return m("move.meld", name=name, cards=m.cards(cards_of(action_meld(action))))
    if is_layoff(action):
        return m("move.layoff", name=name, card=m.card(action_card(action)))
    if is_knock(action) or action == FACE_DOWN_KNOCK:
        return m("move.knock", name=name)
    return m("move.discard", name=name, card=m.card(action_card(action)))


def own_move_text(action: Action, before: HandState, after: HandState, paint: Painter
                  ) -> str | None:
    """The person's draw, discard or knock in words (the card drawn shown), or None."""
    m = paint.m
    if action == DRAW_STOCK:
        drawn = after.hands[before.turn] & ~before.hands[before.turn]
        return m("you.draw_stock", card=paint.card_words(cards_of(drawn)[0]))
    if action == DRAW_DISCARD:
        return m("you.take", card=paint.card_words(before.pile[-1]))
    if is_knock(action):
        return m("you.knock", card=paint.card_words(action_card(action)))
    if is_discard(action):
        return m("you.discard", card=paint.card_words(action_card(action)))
    return None


def layoff_order(cards: int, targets: LayoffTargets) -> list[int] | None:
    """``cards`` in an order in which each can be laid off after the ones before (R18)."""
    order: list[int] = []
    laid = 0
    pending = cards_of(cards)
    while pending:
        for card in pending:
            if targets.accepts(laid | 1 << card):
                order.append(card)
                laid |= 1 << card
                pending.remove(card)
                break
        else:
            return None
    return order
