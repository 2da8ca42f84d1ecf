"""A real Redis server for the tests that need one: Debian's ``redis-server`` started on a
free port in a temporary folder, nothing saved to disk, stopped after the test."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

REDIS = shutil.which("redis-server")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    if REDIS is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing: .ci/run installs Debian's redis-server")
        pytest.skip("redis-server is missing: apt-get install redis-server")
    port = _free_port()
    server = subprocess.Popen(
        [REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        for _ in range(200):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if server.poll() is not None:
                pytest.fail(f"redis-server ended at start with {server.returncode}")
            time.sleep(0.05)
        else:
            pytest.fail("redis-server did not listen within 10 s")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)
