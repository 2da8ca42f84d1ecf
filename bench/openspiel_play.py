"""Play our agents inside OpenSpiel's ``gin_rummy``: its state in, our view out, our move back.

OpenSpiel runs the hand (its rules, its chance nodes, its returns); our agent
sees only a :class:`~ginrummy.core.views.PlayerView` of its seat and answers with
one of our actions, which :class:`OpenSpielTable` turns into the one or more
OpenSpiel actions it stands for.

How the view is made. The table keeps a *shadow*: a
:class:`~ginrummy.core.hand.HandState` of our engine under the ``openspiel``
preset that follows OpenSpiel action by action. Every OpenSpiel action that
the opponent (e.g. ``SimpleGinRummyBot``) or chance plays is read back into
our action (:meth:`OpenSpielTable.feed`); every action of our agent is
played in both (:meth:`OpenSpielTable.play`). The agent's view is
``view_of(shadow, seat)``, which holds only what that seat may know (its own
cards, the pile, the cards the opponent took from the pile, the stock size,
the public moves, melds and layoffs once shown), with ``legal`` cut down to
the moves that OpenSpiel allows too. The shadow never learns more than
OpenSpiel's state holds at that moment: it is dealt the 21 cards OpenSpiel
dealt, its stock order is a placeholder, and each stock draw puts the card
OpenSpiel drew on top of the shadow's stock just before the shadow draws it.
After each step the table checks that both engines agree on both hands, the
stock size, the upcard, the seat to act and the phase.

The correspondence of cards, seats, phases, moves and melds is
bench/openspiel_map.py. One thing differs from its plain translation: the
defender. OpenSpiel takes all its layoffs, a pass, its melds, then a pass;
ours takes them in any order, then ``DONE``. Our agent's layoffs go to
OpenSpiel at once; a meld laid before the last layoff is held back and sent,
after the pass that ends the layoffs, when the agent says ``DONE``. Nothing
the defender does is seen by anyone before the hand ends, so the reordering
changes nothing.

Where OpenSpiel allows less than our rules (its 11-card ``MinDeadwood`` may
refuse a knock that our R14 allows; it extends a run by at most two layoffs
at each end), the view's ``legal`` leaves those moves out; the counters in
:attr:`OpenSpielTable.trimmed` say how often that happened.

:class:`Lockstep` drives the same table the other way round, for the differential
test: our engine chooses (from a deck of ours), and each decision lines up what
the two engines allow, facet by facet (draw choices, discards, whether a knock is
legal, the knock discards, melds, layoffs), listing the facets where they differ.

Import this module only where ``pyspiel`` is installed.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pyspiel

from bench.openspiel_map import (
    DEALER,
    OS,
    OS_TO_MELD,
    RULES,
    BridgeError,
    OSPhase,
    check_in_step,
    deck_from_deal,
    from_os,
    os_meld_actions,
    os_play,
    returns_of,
    to_os,
    translate,
)
from ginrummy.core import actions
from ginrummy.core.actions import DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action, action_name
from ginrummy.core.cards import format_cards
from ginrummy.core.hand import HandState, IllegalActionError, Phase, deal_hand
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of

# ---------------------------------------------------------------- the table


@dataclass
class Trimmed:
    """How often OpenSpiel refused a move that our rules allowed to the agent's seat."""

    knock: int = 0
    """Decisions where OpenSpiel allowed fewer knocks (its 11-card MinDeadwood overstates)."""
    wall_knock: int = 0
    """Decisions at the wall where OpenSpiel refused the take-to-knock."""
    layoff: int = 0
    """Defender decisions where OpenSpiel refused a layoff (two per run end at most)."""
    other: int = 0


class OpenSpielTable:
    """One OpenSpiel ``gin_rummy`` hand and our engine's shadow of it, kept in step.

    Drive it with :meth:`feed` for chance and for players outside our engine
    (``bot.step(table.state)``), and :meth:`view` / :meth:`play` for our agents.
    """

    def __init__(self, game: Any | None = None, rules: Rules = RULES,
                 initial: Any | None = None) -> None:
        """``initial``: an untouched initial state of ``game`` to clone (OpenSpiel's
        ``new_initial_state()`` takes about 1.3 ms, a clone about 20 µs)."""
        if initial is not None and initial.history():
            raise BridgeError("initial must be an initial state, before the deal")
        self.game = game if game is not None else pyspiel.load_game("gin_rummy")
        params = self.game.get_parameters()
        if params.get("oklahoma") or params.get("knock_card", 10) != rules.knock_limit:
            raise BridgeError("the shadow's rules must have OpenSpiel's knock limit, no Oklahoma")
        self.rules = rules
        self.state = initial.clone() if initial is not None else self.game.new_initial_state()
        self.shadow: HandState | None = None
        self._dealt: list[int] = []
        self._pending_stock = False
        self._held: list[int] = []
        """OpenSpiel meld actions our defender laid before OpenSpiel's layoffs ended."""
        self.trimmed = Trimmed()
        self.os_actions: list[int] = []
        """The players' OpenSpiel actions so far (chance outcomes are in ``state.history()``)."""

    # ------------------------------------------------------------ questions

    @property
    def over(self) -> bool:
        return bool(self.state.is_terminal())

    def returns(self) -> list[float]:
        return list(self.state.returns())

    @property
    def held(self) -> list[int]:
        """Our defender's melds (masks, OpenSpiel-sized) held back until its ``DONE``."""
        return [OS_TO_MELD[a - OS.MELD_BASE] for a in self._held]

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, ``legal`` limited to moves OpenSpiel accepts too."""
        if self.shadow is None:
            raise BridgeError("the cards are not dealt yet")
        view = view_of(self.shadow, seat)
        if not view.legal:
            return view
        legal = self._common(view.legal)
        return dataclasses.replace(view, legal=tuple(legal))

    def translate(self, action: Action) -> list[int]:
        """OpenSpiel's actions for our ``action`` now, in the order they are played.

        A defender's meld laid while OpenSpiel still takes layoffs gives ``[]``:
        it is held back until ``DONE``.
        """
        shadow = self._require_shadow()
        if shadow.phase is Phase.DEFENDER and not self.state.finished_layoffs():
            if actions.is_meld_action(action):
                return []
            if action == DONE:
                return [OS.PASS, *self._held, OS.PASS]
        return translate(shadow, self.state, action)

    # ------------------------------------------------------------ moves

    def feed(self, os_action: int) -> None:
        """Play an OpenSpiel action chosen outside our engine (chance or another bot)."""
        os_action = int(os_action)
        state = self.state
        if state.is_chance_node():
            self._os_apply(os_action)
            self._chance(from_os(os_action))
            return
        shadow = self._require_shadow()
        ours = self._read_back(os_action)
        self._os_apply(os_action)
        if ours is not None:
            self.shadow = self._shadow_apply(shadow, ours)
        self.check_sync()

    def play(self, action: Action, view: PlayerView | None = None) -> None:
        """Play our ``action`` for the seat to act in both engines.

        ``view``, when given, is the view the agent chose from: an action outside
        its ``legal`` is refused before anything is played. Without it, a move that
        OpenSpiel refuses raises :class:`BridgeError` and may leave the table half played.
        """
        shadow = self._require_shadow()
        action = operator.index(action)  # NumPy integers from learning agents
        if view is not None and action not in view.legal:
            raise BridgeError(
                f"seat {view.seat} chose {action_name(action)}, not among its legal moves "
                f"{[action_name(a) for a in view.legal]}"
            )
        os_actions = self.translate(action)
        if shadow.phase is Phase.DEFENDER and actions.is_meld_action(action) and not os_actions:
            self._held.extend(os_meld_actions(actions.action_meld(action)))
        for os_action in os_actions:
            self._os_apply(os_action)
        if shadow.phase is Phase.DEFENDER and action == DONE:
            self._held.clear()
        if action == DRAW_STOCK:
            self._pending_stock = True  # the shadow draws once the chance node is played
        else:
            self.shadow = self._shadow_apply(shadow, action)
        self.check_sync()

    # ------------------------------------------------------------ internals

    def _require_shadow(self) -> HandState:
        if self.shadow is None:
            raise BridgeError("the cards are not dealt yet")
        return self.shadow

    def _os_apply(self, os_action: int) -> None:
        chance = self.state.is_chance_node()
        os_play(self.state, os_action)
        if not chance:
            self.os_actions.append(os_action)

    def _shadow_apply(self, shadow: HandState, action: Action) -> HandState:
        try:
            return shadow.apply(action)
        except IllegalActionError as error:
            raise BridgeError(f"our engine refuses what OpenSpiel played: {error}") from None

    def _chance(self, card: int) -> None:
        if self.shadow is None:
            self._dealt.append(card)
            if len(self._dealt) == 21:
                self.shadow = deal_hand(self.rules, DEALER, deck_from_deal(self._dealt))
                self.check_sync()
            return
        if not self._pending_stock:
            raise BridgeError("OpenSpiel dealt a card nobody drew")
        self._pending_stock = False
        shadow = self.shadow
        deck = list(shadow.deck)
        top, where = shadow.stock_pos, deck.index(card)
        if where < top:
            raise BridgeError(f"OpenSpiel drew {format_cards([card])}, already out of the stock")
        deck[top], deck[where] = deck[where], deck[top]
        shadow = dataclasses.replace(shadow, deck=tuple(deck))
        self.shadow = self._shadow_apply(shadow, DRAW_STOCK)
        self.check_sync()

    def _read_back(self, os_action: int) -> Action | None:
        """Our action for an OpenSpiel action by the player to act (None: no move of ours)."""
        state = self.state
        phase = state.current_phase()
        if os_action == OS.DRAW_STOCK:
            self._pending_stock = True
            return None
        if phase in (OSPhase.FIRST_UPCARD, OSPhase.DRAW):
            return {OS.DRAW_UPCARD: DRAW_DISCARD, OS.PASS: PASS}[os_action]
        if phase == OSPhase.WALL:
            return DRAW_DISCARD if os_action == OS.KNOCK else PASS
        if phase == OSPhase.DISCARD:
            return None if os_action == OS.KNOCK else actions.discard(from_os(os_action))
        if phase == OSPhase.KNOCK:
            if os_action < 52:
                return actions.knock(from_os(os_action))
            if os_action == OS.PASS:
                return DONE
            return actions.meld(OS_TO_MELD[os_action - OS.MELD_BASE])
        if phase == OSPhase.LAYOFF:
            if not state.finished_layoffs():
                return None if os_action == OS.PASS else actions.layoff(from_os(os_action))
            if os_action == OS.PASS:
                return DONE
            return actions.meld(OS_TO_MELD[os_action - OS.MELD_BASE])
        raise BridgeError(f"OpenSpiel action {os_action} in phase {phase}")

    def _common(self, legal: Sequence[Action]) -> list[Action]:
        """Our legal actions that OpenSpiel accepts too (the shadow's seat to act)."""
        shadow = self._require_shadow()
        state = self.state
        os_legal = set(state.legal_actions())
        phase = shadow.phase
        if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
            return [a for a in legal if self.translate(a)[0] in os_legal]
        if phase is Phase.WALL:
            out = [a for a in legal if self.translate(a)[0] in os_legal]
            if len(out) < len(legal):
                self.trimmed.wall_knock += 1
            return out
        if phase is Phase.DISCARD:
            if shadow.wall_take:
                return [a for a in legal if to_os(actions.action_card(a)) in os_legal]
            discards = [a for a in legal if actions.is_discard(a)]
            knocks = [a for a in legal if actions.is_knock(a)]
            out = [a for a in discards if to_os(actions.action_card(a)) in os_legal]
            if len(out) < len(discards) or len(discards) + len(knocks) < len(legal):
                self.trimmed.other += 1  # not seen: OpenSpiel allows every discard, no big gin
            if knocks:
                allowed: set[int] = set()
                if OS.KNOCK in os_legal:
                    after = state.clone()
                    after.apply_action(OS.KNOCK)
                    allowed = set(after.legal_actions())
                kept = [a for a in knocks if to_os(actions.action_card(a)) in allowed]
                if len(kept) < len(knocks):
                    self.trimmed.knock += 1
                out.extend(kept)
            return out
        if phase is Phase.KNOCKER_MELDS:
            return [a for a in legal if self._playable(self.translate(a), os_legal)]
        if phase is Phase.DEFENDER:
            out = []
            refused = False
            for action in legal:
                if actions.is_layoff(action):
                    ok = to_os(actions.action_card(action)) in os_legal
                    refused |= not ok
                elif actions.is_meld_action(action) and not state.finished_layoffs():
                    held = [OS.PASS, *self._held, *os_meld_actions(actions.action_meld(action))]
                    ok = self._playable(held, os_legal)
                else:
                    ok = self._playable(self.translate(action), os_legal)
                if ok:
                    out.append(action)
            if refused:
                self.trimmed.layoff += 1
            return out
        return list(legal)

    def _playable(self, os_actions: Sequence[int], os_legal: set[int]) -> bool:
        """Whether OpenSpiel accepts these actions in a row from its current state."""
        if not os_actions or os_actions[0] not in os_legal:
            return False
        if len(os_actions) == 1:
            return True
        state = self.state.clone()
        state.apply_action(os_actions[0])
        for os_action in os_actions[1:]:
            if os_action not in state.legal_actions():
                return False
            state.apply_action(os_action)
        return True

    def check_sync(self) -> None:
        """Both engines hold the same cards, have the same seat to act, the same phase."""
        shadow, state = self.shadow, self.state
        if shadow is None:
            return
        if self._pending_stock:
            if not state.is_chance_node():
                raise BridgeError("a stock draw is pending but OpenSpiel is not dealing")
            return
        held = 0
        for held_meld in self.held:
            held |= held_meld
        check_in_step(shadow, state, held)


# ---------------------------------------------------------------- one hand


Chooser = Callable[[PlayerView], Action]
"""Our agent's ``choose``."""
Opponent = Callable[[Any], int]
"""Chooses an OpenSpiel action from OpenSpiel's state, e.g. ``bot.step``."""


@dataclass
class HandOutcome:
    returns: list[float]
    """OpenSpiel's returns, per OpenSpiel player (= our seat)."""
    shadow_returns: list[float]
    """Our engine's score of the same hand, for a check."""
    decisions: int
    """Decisions made by our agents."""
    table: OpenSpielTable


def play_hand(
    players: dict[int, Chooser | Opponent],
    ours: set[int] | frozenset[int],
    chance: Callable[[Sequence[int]], int],
    game: Any | None = None,
    on_view: Callable[[OpenSpielTable, PlayerView], None] | None = None,
    initial: Any | None = None,
) -> HandOutcome:
    """Play one OpenSpiel hand to the end.

    ``players[p]`` is our agent's ``choose`` if ``p`` is in ``ours`` (it gets a
    view), else an OpenSpiel player (it gets OpenSpiel's state, e.g. a bot's
    ``step``). ``chance(legal)`` picks each chance outcome from OpenSpiel's legal
    cards. ``on_view(table, view)`` sees every view handed to our agents (tests).
    ``initial``: see :class:`OpenSpielTable`.
    """
    table = OpenSpielTable(game, initial=initial)
    state = table.state
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            table.feed(chance(state.legal_actions()))
            continue
        player = state.current_player()
        if player in ours:
            view = table.view(player)
            if on_view is not None:
                on_view(table, view)
            table.play(players[player](view), view)  # type: ignore[arg-type]
            decisions += 1
        else:
            table.feed(players[player](state))  # type: ignore[arg-type]
    assert table.shadow is not None
    return HandOutcome(table.returns(), returns_of(table.shadow), decisions, table)


def trimmed_totals(outcomes: Sequence[HandOutcome]) -> Counter[str]:
    total: Counter[str] = Counter()
    for outcome in outcomes:
        total.update(dataclasses.asdict(outcome.table.trimmed))
    return total
