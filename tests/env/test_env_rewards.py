"""The environments' rewards: the engine's score, wins, RLCard's payoff, whole games."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from ginrummy.core.hand import HandState
from ginrummy.core.rules import Rules
from ginrummy.env.aec import RawEnv
from tests.env.env_kit import act
from tests.handbuilder import deal, deck_for, play

KNOCKER = "AS 2S 3S 7H 7D 7C 9C TC JC 5D"  # deadwood 5 (5D) once KH is knocked with
GIN = "KH KD KC 2S 3S 4S 5S 9C TC JC"
LOOSE = "AC 4C 6C 8D JD 3H 9H JH 6S 8S"  # no meld: deadwood 65
KNOCK_MOVES = "pass; pass; stock; knock {drawn}; " \
    "meld AS 2S 3S; meld 7C 7D 7H; meld 9C TC JC; done; done"
GIN_MOVES = "pass; pass; stock; knock {drawn}; " \
    "meld KC KD KH; meld 2S 3S 4S 5S; meld 9C TC JC; done; done"


def _knock_hand(reward: str, hand: str, moves: str, drawn: str) -> tuple[RawEnv, str, str]:
    """The non-dealer holding ``hand`` draws ``drawn`` and knocks with it against LOOSE."""
    env = RawEnv(reward=reward)
    deck = deck_for(non_dealer=hand, dealer=LOOSE, upcard="QD", stock=drawn)
    env.reset(seed=4, options={"deck": deck})
    knocker = env.agent_selection
    defender = next(a for a in env.possible_agents if a != knocker)
    act(env, moves.format(drawn=drawn))
    assert all(env.terminations.values())
    return env, knocker, defender


def _engine_result(hand: str, moves: str, drawn: str) -> HandState:
    state = deal("standard", non_dealer=hand, dealer=LOOSE, upcard="QD", stock=drawn)
    return play(state, moves.format(drawn=drawn))


def test_R14_knock_reward_matches_the_engine_score() -> None:
    env, knocker, defender = _knock_hand("points", KNOCKER, KNOCK_MOVES, "KH")
    result = _engine_result(KNOCKER, KNOCK_MOVES, "KH").result
    assert result is not None and result.outcome == "knock" and result.points == 60
    assert env.rewards == {knocker: 60.0, defender: -60.0}
    for agent in (knocker, defender):
        shown = env.infos[agent]["hand_result"]
        assert (shown["outcome"], shown["points"], shown["knocker_deadwood"]) == ("knock", 60, 5)
        assert (shown["winner"] == shown["seat"]) == (agent == knocker)


def test_R25_gin_reward_is_the_engine_score_with_the_gin_bonus() -> None:
    env, knocker, defender = _knock_hand("points", GIN, GIN_MOVES, "QH")
    result = _engine_result(GIN, GIN_MOVES, "QH").result
    assert result is not None and result.outcome == "gin"
    assert result.points == 65 + Rules.preset("standard").gin_bonus
    assert env.rewards == {knocker: result.points, defender: -result.points}


def test_win_reward_is_one_to_the_winner_and_minus_one_to_the_loser() -> None:
    env, knocker, defender = _knock_hand("win", KNOCKER, KNOCK_MOVES, "KH")
    assert env.rewards == {knocker: 1.0, defender: -1.0}


def test_rlcard_reward_pays_a_knock_0_2_and_the_other_minus_its_deadwood() -> None:
    env, knocker, defender = _knock_hand("rlcard", KNOCKER, KNOCK_MOVES, "KH")
    assert env.rewards == {knocker: 0.2, defender: pytest.approx(-0.65)}


def test_rlcard_reward_pays_gin_1() -> None:
    env, knocker, defender = _knock_hand("rlcard", GIN, GIN_MOVES, "QH")
    assert env.rewards == {knocker: 1.0, defender: pytest.approx(-0.65)}


def test_callable_reward_is_called_for_each_seat_of_the_finished_hand() -> None:
    calls: list[tuple[str, int]] = []

    def reward(state: HandState, seat: int) -> float:
        assert state.is_over
        calls.append((state.result.outcome if state.result else "", seat))
        return 7.0 + seat

    env = RawEnv(reward=reward)
    deck = deck_for(non_dealer=KNOCKER, dealer=LOOSE, upcard="QD", stock="KH")
    env.reset(seed=4, options={"deck": deck})
    act(env, KNOCK_MOVES.format(drawn="KH"))
    assert sorted(calls) == [("knock", 0), ("knock", 1)]
    assert sorted(env.rewards.values()) == [7.0, 8.0]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reward", ["points", "win"])
def test_R30_whole_game_rewards_add_up_to_the_settlement(players: int, reward: str) -> None:
    env = RawEnv(rules="classic", match="game", reward=reward, players=players)
    env.reset(seed=10 + players)
    rng = random.Random(players)
    earned: dict[str, float] = defaultdict(float)
    while not env.terminations[env.agent_selection]:
        legal = env.current_view(env.agent_selection).legal  # type: ignore[union-attr]
        env.step(rng.choice(legal))
        for agent, amount in env.rewards.items():
            earned[agent] += amount
    assert env.game is not None and env.game.is_over
    settlement = env.game.settlement()
    for player, agent in enumerate(env.possible_agents):
        own = env.game.seating.side_of(player)
        if reward == "points":
            others = [v for side, v in enumerate(settlement.final) if side != own]
            assert earned[agent] == settlement.final[own] - max(others)
        else:
            assert earned[agent] == (1.0 if env.game.winner == own else -1.0)
