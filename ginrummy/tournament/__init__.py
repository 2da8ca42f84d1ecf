"""Tournaments of two-player games (and Swiss at tables of three, R33, and of two
partnerships, R34): knockout, Swiss and duplicate pairings and standings.

Pure: no I/O, clock or randomness. The server's tournaments (people and computers) and
``gin sim`` build on it; they store the entrants and the results, and rebuild a
:class:`Tournament` from them.
"""

from ginrummy.tournament.games import DealResult, Entrant, GameResult, Pairing, Round
from ginrummy.tournament.rules import (
    FORMATS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TournamentError,
    TournamentRules,
)
from ginrummy.tournament.standings import Standing
from ginrummy.tournament.tournament import Tournament

__all__ = [
    "FORMATS", "MAX_PLAYERS", "MIN_PLAYERS", "DealResult", "Entrant", "GameResult", "Pairing",
    "Round", "Standing", "Tournament", "TournamentError", "TournamentRules",
]
