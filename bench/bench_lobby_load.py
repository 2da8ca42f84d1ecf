"""Load benchmark of the lobby: L browsers watching the lobby while G listed games are played.

Run from the repository root:
  python -m bench.bench_lobby_load [--lobby 500] [--games 200] [--ramp 10] [--probes 4]
      [--profile server.prof] [--write]

A real ``gin serve`` (a subprocess on 127.0.0.1, a fresh SQLite file) gets ``--lobby``
WebSockets on ``/ws/lobby`` that only read (held by a process of their own, so that reading
them does not take the measuring loop's time), and ``--games`` slots, started evenly over
``--ramp`` seconds, that each open a game for anyone in the lobby (``POST /api/games``
``"opponent": "anyone"``), take its open place from another guest (``POST
/api/games/{id}/sit``), and play it over two WebSockets with the bots of
:mod:`bench.bench_server_load` (``--think`` seconds between moves, on average) to a short
``--target``; a slot whose game ends opens another. ``--probes`` more slots do the same with
bots that move every ``--probe-every`` seconds exactly. Every game start and end, and every
hand, changes the board that the lobby sockets are told of.

Two numbers are measured: a **lobby update**, from the moment the sitter's ``sit`` answer
arrives to the moment each lobby socket receives the ``lobby_update`` that shows that game's
place taken (one sample per lobby socket and game, for every game started while the lobby
sockets are open: most of them during the ramp; the verdict also gives the p99 of the games
sat in the window alone), and, in a window of ``--duration`` seconds that starts
``--warmup`` seconds after the ramp, a **move**: a probe's round trip from its send to its
``ack`` (the move committed). ``--profile FILE`` runs the server under cProfile.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import multiprocessing
import pstats
import random
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import orjson
from websockets.asyncio.client import ClientConnection, connect

from bench.bench_server_load import (
    HOST,
    RECV_TIMEOUT,
    Bot,
    Stats,
    cpu_seconds,
    free_port,
    gin_command,
    http_json,
    machine_busy,
    own_cpu,
    percentile,
    server,
    wait_up,
)
from bench.report import add_write_flag, publish, report_head

TARGET_UPDATE_MS = 100.0
TARGET_MOVE_MS = 50.0


@dataclass
class Board:
    """When each game's place was taken (by the sit's answer), and what the lobby's process
    received (:func:`lobby_process`)."""

    sat: dict[str, float] = field(default_factory=dict)
    window: tuple[float, float] = (float("inf"), float("inf"))


@dataclass
class Receipts:
    """What the lobby's sockets received: for each game, when each socket was first shown
    its place taken; when each ``lobby_update`` arrived; how many sockets were closed."""

    taken: dict[str, list[float]] = field(default_factory=dict)
    updates: list[float] = field(default_factory=list)
    closed: int = 0


async def watch_lobby(ws: ClientConnection, receipts: Receipts) -> None:
    """Read one lobby socket (parsed with orjson, to keep the reading process light)."""
    seen: set[str] = set()
    try:
        async for raw in ws:
            now = time.perf_counter()
            message = orjson.loads(raw)
            if message.get("type") != "lobby_update":
                continue
            receipts.updates.append(now)
            for entry in message["changed"]:
                game = entry["game_id"]
                if not entry["open"] and game not in seen:
                    seen.add(game)
                    receipts.taken.setdefault(game, []).append(now)
    except Exception:  # noqa: BLE001 - a closed socket ends its watch
        receipts.closed += 1


async def hold_lobby(port: int, count: int, pipe: Connection) -> None:
    receipts = Receipts()
    async with contextlib.AsyncExitStack() as stack:
        watchers = []
        for n in range(count):
            ws = await stack.enter_async_context(connect(
                f"ws://{HOST}:{port}/ws/lobby", max_size=2**24, ping_interval=None,
                open_timeout=RECV_TIMEOUT, close_timeout=5))
            watchers.append(asyncio.create_task(watch_lobby(ws, receipts)))
            if n % 50 == 49:
                await asyncio.sleep(0.05)
        pipe.send("open")
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)  # "stop"
        for task in watchers:
            task.cancel()
        await asyncio.gather(*watchers, return_exceptions=True)
        pipe.send((receipts.taken, receipts.updates, receipts.closed))  # plain data across


def lobby_process(port: int, count: int, pipe: Connection) -> None:
    """The lobby's ``count`` sockets, held in a process of their own (so that reading 500
    sockets does not take the measuring loop's time): says "open" once they all are, then
    reads until told "stop" and sends back its :class:`Receipts`. ``time.perf_counter`` is
    the machine's monotonic clock, the same in every process."""
    asyncio.run(hold_lobby(port, count, pipe))


class Lobby:
    """The lobby's process, seen from the measuring one."""

    def __init__(self, port: int, count: int) -> None:
        context = multiprocessing.get_context("spawn")  # no copy of a running event loop
        self.pipe, theirs = context.Pipe()
        # by its module's name (not __main__'s) for the new process to find it
        target = importlib.import_module("bench.bench_lobby_load").lobby_process
        self.process = context.Process(target=target, args=(port, count, theirs),
                                       name="lobby sockets", daemon=True)
        self.process.start()
        theirs.close()

    async def opened(self) -> None:
        said = await asyncio.get_running_loop().run_in_executor(None, self.pipe.recv)
        if said != "open":
            raise RuntimeError(f"the lobby's process said {said!r}")

    async def finish(self) -> Receipts:
        self.pipe.send("stop")
        taken, updates, closed = await asyncio.get_running_loop().run_in_executor(
            None, self.pipe.recv)
        self.process.join(10)
        return Receipts(taken, updates, closed)

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
            self.process.join(5)


class LobbyBot(Bot):
    """A bot that, like a browser, says ready with its seed for the first deal once the
    server says the deal waits for it (a game from the lobby is dealt after both seeds)."""

    first_sent = False

    def _maybe_move(self) -> None:
        state = self.state
        if state.get("stage") == "waiting" and state.get("first_deal_awaits_you") and not (
                self.first_sent):
            commitment = next((e["commitment"] for e in (state.get("fair") or {}).get("next")
                               or [] if state.get("you") in e["players"]), None)
            if commitment is not None:
                self.first_sent = True
                self.move_task = asyncio.create_task(self._send(
                    {"type": "ready", "seed": f"seed-{id(self)}", "commitment": commitment,
                     "expect": self.n}, "ready"))
            return
        super()._maybe_move()


class EvenPace(random.Random):
    """A probe's pace: :class:`Bot` waits ``think × uniform(0.5, 1.5)``; a probe ``think``."""

    def uniform(self, a: float, b: float) -> float:
        return 1.0


async def listed_slot(slot: int, port: int, args: argparse.Namespace, stats: Stats,
                      board: Board, start_in: float = 0.0, probe: bool = False) -> None:
    """Open listed games one after another (the first after ``start_in`` seconds) and play
    them; a ``probe`` slot's bots move every ``--probe-every`` seconds exactly."""
    rng = EvenPace(slot) if probe else random.Random(args.seed * 1000 + slot)
    think = args.probe_every if probe else args.think
    await asyncio.sleep(start_in)
    while time.perf_counter() < stats.stop_at:
        status, game = await http_json(port, "POST", "/api/games",
                                       {"opponent": "anyone", "name": f"ann{slot}",
                                        "options": {"target": args.target}})
        if status != 201:
            stats.failures.append(f"create: {status} {game}")
            return
        status, taken = await http_json(port, "POST", f"/api/games/{game['game_id']}/sit",
                                        {"name": f"bea{slot}"})
        board.sat[game["game_id"]] = time.perf_counter()
        if status != 201:
            stats.failures.append(f"sit: {status} {taken}")
            return
        stats.games_started += 1
        url = f"ws://{HOST}:{port}/ws/{game['game_id']}"
        async with contextlib.AsyncExitStack() as stack:
            sockets = [await stack.enter_async_context(
                connect(f"{url}?token={token}", max_size=2**22, ping_interval=None,
                        open_timeout=RECV_TIMEOUT, close_timeout=5))
                for token in (game["token"], taken["token"])]
            bots = [LobbyBot(ws, stats, think, rng) for ws in sockets]
            await asyncio.gather(*(bot.play() for bot in bots))


@dataclass
class Result:
    lobby: int
    games: int
    probes: int
    update_samples: int
    update_p50: float
    update_p99: float
    window_update_samples: int
    window_update_p99: float
    moves: int
    move_p50: float
    move_p99: float
    all_moves: int
    all_move_p99: float
    updates_sent: int
    server_cpu: float
    bench_cpu: float
    other_cpu: float
    closed: int
    failures: list[str]

    @property
    def met(self) -> bool:
        return self.update_p99 <= TARGET_UPDATE_MS and self.move_p99 <= TARGET_MOVE_MS

    def row(self) -> str:
        return (f"| {self.lobby} | {self.games} + {self.probes} | {self.update_samples:,} | "
                f"{self.update_p50:.1f} | {self.update_p99:.1f} | {self.moves:,} | "
                f"{self.move_p50:.1f} | {self.move_p99:.1f} | {self.all_moves:,} | "
                f"{self.all_move_p99:.1f} | {self.updates_sent:,} | "
                f"{100 * self.server_cpu:.0f}% | {100 * self.bench_cpu:.0f}% | "
                f"{100 * self.other_cpu:.0f}% | {self.closed} | "
                f"{'yes' if self.met else 'no'} |")


PROFILED = """
import cProfile, runpy, sys, time
out, sys.argv = sys.argv[1], ["gin", *sys.argv[2:]]
profile = cProfile.Profile(time.thread_time)  # the event loop's thread's CPU time
profile.enable()
try:
    runpy.run_module("ginrummy.cli", run_name="__main__")
except SystemExit:
    pass
finally:
    profile.disable()
    profile.dump_stats(out)
"""
"""``gin`` under cProfile, timed by the CPU time of the main thread (the event loop's): by
the wall clock, a busy machine's other processes would be charged to whatever the server was
doing when it was descheduled."""


def profiled(gin: list[str], profile: Path | None) -> list[str]:
    """The command that runs ``gin serve`` under cProfile, writing ``profile`` when it stops
    (the ``--gin`` command is replaced by this interpreter's ``ginrummy.cli``), or ``gin``."""
    if profile is None:
        return gin
    return [sys.executable, "-c", PROFILED, str(profile.resolve())]


def show_profile(profile: Path, top: int = 30) -> None:
    """The server's functions that took the most time, by own time and with what they
    called, written next to ``profile`` (``.txt``) and printed."""
    out = profile.with_suffix(".txt")
    with out.open("w") as text:
        stats = pstats.Stats(str(profile), stream=text)
        stats.sort_stats("tottime").print_stats(top)
        stats.sort_stats("cumulative").print_stats(top)
    print(f"  profile of the server: {profile} (top functions in {out})", flush=True)


async def start_slots(port: int, args: argparse.Namespace, stats: Stats, probe_stats: Stats,
                      board: Board) -> list[asyncio.Task[None]]:
    """The ``--games`` slots, started evenly over ``--ramp`` seconds, and the ``--probes``
    spread among them."""
    starts = [(n, n * args.ramp / max(1, args.games), False) for n in range(args.games)]
    starts += [(args.games + p, (p + 0.5) * args.ramp / args.probes, True)
               for p in range(args.probes)]
    return [asyncio.create_task(listed_slot(n, port, args, probe_stats if probe else stats,
                                            board, start_in, probe))
            for n, start_in, probe in starts]


async def measure(args: argparse.Namespace) -> Result:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="gin-lobby-") as tmp:
        folder = Path(tmp)
        gin = shlex.split(args.gin) if args.gin else gin_command()
        gin = profiled(gin, args.profile)
        with server(folder, port, folder / "server.log", gin) as process:
            await wait_up(port, process)
            stats, probe_stats, board = Stats(), Stats(), Board()
            lobby = Lobby(port, args.lobby)
            try:
                await lobby.opened()
                slots = await start_slots(port, args, stats, probe_stats, board)
                start = time.perf_counter() + args.ramp + args.warmup
                end = start + args.duration
                stats.window = probe_stats.window = board.window = (start, end)
                await asyncio.sleep(max(0.0, start - time.perf_counter()))
                cpu0, bench0, busy0 = (cpu_seconds(process.pid), own_cpu() + cpu_seconds(
                    lobby.process.pid or 0), machine_busy())
                await asyncio.sleep(max(0.0, end - time.perf_counter()))
                cpu1, bench1, busy1 = (cpu_seconds(process.pid), own_cpu() + cpu_seconds(
                    lobby.process.pid or 0), machine_busy())
                await asyncio.sleep(1.0)  # the updates of the window's last sits arrive
                stats.stop_at = probe_stats.stop_at = time.perf_counter()
                receipts = await lobby.finish()
                await asyncio.wait(slots, timeout=5.0)
                for task in slots:
                    task.cancel()
                await asyncio.gather(*slots, return_exceptions=True)
            finally:
                lobby.stop()
    if args.profile is not None:
        show_profile(args.profile)
    return result_of(args, board, receipts, stats, probe_stats,
                     ((cpu1 - cpu0), (bench1 - bench0), (busy1 - busy0)))


def result_of(args: argparse.Namespace, board: Board, receipts: Receipts, stats: Stats,
              probe_stats: Stats, cpu: tuple[float, float, float]) -> Result:
    """The numbers of a run (NaN: no sample); an update that arrived before the sit's
    answer counts 0 ms."""
    delays, in_window = [], []
    for game, times in receipts.taken.items():
        sat = board.sat.get(game)
        if sat is None:
            continue
        shown = [1000 * max(0.0, t - sat) for t in times]
        delays.extend(shown)
        if board.window[0] <= sat <= board.window[1]:
            in_window.extend(shown)
    moves = [1000 * r for r in probe_stats.rtts]
    all_moves = [1000 * r for r in stats.rtts + probe_stats.rtts]
    if not delays and not all_moves:
        raise RuntimeError(f"nothing measured; failures: "
                           f"{(stats.failures + probe_stats.failures)[:3]}")
    nan = float("nan")
    server_cpu, bench_cpu, busy = cpu
    updates = sum(board.window[0] <= t <= board.window[1] for t in receipts.updates)
    return Result(
        lobby=args.lobby, games=args.games, probes=args.probes, update_samples=len(delays),
        update_p50=statistics.median(delays) if delays else nan,
        update_p99=percentile(delays, 0.99) if delays else nan,
        window_update_samples=len(in_window),
        window_update_p99=percentile(in_window, 0.99) if in_window else nan,
        moves=len(moves), move_p50=statistics.median(moves) if moves else nan,
        move_p99=percentile(moves, 0.99) if moves else nan, all_moves=len(all_moves),
        all_move_p99=percentile(all_moves, 0.99) if all_moves else nan,
        updates_sent=updates, server_cpu=server_cpu / args.duration,
        bench_cpu=bench_cpu / args.duration,
        other_cpu=max(0.0, busy - server_cpu - bench_cpu) / args.duration,
        closed=receipts.closed, failures=(stats.failures + probe_stats.failures)[:5])


HEADER = [
    "| lobby sockets | games + probes | update samples | update p50 ms | update p99 ms "
    "| probe moves | move p50 ms | move p99 ms | all moves | all moves' p99 ms "
    "| updates received | server CPU | bench CPU | others' CPU | lobby sockets lost "
    "| p99 ≤ 100 / 50 ms |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
]

NOTES = [
    "A fresh `gin serve` (SQLite, WAL, synchronous=FULL); the games are started evenly over "
    "the ramp, the window begins a warm-up after it. `update`: from the sitter's `sit` "
    "answer to each lobby socket's `lobby_update` showing the place taken (one sample per "
    "socket and game started while the sockets are open, most during the ramp; one that "
    "arrives before the answer counts 0). `move`: a probe's round trip from its send to the "
    "`ack` of its committed move, in the window (the probes are listed games like the "
    "others, whose bots move every `--probe-every` seconds); `all moves`: every bot's. "
    "`updates received`: lobby_update messages all the lobby sockets received in the "
    "window. The lobby's sockets are read by a process of their own. CPU columns: share of "
    "one core (`bench CPU`: both of the bench's processes); `others' CPU` is what other "
    "processes used meanwhile (the machine is shared), out of 200%. The bench's clients "
    "run on the same two cores as the server.",
]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lobby", type=int, default=500, help="lobby sockets (default 500)")
    parser.add_argument("--games", type=int, default=200, help="listed games (default 200)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a bot waits before each move")
    parser.add_argument("--target", type=int, default=100,
                        help="the games' target score (default 100; shorter games start more "
                        "often, and the server's work of starting games grows)")
    parser.add_argument("--ramp", type=float, default=10.0,
                        help="seconds over which the games are started (default 10)")
    parser.add_argument("--probes", type=int, default=4,
                        help="listed games besides --games whose moves are the verdict's "
                        "samples (default 4)")
    parser.add_argument("--probe-every", type=float, default=0.5,
                        help="seconds between a probe's moves (default 0.5)")
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds after the ramp before the window (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gin", default=None, metavar="COMMAND")
    parser.add_argument("--profile", type=Path, default=None, metavar="FILE",
                        help="run the server under cProfile, writing FILE (and FILE's .txt: "
                        "its top functions)")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    if args.probes < 1:
        parser.error("--probes: at least one probe gives the moves' samples")
    result = asyncio.run(measure(args))
    print(result.row(), flush=True)
    print(f"  window update samples {result.window_update_samples:,}, p99 "
          f"{result.window_update_p99:.1f} ms", flush=True)
    if result.failures:
        print(f"  failures {result.failures}", flush=True)
    command = (f"python -m bench.bench_lobby_load --lobby {args.lobby} --games {args.games} "
               f"--think {args.think:g} --target {args.target} --ramp {args.ramp:g} "
               f"--warmup {args.warmup:g} --duration {args.duration:g} --probes {args.probes} "
               f"--probe-every {args.probe_every:g}")
    verdict = (f"Target (issue 14): with {args.lobby} lobby sockets and {args.games} games, "
               f"lobby update p99 ≤ {TARGET_UPDATE_MS:g} ms and move p99 ≤ "
               f"{TARGET_MOVE_MS:g} ms: update p99 {result.update_p99:.1f} ms, move p99 "
               f"{result.move_p99:.1f} ms, {'met' if result.met else 'missed'}. "
               + (f"The {result.window_update_samples:,} update samples of the games sat in "
                  f"the window alone (after the ramp): p99 {result.window_update_p99:.1f} ms."
                  if result.window_update_samples else
                  "Every game was sat during the ramp (no game started in the window)."))
    body = [*report_head(command), *HEADER, result.row(), "", verdict, "", *NOTES]
    if result.failures:
        body.append(f"Failures: {result.failures}.")
    publish("bench_lobby_load", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
