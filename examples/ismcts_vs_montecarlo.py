"""OpenSpiel's ISMCTS against our computer players, hand by hand, in duplicate.

    python examples/ismcts_vs_montecarlo.py                      # about two minutes
    python examples/ismcts_vs_montecarlo.py --deals 100 --simulations 200 --samples 40

OpenSpiel's ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) plays
``python_gin_rummy_hand``, the one-hand game that ``import ginrummy.env.openspiel``
registers, so its searches run on the exact rules and resample the hidden cards with
:func:`ginrummy.env.determinize.determinize`. Its roll-outs are played by our ``simple``
player (``--rollouts simple``, the default) or by OpenSpiel's random evaluator
(``--rollouts random``). Each opponent (``montecarlo`` with a fixed number of sampled
worlds, so that the run is deterministic, and ``simple``) meets it in duplicate, as
``gin sim --duplicate`` plays: every deal (a deck drawn from the seed and the deal's
number, as ``gin sim`` draws its decks) is played twice, the players swapping seats, so
the luck of the cards cancels out of each pair. The table gives ISMCTS's wins, losses and
void hands, its points per hand with a 95% interval, and its net points over each pair.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from tqdm import tqdm

import ginrummy.env.openspiel  # noqa: F401  (registers python_gin_rummy_hand)
from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent
from ginrummy.agents.simple import SimpleAgent
from ginrummy.core.views import view_of
from ginrummy.env.rewards import points_reward
from ginrummy.sim.play import deck_for
from ginrummy.sim.stats import mean_interval


class SimpleRollouts(mcts.Evaluator):  # type: ignore[misc]
    """Roll-outs played by our ``simple`` player at both seats, on the engine's hand
    directly; OpenSpiel's ``RandomRolloutEvaluator`` plays random legal moves instead, which
    in Gin Rummy seldom knock, so most of its roll-outs end void and say little."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        hand = state.hand
        player = SimpleAgent(rng=self.rng.getrandbits(32))
        while not hand.is_over:
            hand = hand.apply_unchecked(player.choose(view_of(hand, hand.turn)))
        return np.array([points_reward(hand, 0), points_reward(hand, 1)])

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def make_evaluator(rollouts: str, rng: np.random.RandomState, seed: int) -> mcts.Evaluator:
    if rollouts == "simple":
        return SimpleRollouts(seed)
    return mcts.RandomRolloutEvaluator(1, rng)


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    voids: int = 0
    points: list[float] = field(default_factory=list)
    """ISMCTS's points in each hand (+ won, - lost)."""
    pairs: list[float] = field(default_factory=list)
    """ISMCTS's net points over the two hands of each deal."""
    seconds: float = 0.0


def play_hand(game: pyspiel.Game, deck: list[int], bot: ismcts.ISMCTSBot, agent: Agent,
              ismcts_player: int) -> float:
    """One hand from ``deck`` (player 1 deals); ISMCTS's return."""
    state = game.new_initial_state()
    for card in deck[:51]:
        state.apply_action(card)
    while not state.is_terminal():
        player = state.current_player()
        if player == ismcts_player:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(agent.choose(state.view(player)))
    return float(state.returns()[ismcts_player])


def duel(opponent: str, args: argparse.Namespace, game: pyspiel.Game) -> Tally:
    tally = Tally()
    start = time.perf_counter()
    params = {"samples": args.samples} if opponent == "montecarlo" else {}
    for deal in tqdm(range(args.deals), desc=f"ISMCTS vs {opponent}", unit="deal",
                     file=sys.stderr):
        deck = deck_for(args.seed, deal, 0)
        pair = 0.0
        for ismcts_player in (0, 1):
            rng = np.random.RandomState([args.seed, deal, ismcts_player])
            evaluator = make_evaluator(args.rollouts, rng, args.seed * 7919 + deal)
            bot = ismcts.ISMCTSBot(game, evaluator,
                                   uct_c=args.uct_c, max_simulations=args.simulations,
                                   random_state=rng)
            worlds = np.random.RandomState([args.seed, deal, ismcts_player, 1])
            # OpenSpiel's default resampler draws from an unseeded sampler: seed it.
            bot.set_resampler(lambda state, player, worlds=worlds:
                              state.resample_from_infostate(player, worlds.random_sample))
            other = make_agent(opponent, seed=args.seed * 1000 + deal, **params)
            points = play_hand(game, deck, bot, other, ismcts_player)
            tally.points.append(points)
            tally.wins += points > 0
            tally.losses += points < 0
            tally.voids += points == 0
            pair += points
        tally.pairs.append(pair)
    tally.seconds = time.perf_counter() - start
    return tally


def table(results: dict[str, Tally], args: argparse.Namespace) -> list[str]:
    lines = [
        f"ISMCTS ({args.simulations} simulations, uct_c {args.uct_c}, {args.rollouts} "
        "roll-outs) on "
        f"python_gin_rummy_hand, {args.deals} deals x 2 seats, seed {args.seed}",
        "",
        "| opponent | hands | ISMCTS wins | losses | void | ISMCTS points/hand (95% CI) "
        "| net per deal (95% CI) | seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, tally in results.items():
        label = f"montecarlo (samples={args.samples})" if name == "montecarlo" else name
        mean, low, high = mean_interval(tally.points)
        net, net_low, net_high = mean_interval(tally.pairs)
        lines.append(f"| {label} | {len(tally.points)} | {tally.wins} | {tally.losses} | "
                     f"{tally.voids} | {mean:+.1f} ({low:+.1f} to {high:+.1f}) | "
                     f"{net:+.1f} ({net_low:+.1f} to {net_high:+.1f}) | {tally.seconds:.0f} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="deals, each played twice")
    parser.add_argument("--simulations", type=int, default=40,
                        help="ISMCTS simulations per move (default 40)")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--rollouts", choices=("random", "simple"), default="simple",
                        help="roll-out policy: OpenSpiel's random one, or our simple player "
                             "at both seats (default simple)")
    parser.add_argument("--samples", type=int, default=20,
                        help="montecarlo's sampled worlds per decision (default 20)")
    parser.add_argument("--opponents", default="montecarlo,simple",
                        help="comma-separated computer players (default montecarlo,simple)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_gin_rummy_hand")
    results = {name: duel(name, args, game) for name in args.opponents.split(",")}
    print("\n".join(table(results, args)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
