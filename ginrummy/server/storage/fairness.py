"""The hands' seeds as the server stores them: the rows are the pure table's
(:mod:`ginrummy.livetable.fairness`), read from here by the storage's modules."""

from __future__ import annotations

from ginrummy.livetable.fairness import (
    FairRow,
    deck_of,
    draw,
    first_cut,
    next_deal,
    shown,
    slot_of,
    upcoming,
)

__all__ = ["FairRow", "deck_of", "draw", "first_cut", "next_deal", "shown", "slot_of",
           "upcoming"]
