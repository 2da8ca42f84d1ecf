"""What a match produced, and its statistics by competitor and by agent.

A competitor is who wins games: an agent (two and three players), or at teams a side (agent
positions 0, 2, 4... are side 0 and 1, 3, 5... side 1, or the two agents when one agent
plays a whole side). :meth:`MatchResult.to_json` gives two players' statistics in their
own shape (both agents play every hand, so per-hand rates compare directly) and a table's
in another (per competitor, then each player's sub-games).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.table import OfTableRules, TableRules
from ginrummy.sim.play import GameOutcome, HandOutcome
from ginrummy.sim.stats import mean_interval, wilson_interval
from ginrummy.sim.timing import DecisionTimes

HandTest = Callable[[HandOutcome, int], bool]
"""Whether a hand counts for an agent."""


def knocked(hand: HandOutcome, agent: int) -> bool:
    return hand.knocker == agent


def won(hand: HandOutcome, agent: int) -> bool:
    return hand.winner == agent


def won_by(*outcomes: str) -> HandTest:
    return lambda hand, agent: hand.winner == agent and hand.outcome in outcomes


@dataclass
class MatchResult(OfTableRules):
    """Everything a match produced (index 0: the first agent named)."""

    agents: tuple[str, ...]
    table_rules: TableRules
    seed: int
    duplicate: bool
    jobs: int
    mode: str
    """``games``: whole games to the target; ``hands``: single two-player hands (see
    ginrummy.sim.play)."""
    games: tuple[GameOutcome, ...]
    hand_outcomes: tuple[HandOutcome, ...]
    """Every hand in order: the games' hands one game after another, or the single hands."""
    times: tuple[DecisionTimes, ...] = field(default_factory=tuple)
    """Decision times by agent."""
    seconds: float = 0.0
    backend: str = "local"
    """Where the games ran (ginrummy.sim.backends); ``jobs`` is then its workers."""

    # ------------------------------------------------------------ what was played

    @property
    def games_played(self) -> int:
        return len(self.games)

    @property
    def hands(self) -> int:
        """Hands dealt, void ones included."""
        return len(self.hand_outcomes)

    @property
    def competitors(self) -> int:
        """Who wins games: the agents (two, three players), or the two sides."""
        return 3 if self.kind == "three" else 2

    # ------------------------------------------------------------ games won

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won by each competitor; in hand mode, hands won by each agent."""
        if self.mode == "games":
            winners = [g.winner for g in self.games]
        else:
            winners = [h.winner for h in self.hand_outcomes]
        return tuple(winners.count(c) for c in range(self.competitors))

    @property
    def trials(self) -> int:
        """What ``wins`` counts out of: games, or hands in hand mode."""
        return self.games_played if self.mode == "games" else self.hands

    @property
    def undecided(self) -> int:
        """Games without a winner (equal top totals at a limit, R31); in hand mode, void and
        tied hands."""
        return self.trials - sum(self.wins)

    @property
    def win_share(self) -> tuple[float, ...]:
        """Each competitor's share of the trials, an undecided one shared equally."""
        n = self.trials or 1
        share = self.undecided / self.competitors
        return tuple((w + share) / n for w in self.wins)

    @property
    def ci95(self) -> tuple[tuple[float, float], ...]:
        """Wilson 95% interval of each competitor's win share.

        Duplicate games are counted as independent trials, which they are not quite."""
        share = self.undecided / self.competitors
        return tuple(wilson_interval(w + share, self.trials) for w in self.wins)

    def net_per_game(self) -> tuple[tuple[float, float, float], ...]:
        """Settlement points received minus paid per game: mean and 95% interval."""
        return tuple(mean_interval([g.net[c] for g in self.games])
                     for c in range(self.competitors))

    @property
    def margin_per_game(self) -> tuple[float, float]:
        """Two players: mean settlement margin (R30) per game, final totals with boxes and
        bonuses."""
        n = self.games_played
        if not n:
            return (0.0, 0.0)
        m = sum(g.final[0] - g.final[1] for g in self.games) / n
        return (m, -m)

    def competitor_name(self, competitor: int) -> str:
        """An agent (two, three players) or a side, by the agents in it."""
        if self.kind != "teams":
            return self.agents[competitor]
        members = self.agents[competitor::2]
        return " + ".join(members) if len(set(members)) > 1 else members[0]

    # ------------------------------------------------------------ hands, by agent

    def agent_hands(self, agent: int) -> list[HandOutcome]:
        """The hands ``agent`` played (two players: every hand)."""
        return [h for h in self.hand_outcomes if agent in h.agents]

    def hand_count(self, agent: int, test: HandTest) -> int:
        return sum(1 for h in self.hand_outcomes if test(h, agent))

    def hand_points(self, agent: int) -> int:
        """Hand points scored by ``agent`` (R23-R26, R32; boxes and game bonuses excluded)."""
        return sum(h.points for h in self.hand_outcomes if h.winner == agent)

    def per_hand(self, agent: int, value: float) -> float:
        """``value`` per hand ``agent`` played."""
        n = len(self.agent_hands(agent))
        return value / n if n else 0.0

    def rate(self, outcome: str) -> tuple[float, ...]:
        """Per hand played, by agent: ``knock`` (hands it knocked in, gin and big gin
        included), ``gin``/``big_gin``/``undercut`` (hands it won so), ``hand_won``."""
        tests: dict[str, HandTest] = {"knock": knocked, "hand_won": won}
        if outcome in ("gin", "big_gin", "undercut"):
            tests[outcome] = won_by(outcome)
        if outcome not in tests:
            raise ValueError(f"unknown rate {outcome!r}")
        return tuple(self.per_hand(a, self.hand_count(a, tests[outcome]))
                     for a in range(len(self.agents)))

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self.hand_points(a) for a in range(len(self.agents)))

    @property
    def points_per_hand(self) -> tuple[float, ...]:
        """Hand points scored per hand played (void hands included)."""
        return tuple(self.per_hand(a, self.hand_points(a)) for a in range(len(self.agents)))

    @property
    def net_points_per_hand(self) -> tuple[float, float]:
        """Two players: hand points per hand, minus the opponent's."""
        p0, p1 = self.points_per_hand
        return (p0 - p1, p1 - p0)

    @property
    def void_rate(self) -> float:
        n = self.hands
        return sum(1 for h in self.hand_outcomes if h.outcome == "void") / n if n else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def same_outcomes(self, other: MatchResult) -> bool:
        """Whether two matches played the same games and hands (timings aside)."""
        return (self.games, self.hand_outcomes) == (other.games, other.hand_outcomes)

    def to_json(self) -> dict[str, Any]:
        """The statistics as one JSON-ready object (``gin sim --json`` prints it)."""
        return heads_up_json(self) if self.kind == "two" else table_json(self)


def _rounded(values: Sequence[float]) -> list[float]:
    return [round(v, 6) for v in values]


def heads_up_json(result: MatchResult) -> dict[str, Any]:
    """Two players: each statistic as a pair, agent 0 first."""
    times = result.times
    return {
        "agents": list(result.agents),
        "rules": result.rules.name,
        "seed": result.seed,
        "mode": result.mode,
        "duplicate": result.duplicate,
        "jobs": result.jobs,
        "backend": result.backend,
        "games": result.games_played,
        "hands": result.hands,
        "wins": list(result.wins),
        "undecided": result.undecided,
        "win_share": _rounded(result.win_share),
        "ci95": [_rounded(ci) for ci in result.ci95],
        "points": list(result.points),
        "points_per_hand": _rounded(result.points_per_hand),
        "net_points_per_hand": _rounded(result.net_points_per_hand),
        "margin_per_game": _rounded(result.margin_per_game),
        "knock_rate": _rounded(result.rate("knock")),
        "gin_rate": _rounded(result.rate("gin")),
        "big_gin_rate": _rounded(result.rate("big_gin")),
        "undercut_rate": _rounded(result.rate("undercut")),
        "hand_win_rate": _rounded(result.rate("hand_won")),
        "void_rate": round(result.void_rate, 6),
        "decisions": [t.count for t in times],
        "decision_ms_mean": [round(t.mean * 1000, 4) for t in times],
        "decision_ms_p99": [round(t.percentile(99) * 1000, 4) for t in times],
        "decision_ms_max": [round(t.longest * 1000, 4) for t in times],
        "seconds": round(result.seconds, 3),
        "hands_per_second": round(result.hands_per_second, 1),
    }


def table_json(result: MatchResult) -> dict[str, Any]:
    """Three players or teams: a list per competitor, then one per player."""
    nets = result.net_per_game()
    games = result.games_played or 1
    per_competitor = []
    for c in range(result.competitors):
        mean, low, high = nets[c]
        per_competitor.append({
            "name": result.competitor_name(c), "games_won": result.wins[c],
            "win_share": result.win_share[c], "ci95": list(result.ci95[c]),
            "total_per_game": sum(g.totals[c] for g in result.games) / games,
            "net_per_game": mean, "net_per_game_ci95": [low, high],
        })
    table = result.table_rules
    return {
        "mode": result.kind, "players": table.players,
        "agents": list(result.agents), "rules": table.rules.name,
        "target": table.target, "seed": result.seed, "jobs": result.jobs,
        "backend": result.backend,
        "games": result.games_played, "hands": result.hands,
        "rounds": sum(g.rounds for g in result.games), "undecided": result.undecided,
        "void_rate": result.void_rate, "seconds": result.seconds,
        "per_agent" if result.kind == "three" else "per_team": per_competitor,
        "per_player": [player_json(result, a) for a in range(len(result.agents))],
    }


def player_json(result: MatchResult, agent: int) -> dict[str, Any]:
    """One agent's sub-games at a table: how many it played, won, knocked, won by gin or
    undercut."""
    n = len(result.agent_hands(agent))
    hands_won = result.hand_count(agent, won)
    low, high = wilson_interval(hands_won, n)
    spent = result.times[agent]
    return {
        "agent": result.agents[agent], "hands_played": n, "hands_won": hands_won,
        "hand_win_share": result.per_hand(agent, hands_won), "hand_win_ci95": [low, high],
        "points_per_hand": result.per_hand(agent, result.hand_points(agent)),
        "knock_rate": result.per_hand(agent, result.hand_count(agent, knocked)),
        "gin_rate": result.per_hand(agent, result.hand_count(agent, won_by("gin", "big_gin"))),
        "undercut_rate": result.per_hand(agent, result.hand_count(agent, won_by("undercut"))),
        "decision_ms_mean": spent.mean * 1000,
        "decision_ms_p99": spent.percentile(99) * 1000,
    }
