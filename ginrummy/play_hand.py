"""One hand in the terminal: a person against an agent, turn by turn."""

from __future__ import annotations

from collections.abc import Callable

from ginrummy.actions import (
    BIG_GIN,
    DISCARD_BASE,
    DONE,
    DRAW_DISCARD,
    DRAW_STOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    PASS,
    Action,
    ActionError,
    action_name,
    discard,
    knock,
    meld,
    parse_action,
)
from ginrummy.agents.base import Agent, best_layout_action
from ginrummy.cards import CardError, card_name, cards_of, parse_card
from ginrummy.hand import HandState, IllegalActionError, Phase
from ginrummy.melds import Arrangement, LayoffTargets, arrangements, min_deadwood
from ginrummy.terminal import Painter, table_lines
from ginrummy.views import FACE_DOWN_KNOCK, PlayerView, view_of

Ask = Callable[[str], str]
Say = Callable[[str], None]

HELP = """Moves: 's' draw from the stock, 't' take the top of the discard pile, 'p' pass,
a card such as '7H' or '10h' to discard it, 'knock 7H' to knock discarding 7H,
'knock' to knock with the best discard, 'gin' to go gin, 'big gin' to lay down
all eleven cards (when the rules allow it), 'moves' to list the legal moves, 'quit'."""


class QuitGame(Exception):
    """The player asked to stop."""


def _knock_choice(view: PlayerView, want_gin: bool) -> Action | None:
    choices = [a for a in view.legal if KNOCK_BASE <= a < LAYOFF_BASE]
    hand = view.hand
    best = min(choices, default=None, key=lambda a: min_deadwood(hand & ~(1 << (a - KNOCK_BASE))))
    if best is None or (want_gin and min_deadwood(hand & ~(1 << (best - KNOCK_BASE))) > 0):
        return None
    return best


def read_move(text: str, view: PlayerView) -> Action:
    """Turn what a person typed into an action, accepting short forms."""
    words = text.strip().lower()
    if words in ("knock", "gin"):
        choice = _knock_choice(view, want_gin=words == "gin")
        if choice is None:
            raise ActionError(f"you cannot {words} now")
        return choice
    if words.startswith("gin "):
        return knock(parse_card(words[4:]))
    if view.phase is Phase.DISCARD and len(words.split()) == 1 and words not in ("s", "t", "p"):
        try:
            return discard(parse_card(words))
        except CardError:
            pass
    return parse_action(words)


def describe(action: Action, seat_name: str, view: PlayerView) -> str:
    if action == FACE_DOWN_KNOCK:
        return f"{seat_name} knocks, discarding face down"
    if action == DRAW_STOCK:
        return f"{seat_name} draws from the stock"
    if action == DRAW_DISCARD:
        return f"{seat_name} takes the discard"
    if action == PASS:
        return f"{seat_name} passes"
    if action == BIG_GIN:
        return f"{seat_name} lays down a big gin!"
    if action == DONE:
        return f"{seat_name} has finished laying out"
    if action >= MELD_BASE:
        return f"{seat_name} shows {action_name(action)[5:]}"
    if action >= LAYOFF_BASE:
        return f"{seat_name} lays off {card_name(action - LAYOFF_BASE)}"
    return f"{seat_name} discards {card_name(action - DISCARD_BASE)}"


def _arrangement_text(paint: Painter, option: Arrangement, layable: int) -> str:
    melds = " ".join(f"[{paint.cards(cards_of(m))}]" for m in option.melds)
    loose = paint.cards(cards_of(option.unmatched))
    return f"{melds} {loose}  deadwood {option.deadwood}, opponent could lay off up to {layable}"


def _layoff_exposure(option: Arrangement, unseen: int) -> int:
    """How many of the cards this seat has not seen could go onto these melds."""
    return LayoffTargets.of(option.melds).reach(unseen).bit_count()


class TerminalHand:
    """Runs one hand between a person at ``human`` and ``agent`` in the other seat."""

    def __init__(
        self, ask: Ask, say: Say, paint: Painter, names: tuple[str, str], human: int, agent: Agent
    ) -> None:
        self.ask, self.say, self.paint = ask, say, paint
        self.names, self.human, self.agent = names, human, agent

    def play(self, state: HandState) -> HandState:
        reported = len(state.actions())
        while not state.is_over:
            if state.turn == self.human:
                view = view_of(state, self.human)
                self._report(view, reported)
                for action in self._human_actions(view, state):
                    state = state.apply(action)
            else:
                state = state.apply(self.agent.choose(view_of(state, state.turn)))
            reported = self._report(view_of(state, self.human), reported)
        return state

    def _report(self, view: PlayerView, reported: int) -> int:
        for seat, action in view.history[reported:]:
            if seat != self.human:
                self.say(describe(action, self.names[seat], view))
        return len(view.history)

    def _human_actions(self, view: PlayerView, state: HandState) -> list[Action]:
        if view.phase is Phase.KNOCKER_MELDS:
            return self._choose_arrangement(view)
        if view.phase is Phase.DEFENDER:
            return self._defend(view, state)
        self.say("")
        for line in table_lines(self.paint, view, self.names):
            self.say(line)
        while True:
            text = self.ask(self._prompt(view))
            if text.strip().lower() in ("quit", "exit", "q"):
                raise QuitGame
            if text.strip().lower() in ("help", "?", "h"):
                self.say(HELP)
                continue
            if text.strip().lower() == "moves":
                self.say("Legal: " + ", ".join(action_name(a) for a in view.legal))
                continue
            try:
                action = read_move(text, view)
                state.apply(action)
            except (ActionError, IllegalActionError) as error:
                self.say(f"Not possible: {error}. Type 'help' for the moves.")
                continue
            return [action]

    def _prompt(self, view: PlayerView) -> str:
        top = card_name(view.pile[-1]) if view.pile else ""
        if view.phase is Phase.FIRST_UPCARD:
            return f"Take the upcard {top} (t) or pass (p)? "
        if view.phase is Phase.WALL:
            return f"Two cards left: take {top} to knock (t) or pass (p)? "
        if view.phase is Phase.DRAW:
            if view.legal == (DRAW_STOCK,):
                return "Both passed: draw from the stock (s). "
            return f"Draw from the stock (s) or take {top} (t)? "
        can_knock = any(KNOCK_BASE <= a < LAYOFF_BASE for a in view.legal)
        return "Discard a card" + (", or knock / gin" if can_knock else "") + ": "

    def _choose_arrangement(self, view: PlayerView) -> list[Action]:
        options = arrangements(view.hand, view.knock_limit if BIG_GIN not in view.legal else 0)
        unseen = view.unseen()
        options.sort(key=lambda o: (o.deadwood, _layoff_exposure(o, unseen)))
        self.say("Choose how to lay out your hand:")
        for number, option in enumerate(options[:9], start=1):
            exposure = _layoff_exposure(option, unseen)
            self.say(f"  {number}. {_arrangement_text(self.paint, option, exposure)}")
        while True:
            text = self.ask("Arrangement [1]: ").strip() or "1"
            if text.isdigit() and 1 <= int(text) <= min(9, len(options)):
                chosen = options[int(text) - 1]
                return [meld(m) for m in chosen.melds] + [DONE]
            self.say(f"Type a number from 1 to {min(9, len(options))}.")

    def _defend(self, view: PlayerView, state: HandState) -> list[Action]:
        knocker = self.names[view.knocker]
        shown = " ".join(f"[{self.paint.cards(cards_of(m))}]" for m in view.melds[view.knocker])
        loose = view.knocker_deadwood_cards() or 0
        self.say(f"{knocker} knocks: {shown} {self.paint.cards(cards_of(loose))}")
        plan: list[Action] = []
        probe = state
        while not plan or plan[-1] != DONE:
            action = best_layout_action(view_of(probe, self.human))
            plan.append(action)
            probe = probe.apply(action)
        layoffs = [card_name(a - LAYOFF_BASE) for a in plan if LAYOFF_BASE <= a < MELD_BASE]
        answer = f"lay off {' '.join(layoffs)}" if layoffs else "no layoffs"
        self.say(f"Your best answer: {answer}")
        return plan
