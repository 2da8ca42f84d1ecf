"""ginrummy: an exact, fast Gin Rummy engine."""

from ginrummy.batch import deadwood_many
from ginrummy.cards import Card, CardError, CardSet, card_name, parse_card, parse_cards
from ginrummy.melds import deadwood

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
