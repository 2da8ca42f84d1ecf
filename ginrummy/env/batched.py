"""Two-player hands against the ``random`` player, many tables at once as NumPy arrays.

:class:`BatchedTables` keeps the state of ``n`` one-hand tables in arrays (the hands and
the cards each seat took from the pile as 52-bit masks, the deck and where the stock
starts, the discard pile in order, phase, turn, the upcard offer), applies the draws and
discards of all the tables in a few array operations, picks the random player's moves
for all its tables at once, and writes the learner's observations and masks in
:func:`~ginrummy.env.encoding.encode`'s layout.

Only the first upcard offer (R13), the draws and the discards are batched: they are
nearly every move of a hand. A table whose next move is anything else hands itself over
to the exact engine (a :class:`~ginrummy.core.hand.HandState` built from its arrays, its
public log included) and the engine plays it to the end of the hand: a knock or a big
gin (R14, R17) and the layouts after it, the discard that leaves two cards in the stock
(R21, R22), and the discard that ends a hand void under R36. The legal actions of the
DISCARD phase come from the engine too whenever a knock may be legal (the least deadwood
after a discard, :func:`~ginrummy.agents.batch_deadwood.deadwood_many` for all the tables,
is within the knock limit), so the knock limit (R15, R32), R12 and R17 are the engine's own answer.

The rules it batches are every preset's but two OpenSpiel-compatibility options
(:func:`supports`): ``discard_pile_draw_limit`` and ``void_on_second_returned_discard``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from ginrummy.agents.random_agent import RandomAgent
from ginrummy.core.actions import DISCARD_BASE, DRAW_DISCARD, KNOCK_BASE, Action
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.legal_actions import discard_actions
from ginrummy.core.meld_tables import SUIT_VALUES
from ginrummy.core.moves import STOCK_FLOOR
from ginrummy.core.result import void_result
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.env.encoding import (
    COUNTS_OFFSET,
    FLAGS_OFFSET,
    PHASE_OFFSET,
    observation_size,
    plane_offset,
)

_BITS = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_FULL = np.uint64((1 << 52) - 1)
_NONE = np.uint64(0)
_POSITIONS = (np.arange(1, 53) / 52.0).astype(np.float32)
"""The pile-order value of the card at each position from the bottom."""
_PILE_ORDER = plane_offset("pile_order")
_UPCARD, _DRAW, _DISCARD = int(Phase.FIRST_UPCARD), int(Phase.DRAW), int(Phase.DISCARD)
OVER = int(Phase.OVER)
_VOIDS = ("", "R21: only two cards are left in the stock",
          "R36: too many turns without a draw from the stock")
"""The engine's words for the void hands the arrays end (by their number in ``void``)."""
_FLAGS, _COUNTS = FLAGS_OFFSET - PHASE_OFFSET, COUNTS_OFFSET - PHASE_OFFSET
_PLANES = PHASE_OFFSET // 52
_SUIT = np.uint64(0x1FFF)
_SUIT_SHIFTS = np.array([0, 13, 26, 39], dtype=np.uint64)
_SUIT_VALUES = np.array(SUIT_VALUES, dtype=np.int64)
_TOP_VALUES = np.array([min(mask.bit_length(), 10) for mask in range(1 << 13)])
"""Per one-suit mask: the value of its highest card."""


def supports(rules: Rules) -> bool:
    """Whether :class:`BatchedTables` plays ``rules`` (else the per-table form must)."""
    return rules.discard_pile_draw_limit is None and not rules.void_on_second_returned_discard


class _Fields:
    """What the engine's DISCARD-phase legal actions read of a hand."""

    __slots__ = ("hands", "knocker", "limit", "rules", "taken", "turn", "wall_take")

    def __init__(self, rules: Rules, hand: int, limit: int, taken: int) -> None:
        self.rules = rules
        self.turn = 0
        self.hands = (hand, 0)
        self.limit = limit
        self.taken = taken
        self.wall_take = False
        self.knocker = -1


def _knock_may_be_legal(hands: NDArray[np.uint64], limits: NDArray[np.int64]
                        ) -> NDArray[np.bool_]:
    """False where no discard leaves deadwood within the limit, so no knock is legal: the
    cards that fit in no meld stay deadwood whatever the arrangement, and one discard
    takes away at most the highest of them (a lower bound on the least deadwood)."""
    suits = ((hands[:, None] >> _SUIT_SHIFTS) & _SUIT).astype(np.int64)
    a, b, c, d = suits.T
    set_ranks = ((a & b & (c | d)) | (c & d & (a | b)))[:, None]
    runs = suits & suits >> 1 & suits >> 2
    alone = suits & ~(runs | runs << 1 | runs << 2 | set_ranks)
    total: NDArray[np.int64] = _SUIT_VALUES[alone].sum(axis=1)
    top: NDArray[np.int64] = _TOP_VALUES[alone].max(axis=1)
    kept: NDArray[np.bool_] = total - top <= limits
    return kept


def _unpack(masks: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """The 52 bits of each mask, one row each (the last axis)."""
    data = np.ascontiguousarray(masks).view(np.uint8).reshape(*masks.shape, 8)
    return np.unpackbits(data, axis=-1, bitorder="little")[..., :52]


class BatchedTables:
    """``n`` one-hand tables, the learner at hand seat ``seat`` against ``random``."""

    def __init__(self, n: int, rules: Rules, seat: int, rng: np.random.Generator) -> None:
        if not supports(rules):
            raise ValueError(f"rules {rules.name!r} need the per-table form "
                             "(discard_pile_draw_limit or void_on_second_returned_discard)")
        self.n, self.rules, self.seat, self.rng = n, rules, seat, rng
        self.deck = np.zeros((n, 52), dtype=np.int64)
        self.stock_pos = np.zeros(n, dtype=np.int64)
        self.hands = np.zeros((n, 2), dtype=np.uint64)
        self.known = np.zeros((n, 2), dtype=np.uint64)
        self.pile = np.zeros((n, 53), dtype=np.int64)
        self.pile_len = np.zeros(n, dtype=np.int64)
        self.pile_bits = np.zeros(n, dtype=np.uint64)
        self.pile_order = np.zeros((n, 52), dtype=np.float32)
        self.upcard = np.zeros(n, dtype=np.int64)
        self.limit = np.zeros(n, dtype=np.int64)
        self.dealer = np.zeros(n, dtype=np.int64)
        self.turn = np.zeros(n, dtype=np.int64)
        self.phase = np.zeros(n, dtype=np.int64)
        self.taken = np.zeros(n, dtype=np.int64)
        self.passes = np.zeros(n, dtype=np.int64)
        self.idle_turns = np.zeros(n, dtype=np.int64)
        self.pile_draws = np.zeros(n, dtype=np.int64)
        self.stock_only = np.zeros(n, dtype=np.bool_)
        self.void = np.zeros(n, dtype=np.int64)
        """Why a hand ended void on the arrays (an index of ``_VOIDS``), 0 if it did not."""
        self.log_seats = np.zeros((n, 128), dtype=np.int8)
        self.log_actions = np.zeros((n, 128), dtype=np.int16)
        self.log_len = np.zeros(n, dtype=np.int64)
        self.batched = np.ones(n, dtype=np.bool_)
        """Rows still played on the arrays; the others are in ``engine``."""
        self.engine: list[HandState | None] = [None] * n
        self.opponents: list[RandomAgent | None] = [None] * n
        self._limits = np.array([rules.knock_limit_for(card) for card in range(52)])
        self._max_idle = rules.max_turns_without_stock_draw
        self._wall = rules.fiftieth_card_action != "off"
        """R22: the discard that leaves two cards in the stock goes to the engine."""
        self._barring = not rules.allow_discard_of_drawn_upcard
        self._all = np.arange(n)
        self._planes = np.zeros((n, _PLANES), dtype=np.uint64)
        self._tail = np.zeros((n, observation_size(2) - PHASE_OFFSET))

    # ------------------------------------------------------------ the deal

    def deal(self, rows: NDArray[np.int64]) -> None:
        """A new hand at each of ``rows``: a shuffled deck, a random dealer (R6, R7)."""
        k = len(rows)
        if not k:
            return
        rng = self.rng
        decks = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (k, 1)), axis=1)
        dealers = rng.integers(2, size=k)
        first = 1 - dealers
        dealt = 21 if self.rules.eleven_card_deal else 20
        self.deck[rows] = decks
        self.dealer[rows] = dealers
        self.hands[rows, first] = np.bitwise_or.reduce(_BITS[decks[:, 0:dealt:2]], axis=1)
        self.hands[rows, dealers] = np.bitwise_or.reduce(_BITS[decks[:, 1:dealt:2]], axis=1)
        self.known[rows] = 0
        self.stock_pos[rows] = 21
        self.turn[rows] = first
        self.taken[rows] = -1
        self.passes[rows] = 0
        self.idle_turns[rows] = 0
        self.pile_draws[rows] = 0
        self.stock_only[rows] = False
        self.void[rows] = 0
        self.pile_order[rows] = 0.0
        self.log_len[rows] = 0
        self.batched[rows] = True
        if self.rules.eleven_card_deal:
            self.upcard[rows] = -1
            self.pile_len[rows] = 0
            self.pile_bits[rows] = 0
            self.phase[rows] = _DISCARD
            self.limit[rows] = self.rules.knock_limit
        else:
            up = decks[:, 20]
            self.upcard[rows] = up
            self.pile[rows, 0] = up
            self.pile_len[rows] = 1
            self.pile_bits[rows] = _BITS[up]
            self.pile_order[rows, up] = _POSITIONS[0]
            self.phase[rows] = _UPCARD
            self.limit[rows] = self._limits[up]
        for row in rows.tolist():
            self.engine[row] = None
            self.opponents[row] = None

    # ------------------------------------------------------------ legal actions

    def _discard_choices(self, rows: NDArray[np.int64]) -> tuple[
            NDArray[np.uint8], dict[int, list[Action]]]:
        """For tables in DISCARD: the cards each may discard face up, and the engine's
        whole list of legal actions for the tables where a knock (or big gin) may be."""
        turn = self.turn[rows]
        hand = self.hands[rows, turn]
        bits = _unpack(hand)
        taken = self.taken[rows]
        if self._barring:
            barred = np.flatnonzero(taken >= 0)
            bits[barred, taken[barred]] = 0
        special: dict[int, list[Action]] = {}
        limit = self.limit[rows]
        for j in np.flatnonzero(_knock_may_be_legal(hand, limit)).tolist():
            fields = _Fields(self.rules, int(hand[j]), int(limit[j]), int(taken[j]))
            special[j] = discard_actions(fields)  # type: ignore[arg-type]
        return bits, special

    def write_masks(self, out: NDArray[np.int8]) -> None:
        """``out[i]``: the legal actions of table ``i`` as a mask, 0 where it is over (the
        tables handed to the engine get stale rows: the caller writes those)."""
        out[:] = 0
        phase = self.phase
        upcard = np.flatnonzero(phase == _UPCARD)
        out[upcard, 1:3] = 1
        draw = np.flatnonzero(phase == _DRAW)
        out[draw, 0] = 1
        out[draw, DRAW_DISCARD] = ~self.stock_only[draw]
        discard = np.flatnonzero(phase == _DISCARD)
        if discard.size:
            bits, special = self._discard_choices(discard)
            out[discard, DISCARD_BASE:KNOCK_BASE] = bits
            for j, legal in special.items():
                row = discard[j]
                out[row] = 0
                out[row, legal] = 1

    def random_moves(self, rows: NDArray[np.int64]) -> NDArray[np.int64]:
        """A uniformly random legal action for each of ``rows`` (``random``'s choice)."""
        k = len(rows)
        u = self.rng.random(k)
        phase = self.phase[rows]
        moves = np.where(u < 0.5, 1, 2).astype(np.int64)  # FIRST_UPCARD: take or pass
        draw = phase == _DRAW
        moves[draw] = np.where(self.stock_only[rows[draw]] | (u[draw] < 0.5), 0, 1)
        discard = np.flatnonzero(phase == _DISCARD)
        if discard.size:
            bits, special = self._discard_choices(rows[discard])
            count = bits.sum(axis=1)
            pick = (u[discard] * count).astype(np.int64)
            cards = np.argmax(bits.cumsum(axis=1) > pick[:, None], axis=1)
            moves[discard] = DISCARD_BASE + cards
            for j, legal in special.items():
                moves[discard[j]] = legal[int(u[discard[j]] * len(legal))]
        return moves

    # ------------------------------------------------------------ moves

    def play(self, rows: NDArray[np.int64], moves: NDArray[np.int64]) -> list[int]:
        """Apply each table's legal move: on the arrays, or on the engine for a move the
        arrays do not play (the table is then the engine's to the end of the hand); the
        tables handed to the engine."""
        phase = self.phase[rows]
        discarding = phase == _DISCARD
        rare = discarding & ((moves < DISCARD_BASE) | (moves >= KNOCK_BASE))
        if self._wall:
            rare |= discarding & (52 - self.stock_pos[rows] <= STOCK_FLOOR)
        handed: list[int] = rows[rare].tolist()
        for row, move in zip(handed, moves[rare].tolist(), strict=True):
            self.engine[row] = self.state(row).apply_unchecked(move)
            self.batched[row] = False
        keep = ~rare
        rows, moves, phase = rows[keep], moves[keep], phase[keep]
        self._log(rows, moves)
        upcard = phase == _UPCARD
        self._take_upcard(rows[upcard & (moves == DRAW_DISCARD)])
        self._pass(rows[upcard & (moves != DRAW_DISCARD)])
        draw = phase == _DRAW
        self._draw_stock(rows[draw & (moves == 0)])
        self._draw_pile(rows[draw & (moves == DRAW_DISCARD)])
        discard = phase == _DISCARD
        self._discard(rows[discard], moves[discard] - DISCARD_BASE)
        return handed

    def _log(self, rows: NDArray[np.int64], moves: NDArray[np.int64]) -> None:
        if not rows.size:
            return
        at = self.log_len[rows]
        if int(at.max()) >= self.log_seats.shape[1]:
            width = 2 * self.log_seats.shape[1]
            self.log_seats = np.pad(self.log_seats, ((0, 0), (0, width // 2)))
            self.log_actions = np.pad(self.log_actions, ((0, 0), (0, width // 2)))
        self.log_seats[rows, at] = self.turn[rows]
        self.log_actions[rows, at] = moves
        self.log_len[rows] = at + 1

    def _take_top(self, rows: NDArray[np.int64]) -> None:
        top = self.pile_len[rows] - 1
        card = self.pile[rows, top]
        bit = _BITS[card]
        self.pile_len[rows] = top
        self.pile_bits[rows] &= ~bit
        self.pile_order[rows, card] = 0.0
        seat = self.turn[rows]
        self.hands[rows, seat] |= bit
        self.known[rows, seat] |= bit
        self.taken[rows] = card
        self.phase[rows] = _DISCARD

    def _take_upcard(self, rows: NDArray[np.int64]) -> None:
        if not rows.size:
            return
        self.idle_turns[rows] += 1  # R36: taking the upcard is a turn without a stock draw
        self._take_top(rows)

    def _pass(self, rows: NDArray[np.int64]) -> None:
        if not rows.size:
            return
        self.passes[rows] += 1
        self.turn[rows] = 1 - self.turn[rows]
        both = rows[self.passes[rows] == 2]  # R13: the non-dealer must draw from the stock
        self.stock_only[both] = True
        self.phase[both] = _DRAW

    def _draw_stock(self, rows: NDArray[np.int64]) -> None:
        if not rows.size:
            return
        at = self.stock_pos[rows]
        card = self.deck[rows, at]
        self.stock_pos[rows] = at + 1
        self.hands[rows, self.turn[rows]] |= _BITS[card]
        self.taken[rows] = -1
        self.idle_turns[rows] = 0
        self.stock_only[rows] = False
        self.phase[rows] = _DISCARD

    def _draw_pile(self, rows: NDArray[np.int64]) -> None:
        if not rows.size:
            return
        self.pile_draws[rows] += 1
        self.idle_turns[rows] += 1
        self._take_top(rows)

    def _discard(self, rows: NDArray[np.int64], cards: NDArray[np.int64]) -> None:
        if not rows.size:
            return
        keep = ~_BITS[cards]
        seat = self.turn[rows]
        self.hands[rows, seat] &= keep
        self.known[rows, seat] &= keep
        at = self.pile_len[rows]
        self.pile[rows, at] = cards
        self.pile_order[rows, cards] = _POSITIONS[at]
        self.pile_len[rows] = at + 1
        self.pile_bits[rows] |= ~keep
        self.taken[rows] = -1
        self.turn[rows] = 1 - seat
        self.phase[rows] = _DRAW
        void = np.where(52 - self.stock_pos[rows] <= STOCK_FLOOR, 1,
                        np.where(self.idle_turns[rows] >= self._max_idle, 2, 0))
        ended = rows[void > 0]  # R21 (with R22 off: the wall went to the engine), R36
        self.void[ended] = void[void > 0]
        self.phase[ended] = OVER
        self.turn[ended] = -1

    # ------------------------------------------------------------ the engine's part

    def state(self, row: int) -> HandState:
        """Table ``row``'s hand as the engine's state (the engine's own once handed over)."""
        state = self.engine[row]
        if state is not None:
            return state
        history: Any = None
        length = int(self.log_len[row])
        seats = self.log_seats[row, :length].tolist()
        actions = self.log_actions[row, :length].tolist()
        for seat, action in zip(seats, actions, strict=True):
            history = (history, seat, action)
        upcard = int(self.upcard[row])
        limit = int(self.limit[row])
        void = int(self.void[row])
        hands, known = self.hands[row].tolist(), self.known[row].tolist()
        return HandState.from_fields(
            rules=self.rules, dealer=int(self.dealer[row]), phase=Phase(int(self.phase[row])),
            turn=int(self.turn[row]), deck=tuple(self.deck[row].tolist()),
            stock_pos=int(self.stock_pos[row]), hands=(hands[0], hands[1]),
            pile=tuple(self.pile[row, :int(self.pile_len[row])].tolist()),
            upcard=upcard if upcard >= 0 else None, limit=limit,
            known=(known[0], known[1]), taken=int(self.taken[row]),
            passes=int(self.passes[row]), stock_only=bool(self.stock_only[row]),
            idle_turns=int(self.idle_turns[row]), pile_draws=int(self.pile_draws[row]),
            returned=False, wall_take=False, knocker=-1, knock_discard=-1, big_gin=False,
            melds=((), ()), laid_off=0, history=history,
            result=void_result(_VOIDS[void], limit) if void else None)

    def engine_opponent(self, row: int) -> RandomAgent:
        agent = self.opponents[row]
        if agent is None:
            agent = self.opponents[row] = RandomAgent(int(self.rng.integers(2**62)))
        return agent

    # ------------------------------------------------------------ observations

    def encode(self, out: NDArray[np.float32]) -> None:
        """``out[i]``: the learner's observation of table ``i`` as
        :func:`~ginrummy.env.encoding.encode` writes it for its view (the tables handed
        to the engine get stale rows: the caller writes those)."""
        n = self.n
        seat, other = self.seat, 1 - self.seat
        hand = self.hands[:, seat]
        opponent_known = self.known[:, other]
        length = self.pile_len
        top = np.where(length > 0, _BITS[self.pile[self._all, np.maximum(length - 1, 0)]],
                       _NONE)
        upcard = self.upcard
        planes = self._planes
        planes[:, 0] = hand
        planes[:, 2] = opponent_known
        planes[:, 4] = top
        planes[:, 6] = _FULL & ~(hand | opponent_known | self.pile_bits)
        planes[:, 8] = np.where(upcard >= 0, _BITS[np.maximum(upcard, 0)], _NONE)
        out[:, :PHASE_OFFSET] = _unpack(planes).reshape(n, PHASE_OFFSET)
        out[:, _PILE_ORDER:_PILE_ORDER + 52] = self.pile_order
        tail = self._tail
        tail[:] = 0.0
        tail[self._all, self.phase] = 1.0
        tail[:, _FLAGS] = self.turn == seat
        tail[:, _FLAGS + 1] = self.dealer == seat
        tail[:, _FLAGS + 5] = self.stock_only
        tail[:, _FLAGS + 7] = 1.0
        tail[:, _COUNTS] = (52 - self.stock_pos) / 52.0
        tail[:, _COUNTS + 1] = self.limit / 10.0
        count = np.bitwise_count(self.hands[:, other]).astype(np.float64)
        tail[:, _COUNTS + 2] = np.minimum(count / 11.0, 1.0)
        tail[:, _COUNTS + 3] = self.passes / 2.0
        out[:, PHASE_OFFSET:] = tail

    def engine_view(self, row: int) -> Any:
        state = self.engine[row]
        assert state is not None
        return view_of(state, self.seat)
