"""ginrummy: an exact, fast Gin Rummy engine.

The names below are loaded on first use, so ``import ginrummy`` (and the ``gin``
command, which lives in this package) starts without the meld tables or NumPy.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy.agents.batch_deadwood import deadwood_many
    from ginrummy.core.cards import Card, CardError, CardSet, card_name, parse_card, parse_cards
    from ginrummy.core.melds import deadwood

_HOMES: dict[str, str] = {
    "Card": "ginrummy.core.cards",
    "CardError": "ginrummy.core.cards",
    "CardSet": "ginrummy.core.cards",
    "card_name": "ginrummy.core.cards",
    "deadwood": "ginrummy.core.melds",
    "deadwood_many": "ginrummy.agents.batch_deadwood",
    "parse_card": "ginrummy.core.cards",
    "parse_cards": "ginrummy.core.cards",
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
