"""Settings for every test: Hypothesis without its per-example time limit.

The suite runs on a shared two-core machine (and in CI beside PostgreSQL and a
browser), where one example can take longer than Hypothesis's default 200 ms
for reasons that have nothing to do with the code; speed is measured by the
benchmarks in bench/, never by a test.
"""

from pathlib import Path

import pytest
from hypothesis import settings

BROWSER_TESTS = Path(__file__).parent / "browser"
SLOW_TIMEOUT = 900
"""Seconds before a ``slow`` test is taken for hung (pyproject's ``timeout`` for the others):
a loaded machine makes the slow ones several times slower."""

settings.register_profile("ginrummy", deadline=None)
settings.load_profile("ginrummy")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A ``slow`` test has :data:`SLOW_TIMEOUT`; every test under tests/browser carries the
    ``browser`` marker (``make test-fast``). The ``slow`` tests run first (each group in its
    own order): pytest-xdist hands out tests in this order, and a long test handed out last
    keeps one worker busy after the others have finished."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
        if BROWSER_TESTS in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
