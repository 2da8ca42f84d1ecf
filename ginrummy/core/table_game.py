"""Gin Rummy for three players (R33) and for two teams (R34, R35).

Every hand is an ordinary two-player :class:`~ginrummy.core.hand.HandState`;
this package only decides who plays whom, who deals, and how the hands add
up. Both game classes share one driving interface: ``tables_to_deal()``,
``deal(table, deck)``, ``hands`` (the hand in progress at each table),
``players_at(table)``, ``apply(table, action)``, ``settlement()``.

>>> import random
>>> from ginrummy.core.rules import Rules
>>> game = new_table_game(TableRules(4, Rules.preset("modern")), random.Random(5))
>>> type(game).__name__, game.tables_to_deal(), game.table_rules.target
('TeamGame', (0, 1), 125)
"""

from __future__ import annotations

import random

from ginrummy.core.table import (
    TableCut,
    TableError,
    TableHand,
    TableRules,
    cut_for_table,
    pairings,
    team_of,
)
from ginrummy.core.table_score import Payment, RoundScore, TableSettlement, score_round
from ginrummy.core.teams import Round, TableSlot, TeamGame, new_team_game
from ginrummy.core.three import ThreePlayerGame, new_three_player_game

TableGame = ThreePlayerGame | TeamGame


def start_table_game(table_rules: TableRules, cut: TableCut) -> TableGame:
    """The game of ``table_rules`` ready for its first deal, the first dealer set by ``cut``."""
    if table_rules.kind == "three":
        return ThreePlayerGame.start(table_rules, cut)
    return TeamGame.start(table_rules, cut)


def new_table_game(table_rules: TableRules, rng: random.Random | int) -> TableGame:
    """Cut for the deal with ``rng`` and return the game ready for its first deal."""
    return start_table_game(table_rules, cut_for_table(table_rules.players, rng))


__all__ = [
    "Payment",
    "Round",
    "RoundScore",
    "TableCut",
    "TableError",
    "TableGame",
    "TableHand",
    "TableRules",
    "TableSettlement",
    "TableSlot",
    "TeamGame",
    "ThreePlayerGame",
    "cut_for_table",
    "new_table_game",
    "new_team_game",
    "new_three_player_game",
    "pairings",
    "score_round",
    "start_table_game",
    "team_of",
]
