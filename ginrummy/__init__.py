"""ginrummy: an exact, fast Gin Rummy engine.

The names below are loaded on first use, so ``import ginrummy`` (and the ``gin``
command, which lives in this package) starts without the meld tables or NumPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy.batch import deadwood_many
    from ginrummy.cards import Card, CardError, CardSet, card_name, parse_card, parse_cards
    from ginrummy.melds import deadwood

_HOMES: dict[str, str] = {
    "Card": "ginrummy.cards",
    "CardError": "ginrummy.cards",
    "CardSet": "ginrummy.cards",
    "card_name": "ginrummy.cards",
    "deadwood": "ginrummy.melds",
    "deadwood_many": "ginrummy.batch",
    "parse_card": "ginrummy.cards",
    "parse_cards": "ginrummy.cards",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'ginrummy' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])


__all__ = [
    "Card",
    "CardError",
    "CardSet",
    "card_name",
    "deadwood",
    "deadwood_many",
    "parse_card",
    "parse_cards",
]
