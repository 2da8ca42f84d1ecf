"""The batched vector form against the engine: every hand it plays, replayed move by move
through HandState, view_of and encode, gives the same observations, masks, rewards,
terminations and final state (scores included); and the per-table form is taken for what
the batched one does not play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import gymnasium
import numpy as np
import pytest

import ginrummy.env
from ginrummy.core.actions import DRAW_DISCARD
from ginrummy.core.hand import HandState, deal_hand
from ginrummy.core.rules import Rules
from ginrummy.core.views import view_of
from ginrummy.env.encoding import COUNTS_OFFSET, Scoreboard, action_mask, encode
from ginrummy.env.rewards import reward_scheme
from ginrummy.env.vector import GinRummyVectorEnv


@dataclass
class Episode:
    """What the vector form showed one table's learner through one hand."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)
    terminations: list[bool] = field(default_factory=list)
    final: HandState | None = None


def _random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks])


def play_recorded(envs: GinRummyVectorEnv, seed: int, steps: int) -> list[Episode]:
    """Random legal actions for ``steps`` steps; every finished hand of every table."""
    obs, _ = envs.reset(seed=seed)
    current = [Episode() for _ in range(envs.num_envs)]
    for i, episode in enumerate(current):
        episode.observations.append(obs["observation"][i])
        episode.masks.append(obs["action_mask"][i])
    finished: list[Episode] = []
    rng = np.random.default_rng(seed)
    restarting = np.zeros(envs.num_envs, dtype=bool)
    for _ in range(steps):
        actions = _random_legal(obs["action_mask"], rng)
        obs, rewards, terminations, truncations, _ = envs.step(actions)
        assert not truncations.any()
        for i in range(envs.num_envs):
            if restarting[i]:
                assert rewards[i] == 0.0 and not terminations[i]
                current[i] = Episode()
            else:
                current[i].actions.append(int(actions[i]))
                current[i].rewards.append(float(rewards[i]))
                current[i].terminations.append(bool(terminations[i]))
            current[i].observations.append(obs["observation"][i])
            current[i].masks.append(obs["action_mask"][i])
            if terminations[i]:
                current[i].final = envs.hand_state(i)
                finished.append(current[i])
        restarting = terminations.copy()
    return finished


def check_against_the_engine(episode: Episode, seat: int, reward: Any) -> None:
    """Replay the hand's moves from its deal through the engine, checking each one is
    legal there and that the learner saw exactly what the engine shows at each decision."""
    final = episode.final
    assert final is not None and final.is_over
    state = deal_hand(final.rules, final.dealer, final.deck)
    board = Scoreboard(0, (0, 0))
    decision = 0
    for mover, action in final.actions():
        if mover == seat:
            view = view_of(state, seat)
            assert np.array_equal(episode.observations[decision], encode(view, board)), \
                f"observation at decision {decision}"
            assert np.array_equal(episode.masks[decision], action_mask(view.legal)), \
                f"mask at decision {decision}"
            assert episode.actions[decision] == action
            decision += 1
        state = state.apply(action)  # raises if the move is illegal for the engine
    assert state == final
    assert decision == len(episode.actions)
    view = view_of(state, seat)
    assert np.array_equal(episode.observations[decision], encode(view, board))
    assert not episode.masks[decision].any()
    assert episode.terminations == [False] * (decision - 1) + [True]
    assert episode.rewards[:-1] == [0.0] * (decision - 1)
    assert episode.rewards[-1] == reward_scheme(reward)(state, seat)


CASES = [
    pytest.param({"rules": "standard"}, id="standard"),
    pytest.param({"rules": "oklahoma", "reward": "win"}, id="oklahoma"),
    pytest.param({"rules": "oklahoma_online", "player": 1}, id="oklahoma_online-player1"),
    pytest.param({"rules": "gra", "reward": "rlcard"}, id="gra-R12-lifted"),
    pytest.param({"rules": Rules.preset("standard", fiftieth_card_action="same_card")},
                 id="R22-same_card"),
    pytest.param({"rules": Rules.preset("standard", fiftieth_card_action="different_card")},
                 id="R22-different_card"),
    pytest.param({"rules": Rules.preset("standard", max_turns_without_stock_draw=2)},
                 id="R36-two-turns"),
    pytest.param({"rules": Rules.preset("standard", eleven_card_deal=True, big_gin=True,
                                        knock_limit=0)}, id="R7-R17-gin-only"),
]


@pytest.mark.parametrize("kwargs", CASES)
@pytest.mark.parametrize("seed", [3, 21])
def test_every_batched_hand_replays_identically_on_the_engine(
        kwargs: dict[str, Any], seed: int) -> None:
    envs = GinRummyVectorEnv(8, opponent="random", **kwargs)
    assert envs.batched
    episodes = play_recorded(envs, seed, 300)
    assert len(episodes) >= 16
    for episode in episodes:
        check_against_the_engine(episode, kwargs.get("player", 0), kwargs.get("reward", "points"))


def test_the_replay_check_catches_a_wrong_mask_at_the_last_stock_cards() -> None:
    envs = GinRummyVectorEnv(4, opponent="random")
    episodes = play_recorded(envs, 5, 200)
    three_left = [(episode, j) for episode in episodes
                  for j, obs in enumerate(episode.observations[:-1])
                  if round(float(obs[COUNTS_OFFSET]) * 52) == 3 and episode.masks[j][0]]
    assert three_left
    episode, j = three_left[0]
    episode.masks[j] = episode.masks[j].copy()
    episode.masks[j][DRAW_DISCARD] ^= 1
    with pytest.raises(AssertionError, match=f"mask at decision {j}"):
        check_against_the_engine(episode, 0, "points")


def test_make_vec_batches_one_hand_tables_against_random() -> None:
    envs = gymnasium.make_vec(ginrummy.env.GYMNASIUM_ID, num_envs=3, opponent="random",
                              vectorization_mode="vector_entry_point")
    assert isinstance(envs, GinRummyVectorEnv) and envs.batched
    obs, _ = envs.reset(seed=5)
    assert envs.observation_space.contains(obs)


@pytest.mark.parametrize("kwargs", [
    {"opponent": "simple"},
    {"opponent": "random", "match": "game"},
    {"opponent": "random", "players": 3, "rules": "classic"},
    {"opponent": "random", "rules": "openspiel"},
    {"opponent": "random", "opponent_params": {"layouts": "random"}},
])
def test_what_the_batched_form_does_not_play_falls_back_to_the_per_table_form(
        kwargs: dict[str, Any]) -> None:
    assert not GinRummyVectorEnv(2, **kwargs).batched
    with pytest.raises(ValueError, match="the batched form cannot play this"):
        GinRummyVectorEnv(2, batched=True, **kwargs)


def test_the_same_seed_replays_the_same_batched_hands() -> None:
    first = play_recorded(GinRummyVectorEnv(4, opponent="random"), 9, 150)
    again = play_recorded(GinRummyVectorEnv(4, opponent="random"), 9, 150)
    assert [e.final for e in first] == [e.final for e in again]
    other = play_recorded(GinRummyVectorEnv(4, opponent="random"), 10, 150)
    assert [e.final for e in first] != [e.final for e in other]


def test_R15_the_knock_filter_keeps_every_hand_whose_least_deadwood_is_within_the_limit(
        ) -> None:
    """The batched form asks the engine for the DISCARD actions only where its lower bound
    on the least deadwood is within the limit: the bound must never exceed the truth."""
    from ginrummy.core.deadwood import min_deadwood_after_discard
    from ginrummy.env.batched import _knock_may_be_legal

    rng = np.random.default_rng(7)
    hands = [sum(1 << int(c) for c in rng.choice(52, 11, replace=False)) for _ in range(20000)]
    # hands rich in melds too: three runs of three and two more cards
    for _ in range(5000):
        suits, starts = rng.integers(4, size=3), rng.integers(11, size=3)
        cards = {int(13 * s + r + k) for s, r in zip(suits, starts, strict=True) for k in range(3)}
        while len(cards) < 11:
            cards.add(int(rng.integers(52)))
        if len(cards) == 11:
            hands.append(sum(1 << c for c in cards))
    limits = rng.integers(11, size=len(hands))
    kept = _knock_may_be_legal(np.array(hands, dtype=np.uint64), limits)
    truth = np.array([min_deadwood_after_discard(h) <= lim for h, lim in zip(hands, limits,
                                                                              strict=True)])
    assert truth.sum() > 100
    assert not (truth & ~kept).any()


def test_gymnasiums_environment_match_check_passes_between_two_batched_vectors() -> None:
    """Gymnasium's equivalence check (one environment: it compares flags as scalars) on
    the batched form against itself on the same seed: its spaces, resets and sampled steps
    (mostly illegal actions and their penalty) replay identically."""
    from gymnasium.utils.env_match import check_environments_match

    one, two = (gymnasium.make_vec(ginrummy.env.GYMNASIUM_ID, num_envs=1, opponent="random")
                for _ in range(2))
    assert isinstance(one, GinRummyVectorEnv) and one.batched
    check_environments_match(one, two, num_steps=60, seed=3, info_comparison="skip")
