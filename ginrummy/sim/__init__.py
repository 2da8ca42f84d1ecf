"""Tournaments between agents: ``gin sim`` and its Python API.

>>> from ginrummy.sim import run_match
>>> result = run_match(["simple", "random"], games=4, rules="standard", seed=3, duplicate=True)
>>> result.games_played, sum(result.wins) + result.undecided
(4, 4)
>>> sorted(result.to_json())[:4]
['agents', 'backend', 'big_gin_rate', 'ci95']
>>> teams = run_match(["simple", "random"], players=4, games=2, seed=3)
>>> teams.to_json()["mode"], len(teams.to_json()["per_team"])
('teams', 2)

How seats, deals and seeds are assigned is in :mod:`ginrummy.sim.play`.
"""

from ginrummy.sim.match import MatchError, run_match
from ginrummy.sim.play import (
    HANDS_PER_BLOCK,
    AgentMoveError,
    GameOutcome,
    HandOutcome,
    deck_for,
    play_game,
    play_hand_block,
)
from ginrummy.sim.result import MatchResult
from ginrummy.sim.spec import AgentSpec
from ginrummy.sim.stats import wilson_interval
from ginrummy.sim.timing import DecisionTimes

__all__ = [
    "HANDS_PER_BLOCK",
    "AgentMoveError",
    "AgentSpec",
    "DecisionTimes",
    "GameOutcome",
    "HandOutcome",
    "MatchError",
    "MatchResult",
    "deck_for",
    "play_game",
    "play_hand_block",
    "run_match",
    "wilson_interval",
]
