"""Deprecated: every game, of two players or more, is now :class:`ginrummy.core.game.Game`
(see CHANGELOG.md); these aliases go in 1.0."""

import random
import warnings

from ginrummy.core.cut import Cut, cut_for_deal
from ginrummy.core.errors import TableError
from ginrummy.core.game import Game, Round, TableSlot, new_game
from ginrummy.core.scoring import Payment, RoundScore, Settlement, score_round
from ginrummy.core.table import TableHand, TableRules, pairings, team_of

warnings.warn("ginrummy.multiplayer moved: use ginrummy.core.game.Game and new_game",
              DeprecationWarning, stacklevel=2)

TableCut = Cut
TableGame = ThreePlayerGame = TeamGame = Game
TableSettlement = Settlement
start_table_game = Game.start
new_table_game = new_three_player_game = new_team_game = new_game


def cut_for_table(players: int, rng: random.Random | int) -> Cut:
    return cut_for_deal(rng, players)


__all__ = [
    "Payment", "Round", "RoundScore", "TableCut", "TableError", "TableGame", "TableHand",
    "TableRules", "TableSettlement", "TableSlot", "TeamGame", "ThreePlayerGame",
    "cut_for_table", "new_table_game", "new_team_game", "new_three_player_game", "pairings",
    "score_round", "start_table_game", "team_of",
]
