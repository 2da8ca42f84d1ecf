"""ginrummy: an exact, fast Gin Rummy engine."""

from ginrummy.cards import Card, CardError, CardSet, card_name, parse_card, parse_cards
from ginrummy.melds import deadwood, deadwood_many

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
