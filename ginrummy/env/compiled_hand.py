"""A two-player hand played by the compiled step (:mod:`ginrummy.env.kernel_step`), for the
AEC environment.

:meth:`CompiledHand.load` takes a :class:`~ginrummy.core.hand.HandState` in one of the
phases the kernel plays (the upcard offer, draws, discards, the wall), and
:meth:`CompiledHand.deal_from` deals a new hand with the compiled deal
(:mod:`ginrummy.env.kernel_deal`) without making one; from then on each
step is one kernel call, which leaves the next legal actions, the mask and both seats'
observations in arrays the environment hands out. :meth:`CompiledHand.state` gives the
:class:`~ginrummy.core.hand.HandState` the core would have reached (its public log
included), so the core takes over where the kernel stops: a knock, big gin, a void hand.

Numba is optional (the ``fast`` extra): :func:`step_kernel` is None without it, and the
environment plays every step on the core.
"""

from __future__ import annotations

import gc
from types import ModuleType
from typing import Any

import numpy as np

from ginrummy.core.actions import PASS
from ginrummy.core.hand import HandState, Phase, deal_hand
from ginrummy.core.rules import Rules
from ginrummy.env.encoding import (
    FLAGS_OFFSET,
    SCORES_OFFSET,
    TARGET_OFFSET,
    Scoreboard,
    game_entries,
)

_LOADED: list[ModuleType | None] = []
ILLEGAL = -2
"""What the kernel's ``step`` returns for an action that is not legal (``kernel_step.ILLEGAL``)."""
_HELD_LOGS = 64
"""Public logs held for the collector at most (past them the oldest is let go as it is)."""
PLAYED_PHASES = (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD, Phase.WALL)
"""The phases the kernel plays."""


def step_kernel() -> ModuleType | None:
    """:mod:`ginrummy.env.kernel_step`, compiled (or read from Numba's cache) on first use;
    None without Numba."""
    if not _LOADED:
        try:
            from ginrummy.env import kernel_step
        except ImportError:
            _LOADED.append(None)
        else:
            _warm_up(kernel_step)
            _LOADED.append(kernel_step)
    return _LOADED[0]


def _warm_up(kernel: ModuleType) -> None:
    """Call each kernel once: their machine code is compiled (the first time after an
    install, about 10 s) or read from Numba's cache now, not in an environment's step."""
    hand = CompiledHand(kernel)
    state = deal_hand(Rules.preset("standard"), 0, range(52))
    hand.load(state, (Scoreboard(0, (0, 0)), Scoreboard(0, (0, 0))))
    kernel.step_at(hand.address, state.legal_actions()[0])
    kernel.finish_void(hand.buffer, PASS)
    from ginrummy.agents import kernel_random

    twister = kernel_random.blank_state()
    kernel_random.seed_state(twister, 0)
    hand.dealing.cut(twister, np.empty(2 * hand.dealing.CUT_ROUNDS, dtype=np.int64))
    hand.deal_from(twister, state.rules, 0, (Scoreboard(0, (0, 0)), Scoreboard(0, (0, 0))))
    hand.dealing.shuffle(twister, np.empty(52, dtype=np.int64))


def compiled_entry(function: Any) -> Any:
    """The machine code of a compiled kernel of one signature, called without Numba's
    dispatch (which would first find the types of the arguments): for arguments of that
    signature only."""
    if len(function.signatures) != 1:
        return function
    return function.overloads[function.signatures[0]].entry_point


def use_step_kernel(on: bool) -> None:
    """Turn the kernel off for environments made from now on (or back on if Numba is
    there): for tests and benchmarks."""
    _LOADED.clear()
    if not on:
        _LOADED.append(None)


class CompiledHand:
    """One table's hand while the kernel plays it."""

    __slots__ = ("kernel", "dealing", "buffer", "address", "words", "observations", "mask",
                 "rules", "deck", "upcard", "history", "_made", "_cells", "_legal_at",
                 "_count_at", "_boards", "_limits_of", "_logs")

    def __init__(self, kernel: ModuleType) -> None:
        self._views_of(kernel, kernel.new_buffer())
        self.rules = Rules()
        self.deck: tuple[int, ...] = ()
        self.upcard: int | None = None
        self.history: Any = None
        """The public log when the hand was loaded (the kernel logs the moves after it)."""
        self._made: tuple[int, HandState] | None = None
        self._boards: tuple[Scoreboard, ...] = ()
        """The boards written in the observations."""
        self._limits_of: tuple[Rules, Any] | None = None
        self._logs: list[list[Any]] = []

    def _views_of(self, kernel: ModuleType, buffer: Any) -> None:
        from ginrummy.env import kernel_deal

        self.kernel = kernel
        self.dealing = kernel_deal
        self.buffer = buffer
        self.address = buffer.ctypes.data
        """Where ``buffer`` is, for :func:`~ginrummy.env.kernel_step.step_at`."""
        self.words = kernel.words(buffer)
        self._cells = memoryview(self.words)
        """``words`` again: reading a few words here is faster than NumPy's indexing."""
        self._legal_at, self._count_at = kernel.LEGAL, kernel.LEGAL_COUNT
        self.observations = kernel.observations(buffer)
        """Seat 0's and seat 1's observation vectors (the kernel rewrites them each step)."""
        self.mask = kernel.mask_of(buffer)
        """The mask of the seat to act (the kernel rewrites it each step; read-only here)."""
        self.mask.flags.writeable = False

    def __getstate__(self) -> dict[str, Any]:
        """What a copy or a pickle keeps: the buffer and the hand's Python fields (the
        views into the buffer are made again)."""
        return {"buffer": self.buffer, "rules": self.rules, "deck": self.deck,
                "upcard": self.upcard, "history": self.history, "_made": self._made,
                "_boards": self._boards, "_limits_of": None, "_logs": []}

    def __setstate__(self, state: dict[str, Any]) -> None:
        kernel = step_kernel()
        if kernel is None:
            raise RuntimeError("a compiled hand needs numba (the fast extra) to be restored")
        self._views_of(kernel, state.pop("buffer"))
        for name, value in state.items():
            setattr(self, name, value)

    def load(self, state: HandState, boards: tuple[Scoreboard, Scoreboard]) -> None:
        """Play ``state`` (in one of :data:`PLAYED_PHASES`) from now on; ``boards`` are the
        game's numbers as each seat sees them."""
        self._write((
            int(state.phase), state.turn, state.stock_pos, state.hands[0], state.hands[1],
            len(state.pile), state.limit, state.known[0], state.known[1], state.taken,
            state.passes, state.stock_only, state.idle_turns, state.pile_draws, state.returned,
            state.wall_take, state.dealer, -1 if state.upcard is None else state.upcard),
            state.rules, state.deck, state.pile, boards)
        self.upcard, self.history = state.upcard, state.history
        self._made = (0, state)

    def deal_from(self, twister: Any, rules: Rules, dealer: int,
                  boards: tuple[Scoreboard, Scoreboard]) -> None:
        """:meth:`deal` the deck ``shuffled_deck`` shuffles with the ``random.Random`` whose
        state ``twister`` holds (:mod:`ginrummy.agents.kernel_random`), drawn from it."""
        k = self.kernel
        self._write_rules(rules)
        self.dealing.deal(self.buffer, twister, dealer, rules.eleven_card_deal,
                          self._limits(rules))
        self.rules = rules
        self.deck = deck = tuple(self.words[k.DECK:k.DECK + 52].tolist())
        self.upcard = None if rules.eleven_card_deal else deck[20]
        self.history, self._made = None, None
        self._write_boards(boards)
        k.load(self.buffer)

    def _limits(self, rules: Rules) -> Any:
        """The knock limit of a hand of ``rules`` by its upcard (the last: without one)."""
        if self._limits_of is None or self._limits_of[0] is not rules:
            limits = [rules.knock_limit_for(card) for card in range(52)]
            limits.append(rules.knock_limit_for(None))
            self._limits_of = (rules, np.array(limits, dtype=np.int64))
        return self._limits_of[1]

    def _write(self, fields: tuple[int, ...], rules: Rules, deck: tuple[int, ...],
               pile: tuple[int, ...], boards: tuple[Scoreboard, Scoreboard]) -> None:
        """Write a hand's fields (the words up to ``LEGAL_COUNT``), rules, deck and pile and the
        boards' entries of the observations, and make its legal actions and observations."""
        k = self.kernel
        words = self.words
        words[:k.LEGAL] = 0
        words[:k.LEGAL_COUNT] = fields
        self._write_rules(rules)
        words[k.DECK:k.DECK + 52] = deck
        words[k.PILE:k.PILE + len(pile)] = pile
        self.rules, self.deck = rules, deck
        self._write_boards(boards)
        k.load(self.buffer)

    def _write_rules(self, rules: Rules) -> None:
        k = self.kernel
        cap = rules.discard_pile_draw_limit
        self.words[k.RULE_BIG_GIN:k.RULE_RETURNED + 1] = (
            rules.big_gin, rules.allow_discard_of_drawn_upcard,
            k.WALL_RULES[rules.fiftieth_card_action], rules.max_turns_without_stock_draw,
            -1 if cap is None else cap, rules.void_on_second_returned_discard)

    def _write_boards(self, boards: tuple[Scoreboard, Scoreboard]) -> None:
        """The boards' entries of both observations (the kernel leaves them as they are)."""
        if boards == self._boards:
            return
        for vector, board in zip(self.observations, boards, strict=True):
            full_game, target, scores = game_entries(board)
            vector[FLAGS_OFFSET + 8] = full_game
            vector[TARGET_OFFSET] = target
            vector[SCORES_OFFSET:] = scores
        self._boards = boards

    def _list_until_untracked(self, links: list[Any]) -> None:
        """Hold ``links``, a public log's tuples oldest first, until CPython's collector has
        untracked them. A chain of tuples reached only through its newest one is untracked
        one tuple per collection (the collector meets the newest first), so the logs a game
        keeps would pile up in the oldest generation and set off full collections; listed
        in order, the collector meets the oldest first and untracks the whole chain at once."""
        logs = self._logs  # one list all along: an old object, the collector meets it first
        while logs and (len(logs) >= _HELD_LOGS or not gc.is_tracked(logs[0][-1])):
            del logs[0]
        logs.append(links)

    def finish_void(self, action: int) -> None:
        """Play ``action``, which voids the hand, into the observations (the state is the
        caller's from now on: :meth:`state` no longer follows)."""
        self.kernel.finish_void(self.buffer, action)

    def legal(self) -> list[int]:
        """The legal actions of the seat to act, in increasing order."""
        cells, start = self._cells, self._legal_at
        return cells[start:start + cells[self._count_at]].tolist()

    def state(self, kept: bool = False) -> HandState:
        """The hand as the core holds it after the same moves; ``kept``: a game keeps it (its
        public log is listed until the garbage collector has untracked it)."""
        k = self.kernel
        head = self.words[:k.RULE_BIG_GIN].tolist()
        moves = head[k.LOG_SIZE]
        if self._made is not None and self._made[0] == moves:
            return self._made[1]
        history = self.history
        words, log, actions = self.words, k.LOG, k.LOG + k.LOG_CAPACITY
        links = []
        for seat, action in zip(words[log:log + moves].tolist(),
                                words[actions:actions + moves].tolist(), strict=True):
            history = (history, seat, action)
            links.append(history)
        if kept and links:
            self._list_until_untracked(links)
        size = head[k.PILE_SIZE]
        state = HandState(
            rules=self.rules, dealer=head[k.DEALER], phase=Phase(head[k.PHASE]),
            turn=head[k.TURN], deck=self.deck, stock_pos=head[k.STOCK_POS],
            hands=(head[k.HAND], head[k.HAND + 1]),
            pile=tuple(self.words[k.PILE:k.PILE + size].tolist()), upcard=self.upcard,
            limit=head[k.LIMIT], known=(head[k.KNOWN], head[k.KNOWN + 1]),
            taken=head[k.TAKEN], passes=head[k.PASSES], stock_only=bool(head[k.STOCK_ONLY]),
            idle_turns=head[k.IDLE], pile_draws=head[k.PILE_DRAWS],
            returned=bool(head[k.RETURNED]), wall_take=bool(head[k.WALL_TAKE]), knocker=-1,
            knock_discard=-1, big_gin=False, melds=((), ()), laid_off=0, history=history,
            result=None)
        self._made = (moves, state)
        return state
