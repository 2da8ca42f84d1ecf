"""A real ``gin serve`` in a child process on a free loopback port, for the tests that need
uvicorn, signals or the command line itself."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_gin_serve(port: int, database: str, cwd: Path,
                    *options: str, module: str = "ginrummy.cli") -> subprocess.Popen[bytes]:
    """``gin serve`` on ``port`` with ``options``, once it answers (its stderr on failure);
    ``module``: the command's module (a test's wrapper of it)."""
    process = subprocess.Popen(
        [sys.executable, "-m", module, "serve", "--port", str(port),
         "--database", database, "--computer-delay", "0", *options],
        cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=1):
                return process
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if process.poll() is not None:
                message = process.stderr.read().decode() if process.stderr else ""
                raise AssertionError(message) from None
            time.sleep(0.05)
    process.kill()
    raise AssertionError("gin serve did not start")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
