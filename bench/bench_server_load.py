"""Load benchmark of the game server: N concurrent bot-driven WebSocket games on loopback.

Run from the repository root:  python -m bench.bench_server_load [--games 50 100 200] [--write]

For each N it starts a real ``gin serve`` (a subprocess on 127.0.0.1, a fresh SQLite file in a
temporary folder, ``--computer-delay 0``, a raised ``--rate-limit``) and plays N games at once
through the public protocol: ``POST /api/games`` and one WebSocket per bot seat. With
``--opponent friend`` (the default) both seats of every game are bots, so every move goes
over a WebSocket; with ``--opponent computer`` each game is one bot against the server's
computer (level 1). A bot reads the state in the events and plays from it: it knocks when it
may, takes the upcard or the discard when it makes a meld, otherwise draws from the stock and
throws its highest unmatched card, lays off and melds what it can; between hands it sends
``ready``. A slot whose game ends starts another.

Each bot waits ``--think`` seconds (uniform 0.5x to 1.5x that, for people are never in step)
before each move it makes, then sends it and times the round trip from the send to its
``ack``: the server has checked the move, written it to the database and committed (with
SQLite's ``synchronous=FULL``) before it acknowledges. ``--think 0`` plays as fast as the
server answers: a closed loop that measures the throughput at saturation, where the latency
is only queueing. Round trips and actions are counted in a window of ``--duration`` seconds
that starts ``--warmup`` seconds after the last game has connected. The bots run in this
process, on the same two cores as the server; the CPU time of both is reported.

Everything stops by itself: the window ends, each bot finishes its move in flight, the
WebSockets close, the server is terminated. Only 127.0.0.1 is used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from bench.report import add_write_flag, publish, report_head

HOST = "127.0.0.1"
TARGET_MS = 50.0
TARGET_GAMES = 200
RATE_LIMIT = 10_000
MAX_MESSAGES_PER_GAME = 50_000
RECV_TIMEOUT = 60.0
RANKS = "A23456789TJQK"
NO_LIMITS = ("--request-limit", "0", "--create-limit", "0", "--sockets-per-game", "0",
             "--sockets-per-address", "0", "--connections-per-address", "0",
             "--max-connections", "0")
"""All the bots are one client on loopback: the per-client limits are lifted."""
NEWER_LIMITS = ("--open-tables", "0")
"""Limits that older servers (run with ``--gin``) do not have: given only to a server whose
``serve --help`` names them."""


# ---------------------------------------------------------------- the bot's policy


def card_value(name: str) -> int:
    return min(RANKS.index(name[0]) + 1, 10)


def makes_meld(card: str, hand: Sequence[str]) -> bool:
    """Whether ``card`` with two cards of ``hand`` forms a set or a run."""
    rank, suit = RANKS.index(card[0]), card[1]
    if sum(1 for c in hand if c[0] == card[0]) >= 2:
        return True
    own = {RANKS.index(c[0]) for c in hand if c[1] == suit}
    return any({rank + a, rank + b} <= own for a, b in ((-2, -1), (-1, 1), (1, 2)))


def choose(view: dict[str, Any]) -> str:
    """A quick, sensible move from a seat's ``view`` (one of ``view["legal"]``)."""
    legal: list[str] = view["legal"]
    if "big gin" in legal:
        return "big gin"
    unmatched: list[str] = view.get("arrangement", {}).get("unmatched", [])
    knocks = [a for a in legal if a.startswith("knock ")]
    if knocks:  # the knock that throws the highest unmatched card
        return max(knocks, key=lambda a: (a[6:] in unmatched, card_value(a[6:])))
    if "take" in legal and view["pile"] and makes_meld(view["pile"][-1], view["hand"]):
        return "take"
    for simple in ("stock", "pass"):
        if simple in legal:
            return simple
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        return max(discards, key=lambda a: (a[8:] in unmatched, card_value(a[8:])))
    for prefix in ("layoff ", "meld "):
        for action in legal:
            if action.startswith(prefix):
                return action
    return "done" if "done" in legal else legal[0]


# ---------------------------------------------------------------- measuring


@dataclass
class Stats:
    window: tuple[float, float] = (float("inf"), float("inf"))
    rtts: list[float] = field(default_factory=list)
    """Action round trips (seconds) inside the window."""
    ready_rtts: list[float] = field(default_factory=list)
    actions_total: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    hands_finished: int = 0
    connected: int = 0
    failures: list[str] = field(default_factory=list)
    stop_at: float = float("inf")
    """No bot starts a move after this moment (set when the window ends)."""

    def inside(self, moment: float) -> bool:
        return self.window[0] <= moment <= self.window[1]


async def http_json(port: int, method: str, path: str, body: Any = None,
                    source: str | None = None, timeout: float = RECV_TIMEOUT) -> tuple[int, Any]:
    """A minimal HTTP/1.1 request to the server on loopback (no client library needed), from
    the local address ``source`` if given; (status, JSON body or None; status 0: no answer)."""
    local = None if source is None else (source, 0)
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(HOST, port, local_addr=local), timeout)
    try:
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n")
        writer.write(head.encode() + data)
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1]) if header else 0
    try:
        return status, json.loads(payload) if payload else None
    except ValueError:
        return status, None


class Bot:
    """One seat of one game, played over its WebSocket."""

    def __init__(self, ws: ClientConnection, stats: Stats, think: float,
                 rng: random.Random) -> None:
        self.ws, self.stats, self.think, self.rng = ws, stats, think, rng
        self.seat: int | None = None
        self.n = -1
        self.state: dict[str, Any] = {}
        self.counter = 0
        self.pending: tuple[str, float, str] | None = None
        self.ready_for = -1
        self.wait_n = 0
        """The event number of the last ack: no move before that event has arrived."""
        self.move_task: asyncio.Task[None] | None = None

    async def play(self) -> str:
        """Play until the game is over or the run stops; how it ended."""
        for _ in range(MAX_MESSAGES_PER_GAME):
            if time.perf_counter() > self.stats.stop_at and self.pending is None and not (
                self.move_task and not self.move_task.done()
            ):
                return "stopped"
            try:
                raw = await asyncio.wait_for(self.ws.recv(), RECV_TIMEOUT)
            except TimeoutError:
                return "timeout"
            now = time.perf_counter()
            message = orjson.loads(raw)  # the bots share the server's cores: read fast
            kind = message["type"]
            if kind == "hello":
                self.seat = message["seat"]
            elif kind == "ack" and self.pending and message.get("id") == self.pending[0]:
                ident, sent, what = self.pending
                self.pending = None
                self.wait_n = message["n"]
                if self.stats.inside(sent):
                    chosen = self.stats.rtts if what == "action" else self.stats.ready_rtts
                    chosen.append(now - sent)
                self.stats.actions_total += what == "action"
            elif kind == "error":
                self.stats.errors[message["code"]] += 1
                if self.pending and message.get("id") == self.pending[0]:
                    self.pending = None
            elif kind in ("snapshot", "event") and message["n"] >= self.n:
                self.n, self.state = message["n"], message["state"]
                if kind == "event" and message["event"]["kind"] == "deal" and self.seat == 0:
                    self.stats.hands_finished += message["event"]["hand_number"] > 1
            if self.state.get("stage") == "over":
                if self.seat == 0:
                    self.stats.games_finished += 1
                return "over"
            self._maybe_move()
        return "too many messages"

    def _maybe_move(self) -> None:
        if self.pending is not None or (self.move_task and not self.move_task.done()):
            return
        if time.perf_counter() > self.stats.stop_at:
            return
        state = self.state
        if self.n < self.wait_n:
            return
        to_act = state.get("to_act")
        mine = self.seat in to_act if isinstance(to_act, list) else to_act == self.seat
        if state.get("stage") == "hand" and mine:
            message = {"type": "action", "action": choose(state["view"]), "expect": self.n}
            self.move_task = asyncio.create_task(self._send(message, "action"))
        elif state.get("stage") == "between_hands" and self.ready_for != state["hand_number"]:
            mine = state["seats"][self.seat or 0]
            if not mine["ready"]:
                self.ready_for = state["hand_number"]
                self.move_task = asyncio.create_task(self._send({"type": "ready"}, "ready"))

    async def _send(self, message: dict[str, Any], what: str) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
        self.counter += 1
        ident = f"b{self.counter}"
        message["id"] = ident
        self.pending = (ident, time.perf_counter(), what)
        await self.ws.send(json.dumps(message))


async def run_slot(slot: int, port: int, args: argparse.Namespace, stats: Stats,
                   all_connected: asyncio.Event) -> None:
    """Play games one after the other in one slot until the run stops."""
    rng = random.Random(args.seed * 1000 + slot)
    first = True
    while time.perf_counter() < stats.stop_at:
        body: dict[str, Any] = {"opponent": args.opponent, "preset": args.preset,
                                "name": f"bot{slot}"}
        if args.opponent == "computer":
            body["level"] = 1
        status, game = await http_json(port, "POST", "/api/games", body)
        if status != 201:
            stats.failures.append(f"create: {status} {game}")
            return
        stats.games_started += 1
        tokens = [game["token"]] + ([game["invite_token"]] if args.opponent == "friend" else [])
        url = f"ws://{HOST}:{port}/ws/{game['game_id']}"
        async with contextlib.AsyncExitStack() as stack:
            sockets = [await stack.enter_async_context(
                connect(f"{url}?token={token}", max_size=2**22, ping_interval=None,
                        open_timeout=RECV_TIMEOUT, close_timeout=5))
                for token in tokens]
            if first:
                first = False
                stats.connected += 1
                if stats.connected == args.games_now:
                    all_connected.set()
            bots = [Bot(ws, stats, args.think, rng) for ws in sockets]
            ends = await asyncio.gather(*(bot.play() for bot in bots))
            for end in ends:
                if end in ("timeout", "too many messages"):
                    stats.failures.append(f"game {game['game_id']}: {end}")


# ---------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), 0 if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def machine_busy() -> float:
    """CPU seconds all the machine's cores have spent busy so far (Linux /proc/stat)."""
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def gin_command() -> list[str]:
    script = Path(sys.executable).with_name("gin")
    if script.exists():
        return [str(script)]
    found = shutil.which("gin")
    return [found] if found else [sys.executable, "-m", "ginrummy.cli"]


def known(gin: Sequence[str], options: Sequence[str], folder: Path) -> list[str]:
    """The pairs of ``options`` (name, value) that ``gin serve --help`` names."""
    helped = subprocess.run([*gin, "serve", "--help"], capture_output=True, text=True,
                            cwd=folder, check=False).stdout
    pairs = zip(options[::2], options[1::2], strict=True)
    return [part for name, value in pairs if f"{name} " in helped for part in (name, value)]


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a ``gin serve``: SIGINT (uvicorn shuts down cleanly), killed after 15 s."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def server(folder: Path, port: int, log: Path, gin: Sequence[str]) -> Any:
    command = [*gin, "serve", "--host", HOST, "--port", str(port),
               "--database", f"sqlite:///{folder / 'load.sqlite3'}", "--computer-delay", "0",
               "--rate-limit", str(RATE_LIMIT), *NO_LIMITS, *known(gin, NEWER_LIMITS, folder)]
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=folder)
        try:
            yield process
        finally:
            stop(process)


async def wait_up(port: int, process: subprocess.Popen[bytes], seconds: float = 120.0) -> None:
    """Wait for a ``gin serve`` to answer (a busy machine may take a minute to start it)."""
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gin serve exited with {process.returncode}")
        with contextlib.suppress(OSError, ValueError, IndexError):
            status, _ = await http_json(port, "GET", "/api")
            if status == 200:
                return
        await asyncio.sleep(0.2)
    raise RuntimeError(f"gin serve did not answer within {seconds:g} s")


@dataclass
class Result:
    games: int
    think: float
    opponent: str
    actions: int
    seconds: float
    p50: float
    p90: float
    p99: float
    worst: float
    ready_p99: float | None
    server_cpu: float
    bench_cpu: float
    other_cpu: float
    """CPU the machine's other processes used meanwhile (1.0 = one core)."""
    games_finished: int
    hands_finished: int
    errors: dict[str, int]
    failures: list[str]

    @property
    def rate(self) -> float:
        return self.actions / self.seconds

    def row(self) -> str:
        met = "yes" if self.p99 <= TARGET_MS else "no"
        return (f"| {self.games} | {self.opponent} | {self.think:g} | {self.actions:,} | "
                f"{self.rate:,.0f} | {self.p50:.1f} | {self.p90:.1f} | {self.p99:.1f} | "
                f"{self.worst:.0f} | {100 * self.server_cpu:.0f}% | "
                f"{100 * self.bench_cpu:.0f}% | {100 * self.other_cpu:.0f}% | "
                f"{self.hands_finished} | {met} |")


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def measure(games: int, args: argparse.Namespace) -> Result:
    args.games_now = games
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="gin-load-") as tmp:
        folder = Path(tmp)
        gin = shlex.split(args.gin) if args.gin else gin_command()
        with server(folder, port, folder / "server.log", gin) as process:
            await wait_up(port, process)
            stats = Stats()
            connected = asyncio.Event()
            slots = []
            for slot in range(games):
                slots.append(asyncio.create_task(run_slot(slot, port, args, stats, connected)))
                if slot % 10 == 9:
                    await asyncio.sleep(0.02)  # a ramp, not a thundering herd of handshakes
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(connected.wait(), args.ramp_timeout)
            start = time.perf_counter() + args.warmup
            end = start + args.duration
            stats.window = (start, end)
            await asyncio.sleep(max(0.0, start - time.perf_counter()))
            cpu0, bench0, busy0 = cpu_seconds(process.pid), own_cpu(), machine_busy()
            await asyncio.sleep(max(0.0, end - time.perf_counter()))
            cpu1, bench1, busy1 = cpu_seconds(process.pid), own_cpu(), machine_busy()
            stats.stop_at = end  # no new moves; the moves in flight get their answers
            await asyncio.wait(slots, timeout=5.0)
            for task in slots:
                task.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
            if process.poll() is not None:
                stats.failures.append(f"the server exited with {process.returncode}")
    rtts = [1000 * r for r in stats.rtts]
    if not rtts:
        raise RuntimeError(f"no action was measured; failures: {stats.failures[:3]}")
    ready = [1000 * r for r in stats.ready_rtts]
    return Result(
        games=games, think=args.think, opponent=args.opponent, actions=len(rtts),
        seconds=args.duration, p50=statistics.median(rtts), p90=percentile(rtts, 0.90),
        p99=percentile(rtts, 0.99), worst=max(rtts),
        ready_p99=percentile(ready, 0.99) if ready else None,
        server_cpu=(cpu1 - cpu0) / args.duration, bench_cpu=(bench1 - bench0) / args.duration,
        other_cpu=max(0.0, (busy1 - busy0) - (cpu1 - cpu0) - (bench1 - bench0)) / args.duration,
        games_finished=stats.games_finished, hands_finished=stats.hands_finished,
        errors=dict(stats.errors), failures=stats.failures[:5],
    )


NOTES = [
    "Each row is a fresh `gin serve` (SQLite, WAL, synchronous=FULL) and a 20 s window. "
    "`actions` are the bots' moves acknowledged in the window, p50/p99 their round trips "
    "from the send to the `ack`, which the server sends only after the move is committed. "
    "With `think` 0.5 each bot waits 0.25-0.75 s before a move (a quick human), about 1.9 "
    "moves per second per game; `think` 0 is a closed loop: the throughput at saturation, "
    "where the round trip is queueing. `computer`: one bot per game against the server's "
    "level-1 computer, whose moves (as many again) are not timed. CPU columns: share of one "
    "core during the window; `others' CPU` is what other processes on the machine used "
    "meanwhile (the machine is shared), out of 200%.",
]

HEADER = [
    "| games | opponent | think s | actions | actions/s | p50 ms | p90 ms | p99 ms | max ms "
    "| server CPU | bots CPU | others' CPU | hands ended | p99 ≤ 50 ms |",
    "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[50, 100, 200],
                        help="numbers of concurrent games, one run each (default: 50 100 200)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a bot waits before each move (0: as fast as possible)")
    parser.add_argument("--saturate", type=int, default=200, metavar="N",
                        help="also run N games with --think 0 for the throughput at "
                        "saturation (0: skip; default 200)")
    parser.add_argument("--opponent", choices=("friend", "computer"), default="friend")
    parser.add_argument("--computer", type=int, default=200, metavar="N",
                        help="also run N games of one bot against the server's computer "
                        "(level 1, no delay; 0: skip; default 200)")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--duration", type=float, default=20.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--ramp-timeout", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gin", default=None, metavar="COMMAND",
                        help="the command that runs gin (default: the gin beside this Python), "
                        "e.g. to compare another checkout: 'env PYTHONPATH=/tmp/old python -m "
                        "ginrummy.cli'")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    think, opponent = args.think, args.opponent
    runs = [(n, think, opponent) for n in args.games]
    if args.saturate:
        runs.append((args.saturate, 0.0, opponent))
    if args.computer and opponent != "computer":
        runs.append((args.computer, think, "computer"))
    results = []
    for games, args.think, args.opponent in runs:
        result = asyncio.run(measure(games, args))
        results.append(result)
        print(result.row(), flush=True)
        if result.errors or result.failures:
            print(f"  errors {result.errors}, failures {result.failures}", flush=True)
    command = (f"python -m bench.bench_server_load --games {' '.join(map(str, args.games))} "
               f"--think {think:g} --saturate {args.saturate} --opponent {opponent} "
               f"--computer {args.computer} --duration {args.duration:g} "
               f"--warmup {args.warmup:g}")
    target = next((r for r in results if r.games == TARGET_GAMES and r.think > 0
                   and r.opponent == opponent), None)
    verdict = (f"Target (issue 4): p99 ≤ {TARGET_MS:g} ms at {TARGET_GAMES} concurrent games: "
               + ("not run" if target is None else
                  f"p99 {target.p99:.1f} ms, {'met' if target.p99 <= TARGET_MS else 'missed'}")
               + ".")
    body = [*report_head(command), *HEADER,
            *[r.row() for r in results], "", verdict, "", *NOTES]
    errors = Counter[str]()
    for r in results:
        errors.update(r.errors)
    if errors:
        body.append(f"Errors answered during the runs: {dict(errors)}.")
    failures = [f for r in results for f in r.failures]
    if failures:
        body.append(f"Failures: {failures[:5]}.")
    publish("bench_server_load", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
