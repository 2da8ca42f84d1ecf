"""Environment steps per second with random legal actions: ginrummy.env against RLCard and
OpenSpiel.

Run from the repository root:  python -m bench.bench_envs [--write]

A step is one decision of a player (OpenSpiel's chance nodes, the stock draws, are not
counted), and every engine makes at each step what a learning loop needs: the
observation of the player to act and its legal actions, then one uniformly random legal
action. ginrummy: the PettingZoo AEC ``raw_env`` (the observation vector and the action
mask), one hand per episode and whole games; and the wrapped ``gin_rummy_v0.env()`` in the
loop of docs/research.md (``agent_iter``, ``last``, ``step``), which also reads the infos, one hand
and whole games. With Numba (the ``fast`` extra) these play their hands' draws and
discards in the compiled step (:mod:`ginrummy.env.compiled_hand`); one more row plays
every step on the core, as without Numba. RLCard:
``rlcard.make("gin-rummy")``, whose ``step`` returns the next player's state (its
observation planes and legal actions). OpenSpiel: ``pyspiel.load_game("gin_rummy")``
driven from Python, with ``observation_tensor`` and ``legal_actions`` at every decision.
Two more rows in the same rounds: the batched vector form at 256 tables (the learner's
steps against ``random``), and a PettingZoo AEC env that plays no game
(:mod:`bench.aec_floor`), the cost of the API and of the loop alone.
The whole-game rows play a twentieth as many games a round as the others play hands.
Medians over rounds, ``time.process_time`` (the CPU time of this process: the machine is
shared, and wall-clock time counts the other users too). The observation encoding alone
is timed separately: from scratch (``encode``, ``encode_many``) and as the AEC env makes
it, from what changed since the seat's last observation (``ObservationCache``).

The Gymnasium rows count the learner's steps against ``random`` (one step: the learner's
move and the opponent's up to the learner's next decision): ``gymnasium.make`` as a
learning loop gets it, beside the vector form (:mod:`ginrummy.env.vector`): batched (the
tables as NumPy arrays, :mod:`ginrummy.env.batched`) at several ``num_envs``, and per table
(``batched=False``) at one, its driver picking the random legal actions of all rows in one
NumPy pass. ``--gymnasium-only`` times these rows alone, ``--aec-only`` all the others.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from bench import report
from bench.peers import openspiel_random_hands

PlayEpisodes = Callable[[int, random.Random], int]
"""Plays n episodes with the rng; returns the number of steps (decisions) made."""


def ginrummy_aec(match: str) -> PlayEpisodes:
    from ginrummy.env import gin_rummy_v0

    return aec_loop(gin_rummy_v0.raw_env(match=match))


def ginrummy_core_aec() -> PlayEpisodes:
    """The raw env with every step played on the core (as without Numba)."""
    from ginrummy.env.single import CoreTable

    return aec_loop(CoreTable(match="hand"))


def no_game_aec() -> PlayEpisodes:
    from bench.aec_floor import NoGameEnv

    return aec_loop(NoGameEnv())


def aec_loop(env: Any) -> PlayEpisodes:
    """A learning loop's steps on a raw AEC env: observe the agent to act, pick a random
    legal action from its mask, step."""
    import numpy as np

    flat = np.flatnonzero

    def play(n: int, rng: random.Random) -> int:
        steps = 0
        for _ in range(n):
            env.reset(seed=rng.getrandbits(32))
            terminations = env.terminations
            while not terminations[env.agent_selection]:
                legal = flat(env.observe(env.agent_selection)["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
                terminations = env.terminations
        return steps

    return play


def ginrummy_wrapped(match: str = "hand") -> PlayEpisodes:
    """The loop of docs/research.md: ``gin_rummy_v0.env()`` (wrapped), ``agent_iter``, ``last``
    (the observation, reward and info) and ``step``; the dead agents' ``step(None)`` at the
    end of a hand are not counted."""
    import numpy as np

    from ginrummy.env import gin_rummy_v0

    env = gin_rummy_v0.env(match=match)
    flat = np.flatnonzero

    def play(n: int, rng: random.Random) -> int:
        steps = 0
        for _ in range(n):
            env.reset(seed=rng.getrandbits(32))
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = flat(observation["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps

    return play


def games_a_round(play: PlayEpisodes, games: int) -> PlayEpisodes:
    """``play`` of whole games: ``games`` of them in each round, whatever the hands asked."""
    return lambda _hands, rng: play(games, rng)


def rlcard_env() -> PlayEpisodes:
    import rlcard

    env = rlcard.make("gin-rummy")

    def play(n: int, rng: random.Random) -> int:
        steps = 0
        for _ in range(n):
            env.seed(rng.getrandbits(32))
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                steps += 1
        return steps

    return play


def gymnasium_single(opponent: str) -> PlayEpisodes:
    import gymnasium
    import numpy as np

    import ginrummy.env

    env = gymnasium.make(ginrummy.env.GYMNASIUM_ID, opponent=opponent)
    flat = np.flatnonzero

    def play(n: int, rng: random.Random) -> int:
        steps = 0
        for _ in range(n):
            obs, _ = env.reset(seed=rng.getrandbits(32))
            terminated = False
            while not terminated:
                legal = flat(obs["action_mask"])
                obs, _, terminated, _, _ = env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps

    return play


def gymnasium_vector(opponent: str, num_envs: int, batched: bool | None = None
                     ) -> PlayEpisodes:
    """The vector form: a random legal action per row chosen in one NumPy pass; the steps
    counted are the rows that had a decision (not the autoreset ones). It plays ``n``
    hands, or ``num_envs`` if more (each table about one hand after its deal)."""
    import numpy as np

    from ginrummy.env.vector import GinRummyVectorEnv

    envs = GinRummyVectorEnv(num_envs, opponent=opponent, batched=batched)

    def play(n: int, rng: random.Random) -> int:
        noise = np.random.default_rng(rng.getrandbits(32))
        obs, _ = envs.reset(seed=rng.getrandbits(32))
        steps = hands = 0
        while hands < max(n, num_envs):
            masks = obs["action_mask"]
            steps += int(masks.any(axis=1).sum())
            actions = _random_legal_rows(masks, noise)
            obs, _, terminations, _, _ = envs.step(actions)
            hands += int(terminations.sum())
        return steps

    return play


def _random_legal_rows(masks: Any, noise: Any) -> Any:
    """A uniformly random legal action of each row of ``masks`` (0 for a row with none),
    from the positions of all the legal actions at once."""
    import numpy as np

    legal = np.flatnonzero(masks.view(np.bool_))  # far faster than on the int8 masks
    rows, columns = np.divmod(legal, masks.shape[1])
    counts = np.bincount(rows, minlength=len(masks))
    starts = np.cumsum(counts) - counts
    picks = starts + (noise.random(len(masks)) * counts).astype(np.int64)
    actions = np.zeros(len(masks), dtype=np.int64)
    has = counts > 0
    actions[has] = columns[picks[has]]
    return actions


WRAPPED = "ginrummy.env AEC wrapped, one hand: env(), agent_iter, last, step"
CORE = "ginrummy.env AEC, one hand, every step on the core (no compiled step)"
NO_GAME = "PettingZoo AEC env with no game (the API's own cost, bench/aec_floor.py)"
VECTOR_LEARNER = "ginrummy batched vector form, num_envs=256, learner steps against random"
VECTOR_SIZES = (16, 64, 256, 1024)
PER_TABLE = "per-table vector form (batched=False), num_envs=64"


def gymnasium_rates(episodes: int, rounds: int, seed: int) -> tuple[list[str], list[str]]:
    """Learner steps per second of the single Gymnasium env and of the vector form, both
    against ``random`` (each step includes the opponent's moves up to the next decision)."""
    found: dict[str, PlayEpisodes] = {"single env (gymnasium.make)": gymnasium_single("random")}
    for size in VECTOR_SIZES:
        found[f"batched vector form, num_envs={size}"] = gymnasium_vector("random", size)
    found[PER_TABLE] = gymnasium_vector("random", 64, batched=False)
    timed = report.timed_rounds(found, episodes, rounds, seed, time.process_time)
    medians = {name: statistics.median(steps / seconds for seconds, steps in runs)
               for name, runs in timed.items()}
    single = medians["single env (gymnasium.make)"]
    lines = [
        f"Gymnasium learner steps per second against `random`, random legal actions "
        f"({rounds} rounds x {episodes} hands, median):",
        "",
        "| environment | steps/s | vs single env |",
        "|---|---:|---:|",
    ]
    lines += [f"| {name} | {rate:,.0f} | {rate / single:.2f}x |" for name, rate in medians.items()]
    lines.append("")
    best_name, best = max(((name, rate) for name, rate in medians.items()
                           if name.startswith("batched")), key=lambda item: item[1])
    notes = [
        f"issue 15 asks for the batched vector form at 10x the single env ({best / single:.2f}x "
        f"at best, {best_name.split(', ')[1]}: {'met' if best >= 10 * single else 'not met'}). "
        "The batched form keeps the tables as NumPy arrays and applies the draws and "
        "discards of all of them (the learner's and random's) in a few array operations; "
        "the knocks, layouts and the last stock cards go table by table to the engine. "
        "Its cost per step is mostly a fixed number of NumPy calls, so the ratio grows with "
        f"num_envs ({1e6 / best:.1f} µs per environment step at best); the per-table form "
        f"({medians[PER_TABLE] / single:.2f}x) steps the engine one table at a time."]
    return lines, notes


def openspiel_env() -> PlayEpisodes:
    return openspiel_random_hands(observe=True)


def engines() -> tuple[dict[str, PlayEpisodes], list[str]]:
    return report.available([
        ("ginrummy.env AEC, one hand", lambda: ginrummy_aec("hand")),
        (WRAPPED, ginrummy_wrapped),
        (CORE, ginrummy_core_aec),
        ("RLCard gin-rummy env", rlcard_env),
        ("OpenSpiel gin_rummy from Python", openspiel_env),
        (VECTOR_LEARNER, lambda: gymnasium_vector("random", 256)),
        (NO_GAME, no_game_aec),
    ])


def encoding_cost(samples: int, seed: int) -> list[str]:
    """Microseconds per ``view_of`` and per ``encode`` over views of random hands."""
    import numpy as np

    from ginrummy.core.hand import HandState, new_hand
    from ginrummy.core.rules import Rules
    from ginrummy.core.views import view_of
    from ginrummy.env.encoding import Scoreboard, encode, encode_many, observation_size
    from ginrummy.env.observation_cache import ObservationCache

    rng = random.Random(seed)
    states: list[HandState] = []
    while len(states) < samples:
        state = new_hand(Rules.preset("standard"), rng.randrange(2), rng)
        while not state.is_over:
            states.append(state)
            state = state.apply_unchecked(rng.choice(state.legal_actions()))
    states = states[:samples]
    t0 = time.process_time()
    views = [view_of(state, state.turn) for state in states]
    t1 = time.process_time()
    board = Scoreboard(0, (0, 0))
    for view in views:
        encode(view, board)
    t2 = time.process_time()
    batch = 64
    out = np.zeros((batch, observation_size(2)), dtype=np.float32)
    boards, rows = [board] * batch, list(range(batch))
    for start in range(0, samples - batch + 1, batch):
        encode_many(views[start:start + batch], boards, out, rows)
    t3 = time.process_time()
    per_view = (t3 - t2) / (samples // batch * batch) * 1e6
    caches = [ObservationCache(2), ObservationCache(2)]  # one per seat, fed in play order
    t4 = time.process_time()
    for view in views:
        caches[view.seat].observe(view, board)
    t5 = time.process_time()
    return [f"Observation cost over {samples:,} decisions of random hands: view_of "
            f"{(t1 - t0) / samples * 1e6:.1f} µs, encode {(t2 - t1) / samples * 1e6:.1f} µs "
            f"per call, encode_many {per_view:.1f} µs per view in batches of {batch}, "
            f"ObservationCache.observe {(t5 - t4) / samples * 1e6:.1f} µs per call (each "
            "seat's decisions in play order, as the AEC env observes them).", ""]


def run(episodes: int, rounds: int, seed: int) -> tuple[list[str], list[str]]:
    found, notes = engines()
    games = max(1, episodes // 20)
    whole_games = {f"ginrummy.env AEC, whole games ({games} games a round)": ginrummy_aec("game"),
                   f"ginrummy.env AEC wrapped, whole games ({games} games a round)":
                       ginrummy_wrapped("game")}
    for name, play in whole_games.items():
        found[name] = games_a_round(play, games)
    timed = report.timed_rounds(found, episodes, rounds, seed, time.process_time)
    rates = {name: [steps / seconds for seconds, steps in runs] for name, runs in timed.items()}
    medians = {name: statistics.median(values) for name, values in rates.items()}
    game_rates = {name: medians.pop(name) for name in whole_games}
    ref, spiel_name = "RLCard gin-rummy env", "OpenSpiel gin_rummy from Python"

    def ratios(rate: float) -> str:
        return " | ".join(f"{rate / medians[peer]:.2f}x" if peer in medians else "n/a"
                          for peer in (ref, spiel_name))

    lines = [
        f"Environment steps per second, random legal actions ({rounds} rounds x "
        f"{episodes} hands, median):",
        "",
        "| environment | steps/s | vs RLCard | vs OpenSpiel |",
        "|---|---:|---:|---:|",
    ]
    for name, rate in medians.items():
        lines.append(f"| {name} | {rate:,.0f} | {ratios(rate)} |")
    for name, rate in game_rates.items():
        lines.append(f"| {name} | {rate:,.0f} | {ratios(rate)} |")
    lines.append("")
    ours, spiel = medians.get("ginrummy.env AEC, one hand"), medians.get(spiel_name)
    if ours and ref in medians and spiel:
        checked = {"raw, one hand": ours, "wrapped, one hand": medians.get(WRAPPED, 0.0),
                   **{("wrapped" if "wrapped" in name else "raw") + ", whole games": rate
                      for name, rate in game_rates.items()}}
        verdicts = "; ".join(f"{what} {rate / medians[ref]:.2f}x: "
                             f"{'met' if rate >= 10 * medians[ref] else 'not met'}"
                             for what, rate in checked.items())
        notes.append(
            f"issue 15 asks for at least 10x RLCard's steps/s ({verdicts}) and at least "
            f"OpenSpiel's (raw, one hand {ours / spiel:.2f}x: "
            f"{'met' if ours >= spiel else 'not met'}). Times are CPU time of the benchmark's "
            "process; on a loaded machine even these move by 10-20% from run to run.")
    floor, vector = medians.get(NO_GAME), medians.get(VECTOR_LEARNER)
    if ours and floor and ref in medians:
        budget = 1e6 / (10 * medians[ref])
        notes.append(
            f"10x RLCard is {budget:.1f} µs per step in all. A PettingZoo AEC env that plays "
            f"no game, driven by the same loop, takes {1e6 / floor:.1f} µs "
            f"({floor / medians[ref]:.1f}x RLCard): that leaves {budget - 1e6 / floor:.1f} µs "
            "for the rules, the legal actions and the observation, which the raw AEC env "
            f"spends {1e6 / ours - 1e6 / floor:.1f} µs on"
            + (" (the wrapped env in the loop of docs/research.md "
               f"{1e6 / medians[WRAPPED] - 1e6 / floor:.1f}"
               " µs, its infos and wrapper included)." if WRAPPED in medians else "."))
    if vector and ref in medians:
        notes.append(
            f"The batched vector form at 256 tables makes {vector / medians[ref]:.1f}x "
            "RLCard's steps/s counting only the learner's steps (each also plays random's "
            "moves up to the learner's next decision, so the moves made are about twice as "
            "many): 10x RLCard is "
            f"{'met' if vector >= 10 * medians[ref] else 'not met'} by the vector form, "
            "the way to train fast on one machine.")
    return lines, notes


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    report.add_sample_flags(parser, hands=200, hands_help="hands per round and environment",
                     rounds=3, seed=20261201)
    report.add_write_flag(parser)
    parser.add_argument("--gymnasium-only", action="store_true",
                        help="time only the single Gymnasium env and the vector form, and "
                             "print their table (not with --write)")
    parser.add_argument("--aec-only", action="store_true",
                        help="time only the AEC env, its peers and the observation cost, and "
                             "print their table (not with --write)")
    args = parser.parse_args(argv)
    if args.aec_only:
        if args.write or args.gymnasium_only:
            parser.error("--aec-only prints a part of the report: no --write, no "
                         "--gymnasium-only")
        lines, notes = run(args.hands, args.rounds, args.seed)
        lines += encoding_cost(20_000, args.seed)
        print("\n".join(report.with_notes(lines, notes)))
        return 0
    if args.gymnasium_only:
        if args.write:
            parser.error("--gymnasium-only prints a part of the report: no --write")
        vector_lines, vector_notes = gymnasium_rates(args.hands, args.rounds, args.seed)
        print("\n".join(report.with_notes(vector_lines, vector_notes)))
        return 0
    lines, notes = run(args.hands, args.rounds, args.seed)
    lines += encoding_cost(20_000, args.seed)
    vector_lines, vector_notes = gymnasium_rates(args.hands, args.rounds, args.seed)
    lines += vector_lines
    notes += vector_notes
    report.publish_sampled("bench_envs", args, lines, notes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
