"""The compiled step (ginrummy.env.kernel_step) is a twin of the core: the same legal actions,
states and observations after every move, and an environment that uses it plays the same
games, step for step, as one that plays every step on the core."""

from __future__ import annotations

import copy
import gc
import pickle
import random
from typing import Any

import numpy as np
import pytest

from ginrummy.agents import kernel_random
from ginrummy.core.actions import BIG_GIN, DISCARD_BASE, KNOCK_BASE, action_name
from ginrummy.core.game import Game, new_game, prefers_to_deal
from ginrummy.core.hand import IllegalActionError, deal_hand, new_hand
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import view_of
from ginrummy.env import compiled_hand, gin_rummy_v0
from ginrummy.env.aec import RawEnv
from ginrummy.env.aec_wrapper import GinRummyWrapper
from ginrummy.env.compiled_hand import CompiledHand, step_kernel
from ginrummy.env.encoding import Scoreboard, encode

kernel = step_kernel()
pytestmark = pytest.mark.skipif(kernel is None, reason="needs numba (the fast extra)")
BOARDS = (Scoreboard(0, (0, 0)), Scoreboard(0, (0, 0)))


class PythonEnv(RawEnv):
    compiled_steps = False


def _variants() -> list[Rules]:
    """Every preset, and options the presets leave out."""
    rules = list(PRESETS.values())
    standard = PRESETS["standard"]
    rules += [standard.replace(fiftieth_card_action="different_card"),
              standard.replace(fiftieth_card_action="same_card", knock_limit=0),
              standard.replace(eleven_card_deal=True, big_gin=True),
              standard.replace(allow_discard_of_drawn_upcard=True, big_gin=True,
                               max_turns_without_stock_draw=6),
              standard.replace(discard_pile_draw_limit=3, void_on_second_returned_discard=True,
                               allow_discard_of_drawn_upcard=True)]
    return rules


def _assert_same_as_core(hand: CompiledHand, state: Any, boards: tuple[Scoreboard, ...]) -> None:
    legal = state.legal_actions()
    assert hand.legal() == legal
    assert np.flatnonzero(hand.mask).tolist() == legal
    assert hand.state() == state
    for seat in (0, 1):
        assert np.array_equal(hand.observations[seat], encode(view_of(state, seat), boards[seat]))


@pytest.mark.parametrize("rules", _variants(), ids=lambda rules: rules.name)
def test_every_move_leaves_the_legal_actions_state_and_observations_of_the_core(
        rules: Rules) -> None:
    assert kernel is not None
    rng = random.Random(rules.name)
    hand = CompiledHand(kernel)
    boards = (Scoreboard(100, (30, 55)), Scoreboard(100, (55, 30)))
    for _ in range(60):
        state = new_hand(rules, rng.randrange(2), rng)
        hand.load(state, boards)
        while True:
            _assert_same_as_core(hand, state, boards)
            action = rng.choice(state.legal_actions())
            after = state.apply_unchecked(action)
            if kernel.step(hand.buffer, action) == kernel.LEAVE:
                assert after.phase not in compiled_hand.PLAYED_PHASES
                if after.result is not None and after.result.is_void:
                    hand.finish_void(action)
                    for seat in (0, 1):
                        assert np.array_equal(hand.observations[seat],
                                              encode(view_of(after, seat), boards[seat]))
                    assert not hand.mask.any()
                break
            state = after


@pytest.mark.parametrize("rules", _variants(), ids=lambda rules: rules.name)
def test_a_hand_dealt_into_the_kernel_is_the_hand_the_core_deals(rules: Rules) -> None:
    assert kernel is not None
    rng = random.Random(rules.name)
    hand = CompiledHand(kernel)
    twister = kernel_random.blank_state()
    for _ in range(20):
        seed, dealer = rng.getrandbits(32), rng.randrange(2)
        kernel_random.seed_state(twister, seed)
        hand.deal_from(twister, rules, dealer, BOARDS)
        _assert_same_as_core(hand, new_hand(rules, dealer, seed), BOARDS)


def test_a_hand_loaded_in_the_middle_plays_on_from_there() -> None:
    assert kernel is not None
    rng = random.Random(4)
    state = new_hand(Rules.preset("oklahoma"), 1, rng)
    for _ in range(9):
        state = state.apply_unchecked(rng.choice(state.legal_actions()))
    hand = CompiledHand(kernel)
    hand.load(state, BOARDS)
    _assert_same_as_core(hand, state, BOARDS)
    action = state.legal_actions()[-1]
    assert kernel.step(hand.buffer, action) >= 0
    _assert_same_as_core(hand, state.apply_unchecked(action), BOARDS)


def _snapshot(env: Any) -> dict[str, Any]:
    """What a caller can see of an env after a step."""
    raw = env.unwrapped
    seen: dict[str, Any] = {
        "selected": raw.agent_selection, "agents": list(raw.agents),
        "rewards": dict(raw.rewards), "cumulative": dict(raw._cumulative_rewards),
        "terminations": dict(raw.terminations), "truncations": dict(raw.truncations),
        "infos": raw.infos,
    }
    for agent in raw.agents:
        observation = raw.observe(agent)
        seen[agent] = (observation["observation"].tolist(), observation["action_mask"].tolist(),
                       observation["observation"].dtype, observation["action_mask"].dtype)
    return seen


def _stock_left(state: Any, seat: int) -> float:
    return state.stock_size / (seat + 1)


@pytest.mark.parametrize(("rules", "match", "reward"), [
    ("standard", "hand", "points"), ("standard", "game", "points"),
    ("oklahoma", "game", "win"), ("classic", "game", "rlcard"),
    ("openspiel", "hand", "rlcard"), ("gra", "game", "points"),
    ("modern", "hand", _stock_left),
    (Rules.preset("standard", eleven_card_deal=True, big_gin=True,
                  fiftieth_card_action="different_card"), "game", "points"),
], ids=["standard-hand", "standard-game", "oklahoma-game-win", "classic-game-rlcard",
        "openspiel-hand-rlcard", "gra-game", "modern-hand-callable", "eleven-cards-big-gin"])
def test_the_env_plays_the_same_games_compiled_as_on_the_core(
        rules: Any, match: str, reward: Any) -> None:
    fast, slow = RawEnv(rules=rules, match=match, reward=reward), \
        PythonEnv(rules=rules, match=match, reward=reward)
    assert fast._compiled is not None and slow._compiled is None
    rng = random.Random(f"{rules}{match}")
    compiled_steps = 0
    for episode in range(12 if match == "hand" else 2):
        seed = rng.getrandbits(32)
        fast.reset(seed=seed)
        slow.reset(seed=seed)
        assert _snapshot(fast) == _snapshot(slow)
        while not slow.terminations[slow.agent_selection]:
            compiled_steps += fast._compiled_on
            legal = np.flatnonzero(slow.observe(slow.agent_selection)["action_mask"])
            action = legal[rng.randrange(len(legal))]
            (fast.step if episode % 2 else fast.step)(action if episode % 2 else int(action))
            slow.step(int(action))
            assert _snapshot(fast) == _snapshot(slow)
            if rng.random() < 0.02:  # reading the game mid-hand changes nothing
                assert fast.game == slow.game
        assert fast.terminations == slow.terminations
        assert fast.game == slow.game
        for agent in fast.possible_agents:
            assert fast.current_view(agent) == slow.current_view(agent)
            assert fast.describe(agent) == slow.describe(agent)
    assert compiled_steps > 200


def test_the_wrapped_env_in_the_research_page_loop_plays_as_on_the_core() -> None:
    def play(env: Any, seed: int) -> list[Any]:
        rng = random.Random(seed)
        seen = []
        for _ in range(6):
            env.reset(seed=rng.getrandbits(32))
            for agent in env.agent_iter():
                observation, reward, terminated, truncated, info = env.last()
                seen.append((agent, observation["observation"].tolist(),
                             observation["action_mask"].tolist(), reward, terminated,
                             truncated, info))
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                if rng.random() < 0.01:  # an illegal action ends the game
                    env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
                else:
                    env.step(int(legal[rng.randrange(len(legal))]))
        return seen

    fast = gin_rummy_v0.env(match="hand")
    slow = GinRummyWrapper(PythonEnv(match="hand"))
    assert play(fast, 8) == play(slow, 8)


def test_an_illegal_action_is_refused_as_on_the_core_and_play_goes_on() -> None:
    fast, slow = RawEnv(), PythonEnv()
    fast.reset(seed=11)
    slow.reset(seed=11)
    for bad in (DISCARD_BASE, 400, True, None):
        with pytest.raises(IllegalActionError) as compiled_error:
            fast.step(bad)
        with pytest.raises(IllegalActionError) as core_error:
            slow.step(bad)
        assert str(compiled_error.value) == str(core_error.value)
    with pytest.raises(IllegalActionError):
        fast.step(np.int64(DISCARD_BASE))
    move = int(np.flatnonzero(slow.observe(slow.agent_selection)["action_mask"])[0])
    fast.step(np.int64(move))
    slow.step(move)
    assert _snapshot(fast) == _snapshot(slow)


def test_setting_the_game_hands_the_new_hand_to_the_compiled_step() -> None:
    fast, slow = RawEnv(match="game"), PythonEnv(match="game")
    fast.reset(seed=5)
    slow.reset(seed=6)
    fast.game = slow.game
    fast.agent_selection = slow.agent_selection  # the driver's part, as on the core
    assert fast._compiled_on
    assert _snapshot(fast) == _snapshot(slow) | {"infos": fast.infos}
    rng = random.Random(2)
    for _ in range(40):
        legal = np.flatnonzero(slow.observe(slow.agent_selection)["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        fast.step(action)
        slow.step(action)
    assert fast.game == slow.game


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_play_on_the_core(players: int) -> None:
    env = RawEnv(rules="classic", players=players)
    assert env._compiled is None
    env.reset(seed=1)
    assert not env._compiled_on


def test_without_the_kernel_every_step_is_played_on_the_core() -> None:
    compiled_hand.use_step_kernel(False)
    try:
        env = RawEnv()
        env.reset(seed=3)
        assert env._compiled is None and not env._compiled_on
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    finally:
        compiled_hand.use_step_kernel(True)
    assert RawEnv()._compiled is not None


@pytest.mark.parametrize("duplicate", [copy.deepcopy, lambda env: pickle.loads(pickle.dumps(env))],
                         ids=["deepcopy", "pickle"])
def test_a_copy_made_mid_hand_plays_on_as_the_original(duplicate: Any) -> None:
    env = gin_rummy_v0.env(match="game")
    env.reset(seed=9)
    rng = random.Random(9)
    for _ in range(30):
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    other = duplicate(env)
    assert other.unwrapped._compiled_on
    for _ in range(300):
        assert _snapshot(other) == _snapshot(env)
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        env.step(action)
        other.step(action)
    assert other.unwrapped.game == env.unwrapped.game


def test_big_gin_and_the_knocks_of_a_melded_hand_are_offered_as_the_core_offers_them() -> None:
    assert kernel is not None
    clubs, kings = list(range(7)), [12, 25, 38, 51]  # A-7 of clubs, the four kings
    rest = [card for card in range(52) if card not in clubs + kings]
    deck = [0] * 52
    deck[0:22:2] = clubs + kings  # the non-dealer's eleven cards (R7)
    deck[1:21:2] = rest[:10]
    deck[21:] = rest[10:]
    state = deal_hand(Rules.preset("standard", eleven_card_deal=True, big_gin=True), 1, deck)
    hand = CompiledHand(kernel)
    hand.load(state, BOARDS)
    _assert_same_as_core(hand, state, BOARDS)
    assert BIG_GIN in hand.legal() and KNOCK_BASE + 12 in hand.legal()
    assert kernel.step(hand.buffer, BIG_GIN) == kernel.LEAVE
    _assert_same_as_core(hand, state, BOARDS)  # nothing changed


def _played_as_the_core_deals(env: Any, seed: int, rng: random.Random) -> Game:
    """Play ``env`` from ``reset(seed)`` at random and the same moves on a ``Game`` dealt as
    the env dealt before the compiled deals (``new_game``, ``deal_from``); the ``Game``."""
    env.reset(seed=seed)
    deals = random.Random(seed)
    game = new_game(env.table_rules, deals)
    if game.chooser is not None:
        game = game.choose_to_deal(game.chooser, prefers_to_deal(game.rules))
    game = game.deal_from(deals)
    while not env.terminations[env.agent_selection]:
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        env.step(action)
        game = game.apply(action)
        if env.match == "game" and not game.is_over and game.hand is None:
            game = game.deal_from(deals)
    return game


@pytest.mark.parametrize("match", ["hand", "game"])
@pytest.mark.parametrize("rules", ["standard", "oklahoma", "openspiel", "modern"])
def test_the_same_seed_deals_the_same_game_as_the_core_always_dealt(rules: str,
                                                                     match: str) -> None:
    env = RawEnv(rules=rules, match=match)
    rng = random.Random(f"{rules}{match}")
    for _ in range(10 if match == "hand" else 1):
        seed = rng.getrandbits(32)
        core = _played_as_the_core_deals(env, seed, rng)
        assert env.game == core


def test_an_observation_and_info_kept_by_the_caller_do_not_change_with_later_steps() -> None:
    env = gin_rummy_v0.env(match="game")
    env.reset(seed=12)
    rng = random.Random(12)
    kept = []
    for step, _agent in enumerate(env.agent_iter(2000)):
        observation, _, terminated, truncated, info = env.last()
        if step % 7 == 0:
            kept.append((observation, observation["observation"].copy(),
                         observation["action_mask"].copy(), info, list(info["legal_actions"])))
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    assert len(kept) > 200
    for observation, vector, mask, info, names in kept:
        assert np.array_equal(observation["observation"], vector)
        assert np.array_equal(observation["action_mask"], mask)
        assert info["legal_actions"] == names


def test_the_info_last_hands_out_is_the_one_infos_holds_for_that_step() -> None:
    env = gin_rummy_v0.env(match="game")
    env.reset(seed=4)
    rng = random.Random(4)
    steps = 0
    for _agent in env.agent_iter(3000):
        steps += 1
        observation, _, terminated, truncated, info = env.last()
        assert env.infos[env.agent_selection] is info
        assert env.last()[4] is info
        if terminated or truncated:
            env.step(None)
            continue
        assert info["legal_actions"] == [action_name(int(a))
                                         for a in np.flatnonzero(observation["action_mask"])]
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    assert steps > 2000


def test_the_public_logs_a_game_keeps_are_untracked_by_the_garbage_collector() -> None:
    env = RawEnv(match="game")
    env.reset(seed=21)
    rng = random.Random(21)
    while not env.terminations[env.agent_selection]:
        legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    gc.collect()
    links = tracked = 0
    for state in env.game.finished:
        link = state.history
        while link is not None:
            links += 1
            tracked += gc.is_tracked(link)
            link = link[0]
    assert links > 2000
    assert tracked < links / 20  # but the few links the core adds after a knock
