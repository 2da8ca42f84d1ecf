"""A two-player game whose hands the compiled step plays is made by the core only when read
(ginrummy.env.game_so_far): the games, observations, infos, rewards and the final game are
those of an env that keeps its game up to date after every hand, and of the core."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from ginrummy.core.rules import Rules
from ginrummy.env.aec import RawEnv
from ginrummy.env.aec_wrapper import GinRummyWrapper
from ginrummy.env.compiled_hand import step_kernel

pytestmark = pytest.mark.skipif(step_kernel() is None, reason="needs numba (the fast extra)")


class GameKeptEnv(RawEnv):
    games_made_when_read = False


class CoreEnv(RawEnv):
    compiled_steps = False


def _research_page_loop(env: Any, seed: int, games: int, reads: float = 0.0) -> list[Any]:
    """Everything the loop of docs/research.md sees of ``games`` whole games, then the final game;
    ``reads``: how often the game is read at a step (made then), at random."""
    rng, reading = random.Random(seed), random.Random(-seed)
    seen: list[Any] = []
    for _ in range(games):
        env.reset(seed=rng.getrandbits(32))
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            seen.append((agent, observation["observation"].tolist(),
                         observation["action_mask"].tolist(), reward, terminated, truncated,
                         dict(info), dict(env.rewards)))
            if reading.random() < reads:
                assert env.unwrapped.game is not None
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        seen.append(env.unwrapped.game)
    return seen


@pytest.mark.parametrize(("rules", "reward"), [
    ("standard", "points"), ("oklahoma", "win"), ("gra", "rlcard"), ("openspiel", "points"),
    (Rules.preset("modern", max_hands=3), "points"),
    (Rules.preset("standard", eleven_card_deal=True, big_gin=True, target=60), "win"),
], ids=["standard", "oklahoma-win", "gra-rlcard", "openspiel", "max-hands",
        "eleven-cards-big-gin"])
def test_whole_games_are_those_of_a_game_kept_up_to_date_and_of_the_core(
        rules: Any, reward: str) -> None:
    def wrapped(env_class: type[RawEnv]) -> Any:
        return GinRummyWrapper(env_class(rules=rules, match="game", reward=reward))

    made_when_read = _research_page_loop(wrapped(RawEnv), 7, games=2)
    assert made_when_read == _research_page_loop(wrapped(GameKeptEnv), 7, games=2)
    assert made_when_read == _research_page_loop(wrapped(CoreEnv), 7, games=2)
    games = [seen for seen in made_when_read if not isinstance(seen, tuple)]
    assert all(game.is_over for game in games)
    assert sum(len(game.played) for game in games) > 4  # several hands a game


@pytest.mark.parametrize("rules", ["standard", "oklahoma", "classic"])
def test_the_numbers_kept_between_hands_are_the_games(rules: str) -> None:
    env = RawEnv(rules=rules, match="game")
    rng = random.Random(rules)
    hands = 0
    for _ in range(3):
        env.reset(seed=rng.getrandbits(32))
        while not env.terminations[env.agent_selection]:
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            if "hand_result" not in env.infos[env.agent_selection]:
                continue
            hands += 1
            score, game = env._score, env.game
            assert score is not None and game is not None
            assert (tuple(score.points), tuple(score.wins), tuple(score.extra_boxes),
                    score.hands_scored, score.end_reason, score.winner) == (
                game.points, game.wins, game.extra_boxes, game.hands_played,
                game.end_reason, game.winner)
            if not game.is_over:
                assert score.dealer == game.dealer
            else:
                assert score.settlement() == game.settlement()
    assert hands > 6


def test_reading_the_game_between_and_within_hands_changes_nothing() -> None:
    def wrapped() -> Any:
        return GinRummyWrapper(RawEnv(rules="classic", match="game"))

    read_now_and_then = _research_page_loop(wrapped(), 31, games=2, reads=0.05)
    assert read_now_and_then == _research_page_loop(wrapped(), 31, games=2)
