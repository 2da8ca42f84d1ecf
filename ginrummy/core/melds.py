"""Melds, deadwood, arrangements and layoffs (R2, R3, R8-R10, R16-R20), in one place.

The code lives in one module per question; this one names them all:

- :mod:`~ginrummy.core.meld_catalogue`: what a meld is, every meld with its id
  (``ALL_MELDS``, ``MELD_ID``), the melds within some cards, checking a layout;
- :mod:`~ginrummy.core.deadwood`: the least deadwood of a hand, kept whole or
  after the best discard, and the discards that reach it;
- :mod:`~ginrummy.core.arrangements`: the best arrangement, and every one within
  a knock limit;
- :mod:`~ginrummy.core.layoffs`: what a knocker's melds accept, and the
  defender's best melds and layoffs together;
- :mod:`~ginrummy.core.meld_tables`: the per-suit tables that make all of it fast.

Every function takes a 52-bit card mask: a plain ``int`` or a ``CardSet``.
"""

from __future__ import annotations

from ginrummy.core.arrangements import Arrangement, arrangements, best_arrangement
from ginrummy.core.cards import CARD_VALUES
from ginrummy.core.deadwood import (
    DiscardChoice,
    HandSizeError,
    best_discards,
    deadwood,
    deadwood_after_each_discard,
    is_big_gin,
    least_deadwood_discards,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.layoffs import Defence, LayoffTargets, best_defence
from ginrummy.core.meld_catalogue import (
    ALL_MELDS,
    MELD_ID,
    SUIT_RUNS,
    MeldError,
    check_melds,
    is_meld,
    is_run,
    is_set,
    melds_within,
)
from ginrummy.core.meld_tables import BEST_DROPS, DISCARD_GAIN, RUN_DEADWOOD, RUN_MELDS

__all__ = [
    "ALL_MELDS",
    "BEST_DROPS",
    "CARD_VALUES",
    "DISCARD_GAIN",
    "MELD_ID",
    "RUN_DEADWOOD",
    "RUN_MELDS",
    "SUIT_RUNS",
    "Arrangement",
    "Defence",
    "DiscardChoice",
    "HandSizeError",
    "LayoffTargets",
    "MeldError",
    "arrangements",
    "best_arrangement",
    "best_defence",
    "best_discards",
    "check_melds",
    "deadwood",
    "deadwood_after_each_discard",
    "least_deadwood_discards",
    "is_big_gin",
    "is_meld",
    "is_run",
    "is_set",
    "melds_within",
    "min_deadwood",
    "min_deadwood_after_discard",
]
