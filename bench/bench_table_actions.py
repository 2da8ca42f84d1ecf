"""What one table action costs the server, and what it sends: the current tree against an older
server's, side by side in one run (issue 33's measure).

Run from the repository root:
  python -m bench.bench_table_actions [--games 100] [--seed 1] [--old 8ab325b]
      [--only current|old] [--wire 1|2] [--json FILE] [--write]

Both servers are real ``gin serve`` subprocesses on 127.0.0.1, each with a fresh SQLite file,
run with this interpreter (the same dependencies): the current tree is this checkout, the old
one a ``git worktree add --detach`` of ``--old`` in a temporary folder (``--old-tree``: a
checkout already made), each put first on ``PYTHONPATH`` and started as ``python -m ginrummy
serve``. The ``serve`` options that lift the per-client limits are given to a server only if
its ``serve --help`` names them.

A game is what two people and one watcher do through the public API: ``POST /api/games``
against a friend, the creator's WebSocket with its seat token, the friend's with the invite
(which takes the seat), and a watcher's with the watch token. Each player's client reads the
state the server sends it and, when it is to act, sends the move a simple deterministic bot
chooses from its ``legal`` actions (:func:`bench.bench_server_load.choose`), at once (no
thinking time); between hands and before the first deal it says ``ready`` with a seed of its
own and the commitment shown. The watcher only reads. A game ends when all three sockets have
been shown it over; they are closed, and the next game starts.

The servers play the same games: game ``k`` on both servers, one server after the other, the
order switched every round (so that both share the machine's noise), each from the same
client seeds, and each server's randomness (deal seeds, game ids, tokens) drawn from
``random.Random(--seed)`` in place of the operating system's (the launcher swaps
``random.SystemRandom`` before the server is imported: a benchmark's tokens need no secrecy).
Whether the games were the same is checked (each game's sequence of actions) and reported.

Measured for each server, over all its games:

- **server CPU per action**: the server process's user + system CPU time (``/proc``, every
  thread), read before the game is created and after its sockets are closed (and a short
  settle), summed over the games and divided by the actions acknowledged (``ack`` of an
  ``action``; the games' creation, connections and ``ready`` are in the numerator too);
- **bytes per action** received by a player's socket (the two players' mean) and by the
  watcher's: the messages' payload as the client library hands them over (after
  permessage-deflate, when negotiated), and the bytes that arrived on the TCP connection
  after the handshake (frame headers included: compressed on the wire when
  permessage-deflate is on; which extension each socket negotiated is reported);
- **move round trip** p50 and p99: from the send of an ``action`` to its ``ack``.

Only the wire format is read, in :class:`SeatClient` and :func:`watch`: a server that speaks a
new one is taught there. With ``--wire 2`` the current tree's sockets read its wire 2 (the
table's events, :mod:`bench.table_actions_wire_two`); the old server's, wire 1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import orjson
from tqdm import tqdm
from websockets.asyncio.client import ClientConnection, connect

from bench.bench_server_load import (
    HOST,
    RATE_LIMIT,
    RECV_TIMEOUT,
    choose,
    cpu_seconds,
    free_port,
    http_json,
    machine_busy,
    percentile,
    stop,
    wait_up,
)
from bench.report import add_write_flag, publish, report_head
from bench.seat_figures import SeatFigures
from bench.table_actions_wire_two import SeatClientTwo, watch_two

REPO = Path(__file__).resolve().parent.parent
OLD = "8ab325b"
SETTLE = 0.2
"""Seconds after a game's sockets close before its CPU is read (the server's last work)."""
MAX_MESSAGES = 20_000
LIMIT_OPTIONS = (("--request-limit", "0"), ("--create-limit", "0"), ("--hint-limit", "0"),
                 ("--events-limit", "0"), ("--sockets-per-game", "0"),
                 ("--sockets-per-address", "0"), ("--connections-per-address", "0"),
                 ("--max-connections", "0"), ("--open-tables", "0"),
                 ("--idle-seconds", "0"), ("--adjourn-seconds", "0"))
"""Every client is one address on loopback; no idle stand-in or adjournment mid-game."""

LAUNCH = """
import random, runpy, sys
seed = int(sys.argv[1])
class Seeded(random.Random):
    def __init__(self, _=None):
        super().__init__(seed)
random.SystemRandom = Seeded
sys.argv = ["gin", *sys.argv[2:]]
runpy.run_module("ginrummy", run_name="__main__", alter_sys=True)
"""
"""``python -m ginrummy`` whose randomness comes from ``random.Random(seed)``: the server draws
its deals' seeds from a ``random.SystemRandom()`` made when it starts, and its game ids (on
which a deck depends too) and tokens from ``secrets``, which makes one when imported."""


class CountingConnection(ClientConnection):
    """A client connection that counts the bytes the TCP connection delivers."""

    wire_bytes = 0

    def data_received(self, data: bytes) -> None:
        self.wire_bytes += len(data)
        super().data_received(data)


@dataclass
class Socket:
    """What one socket received over a game."""

    payload: int = 0
    wire: int = 0
    messages: int = 0
    extension: str = ""


async def open_socket(port: int, game_id: str, token: str, wire: int = 1
                      ) -> tuple[CountingConnection, int]:
    query = "" if wire == 1 else f"&wire={wire}"
    ws = await connect(f"ws://{HOST}:{port}/ws/{game_id}?token={token}{query}",
                       create_connection=CountingConnection, max_size=2**22,
                       ping_interval=None, open_timeout=RECV_TIMEOUT, close_timeout=5)
    assert isinstance(ws, CountingConnection)
    return ws, ws.wire_bytes  # the handshake's bytes, left out


def extension_of(ws: ClientConnection) -> str:
    assert ws.response is not None
    offered = ws.response.headers.get("Sec-WebSocket-Extensions", "")
    return offered.split(";")[0].strip() or "none"


async def read(ws: ClientConnection, socket: Socket) -> dict[str, Any]:
    raw = await asyncio.wait_for(ws.recv(decode=False), RECV_TIMEOUT)
    socket.payload += len(raw)
    socket.messages += 1
    message: dict[str, Any] = orjson.loads(raw)
    return message


def commitment_shown(state: dict[str, Any]) -> str | None:
    """The commitment of the next deal this player plays, as its state shows it."""
    for entry in (state.get("fair") or {}).get("next") or []:
        if state.get("you") in entry["players"]:
            return str(entry["commitment"])
    return None


class SeatClient(SeatFigures):
    """One player's client: keeps the latest state, and plays when it is to act."""

    def __init__(self, ws: ClientConnection, seed: str) -> None:
        super().__init__(ws, seed)
        self.socket = Socket(extension=extension_of(ws))
        self.n = -1
        self.state: dict[str, Any] = {}

    async def play(self) -> None:
        """Play until the game is over."""
        for _ in range(MAX_MESSAGES):
            message = await read(self.ws, self.socket)
            kind = self.take_reply(message, time.perf_counter(), self.n)
            if kind in ("snapshot", "event") and message["n"] >= self.n:
                self.n, self.state = message["n"], message["state"]
            if self.state.get("stage") == "over":
                return
            await self.maybe_move()
        raise RuntimeError("the game did not end")

    async def maybe_move(self) -> None:
        if self.pending is not None or self.n < self.wait_n:
            return
        state = self.state
        stage, to_act = state.get("stage"), state.get("to_act")
        mine = self.seat in to_act if isinstance(to_act, list) else to_act == self.seat
        if stage == "hand" and mine:
            action = choose(state["view"])
            await self.send({"type": "action", "action": action, "expect": self.n}, action)
        elif (stage == "between_hands" and not state["seats"][self.seat or 0]["ready"]) or (
                stage == "waiting" and state.get("first_deal_awaits_you")):
            hand = state.get("hand_number")
            if self.ready_for == (stage, hand):
                return
            self.ready_for = (stage, hand)
            message: dict[str, Any] = {"type": "ready", "expect": self.n}
            commitment = commitment_shown(state)
            if commitment is not None:
                message |= {"seed": f"{self.seed}-{stage}-{hand}", "commitment": commitment}
            await self.send(message, "ready")



async def watch(ws: ClientConnection, socket: Socket) -> None:
    """The watcher: reads until it is shown the game over."""
    for _ in range(MAX_MESSAGES):
        message = await read(ws, socket)
        if message.get("type") in ("snapshot", "event") and (
                message["state"].get("stage") == "over"):
            return
    raise RuntimeError("the watched game did not end")


@dataclass
class Game:
    """One game's figures on one server."""

    actions: int
    cpu: float
    players: list[Socket]
    watcher: Socket
    rtts: list[float]
    moves: str
    """A digest of the game's actions in order, to tell whether two servers played it alike."""
    errors: dict[str, int]


@dataclass
class Server:
    """A running ``gin serve`` of one tree."""

    name: str
    tree: Path
    port: int
    pid: int
    wire: int = 1
    games: list[Game] = field(default_factory=list)


def launcher(seed: int) -> list[str]:
    """The command that runs ``gin`` with seeded deals (of the tree first on the import
    path)."""
    return [sys.executable, "-c", LAUNCH, str(seed)]


def limit_options(tree: Path) -> list[str]:
    """The limit-lifting options this tree's ``gin serve`` knows (asked from elsewhere than
    the current folder, which ``python -m`` would put before ``PYTHONPATH``)."""
    helped = subprocess.run([sys.executable, "-m", "ginrummy", "serve", "--help"],
                            capture_output=True, text=True, check=True,
                            cwd=tempfile.gettempdir(),
                            env={**os.environ, "PYTHONPATH": str(tree)}).stdout
    return [part for option, value in LIMIT_OPTIONS if f"{option} " in helped
            for part in (option, value)]


@contextlib.contextmanager
def serve(tree: Path, folder: Path, port: int, seed: int) -> Iterator[subprocess.Popen[bytes]]:
    """``tree``'s ``gin serve`` on ``port``, a fresh SQLite file in ``folder``, no delay for
    computers, the per-client limits lifted; stopped by SIGINT (uvicorn's clean shutdown)."""
    command = [*launcher(seed), "serve", "--host", HOST, "--port", str(port),
               "--database", f"sqlite:///{folder / 'actions.sqlite3'}",
               "--computer-delay", "0", "--rate-limit", str(RATE_LIMIT), *limit_options(tree)]
    with (folder / "server.log").open("w") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder,
                                   env={**os.environ, "PYTHONPATH": str(tree)})
        try:
            yield process
        finally:
            stop(process)


@contextlib.contextmanager
def old_tree(revision: str, given: Path | None) -> Iterator[Path]:
    """A checkout of ``revision``: ``given``, or a detached worktree removed afterwards."""
    if given is not None:
        yield given
        return
    folder = Path(tempfile.mkdtemp(prefix="gin-old-server-"))
    tree = folder / "tree"
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(tree),
                    revision], check=True, capture_output=True)
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)],
                       check=False, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


async def play_game(srv: Server, number: int, args: argparse.Namespace) -> Game:
    """Game ``number`` on ``srv``: created, played by two clients, watched by a third."""
    cpu0 = cpu_seconds(srv.pid)
    status, made = await http_json(srv.port, "POST", "/api/games", {
        "opponent": "friend", "name": "Ann", "options": {"target": args.target}})
    if status != 201:
        raise RuntimeError(f"{srv.name}: create answered {status} {made}")
    game_id = made["game_id"]
    opened = [await open_socket(srv.port, game_id, made[key], srv.wire)
              for key in ("token", "invite_token", "watch_token")]
    watcher = Socket(extension=extension_of(opened[2][0]))
    seeds = (f"s{args.seed}-g{number}-a", f"s{args.seed}-g{number}-b")
    seats: list[SeatClient | SeatClientTwo]
    if srv.wire == 2:
        seats = [SeatClientTwo(ws, seed, Socket(extension=extension_of(ws)), read)
                 for (ws, _), seed in zip(opened, seeds, strict=False)]
        watching = watch_two(opened[2][0], watcher, read)
    else:
        seats = [SeatClient(ws, seed) for (ws, _), seed in zip(opened, seeds, strict=False)]
        watching = watch(opened[2][0], watcher)
    try:
        await asyncio.gather(*(seat.play() for seat in seats), watching)
    finally:
        for ws, _ in opened:
            await ws.close()
    for sock, (ws, skip) in zip([*(s.socket for s in seats), watcher], opened, strict=True):
        sock.wire = ws.wire_bytes - skip
    await asyncio.sleep(SETTLE)
    cpu = cpu_seconds(srv.pid) - cpu0
    moves = hashlib.sha256("|".join(
        f"{i}:{a}" for i, seat in enumerate(seats) for a in seat.actions).encode()).hexdigest()
    errors: dict[str, int] = {}
    for seat in seats:
        for code, count in seat.errors.items():
            errors[code] = errors.get(code, 0) + count
    return Game(actions=sum(len(s.rtts) for s in seats), cpu=cpu,
                players=[s.socket for s in seats], watcher=watcher,
                rtts=[r for s in seats for r in s.rtts], moves=moves[:16], errors=errors)


@dataclass
class Figures:
    """A server's figures over all its games."""

    server: str
    revision: str
    games: int
    actions: int
    cpu_ms_per_action: float
    player_bytes_per_action: float
    player_wire_bytes_per_action: float
    watcher_bytes_per_action: float
    watcher_wire_bytes_per_action: float
    rtt_p50_ms: float
    rtt_p99_ms: float
    player_extension: str
    watcher_extension: str
    errors: dict[str, int]


MEASURES = (("cpu_ms_per_action", "server CPU ms per action", 3),
            ("player_bytes_per_action", "player socket, payload bytes per action", 0),
            ("player_wire_bytes_per_action", "player socket, wire bytes per action", 0),
            ("watcher_bytes_per_action", "watcher socket, payload bytes per action", 0),
            ("watcher_wire_bytes_per_action", "watcher socket, wire bytes per action", 0),
            ("rtt_p50_ms", "move round trip p50 ms", 2),
            ("rtt_p99_ms", "move round trip p99 ms", 2))


def figures_of(srv: Server, revision: str) -> Figures:
    games = srv.games
    actions = sum(g.actions for g in games)
    rtts = [1000 * r for g in games for r in g.rtts]
    errors: dict[str, int] = {}
    for g in games:
        for code, count in g.errors.items():
            errors[code] = errors.get(code, 0) + count

    def per_action(total: float) -> float:
        return total / actions if actions else float("nan")

    return Figures(
        server=srv.name, revision=revision, games=len(games), actions=actions,
        cpu_ms_per_action=per_action(1000 * sum(g.cpu for g in games)),
        player_bytes_per_action=per_action(sum(p.payload for g in games for p in g.players) / 2),
        player_wire_bytes_per_action=per_action(sum(p.wire for g in games for p in g.players)
                                                / 2),
        watcher_bytes_per_action=per_action(sum(g.watcher.payload for g in games)),
        watcher_wire_bytes_per_action=per_action(sum(g.watcher.wire for g in games)),
        rtt_p50_ms=statistics.median(rtts) if rtts else float("nan"),
        rtt_p99_ms=percentile(rtts, 0.99),
        player_extension=games[0].players[0].extension if games else "",
        watcher_extension=games[0].watcher.extension if games else "",
        errors=errors)


def revision_of(tree: Path) -> str:
    head = subprocess.run(["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(tree), "status", "--porcelain", "--", "ginrummy"],
                           capture_output=True, text=True, check=False).stdout.strip()
    return (head or "unknown") + (" with local changes" if dirty else "")


async def run(args: argparse.Namespace, trees: dict[str, Path]) -> tuple[
        list[Figures], int, float]:
    """Play ``--games`` rounds on every server; the figures, the games played alike on all of
    them, and the machine's load (others' CPU, 1.0 = one core) over the run."""
    async with contextlib.AsyncExitStack() as stack:
        servers: list[Server] = []
        for name, tree in trees.items():
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(
                prefix=f"gin-actions-{name}-")))
            port = free_port()
            process = stack.enter_context(serve(tree, folder, port, args.seed))
            await wait_up(port, process)
            wire = args.wire if name == "current" else 1
            servers.append(Server(f"{name} wire {wire}" if wire != 1 else name, tree, port,
                                  process.pid, wire))
        busy0, own0 = machine_busy(), sum(cpu_seconds(s.pid) for s in servers)
        self0 = time.process_time()
        wall0 = time.perf_counter()
        with tqdm(total=args.games * len(servers), unit="game", desc="games",
                  disable=args.quiet) as bar:
            for number in range(args.games):
                order = servers if number % 2 == 0 else servers[::-1]
                for srv in order:
                    srv.games.append(await play_game(srv, number, args))
                    bar.update(1)
                    bar.set_postfix_str(f"{srv.name} {srv.games[-1].actions} actions")
        wall = time.perf_counter() - wall0
        others = (machine_busy() - busy0) - (sum(cpu_seconds(s.pid) for s in servers) - own0) - (
            time.process_time() - self0)
    figures = [figures_of(s, revision_of(s.tree)) for s in servers]
    alike = sum(len({s.games[k].moves for s in servers}) == 1 for k in range(args.games))
    return figures, alike, max(0.0, others) / wall


def ratio(new: float, old: float) -> str:
    return f"{new / old:.2f}" if old else "n/a"


def report(figures: list[Figures], alike: int, args: argparse.Namespace, others: float,
           ) -> list[str]:
    """The report's table (one column per server, and new/old), and its notes."""
    names = [f"{f.server} ({f.revision})" for f in figures]
    both = len(figures) == 2
    lines = ["| measure | " + " | ".join(names) + (" | new/old |" if both else " |"),
             "|---|" + "---:|" * (len(figures) + both)]
    rows = [("games / actions acknowledged",
             [f"{f.games} / {f.actions:,}" for f in figures], "")]
    for key, label, digits in MEASURES:
        values = [getattr(f, key) for f in figures]
        rows.append((label, [f"{v:,.{digits}f}" for v in values],
                     ratio(values[0], values[1]) if both else ""))
    rows.append(("permessage-deflate (player / watcher)",
                 [f"{f.player_extension} / {f.watcher_extension}" for f in figures], ""))
    for label, cells, last in rows:
        lines.append(f"| {label} | " + " | ".join(cells) + (f" | {last} |" if both else " |"))
    notes = [""]
    if both:
        notes.append(f"The same games: {alike} of {args.games} played move for move alike on "
                     "both servers.")
    errors = {f.server: f.errors for f in figures if f.errors}
    if errors:
        notes.append(f"Errors answered to the players: {errors}.")
    notes.append(f"Others' CPU during the run: {100 * others:.0f}% of 200%.")
    notes.append(
        "Each server is a fresh `gin serve` (SQLite, WAL, synchronous=FULL) playing one game "
        "at a time; the servers take turns game by game. `server CPU`: the server process's "
        "user + system time over each game (its creation, three WebSockets, the readies and "
        "the moves) per acknowledged action. `payload`: the messages' bytes as the client "
        "reads them (decompressed); `wire`: the bytes received on the TCP connection after "
        "the handshake (frames, compressed when permessage-deflate is on). A player's socket: "
        "the mean of the two. `round trip`: from an action's send to its `ack`, one game at a "
        "time (no queueing). The clients run on the same two cores as the servers.")
    return [*lines, *notes]


def command_of(args: argparse.Namespace) -> str:
    parts = [f"python -m bench.bench_table_actions --games {args.games} --seed {args.seed} "
             f"--target {args.target}"]
    if args.only:
        parts.append(f"--only {args.only}")
    if args.wire != 1:
        parts.append(f"--wire {args.wire}")
    if args.only != "current":
        parts.append(f"--old {args.old}")
    return " ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games played on each server (default 100)")
    parser.add_argument("--seed", type=int, default=1,
                        help="the servers' deals and the clients' seeds (default 1)")
    parser.add_argument("--target", type=int, default=100,
                        help="the games' target score (default 100)")
    parser.add_argument("--old", default=OLD, metavar="REVISION",
                        help=f"the older server to compare with (default {OLD})")
    parser.add_argument("--old-tree", type=Path, default=None, metavar="PATH",
                        help="a checkout of the older server already made (default: a "
                        "temporary worktree of --old)")
    parser.add_argument("--only", choices=("current", "old"), default=None,
                        help="run one server only")
    parser.add_argument("--wire", type=int, choices=(1, 2), default=1,
                        help="the wire the current tree's sockets read (default 1; the old "
                        "server's read wire 1)")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE",
                        help="also write the figures as JSON to FILE ('-': standard output)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_write_flag(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: at least one")
    with old_tree(args.old, args.old_tree) if args.only != "current" else (
            contextlib.nullcontext(REPO)) as old:
        trees = {"current": REPO, "old": old}
        if args.only:
            trees = {args.only: trees[args.only]}
        figures, alike, others = asyncio.run(run(args, trees))
    body = [*report_head(command_of(args)), *report(figures, alike, args, others)]
    if args.json is not None:
        data = json.dumps({"command": command_of(args), "date": datetime.date.today().isoformat(),
                           "games_alike": alike, "others_cpu": others,
                           "servers": [asdict(f) for f in figures]}, indent=2)
        if str(args.json) == "-":
            print(data)
        else:
            args.json.write_text(data + "\n")
    publish("bench_table_actions", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
