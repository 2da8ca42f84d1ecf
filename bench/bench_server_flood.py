"""Flood benchmark of the game server (issue 11): another player's move round trip while one
client floods the server, flood by flood, against a real ``gin serve`` on loopback.

Run from the repository root:
    python -m bench.bench_server_flood [--seconds 8] [--before 'env PYTHONPATH=/old python -m
        ginrummy.cli'] [--write]

A *player* (source address 127.0.0.9) plays games against the level-1 computer over its
WebSocket, waiting ``--think`` seconds before each move, and times each move from the send
to its ``ack``. Meanwhile one *flooding client* (source address 127.0.0.2: loopback has the
whole of 127.0.0.0/8, so the server sees two clients) runs one of these for the window:

* ``create``: 4 loops of ``POST /api/games``;
* ``sockets``: up to 400 WebSockets opened on one game and held;
* ``hints``: 6 loops of ``GET /hint`` on a game where its seat is to act;
* ``events``: 6 loops of ``GET /events?limit=500`` with a watch token, on a long game;
* ``slowloris``: 200 connections that send a header line every second, never the end;
* ``body``: 4 loops of ``POST /api/games`` with a 64 MB chunked body, sent as fast as
  the server reads it;
* ``pings``: 10 WebSockets sending ping frames as fast as they are answered;
* ``messages``: 10 WebSockets each sending 17 ``ping`` messages a second (under the old
  per-connection limit of 20).

Each flood has its own fresh server; the first row is the player alone. With ``--before``
the same runs are made against another checkout (the code before the limits), and both
are shown side by side. Everything is bounded: each window lasts ``--seconds``, every
flood task is cancelled at its end and the server is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from bench.bench_server_load import (
    choose,
    free_port,
    gin_command,
    http_json,
    percentile,
    stop,
    wait_up,
)
from bench.report import add_write_flag, publish, report_head

PLAYER = "127.0.0.9"
FLOODER = "127.0.0.2"
TIMEOUT = 10.0


@contextlib.contextmanager
def serving(folder: Path, port: int, gin: Sequence[str]) -> Iterator[subprocess.Popen[bytes]]:
    """``gin serve`` with its default limits (the computer without delay)."""
    command = [*gin, "serve", "--host", "127.0.0.1", "--port", str(port), "--database",
               f"sqlite:///{folder / 'flood.sqlite3'}", "--computer-delay", "0"]
    with (folder / "server.log").open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=folder)
        try:
            yield process
        finally:
            stop(process)


# ---------------------------------------------------------------- HTTP from an address


async def request(port: int, method: str, path: str, body: Any = None,
                  source: str = FLOODER) -> tuple[int, Any]:
    """One HTTP/1.1 request from ``source`` to the server; (status, JSON body or None)."""
    return await http_json(port, method, path, body, source=source, timeout=TIMEOUT)


def ws_url(port: int, game: dict[str, Any], token: str = "token") -> str:
    return f"ws://127.0.0.1:{port}/ws/{game['game_id']}?token={game[token]}"


async def open_ws(url: str, source: str) -> ClientConnection:
    return await connect(url, local_addr=(source, 0), ping_interval=None, max_size=2**22,
                         open_timeout=TIMEOUT, close_timeout=2)


# ---------------------------------------------------------------- the player


@dataclass
class Player:
    rtts: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)


async def play(port: int, think: float, stop_at: float, player: Player) -> None:
    """Games against the computer, one after the other, until ``stop_at``."""
    while time.perf_counter() < stop_at:
        status, game = await request(port, "POST", "/api/games", {"level": 1}, PLAYER)
        if status != 201:
            player.errors[f"create {status}"] += 1
            await asyncio.sleep(0.5)
            continue
        try:
            ws = await open_ws(ws_url(port, game), PLAYER)
        except (OSError, WebSocketException, TimeoutError) as failure:
            player.errors[type(failure).__name__] += 1
            continue
        try:
            await play_game(ws, think, stop_at, player)
        except (ConnectionClosed, TimeoutError) as failure:
            player.errors[type(failure).__name__] += 1
        finally:
            await ws.close()


async def play_game(ws: ClientConnection, think: float, stop_at: float, player: Player) -> None:
    state: dict[str, Any] = {}
    n, wait_n, counter = -1, 0, 0
    pending: tuple[str, float] | None = None
    readied = -1
    while time.perf_counter() < stop_at:
        message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        kind = message["type"]
        if kind == "ack" and pending and message.get("id") == pending[0]:
            player.rtts.append(time.perf_counter() - pending[1])
            pending, wait_n = None, message["n"]
        elif kind == "error":
            player.errors[message["code"]] += 1
            pending = None
        elif kind in ("snapshot", "event") and message["n"] >= n:
            n, state = message["n"], message["state"]
        if state.get("stage") == "over":
            return
        if pending is not None or n < wait_n:
            continue
        if state.get("stage") == "hand" and state.get("to_act") == 0:
            await asyncio.sleep(think)
            counter += 1
            pending = (f"m{counter}", time.perf_counter())
            await ws.send(json.dumps({"type": "action", "action": choose(state["view"]),
                                      "expect": n, "id": pending[0]}))
        elif state.get("stage") == "between_hands" and readied != state["hand_number"]:
            readied = state["hand_number"]
            await ws.send(json.dumps({"type": "ready"}))


# ---------------------------------------------------------------- the floods


@dataclass
class Tally:
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, what: str, by: int = 1) -> None:
        self.counts[what] += by

    def text(self, seconds: float) -> str:
        """``"created 900 (112/s), refused 429 12"``: counts, and rates for names in ``/s``."""
        parts = []
        for what, count in sorted(self.counts.items()):
            if what.endswith("/s"):
                parts.append(f"{what[:-2]} {count:,} ({count / seconds:,.0f}/s)")
            else:
                parts.append(f"{what} {count:,}")
        return ", ".join(parts)


async def loop(stop: asyncio.Event, body: Callable[[], Awaitable[None]]) -> None:
    while not stop.is_set():
        try:
            await body()
        except (OSError, ValueError, IndexError, TimeoutError, WebSocketException):
            await asyncio.sleep(0.05)


async def flood_create(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    async def once() -> None:
        status, _ = await request(port, "POST", "/api/games", {"level": 1})
        tally.add("created/s" if status == 201 else f"refused {status}/s")
    return [loop(stop, once) for _ in range(4)]


async def flood_sockets(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    _, game = await request(port, "POST", "/api/games", {"opponent": "friend"}, "127.0.0.3")
    held: list[ClientConnection] = []

    async def opener() -> None:
        try:
            while not stop.is_set() and len(held) < 400:
                ws = await open_ws(ws_url(port, game, "watch_token"), FLOODER)
                first = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
                if first["type"] == "hello":
                    held.append(ws)
                    tally.add("opened")
                else:
                    tally.add("refused")
                    await ws.close()
            await stop.wait()
        finally:
            await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)
    return [opener()]


async def seat_to_act(port: int) -> tuple[dict[str, Any], str]:
    """A game against the computer created by the flooder, once its seat is to act."""
    _, game = await request(port, "POST", "/api/games", {"level": 1}, "127.0.0.3")
    for _ in range(100):
        _, snap = await request(port, "GET", f"/api/games/{game['game_id']}?token="
                                f"{game['token']}", None, "127.0.0.3")
        if snap["state"].get("to_act") == 0:
            break
        await asyncio.sleep(0.1)
    return game, game["token"]


async def flood_hints(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    game, token = await seat_to_act(port)

    async def once() -> None:
        status, _ = await request(port, "GET", f"/api/games/{game['game_id']}/hint?token={token}")
        tally.add("answered/s" if status == 200 else f"refused {status}/s")
    return [loop(stop, once) for _ in range(6)]


async def long_game(port: int, events: int = 300) -> dict[str, Any]:
    """A game against the computer played by the flooder until it has ``events`` events."""
    _, game = await request(port, "POST", "/api/games", {"level": 1}, "127.0.0.3")
    async with await open_ws(ws_url(port, game), "127.0.0.3") as ws:
        deadline = time.perf_counter() + 60
        state: dict[str, Any] = {}
        n = -1
        while n < events and time.perf_counter() < deadline and state.get("stage") != "over":
            message = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
            if message["type"] in ("snapshot", "event") and message["n"] > n:  # once each
                n, state = message["n"], message["state"]
                if state.get("stage") == "hand" and state.get("to_act") == 0:
                    await asyncio.sleep(1 / 18)  # within the default 20 messages a second
                    await ws.send(json.dumps({"type": "action", "expect": n,
                                              "action": choose(state["view"])}))
                elif state.get("stage") == "between_hands" and not state["seats"][0]["ready"]:
                    await ws.send(json.dumps({"type": "ready"}))
    return game


async def flood_events(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    game = await long_game(port)

    async def once() -> None:
        status, _ = await request(port, "GET", f"/api/games/{game['game_id']}/events?token="
                                  f"{game['watch_token']}&limit=500")
        tally.add("pages/s" if status == 200 else f"refused {status}/s")
    return [loop(stop, once) for _ in range(6)]


async def flood_slowloris(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    async def one() -> None:
        """A connection that sends a header line a second; another when it is closed."""
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(FLOODER, 0))
            except OSError:
                await asyncio.sleep(0.5)
                continue
            tally.add("connections made")
            try:
                writer.write(f"GET /api HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
                line = 0
                while not stop.is_set():
                    await asyncio.sleep(1.0)
                    if reader.at_eof() or writer.is_closing():
                        break
                    writer.write(f"X-Slow-{line}: a\r\n".encode())
                    await writer.drain()
                    line += 1
                else:
                    tally.add("open at the end")
                    return
            except OSError:
                pass
            finally:
                writer.close()
            tally.add("closed by the server")
    return [one() for _ in range(200)]


async def flood_body(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    chunk = b"10000\r\n" + b" " * 0x10000 + b"\r\n"  # 64 KiB a chunk

    async def once() -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                       local_addr=(FLOODER, 0))
        answer = asyncio.create_task(reader.read(64))
        sent = 0
        try:
            writer.write(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                         .encode())
            while sent < 64 * 2**20 and not stop.is_set() and not answer.done():
                writer.write(chunk)
                await writer.drain()
                sent += 0x10000
            if not answer.done():
                writer.write(b"0\r\n\r\n")
                await writer.drain()
            head = await asyncio.wait_for(answer, TIMEOUT)
            tally.add(f"answered {head[9:12].decode() or 'nothing'}")
        except OSError:
            tally.add("cut off")
        finally:
            tally.add("KiB sent", sent // 1024)
            answer.cancel()
            writer.close()
    return [loop(stop, once) for _ in range(4)]


async def _watching(port: int, game: dict[str, Any], tally: Tally) -> ClientConnection | None:
    """The flooder's socket watching ``game``, or None (tallied as refused)."""
    try:
        return await open_ws(ws_url(port, game, "watch_token"), FLOODER)
    except (OSError, WebSocketException, InvalidStatus):
        tally.add("refused")
        return None


def _closed(tally: Tally, closed: ConnectionClosed) -> None:
    tally.add(f"closed {closed.rcvd.code if closed.rcvd else 'abruptly'}")


async def flood_pings(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    _, game = await request(port, "POST", "/api/games", {"opponent": "friend"}, "127.0.0.3")

    async def pinger() -> None:
        ws = await _watching(port, game, tally)
        if ws is None:
            return
        try:
            while not stop.is_set():
                waiter = await ws.ping()
                await asyncio.wait_for(waiter, TIMEOUT)
                tally.add("answered/s")
        except ConnectionClosed as closed:
            _closed(tally, closed)
        except TimeoutError:
            tally.add("timeout")
        finally:
            await ws.close()
    return [pinger() for _ in range(10)]


async def flood_messages(port: int, stop: asyncio.Event, tally: Tally) -> list[Awaitable[None]]:
    _, game = await request(port, "POST", "/api/games", {"opponent": "friend"}, "127.0.0.3")

    async def sender() -> None:
        ws = await _watching(port, game, tally)
        if ws is None:
            return

        async def drain() -> None:
            async for raw in ws:
                if json.loads(raw)["type"] == "pong":
                    tally.add("answered/s")

        reading = asyncio.create_task(drain())
        try:
            while not stop.is_set():
                await ws.send(json.dumps({"type": "ping"}))
                await asyncio.sleep(1 / 17)
        except ConnectionClosed as closed:
            _closed(tally, closed)
        finally:
            reading.cancel()
            await ws.close()
    return [sender() for _ in range(10)]


FLOODS: dict[str, Callable[[int, asyncio.Event, Tally], Awaitable[list[Awaitable[None]]]]] = {
    "create": flood_create, "sockets": flood_sockets, "hints": flood_hints,
    "events": flood_events, "slowloris": flood_slowloris, "body": flood_body,
    "pings": flood_pings, "messages": flood_messages,
}


# ---------------------------------------------------------------- a run


@dataclass
class Run:
    flood: str
    moves: int
    p50: float
    p99: float
    worst: float
    flood_got: str
    player_errors: dict[str, int]
    peak_mib: float
    """The server's peak resident memory (VmHWM)."""


async def measure(flood: str | None, gin: Sequence[str], args: argparse.Namespace) -> Run:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="gin-flood-") as tmp:
        folder = Path(tmp)
        with serving(folder, port, gin) as process:
            await wait_up(port, process)
            stop, tally = asyncio.Event(), Tally()
            tasks = []
            if flood is not None:
                jobs = await FLOODS[flood](port, stop, tally)
                tasks = [asyncio.ensure_future(job) for job in jobs]
                await asyncio.sleep(1.0)  # the flood is on before the window opens
            player = Player()
            stop_at = time.perf_counter() + args.seconds
            playing = asyncio.create_task(play(port, args.think, stop_at, player))
            await asyncio.sleep(args.seconds)
            stop.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(playing, TIMEOUT)
            pending = (await asyncio.wait(tasks, timeout=5))[1] if tasks else set()
            for task in [*pending, playing]:
                task.cancel()
            await asyncio.gather(*tasks, playing, return_exceptions=True)
            peak = peak_mib(process.pid)
    rtts = [1000 * r for r in player.rtts] or [float("nan")]
    return Run(flood or "none", len(player.rtts), statistics.median(rtts),
               percentile(rtts, 0.99), max(rtts), tally.text(args.seconds) or "-",
               dict(player.errors), peak)


def peak_mib(pid: int) -> float:
    """A process's peak resident memory in MiB (Linux /proc), NaN if unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return float("nan")


def table(after: list[Run], before: list[Run] | None) -> list[str]:
    if before is None:
        lines = ["| flood | moves | p50 ms | p99 ms | max ms | server MiB | the flood got |",
                 "|---|---:|---:|---:|---:|---:|---|"]
        lines += [f"| {r.flood} | {r.moves} | {r.p50:.1f} | {r.p99:.1f} | {r.worst:.0f} | "
                  f"{r.peak_mib:.0f} | {r.flood_got} |" for r in after]
        return lines
    lines = ["| flood | before: moves | p50 ms | p99 ms | MiB | after: moves | p50 ms | "
             "p99 ms | MiB | before, the flood got | after, the flood got |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for old, new in zip(before, after, strict=True):
        lines.append(f"| {new.flood} | {old.moves} | {old.p50:.1f} | {old.p99:.1f} | "
                     f"{old.peak_mib:.0f} | {new.moves} | {new.p50:.1f} | {new.p99:.1f} | "
                     f"{new.peak_mib:.0f} | {old.flood_got} | {new.flood_got} |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--floods", nargs="+", choices=list(FLOODS), default=list(FLOODS))
    parser.add_argument("--seconds", type=float, default=8.0, help="window per flood")
    parser.add_argument("--think", type=float, default=0.1,
                        help="seconds the player waits before each move")
    parser.add_argument("--gin", default=None, metavar="COMMAND",
                        help="the command that runs gin (default: the gin beside this Python)")
    parser.add_argument("--before", default=None, metavar="COMMAND",
                        help="the same runs against this gin too (e.g. the code before the "
                        "limits: 'env PYTHONPATH=/tmp/old python -m ginrummy.cli')")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    plan: list[str | None] = [None, *args.floods]
    gin = shlex.split(args.gin) if args.gin else gin_command()

    def one(flood: str | None, command: Sequence[str], label: str) -> Run:
        run = asyncio.run(measure(flood, command, args))
        print(f"  {label} {run.flood}: {run.moves} moves, p50 {run.p50:.1f} ms, p99 "
              f"{run.p99:.1f} ms; flood: {run.flood_got}; player errors "
              f"{run.player_errors}", flush=True)
        return run

    before: list[Run] | None = [] if args.before else None
    after = []
    for flood in plan:  # before and after in turn, so that both see the same machine
        if before is not None and args.before:
            before.append(one(flood, shlex.split(args.before), "before"))
        after.append(one(flood, gin, "after"))
    command = (f"python -m bench.bench_server_flood --seconds {args.seconds:g} --think "
               f"{args.think:g}" + (f" --before '{args.before}'" if args.before else ""))
    body = [*report_head(command), *table(after, before), "",
            f"Each row is a fresh `gin serve --computer-delay 0` (SQLite) with its default "
            f"limits; a {args.seconds:g} s window. `moves`, p50/p99: the other player's moves "
            f"(against the level-1 computer, {args.think:g} s between moves) from the send to "
            "the `ack`, from 127.0.0.9 while the flooding client works from 127.0.0.2. "
            "`MiB`: the server's peak resident memory. `the flood got`: what the flooding "
            "client obtained in the window (per second where marked); `KiB sent` of the "
            "big bodies counts what the kernel's socket buffers took too. Before: the code "
            "without the limits of issue 11; after: this checkout."]
    errors = {r.flood: r.player_errors for r in [*(before or []), *after] if r.player_errors}
    if errors:
        body.append(f"The player's errors: {errors}.")
    publish("bench_server_flood", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
