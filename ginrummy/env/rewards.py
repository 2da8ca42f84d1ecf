"""What each seat of a finished hand is paid: the environments' ``reward=`` schemes.

A scheme is a function ``(final_state, seat) -> float`` called once per seat of every
finished hand (void hands included), where ``final_state`` is the
:class:`~ginrummy.core.hand.HandState` in phase ``OVER``:

* ``"points"``: the hand's score (R23-R26, R32), won by the winner and lost by the loser,
  0 to both after a void hand or a tie. In a full game the environment adds, at the end,
  what the settlement adds to the hand points (boxes, game bonus, shutout: R28-R30), so a
  seat's rewards sum to its final total less the best other side's.
* ``"win"``: +1 to the winner of the hand, -1 to the loser, 0 after a void hand or a tie; in
  a full game only the game counts: +1 to the game's winner, -1 to the others, at the end.
* ``"rlcard"``: RLCard 1.2.0's ``gin-rummy`` payoff (``get_payoff_gin_rummy_v1``), for
  comparisons: 1 to a player who went out with gin (here also big gin), 0.2 to one who
  knocked (even when undercut), and ``-deadwood / 100`` to everyone else, the deadwood of
  its best melds before any layoff (void hands: both players).
* a callable with the signature above: called as the built-in schemes are.
"""

from __future__ import annotations

from collections.abc import Callable

from ginrummy.core.hand import HandState
from ginrummy.core.melds import min_deadwood

HandReward = Callable[[HandState, int], float]


def points_reward(state: HandState, seat: int) -> float:
    result = state.result
    if result is None or result.winner is None:
        return 0.0
    return float(result.points if seat == result.winner else -result.points)


def win_reward(state: HandState, seat: int) -> float:
    result = state.result
    if result is None or result.winner is None:
        return 0.0
    return 1.0 if seat == result.winner else -1.0


def rlcard_reward(state: HandState, seat: int) -> float:
    result = state.result
    if result is not None and not result.is_void and seat == state.knocker:
        return 1.0 if result.outcome in ("gin", "big_gin") else 0.2
    return -min_deadwood(state.hands[seat]) / 100.0


SCHEMES: dict[str, HandReward] = {
    "points": points_reward, "win": win_reward, "rlcard": rlcard_reward,
}


def reward_scheme(reward: str | HandReward) -> HandReward:
    """The scheme named ``reward`` or the callable itself; an unknown name is an error
    that lists the known ones."""
    if callable(reward):
        return reward
    if isinstance(reward, str) and reward in SCHEMES:
        return SCHEMES[reward]
    known = ", ".join(f'"{name}"' for name in SCHEMES)
    raise ValueError(f"reward must be {known} or a callable (state, seat) -> float, "
                     f"got {reward!r}")
