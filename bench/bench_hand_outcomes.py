"""How the points of a match flow, hand by hand: who knocks, when, and how each hand ends.

For each agent of a two-player match (duplicate games to the preset's target, played by
``gin sim``'s runner) it prints the share of hands it won by gin (big gin included),
by a knock, by undercutting the other's knock, each with the mean points won, the share of
its knocks made by its ``EARLY_DISCARDS``-th discard (the knock counted), the deadwood at
its knocks and the defender's deadwood when such an early knock won. Shares are of every
hand dealt, void ones included, as ``gin sim`` counts them.

    python -m bench.bench_hand_outcomes camper expert --games 400 --seed 8011
    python -m bench.bench_hand_outcomes "camper:early_turns=2" expert --games 400 --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from ginrummy.sim.match import run_match
from ginrummy.sim.play import HandOutcome
from ginrummy.sim.result import MatchResult

EARLY_DISCARDS = 6
"""A knock at or before this discard of the knocker is counted as early."""


@dataclass(frozen=True, slots=True)
class Flow:
    """A share of hands and the mean points won in them."""

    share: float
    points: float

    @property
    def per_hand(self) -> float:
        return self.share * self.points

    def text(self) -> str:
        return f"{100 * self.share:.1f}% x {self.points:.1f}"


@dataclass(frozen=True, slots=True)
class AgentOutcomes:
    """One agent's outcome table over the hands it played."""

    hands: int
    gin: Flow
    knock_win: Flow
    undercut: Flow
    """Hands it won by undercutting the other's knock."""
    undercut_against: Flow
    """Hands in which it knocked and was undercut (points are the other's)."""
    early_undercut_against: float
    """Share of hands in which its knock by that discard was undercut."""
    knocks: float
    """Share of hands it knocked in (gin included)."""
    early_knock_share: float
    """Of its knocks, the share made by its ``EARLY_DISCARDS``-th discard."""
    early_knock_win: Flow
    """Hands it won by a knock (not gin) made by that discard."""
    knock_deadwood: float
    """Mean deadwood of its non-gin knocks."""
    early_win_defender_deadwood: float
    """Mean deadwood of the defender when its early knock won."""
    points_per_hand: float


def _flow(hands: Sequence[HandOutcome], total: int) -> Flow:
    if not hands:
        return Flow(0.0, 0.0)
    return Flow(len(hands) / total, sum(h.points for h in hands) / len(hands))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def agent_outcomes(hands: Sequence[HandOutcome], agent: int,
                   early: int = EARLY_DISCARDS) -> AgentOutcomes:
    """The outcome table of ``agent`` over ``hands`` (the hands of a two-player match)."""
    mine = [h for h in hands if agent in h.agents]
    total = max(len(mine), 1)
    won = [h for h in mine if h.winner == agent]
    knocks = [h for h in mine if h.knocker == agent]
    early_knocks = [h for h in knocks if 0 < h.knocker_turns <= early]
    knock_wins = [h for h in won if h.outcome == "knock"]
    early_wins = [h for h in knock_wins if h.knocker_turns <= early]
    return AgentOutcomes(
        hands=len(mine),
        gin=_flow([h for h in won if h.outcome in ("gin", "big_gin")], total),
        knock_win=_flow(knock_wins, total),
        undercut=_flow([h for h in won if h.outcome == "undercut"], total),
        undercut_against=_flow([h for h in knocks if h.outcome == "undercut"], total),
        early_undercut_against=sum(h.outcome == "undercut" for h in early_knocks) / total,
        knocks=len(knocks) / total,
        early_knock_share=len(early_knocks) / len(knocks) if knocks else 0.0,
        early_knock_win=_flow(early_wins, total),
        knock_deadwood=_mean([h.knocker_deadwood for h in knocks if h.knocker_deadwood > 0]),
        early_win_defender_deadwood=_mean([h.defender_deadwood for h in early_wins]),
        points_per_hand=sum(h.points for h in won) / total,
    )


def table(result: MatchResult) -> str:
    """The outcome table of both agents of ``result``, as Markdown."""
    lines = ["| agent | gin | knock win | (by discard 6) | undercut won | undercut against "
             "| knocks | knocks by discard 6 | deadwood at knock | defender dw, early win "
             "| points per hand |",
             "|---|---|---|---|---|---|---:|---:|---:|---:|---:|"]
    for agent, name in enumerate(result.agents):
        o = agent_outcomes(result.hand_outcomes, agent)
        lines.append(f"| {name} | {o.gin.text()} | {o.knock_win.text()} | "
                     f"{o.early_knock_win.text()} | {o.undercut.text()} | "
                     f"{o.undercut_against.text()} ({100 * o.early_undercut_against:.1f}% early) | "
                     f"{100 * o.knocks:.1f}% | "
                     f"{100 * o.early_knock_share:.1f}% | {o.knock_deadwood:.1f} | "
                     f"{o.early_win_defender_deadwood:.1f} | {o.points_per_hand:.2f} |")
    return "\n".join(lines)


def summary(result: MatchResult) -> str:
    wins = result.wins[0]
    low, high = result.ci95[0]
    return (f"{result.agents[0]} vs {result.agents[1]}: {result.games_played} games, "
            f"{wins} won ({100 * result.win_share[0]:.1f}%, 95% [{100 * low:.1f}, "
            f"{100 * high:.1f}]), {result.hands} hands, seed {result.seed}, "
            f"{result.seconds:.0f} s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run_match([args.first, args.second], games=args.games, seed=args.seed,
                       duplicate=True, rules=args.rules, jobs=1)
    if args.json:
        out = {"summary": summary(result), "wins": result.wins[0],
               "games": result.games_played,
               "agents": {name: asdict(agent_outcomes(result.hand_outcomes, i))
                          for i, name in enumerate(result.agents)}}
        print(json.dumps(out))
    else:
        print(summary(result))
        print(table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
