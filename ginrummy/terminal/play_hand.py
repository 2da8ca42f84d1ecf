"""The terminal game itself: a person against an agent, hand after hand.

:class:`TerminalGame` drives a :class:`~ginrummy.core.game.Game` (the one source
of truth for the rules) and keeps it up to date after every single action,
so that whoever stops it (Ctrl-C, end of input, ``quit``) can save
``terminal_game.game`` and resume exactly there. Input is read in the
player's language (:func:`read_move`); every message comes from
:mod:`ginrummy.i18n`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ginrummy.agents.base import Agent
from ginrummy.coach.hints import action_text, best_knock_arrangement, hint_for, hint_lines
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
    PASS,
    Action,
    action_meld,
    meld,
)
from ginrummy.core.cards import RANKS, SUIT_SYMBOLS, CardError, cards_of, mask_value, parse_card
from ginrummy.core.game import Game, prefers_to_deal
from ginrummy.core.hand import HandState, Phase, deal_hand
from ginrummy.core.melds import (
    Arrangement,
    LayoffTargets,
    arrangements,
    best_arrangement,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.views import PlayerView, view_of
from ginrummy.i18n import Messages
from ginrummy.terminal.screen import (
    Painter,
    grouped,
    laid_out,
    result_lines,
    score_lines,
    table_lines,
)

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
    choices = [a for a in view.legal if KNOCK_BASE <= a < LAYOFF_BASE]
    if not choices:
        best = min_deadwood_after_discard(hand) if hand.bit_count() == 11 else min_deadwood(hand)
        if view.phase is not Phase.DISCARD:
            raise MoveError("error.draw_first")
        raise MoveError("error.cannot_gin" if gin else "error.cannot_knock", count=best,
                        limit=view.knock_limit)
    best_action = min(choices, key=lambda a: min_deadwood(hand & ~(1 << (a - KNOCK_BASE))))
    left = min_deadwood(hand & ~(1 << (best_action - KNOCK_BASE)))
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
        return _check(KNOCK_BASE + parse_card_in(rest, m), view, m, gin=head_name == "gin")
    if head_name == "discard" and rest:
        return _check(DISCARD_BASE + parse_card_in(rest, m), view, m)
    if " " not in words and _looks_like_card(words):
        return _check(DISCARD_BASE + parse_card_in(words, m), view, m)
    raise MoveError("error.unknown", text=words)


def _check(action: Action, view: PlayerView, m: Messages, gin: bool = False) -> Action:
    """``action`` if it is legal in ``view``; otherwise a :class:`MoveError` that says why."""
    if action in view.legal:
        if gin and min_deadwood(view.hand & ~(1 << (action - KNOCK_BASE))) > 0:
            left = min_deadwood(view.hand & ~(1 << (action - KNOCK_BASE)))
            raise MoveError("error.cannot_gin", count=left, limit=view.knock_limit)
        return action
    phase = view.phase
    if DISCARD_BASE <= action < LAYOFF_BASE:
        card = (action - DISCARD_BASE) % 52
        if phase is not Phase.DISCARD:
            raise MoveError("error.draw_first")
        if not view.hand >> card & 1:
            raise MoveError("error.not_in_hand", card=m.card(card))
        if card == view.taken and view.wall_take:
            raise MoveError("error.wall_other_card", card=m.card(card))
        if card == view.taken:
            raise MoveError("error.just_taken", card=m.card(card))
        if view.wall_take and action < KNOCK_BASE:
            raise MoveError("error.wall_must_knock")
        left = min_deadwood(view.hand & ~(1 << card))
        raise MoveError("error.knock_over_limit", card=m.card(card), count=left,
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
    discards = [a - DISCARD_BASE for a in view.legal if DISCARD_BASE <= a < KNOCK_BASE]
    knocks = [a - KNOCK_BASE for a in view.legal if KNOCK_BASE <= a < LAYOFF_BASE]
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
    if action >= MELD_BASE:
        return m("move.meld", name=name, cards=m.cards(cards_of(action_meld(action))))
    if action >= LAYOFF_BASE:
        return m("move.layoff", name=name, card=m.card(action - LAYOFF_BASE))
    if action >= KNOCK_BASE or action == FACE_DOWN_KNOCK:
        return m("move.knock", name=name)
    return m("move.discard", name=name, card=m.card(action - DISCARD_BASE))


def _exposure(option: Arrangement, unseen: int) -> int:
    return LayoffTargets.of(option.melds).reach(unseen).bit_count()


def free_cards(view: PlayerView) -> int:
    used = view.laid_off if view.seat != view.knocker else 0
    for group in view.melds[view.seat]:
        used |= group
    return view.hand & ~used


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


@dataclass
class TerminalGame:
    """Runs a game between a person at seat ``human`` and agents made by ``agent_for``.

    ``agent_for(hand_number)`` gives the agent of each hand; ``deck_for(hand_number)``
    the deck each hand is dealt from. Both are functions of the hand number
    alone, so that a saved game resumes exactly as it would have gone on.
    """

    game: Game
    ask: Ask
    say: Say
    paint: Painter
    names: tuple[str, str]
    agent_for: Callable[[int], Agent]
    deck_for: Callable[[int], Sequence[int]]
    human: int = 0
    agent: Agent | None = field(default=None, init=False)

    @property
    def m(self) -> Messages:
        return self.paint.m

    def run(self) -> Game:
        """Play until the game is over and return it; interruptions propagate to the caller."""
        while not self.game.is_over:
            if self.game.hand is None:
                self.game = self.game.deal(self.deck_for(self.game.hand_number))
                self._start_hand(resumed=False)
            else:
                self._start_hand(resumed=True)
            self._play_hand()
        return self.game

    # ------------------------------------------------------------ hands

    def _start_hand(self, resumed: bool) -> None:
        game, m = self.game, self.m
        hand = game.hand
        assert hand is not None
        self.agent = self.agent_for(game.hand_number)
        self._warm_up(hand)
        key = "hand.resumed" if resumed else "hand.header"
        self.say("")
        self.say(self.paint.bold(m(key, number=game.hand_number,
                                   dealer=self.names[hand.dealer])))
        rules = game.rules
        if rules.oklahoma and hand.upcard is not None:
            self.say(m("hand.oklahoma_limit", card=self.paint.card(hand.upcard), limit=hand.limit))
            if rules.hand_multiplier(hand.upcard) > 1:
                self.say(m("hand.spade_double"))

    def _warm_up(self, hand: HandState) -> None:
        """Replay the agent's own past decisions of a resumed hand, so that its state
        (its random numbers, its memory) is what it would have been without the stop."""
        assert self.agent is not None
        state = deal_hand(hand.rules, hand.dealer, hand.deck)
        for seat, action in hand.actions():
            if seat != self.human:
                self.agent.choose(view_of(state, seat))
            state = state.apply(action)

    def _play_hand(self) -> None:
        while self.game.hand is not None:
            state = self.game.hand
            if state.turn == self.human:
                for action in self._human_actions(view_of(state, self.human)):
                    self._apply(action)
            else:
                assert self.agent is not None
                action = self.agent.choose(view_of(state, state.turn))
                shown = FACE_DOWN_KNOCK if KNOCK_BASE <= action < LAYOFF_BASE else action
                if not (state.phase is Phase.KNOCKER_MELDS and action != DONE):
                    self.say(describe(shown, self.names[state.turn], state, self.m))
                self._apply(action)
        self._end_hand()

    def _apply(self, action: Action) -> None:
        before = self.game.hand
        self.game = self.game.apply(action)
        if before is not None and before.turn == self.human:
            self._echo(action, before)

    def _echo(self, action: Action, before: HandState) -> None:
        m = self.m
        after = self.game.hand if self.game.hand is not None else self.game.finished[-1]
        if action == DRAW_STOCK:
            drawn = after.hands[self.human] & ~before.hands[self.human]
            self.say(m("you.draw_stock", card=self.paint.cards(cards_of(drawn))))
        elif action == DRAW_DISCARD:
            self.say(m("you.take", card=self.paint.card(before.pile[-1])))
        elif KNOCK_BASE <= action < LAYOFF_BASE:
            self.say(m("you.knock", card=self.paint.card(action - KNOCK_BASE)))
        elif DISCARD_BASE <= action < KNOCK_BASE:
            self.say(m("you.discard", card=self.paint.card(action - DISCARD_BASE)))

    def _end_hand(self) -> None:
        game, m = self.game, self.m
        last = game.finished[-1]
        result = last.result
        assert result is not None
        other = 1 - self.human
        if not result.is_void:
            used = last.laid_off if other != last.knocker else 0
            for group in last.melds[other]:
                used |= group
            shown = laid_out(self.paint, last.melds[other], last.hands[other] & ~used)
            self.say(m("hand.opponent_cards", name=self.names[other], cards=shown))
        layoffs = last.laid_off if result.knocker is not None else 0
        for line in result_lines(self.paint, result, self.names, layoffs,
                                 game.rules.box_bonus if result.winner is not None else 0):
            self.say(line)
        for line in score_lines(game, self.names, m):
            self.say(line)

    # ------------------------------------------------------------ the person

    def _human_actions(self, view: PlayerView) -> list[Action]:
        if view.phase is Phase.KNOCKER_MELDS:
            return self._choose_arrangement(view)
        if view.phase is Phase.DEFENDER:
            return self._defend(view)
        self.say("")
        if view.phase is Phase.DISCARD:
            me = self.names[self.human]
            self.say(self.m("table.me", name=me, hand=grouped(self.paint, view.hand)))
        else:
            for line in table_lines(self.paint, view, self.names):
                self.say(line)
        while True:
            text = self.ask(self._prompt(view))
            try:
                move = read_move(text, view, self.m)
            except MoveError as error:
                self.say(error.text(self.m) + " " + self.m("error.help"))
                continue
            if isinstance(move, Command):
                self._command(move, view)
                continue
            return [move]

    def _command(self, command: Command, view: PlayerView) -> None:
        m = self.m
        if command.name == "help":
            for line in m("help.text").splitlines():
                self.say(line)
        elif command.name == "moves":
            self.say(m("moves.list", moves=moves_text(view, m)))
        else:
            for line in hint_lines(hint_for(view), m):
                self.say(line)

    def _prompt(self, view: PlayerView) -> str:
        m = self.m
        top = self.paint.card(view.pile[-1]) if view.pile else ""
        if view.phase is Phase.FIRST_UPCARD:
            return m("prompt.first_upcard", card=top)
        if view.phase is Phase.WALL:
            return m("prompt.wall", card=top)
        if view.phase is Phase.DRAW:
            if view.legal == (DRAW_STOCK,):
                return m("prompt.draw_stock_only")
            return m("prompt.draw", card=top)
        if BIG_GIN in view.legal:
            return m("prompt.discard_big_gin")
        if any(KNOCK_BASE <= a < LAYOFF_BASE for a in view.legal):
            return m("prompt.discard_knock")
        return m("prompt.discard")

    def _choose_arrangement(self, view: PlayerView) -> list[Action]:
        m = self.m
        limit = 0 if view.big_gin else view.knock_limit
        options = arrangements(free_cards(view), limit,
                               maximal=not view.rules.knocker_may_hide_melds)
        unseen = view.unseen()
        options.sort(key=lambda o: (o.deadwood, _exposure(o, unseen), len(o.melds)))
        options = options[:9]
        if len(options) == 1:
            return self._lay_out(options[0])
        self.say(m("knock.choose"))
        for number, option in enumerate(options, start=1):
            self.say(m("knock.option", number=number, melds=self.paint.melds(option.melds),
                       loose=self.paint.cards(cards_of(option.unmatched)),
                       deadwood=option.deadwood, layable=_exposure(option, unseen)))
        while True:
            text = self.ask(m("prompt.arrangement")).strip() or "1"
            if text.isdigit() and 1 <= int(text) <= len(options):
                return self._lay_out(options[int(text) - 1])
            name = command_of(text, m.lang)
            if name == "quit":
                raise QuitGame
            if name == "hint":
                found = best_knock_arrangement(view)
                if found is not None:
                    number = next((i for i, o in enumerate(options, 1)
                                   if set(o.melds) == set(found[0].melds)), 1)
                    self.say(m("hint.arrange_number", number=number, deadwood=found[0].deadwood,
                               layable=found[1]))
                continue
            if name == "help":
                self.say(m("help.arrangement"))
                continue
            self.say(m("error.arrangement_number", count=len(options)))

    def _lay_out(self, option: Arrangement) -> list[Action]:
        self.say(self.m("you.lay_out", melds=self.paint.melds(option.melds),
                        loose=self.paint.cards(cards_of(option.unmatched)),
                        deadwood=option.deadwood))
        return [meld(group) for group in option.melds] + [DONE]

    def _defend(self, view: PlayerView) -> list[Action]:
        m = self.m
        knocker = self.names[view.knocker]
        loose = view.knocker_deadwood_cards() or 0
        gin = loose == 0
        self.say("")
        self.say(m("defend.gin" if gin else "defend.knock", name=knocker,
                   melds=self.paint.melds(view.melds[view.knocker]),
                   loose=self.paint.cards(cards_of(loose)),
                   deadwood=mask_value(loose)))
        free = free_cards(view)
        self.say(m("table.me", name=self.names[self.human], hand=grouped(self.paint, free)))
        hint = hint_for(view)
        plan = list(hint.plan)
        layoffs = [a - LAYOFF_BASE for a in plan if LAYOFF_BASE <= a < MELD_BASE]
        after = best_arrangement(free & ~sum(1 << c for c in layoffs)).deadwood
        if gin:
            self.say(m("defend.no_layoffs_gin", deadwood=after))
            return plan
        if layoffs:
            self.say(m("defend.best", cards=self.paint.cards(layoffs), deadwood=after))
        else:
            self.say(m("defend.best_none", deadwood=after))
            return plan
        while True:
            text = self.ask(m("prompt.defend")).strip()
            name = command_of(text, m.lang) if text else None
            if not text:
                return plan
            if name == "quit":
                raise QuitGame
            if name == "hint":
                for line in hint_lines(hint, m):
                    self.say(line)
                continue
            if name == "manual":
                chosen = self._manual_layoffs(view, free)
                if chosen is not None:
                    return chosen
                continue
            self.say(m("error.defend_choice"))

    def _manual_layoffs(self, view: PlayerView, free: int) -> list[Action] | None:
        m = self.m
        targets = LayoffTargets.of(view.melds[view.knocker])
        while True:
            text = self.ask(m("prompt.layoffs")).strip()
            if command_of(text, m.lang) == "quit":
                raise QuitGame
            cards = 0
            try:
                for word in text.replace(",", " ").split():
                    card = parse_card_in(word, m)
                    if not free >> card & 1:
                        raise MoveError("error.not_in_hand", card=m.card(card))
                    cards |= 1 << card
            except MoveError as error:
                self.say(error.text(m))
                continue
            order = layoff_order(cards, targets)
            if order is None:
                bad = cards & ~targets.reach(cards)
                self.say(m("error.layoff_not_fit", cards=self.paint.cards(cards_of(bad)),
                           name=self.names[view.knocker]))
                continue
            rest = best_arrangement(free & ~cards)
            self.say(m("you.layoffs", cards=self.paint.cards(order) or "-",
                       deadwood=rest.deadwood))
            return ([LAYOFF_BASE + c for c in order] + [meld(g) for g in rest.melds] + [DONE])
