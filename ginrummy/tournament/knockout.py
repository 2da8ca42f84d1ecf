"""A knockout bracket: seeds placed so that the best two can meet only in the final.

>>> bracket_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> slots(["a", "b", "c", "d", "e"])
['a', None, 'd', 'e', 'b', None, 'c', None]
"""

from __future__ import annotations

from collections.abc import Sequence


def bracket_order(size: int) -> list[int]:
    """The seeds (from 1) in bracket order for a power-of-two ``size``: slots ``2i`` and
    ``2i + 1`` meet in the first round, and so on up."""
    order = [1]
    while len(order) < size:
        order = [seed for s in order for seed in (s, 2 * len(order) + 1 - s)]
    return order


def slots(seeded: Sequence[str]) -> list[str | None]:
    """The first round's bracket: the players by seed in their slots, None for a bye (the
    top seeds get the byes)."""
    size = 1 << max(1, (len(seeded) - 1).bit_length())
    return [seeded[seed - 1] if seed <= len(seeded) else None for seed in bracket_order(size)]
