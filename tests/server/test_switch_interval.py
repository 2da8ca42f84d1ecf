"""While the app serves, the interpreter switches threads every ``SWITCH_INTERVAL`` (the
database writer's thread and the event loop hand over quickly); after, as it was."""

from __future__ import annotations

import sys

import pytest

from ginrummy.server.api.app import SWITCH_INTERVAL
from tests.server.kit import running


def test_the_switch_interval_is_short_while_serving_and_restored_after(sqlite_db: str) -> None:
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.004)
    try:
        with running(sqlite_db) as client:
            assert client.get("/api").status_code == 200
            assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL)
        assert sys.getswitchinterval() == pytest.approx(0.004)
    finally:
        sys.setswitchinterval(before)
