"""Password-hashing flood (issue 32, item 5): a signed-in player's ``GET /api/session`` while
eight addresses sign up and guess passwords, against a real ``gin serve`` on loopback.

Run from the repository root:
    python -m bench.bench_hash_flood [--seconds 6] [--before /path/to/an/older/checkout]

A *player* (127.0.0.90) signs up, then asks ``GET /api/session`` every 20 ms and times each
answer: first alone, then while eight flooding addresses (127.0.0.2 to 127.0.0.9: loopback has
the whole of 127.0.0.0/8) each make 5 sign-ups and 10 wrong sign-ins at once (120 password
hashes, all within the per-address limits), with the server's own Argon2 parameters
(RFC 9106 low memory: 64 MiB each). Printed: the player's answers' p50, p99 and worst, the
flood's answers by status, and the server's peak memory. With ``--before`` the same run is
made with that checkout's ``gin serve`` too.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import httpx2 as httpx

from bench.bench_server_load import free_port, percentile

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "correct horse battery"


def _client(base: str, address: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=120,
                        transport=httpx.HTTPTransport(local_address=address))


def _start(checkout: Path, folder: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy.cli", "serve", "--port", str(port),
         "--database", f"sqlite:///{folder / 'flood.sqlite3'}", "--request-limit", "0"],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(checkout)})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("gin serve did not start")


def _timings(player: httpx.Client, seconds: float, stop: threading.Event | None = None
             ) -> list[float]:
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end or (stop is not None and not stop.is_set()):
        started = time.perf_counter()
        answer = player.get("/api/session")
        times.append((time.perf_counter() - started) * 1000)
        assert answer.json()["account"] is not None, answer.text
        time.sleep(0.02)
    return times


def _flood_one(base: str, index: int) -> list[int]:
    statuses = []
    with _client(base, f"127.0.0.{2 + index}") as flooder:
        for n in range(5):
            statuses.append(flooder.post("/api/accounts", json={
                "username": f"flood{index}x{n}", "password": PASSWORD}).status_code)
        for n in range(10):
            statuses.append(flooder.post("/api/session", json={
                "username": f"flood{index}x0", "password": f"wrong guess {n}"}).status_code)
    return statuses


def _peak_memory_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class FloodRun:
    alone: list[float]
    flooded: list[float]
    statuses: Counter[int]
    quiet_mb: float
    peak_mb: float


def run(checkout: Path, seconds: float) -> FloodRun:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="gin-hash-flood-") as tmp:
        process = _start(checkout, Path(tmp), port)
        try:
            with _client(base, "127.0.0.90") as player:
                assert player.post("/api/accounts", json={
                    "username": "timed_player", "password": PASSWORD}).status_code == 201
                alone = _timings(player, seconds)
                quiet_memory = _peak_memory_mb(process.pid)
                stop = threading.Event()
                with ThreadPoolExecutor(8) as pool:
                    floods = [pool.submit(_flood_one, base, i) for i in range(8)]
                    watcher = threading.Thread(target=lambda: ([f.result() for f in floods],
                                                               stop.set()))
                    watcher.start()
                    flooded = _timings(player, seconds, stop)
                    watcher.join()
                statuses = Counter(s for f in floods for s in f.result())
                memory = _peak_memory_mb(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=30)
    return FloodRun(alone, flooded, statuses, quiet_memory, memory)


def _row(name: str, times: list[float]) -> str:
    return (f"| {name} | {len(times)} | {percentile(times, 0.5):.1f} | "
            f"{percentile(times, 0.99):.1f} | {max(times):.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="the player's window alone, and at least as long in the flood")
    parser.add_argument("--before", type=Path, default=None,
                        help="another checkout to run the same flood against")
    args = parser.parse_args()
    checkouts = [("this checkout", ROOT)]
    if args.before is not None:
        checkouts.insert(0, ("before", args.before.resolve()))
    print("| server | GET /api/session answers | p50 ms | p99 ms | worst ms |")
    print("|---|---:|---:|---:|---:|")
    notes = []
    for name, checkout in checkouts:
        result = run(checkout, args.seconds)
        print(_row(f"{name}, alone", result.alone))
        print(_row(f"{name}, flood", result.flooded))
        notes.append(f"{name}: flood answers {dict(sorted(result.statuses.items()))}; server "
                     f"peak memory {result.quiet_mb:.0f} MB before the flood, "
                     f"{result.peak_mb:.0f} MB after")
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
