"""Train a small masked policy on the Gymnasium env, NumPy only, and measure it.

    python examples/train_masked_policy.py                     # the recorded run (~4 min of CPU)
    python examples/train_masked_policy.py --random-hands 200 --simple-hands 200 \\
        --eval-hands 100                                        # a quick look

The policy is a softmax over the legal actions only (the logits of the actions the mask
excludes are never computed, which is what masking them to minus infinity amounts to).
Each logit is linear in a few numbers computed from the observation for that action
(:func:`action_features`: the kind of action and, for a discard, a knock or taking the
upcard, how that card sits with the cards held and the cards known), with 28 weights
shared by all the actions. It learns by actor-critic (REINFORCE with a value baseline
linear in the observation) on ``reward="points"``: the hand's score, won or lost,
divided by 25. Points, not wins, because a hand lost by 10 is better play than one lost
by 60 and the policy learns that long before it wins hands; every hand is still judged
by who won it.

It trains against ``random`` first (the easier opponent), then against ``simple``, and
reports its win rate against ``simple`` before and after (the same evaluation deals,
each with a 95% Wilson interval). Everything is seeded: the same command prints the same
figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field

import gymnasium
import numpy as np
from numpy.typing import NDArray
from tqdm import tqdm

import ginrummy.env  # noqa: F401  (registers ginrummy/GinRummy-v0)
from ginrummy.core.actions import (
    DISCARD_BASE,
    DRAW_DISCARD,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    NUM_ACTIONS,
)
from ginrummy.core.melds import ALL_MELDS
from ginrummy.env.encoding import plane_offset
from ginrummy.sim.stats import wilson_interval

REWARD_SCALE = 25.0
VALUES = np.minimum(np.arange(13) + 1, 10) / 10.0
MELD_SIZES = np.array([m.bit_count() for m in ALL_MELDS], dtype=np.float64) / 4.0
CARD_FEATURES = 9
KINDS = ("stock", "take", "pass", "done", "big gin", "discard", "knock", "layoff", "meld")
TYPE_OF_ACTION = np.zeros(NUM_ACTIONS, dtype=np.intp)
TYPE_OF_ACTION[:5] = np.arange(5)
TYPE_OF_ACTION[DISCARD_BASE:KNOCK_BASE] = 5
TYPE_OF_ACTION[KNOCK_BASE:LAYOFF_BASE] = 6
TYPE_OF_ACTION[LAYOFF_BASE:MELD_BASE] = 7
TYPE_OF_ACTION[MELD_BASE:] = 8
FEATURES = len(KINDS) + 2 * CARD_FEATURES + 1


def _plane(obs: NDArray[np.float32], name: str) -> NDArray[np.float32]:
    """Card plane ``name`` of the observation as suits x ranks."""
    start = plane_offset(name)
    return obs[start:start + 52].reshape(4, 13)


def card_features(obs: NDArray[np.float32]) -> NDArray[np.float64]:
    """Nine numbers per card (52 x 9) saying how it sits with the seat's own cards and the
    cards it knows: its value, cards of its rank held (one, two), its neighbours in its suit
    held (one and two away), whether it completes a run, cards of its rank and its
    neighbours among the discards, and the same among the opponent's known cards."""
    hand = _plane(obs, "hand").astype(np.float64)
    dead = _plane(obs, "pile_order") > 0
    theirs = _plane(obs, "opp_known").astype(np.float64)
    tpad = np.zeros((4, 15))
    tpad[:, 1:14] = theirs
    pad = np.zeros((4, 17))
    pad[:, 2:15] = hand
    left1, right1 = pad[:, 1:14], pad[:, 3:16]
    left2, right2 = pad[:, 0:13], pad[:, 4:17]
    same_rank = hand.sum(axis=0, keepdims=True) - hand
    run = np.maximum(np.maximum(left1 * right1, left1 * left2), right1 * right2)
    dpad = np.zeros((4, 15))
    dpad[:, 1:14] = dead
    features = np.stack([
        np.broadcast_to(VALUES, (4, 13)),
        np.minimum(same_rank, 1.0), np.minimum(same_rank, 2.0) - np.minimum(same_rank, 1.0),
        left1 + right1, left2 + right2, run,
        np.broadcast_to(dead.sum(axis=0), (4, 13)) / 3.0,
        dpad[:, 0:13] + dpad[:, 2:15],
        np.broadcast_to(theirs.sum(axis=0), (4, 13)) + tpad[:, 0:13] + tpad[:, 2:15],
    ], axis=-1)
    return features.reshape(52, CARD_FEATURES)


def action_features(obs: NDArray[np.float32], legal: NDArray[np.intp]) -> NDArray[np.float64]:
    """One row of FEATURES numbers per legal action: its kind (one-hot); for a discard or a
    knock, the features of the card thrown; for taking the upcard, those of the card
    taken; for a meld, its size."""
    kinds = TYPE_OF_ACTION[legal]
    out = np.zeros((len(legal), FEATURES))
    out[np.arange(len(legal)), kinds] = 1.0
    cards = card_features(obs)
    throws = (kinds == 5) | (kinds == 6)
    if throws.any():
        thrown = (legal[throws] - DISCARD_BASE) % 52
        out[throws, len(KINDS):len(KINDS) + CARD_FEATURES] = cards[thrown]
    takes = legal == DRAW_DISCARD
    if takes.any():
        top = int(np.flatnonzero(_plane(obs, "pile_top"))[0])
        out[takes, len(KINDS) + CARD_FEATURES:-1] = cards[top]
    melds = kinds == 8
    if melds.any():
        out[melds, -1] = MELD_SIZES[legal[melds] - MELD_BASE]
    return out


@dataclass
class LinearPolicy:
    """Masked softmax policy, each logit linear in the legal action's features; a value
    baseline linear in the observation."""

    theta: NDArray[np.float64]
    value: NDArray[np.float64]
    value_bias: float = 0.0

    @classmethod
    def zeros(cls, features: int) -> LinearPolicy:
        return cls(np.zeros(FEATURES), np.zeros(features))

    def probabilities(self, phi: NDArray[np.float64]) -> NDArray[np.float64]:
        logits = phi @ self.theta
        logits -= logits.max()
        exp = np.exp(logits)
        return exp / exp.sum()  # type: ignore[no-any-return]


@dataclass
class Episode:
    observations: list[NDArray[np.float32]] = field(default_factory=list)
    features: list[NDArray[np.float64]] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    probabilities: list[NDArray[np.float64]] = field(default_factory=list)


def make_env(opponent: str) -> gymnasium.Env:  # type: ignore[type-arg]
    return gymnasium.make("ginrummy/GinRummy-v0", opponent=opponent, reward="points",
                          disable_env_checker=True)


def play_hand(env: gymnasium.Env, policy: LinearPolicy, seed: int,  # type: ignore[type-arg]
              rng: np.random.Generator, greedy: bool = False
              ) -> tuple[float, dict[str, object], Episode]:
    """One hand; the learner's total reward, the hand's result and its decisions."""
    obs, info = env.reset(seed=seed)
    episode = Episode()
    total, done = 0.0, False
    while not done:
        x = obs["observation"]
        legal = np.flatnonzero(obs["action_mask"])
        phi = action_features(x, legal)
        p = policy.probabilities(phi)
        pick = int(p.argmax()) if greedy else min(int(np.searchsorted(p.cumsum(), rng.random())),
                                                  len(p) - 1)
        episode.observations.append(x)
        episode.features.append(phi)
        episode.choices.append(pick)
        episode.probabilities.append(p)
        obs, reward, done, _, info = env.step(int(legal[pick]))
        total += float(reward)
    return total, info.get("hand_result", {}), episode


def learn(policy: LinearPolicy, episode: Episode, total: float, lr: float,
          value_lr: float) -> None:
    """Actor-critic update from one finished hand (undiscounted: every decision's return
    is the hand's result)."""
    ret = total / REWARD_SCALE
    for x, phi, pick, p in zip(episode.observations, episode.features, episode.choices,
                               episode.probabilities, strict=True):
        advantage = ret - (policy.value @ x + policy.value_bias)
        policy.value += value_lr * advantage * x
        policy.value_bias += value_lr * advantage
        if len(p) > 1:
            policy.theta += lr * advantage * (phi[pick] - p @ phi)


def train(policy: LinearPolicy, opponent: str, hands: int, seed: int, lr: float,
          value_lr: float) -> float:
    env = make_env(opponent)
    rng = np.random.default_rng([seed, 1])
    seeds = np.random.default_rng([seed, 2]).integers(2**31, size=hands)
    wins = 0
    bar = tqdm(range(hands), desc=f"train vs {opponent}", unit="hand", file=sys.stderr,
               mininterval=1.0)
    for i in bar:
        total, result, episode = play_hand(env, policy, int(seeds[i]), rng)
        learn(policy, episode, total, lr, value_lr)
        wins += result.get("winner") == result.get("seat")
        if i % 200 == 199:
            bar.set_postfix(win=f"{wins / (i + 1):.3f}")
    return wins / max(hands, 1)


def evaluate(policy: LinearPolicy, hands: int, seed: int, greedy: bool = False
             ) -> tuple[int, int]:
    """Wins and hands against ``simple`` on the evaluation deals (the same every time)."""
    env = make_env("simple")
    rng = np.random.default_rng([seed, 3])
    wins = 0
    for i in tqdm(range(hands), desc="evaluate vs simple", unit="hand", file=sys.stderr,
                  mininterval=1.0):
        _, result, _ = play_hand(env, policy, 10**9 + seed * 10**5 + i, rng, greedy)
        wins += result.get("winner") == result.get("seat")
    return wins, hands


def rate_line(label: str, wins: int, hands: int) -> str:
    low, high = wilson_interval(wins, hands)
    return (f"{label}: win rate vs simple {wins / hands:.3f} "
            f"(95% CI {low:.3f}-{high:.3f}, {wins}/{hands} hands)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--random-hands", type=int, default=5_000,
                        help="training hands against random (default 5000)")
    parser.add_argument("--simple-hands", type=int, default=60_000,
                        help="training hands against simple (default 60000)")
    parser.add_argument("--eval-hands", type=int, default=4_000,
                        help="evaluation hands against simple, before and after (default 4000)")
    parser.add_argument("--lr", type=float, default=0.02, help="policy step size")
    parser.add_argument("--value-lr", type=float, default=0.002, help="baseline step size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    start = time.perf_counter()
    space = make_env("simple").observation_space["observation"]  # type: ignore[index]
    policy = LinearPolicy.zeros(space.shape[0])
    before = evaluate(policy, args.eval_hands, args.seed)
    train(policy, "random", args.random_hands, args.seed, args.lr, args.value_lr)
    train(policy, "simple", args.simple_hands, args.seed + 1, args.lr, args.value_lr)
    after = evaluate(policy, args.eval_hands, args.seed)
    greedy = evaluate(policy, args.eval_hands, args.seed, greedy=True)
    print(rate_line("before training (uniform over legal actions)", *before))
    print(rate_line("after training (sampling from the policy)", *after))
    print(rate_line("after training (most likely action)", *greedy))
    print(f"trained {args.random_hands} hands vs random, {args.simple_hands} vs simple "
          f"in {time.perf_counter() - start:.0f} s (seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
