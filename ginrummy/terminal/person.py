"""The person's turn at the terminal: what they see, and the moves they choose.

:class:`Person` asks for one turn's actions in one hand (drawing and discarding,
laying out a knock, laying off as the defender), answering ``help``, ``hint`` and
``moves`` on the way; ``quit`` raises :class:`~ginrummy.terminal.moves.QuitGame`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.coach.hints import best_knock_arrangement, hint_for, hint_lines
from ginrummy.core.actions import (
    BIG_GIN,
    DONE,
    DRAW_STOCK,
    Action,
    knock_cards,
    layoff,
    layoff_cards,
    meld,
)
from ginrummy.core.cards import cards_of, mask_value
from ginrummy.core.hand import Phase
from ginrummy.core.melds import Arrangement, LayoffTargets, arrangements, best_arrangement
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Messages
from ginrummy.terminal.moves import (
    Ask,
    Command,
    MoveError,
    QuitGame,
    Say,
    command_of,
    layoff_order,
    moves_text,
    parse_card_in,
    read_move,
)
from ginrummy.terminal.screen import Painter, grouped, table_lines


def _exposure(option: Arrangement, unseen: int) -> int:
    return LayoffTargets.of(option.melds).reach(unseen).bit_count()


@dataclass(frozen=True, slots=True)
class Person:
    """The person in one hand: ``names`` are the hand's seats 0 and 1."""

    ask: Ask
    say: Say
    paint: Painter
    names: tuple[str, str]

    @property
    def m(self) -> Messages:
        return self.paint.m

    def actions(self, view: PlayerView) -> list[Action]:
        """The person's actions for this turn (a knock's whole lay-out, a defence's layoffs)."""
        if view.phase is Phase.KNOCKER_MELDS:
            return self._choose_arrangement(view)
        if view.phase is Phase.DEFENDER:
            return self._defend(view)
        self.say("")
        if view.phase is Phase.DISCARD:
            me = self.names[view.seat]
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
            return m("prompt.wall", card=self.paint.card_words(view.pile[-1]))
        if view.phase is Phase.DRAW:
            if view.legal == (DRAW_STOCK,):
                return m("prompt.draw_stock_only")
            return m("prompt.draw", card=self.paint.card_words(view.pile[-1]))
        if BIG_GIN in view.legal:
            return m("prompt.discard_big_gin")
        if knock_cards(view.legal):
            return m("prompt.discard_knock")
        return m("prompt.discard")

    def _choose_arrangement(self, view: PlayerView) -> list[Action]:
        m = self.m
        limit = 0 if view.big_gin else view.knock_limit
        options = arrangements(view.free_cards(), limit,
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
        free = view.free_cards()
        self.say(m("table.me", name=self.names[view.seat], hand=grouped(self.paint, free)))
        hint = hint_for(view)
        plan = list(hint.plan)
        layoffs = layoff_cards(plan)
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
                        raise MoveError("error.not_in_hand", card=m.card_words(card))
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
            return [layoff(c) for c in order] + [meld(g) for g in rest.melds] + [DONE]
