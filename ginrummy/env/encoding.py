"""The observation of one seat as a flat float32 vector, and the action mask.

Everything comes from the seat's :class:`~ginrummy.core.views.PlayerView`, so no hidden
card can reach it. Cards are numbered as :mod:`ginrummy.core.cards` numbers them
(``13 * suit + rank``, ace low). The layout, for a table of ``sides`` scoring sides:

=========  ===============  ============================================================
offset     name             what it holds
=========  ===============  ============================================================
0          ``hand``         52: this seat's cards not laid out (1 each)
52         ``own_table``    52: this seat's cards laid out in melds or laid off
104        ``opp_known``    52: cards known to be in the opponent's hand, not laid out
                            (taken from the pile; its whole hand once the rules show it)
156        ``opp_table``    52: the opponent's melds and layoffs on the table
208        ``pile_top``     52: the top of the discard pile, the card a draw can take
260        ``pile_order``   52: every card of the discard pile, ``(i + 1) / 52`` for the
                            card at position ``i`` from the bottom: the order it was thrown
312        ``unseen``       52: cards this seat cannot place (the stock and the opponent's
                            unknown cards, its face-down knock discard included)
364        ``gone``         52: cards out of play that this seat knows: its own face-down
                            knock discard (R14)
416        ``upcard``       52: the hand's first upcard (R13, R32: it may set the limit)
468        ``phase``        7: one-hot ``Phase`` (FIRST_UPCARD ... OVER)
475        ``flags``        9: my turn, I deal, I knocked, the opponent knocked, big gin,
                            both passed the upcard (stock only), taken at the wall (R22),
                            in a hand (0: sitting out, R33, or table finished), full game
484        ``counts``       4: stock size / 52, knock limit / 10, opponent's cards / 11,
                            upcard refusals / 2
488        ``target``       1: the game's target / 500 (0 in a one-hand match)
489        ``scores``       ``sides``: game totals / target, this seat's side first, then
                            the others in seat order after it (0 in a one-hand match)
=========  ===============  ============================================================

Every value lies in ``[0, 1]`` except the scores, which may pass 1 at the end of a game.
A player sitting out a hand (R33) sees only its public part: ``pile_top``, ``pile_order``,
``upcard``, ``phase``, the stock size and the knock limit, with ``in a hand`` at 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ginrummy.core.actions import NUM_ACTIONS, Action
from ginrummy.core.hand import Phase
from ginrummy.core.views import PlayerView

CARD_PLANES = ("hand", "own_table", "opp_known", "opp_table", "pile_top", "pile_order",
               "unseen", "gone", "upcard")
PHASE_OFFSET = 52 * len(CARD_PLANES)
FLAGS_OFFSET = PHASE_OFFSET + len(Phase)
COUNTS_OFFSET = FLAGS_OFFSET + 9
TARGET_OFFSET = COUNTS_OFFSET + 4
SCORES_OFFSET = TARGET_OFFSET + 1
_PILE_ORDER = 52 * CARD_PLANES.index("pile_order")
_PILE_POSITIONS = np.arange(1, 53, dtype=np.float32) / 52.0
SCORE_HIGH = 10.0
"""The highest score value the observation space allows (totals / target)."""


def plane_offset(name: str) -> int:
    """Where the 52 entries of card plane ``name`` start."""
    return 52 * CARD_PLANES.index(name)


def observation_size(sides: int) -> int:
    return SCORES_OFFSET + sides


def observation_high(sides: int) -> NDArray[np.float32]:
    high = np.ones(observation_size(sides), dtype=np.float32)
    high[SCORES_OFFSET:] = SCORE_HIGH
    return high


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """The game around a hand: the target (0 in a one-hand match) and the totals, this
    seat's side first."""

    target: int
    totals: tuple[int, ...]


def _unpack(masks: list[int]) -> NDArray[np.uint8]:
    """The 52 bits of each mask in ``masks``, one row each."""
    if len(masks) <= 16:
        joined = 0
        for index, mask in enumerate(masks):
            joined |= mask << (56 * index)
        data = joined.to_bytes(7 * len(masks), "little")
    else:  # shifting into one growing integer would be quadratic
        data = b"".join([mask.to_bytes(7, "little") for mask in masks])
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8), bitorder="little")
    return bits.reshape(len(masks), 56)[:, :52]


def _laid_out(view: PlayerView, seat: int) -> int:
    cards = 0
    for meld in view.melds[seat]:
        cards |= meld
    if view.knocker >= 0 and seat != view.knocker:
        cards |= view.laid_off
    return cards


def game_entries(board: Scoreboard) -> tuple[float, float, list[float]]:
    """What the game sets: the ``full game`` flag, the ``target`` and the ``scores``."""
    if not board.target:
        return 0.0, 0.0, [0.0] * len(board.totals)
    return (1.0, min(board.target / 500.0, 1.0),
            [min(total / board.target, SCORE_HIGH) for total in board.totals])


def _game_tail(board: Scoreboard) -> list[float]:
    """The entries from ``phase`` on that the game sets (full game, target, scores)."""
    tail = [0.0] * (observation_size(len(board.totals)) - PHASE_OFFSET)
    if board.target:
        full_game, target, scores = game_entries(board)
        tail[FLAGS_OFFSET + 8 - PHASE_OFFSET] = full_game
        tail[TARGET_OFFSET - PHASE_OFFSET] = target
        tail[SCORES_OFFSET - PHASE_OFFSET:] = scores
    return tail


def card_planes(view: PlayerView) -> list[int]:
    """The nine card planes of ``view`` as masks, in ``CARD_PLANES`` order; the pile order
    (left 0 here) is not a mask: see :func:`pile_order`."""
    seat, other = view.seat, view.opponent
    own_table = _laid_out(view, seat)
    opp_table = _laid_out(view, other)
    opp_known = view.opponent_hand if view.opponent_hand is not None else view.opponent_known
    knocked = 1 << view.knock_discard if view.knock_discard >= 0 else 0
    upcard = 1 << view.upcard if view.upcard is not None else 0
    pile = view.pile
    top = 1 << pile[-1] if pile else 0
    return [view.hand & ~own_table, own_table, opp_known & ~opp_table, opp_table, top, 0,
            view.unseen(), knocked, upcard]


def public_planes(view: PlayerView | None) -> list[int]:
    """The card planes a player sitting out sees of the hand ``view`` (R33): the pile's
    top and the upcard; none when it watches no hand."""
    planes = [0] * len(CARD_PLANES)
    if view is not None:
        pile = view.pile
        planes[4] = 1 << pile[-1] if pile else 0
        planes[8] = 1 << view.upcard if view.upcard is not None else 0
    return planes


def flags(view: PlayerView) -> tuple[bool, ...]:
    """The first eight ``flags`` of ``view`` (the ninth, a full game, is the board's)."""
    seat, knocker = view.seat, view.knocker
    return (view.turn == seat, view.dealer == seat, knocker == seat, knocker == 1 - seat,
            view.big_gin, view.stock_only, view.wall_take, True)


def flag_bits(view: PlayerView) -> int:
    """:func:`flags` as the bits of an int, flag ``i`` at bit ``i``."""
    seat, knocker = view.seat, view.knocker
    return ((view.turn == seat) | (view.dealer == seat) << 1 | (knocker == seat) << 2
            | (knocker == 1 - seat) << 3 | view.big_gin << 4 | view.stock_only << 5
            | view.wall_take << 6 | 1 << 7)


def counts(view: PlayerView) -> tuple[float, ...]:
    return (view.stock_size / 52.0, view.knock_limit / 10.0,
            min(view.opponent_count / 11.0, 1.0), view.passes / 2.0)


def public_counts(view: PlayerView | None) -> tuple[float, ...]:
    """The ``counts`` a player sitting out sees: the stock size and the knock limit."""
    if view is None:
        return (0.0, 0.0, 0.0, 0.0)
    return (view.stock_size / 52.0, view.knock_limit / 10.0, 0.0, 0.0)


def pile_position(position: int) -> float:
    """The ``pile_order`` value of the card at ``position`` (from 1) from the bottom."""
    return position / 52.0


def _parts(view: PlayerView, board: Scoreboard) -> tuple[list[int], list[float]]:
    """The nine card planes of ``view`` as masks and the entries from ``phase`` on; the
    pile order is left to the caller."""
    tail = _game_tail(board)
    tail[int(view.phase)] = 1.0
    start = FLAGS_OFFSET - PHASE_OFFSET
    tail[start:start + 8] = flags(view)
    start = COUNTS_OFFSET - PHASE_OFFSET
    tail[start:start + 4] = counts(view)
    return card_planes(view), tail


def encode(view: PlayerView | None, board: Scoreboard, *, watching: PlayerView | None = None
           ) -> NDArray[np.float32]:
    """The observation vector of ``view``'s seat.

    ``None`` for a player not in a hand: its vector holds the game's numbers and, when it
    ``watching`` a hand (the dealer sitting out at three, R33), that hand's public part
    only: the pile, the upcard, the phase, the stock size and the knock limit."""
    sides = len(board.totals)
    if view is None:
        out = np.zeros(observation_size(sides), dtype=np.float32)
        out[PHASE_OFFSET:] = _game_tail(board)
        if watching is not None:
            _encode_public(out, watching)
        return out
    planes, tail = _parts(view, board)
    out = np.empty(observation_size(sides), dtype=np.float32)
    out[:PHASE_OFFSET] = _unpack(planes).reshape(-1)
    for position, card in enumerate(view.pile, 1):
        out[_PILE_ORDER + card] = position / 52.0
    out[PHASE_OFFSET:] = tail
    return out


def encode_many(views: Sequence[PlayerView], boards: Sequence[Scoreboard],
                out: NDArray[np.float32], rows: Sequence[int]) -> None:
    """``out[rows[i]] = encode(views[i], boards[i])`` for every ``i``, in one pass: the
    card planes of all the views are unpacked together and written into ``out`` in place
    (every board with as many sides as ``out`` has score columns)."""
    masks: list[int] = []
    tails: list[list[float]] = []
    pile_rows: list[int] = []
    columns: list[int] = []
    values: list[float] = []
    for row, view, board in zip(rows, views, boards, strict=True):
        planes, tail = _parts(view, board)
        masks += planes
        tails.append(tail)
        pile = view.pile
        pile_rows += [row] * len(pile)
        columns += [_PILE_ORDER + card for card in pile]
        values += [position / 52.0 for position in range(1, len(pile) + 1)]
    if not tails:
        return
    target = list(rows)
    out[target, :PHASE_OFFSET] = _unpack(masks).reshape(len(tails), PHASE_OFFSET)
    out[target, PHASE_OFFSET:] = tails
    out[pile_rows, columns] = values


def _encode_public(out: NDArray[np.float32], view: PlayerView) -> None:
    pile = view.pile
    if pile:
        out[plane_offset("pile_top") + pile[-1]] = 1.0
        out[_PILE_ORDER + np.array(pile)] = _PILE_POSITIONS[:len(pile)]
    if view.upcard is not None:
        out[plane_offset("upcard") + view.upcard] = 1.0
    out[PHASE_OFFSET + int(view.phase)] = 1.0
    out[COUNTS_OFFSET:COUNTS_OFFSET + 2] = (view.stock_size / 52.0, view.knock_limit / 10.0)


def action_mask(legal: tuple[Action, ...] | list[Action]) -> NDArray[np.int8]:
    """1 at each legal action of the codec (:mod:`ginrummy.core.actions`), 0 elsewhere."""
    mask = bytearray(_NO_ACTIONS)
    for action in legal:
        mask[action] = 1
    return np.frombuffer(mask, dtype=np.int8)


_NO_ACTIONS = bytes(NUM_ACTIONS)
