"""Browser tests: Debian's headless Chromium, driven by Playwright, against a real `gin serve`.

Each test gets a `gin serve` subprocess on a free loopback port with a SQLite file of its
own and ``--computer-delay 0``. Chromium is launched from ``/usr/bin/chromium`` (``.ci/run``
installs Debian's package; Playwright's own browser download is not used). Without it, or
without the ``playwright`` package, these tests are skipped and say why.

Screenshots go to ``$GIN_SCREENSHOTS`` if set, else to a temporary folder (printed at the end).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest

from tests.browser.driver import wait_without_eval
from tests.server.kit import NO_LIMIT_OPTIONS

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
EXPECTED_CONSOLE = re.compile(r"Failed to load resource|ERR_CONNECTION_REFUSED")
"""Console errors that are the browser's own news, not the client's: an HTTP error answer
(the hint refused between turns), a refused connection while the server is down."""
HERE = Path(__file__).resolve().parent
DEVICES: dict[str, dict[str, Any]] = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
"""``Browsers.page`` options for a laptop and a phone (a touch screen, a mobile viewport)."""


START_SECONDS = 120
"""How long `gin serve` may take to answer before a test fails: its imports and tables take
seconds of CPU, and with more workers than cores (``make test``) several start at once."""


def _skip_reason() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing: pip install playwright (no browser download)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _skip_reason()
    if reason is None:
        return
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=reason))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """`gin serve` on a loopback port; `kill()` is kill -9, `start()` starts it again."""

    def __init__(self, folder: Path, computer_delay: float = 0.0,
                 idle_seconds: float | None = None, extra: tuple[str, ...] = ()) -> None:
        self.computer_delay = computer_delay
        self.extra = extra
        """More ``gin serve`` options."""
        self.idle_seconds = idle_seconds
        """``--idle-seconds`` (None: the server's default)."""
        """Seconds a computer player waits before each move (0 in most tests)."""
        self.port = free_port()
        self.folder = folder
        self.database = f"sqlite:///{folder / 'games.sqlite3'}"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ginrummy.cli", "serve", "--port", str(self.port),
             "--database", self.database, "--computer-delay", str(self.computer_delay),
             *NO_LIMIT_OPTIONS,
             *([] if self.idle_seconds is None else ["--idle-seconds", str(self.idle_seconds)]),
             *self.extra],
            cwd=self.folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/api", timeout=1):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if self.process.poll() is not None:
                    message = self.process.stderr.read().decode() if self.process.stderr else ""
                    raise AssertionError(f"gin serve failed: {message}") from None
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"gin serve did not start in {START_SECONDS} s")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


@contextlib.contextmanager
def serving(folder: Path, computer_delay: float = 0.0,
            idle_seconds: float | None = None, extra: tuple[str, ...] = ()) -> Iterator[Server]:
    """A started `gin serve` in ``folder``, stopped at the end."""
    running = Server(folder, computer_delay, idle_seconds, extra)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    """A `gin serve` of the test's own; in a module marked ``shared_server``, the module's."""
    if request.node.get_closest_marker("shared_server") is not None:
        yield request.getfixturevalue("module_server")
        return
    with serving(tmp_path) as running:
        yield running


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One `gin serve` for the tests of a module that each play only games of their own, in
    browser contexts of their own (a server takes seconds to start: they share one)."""
    with serving(tmp_path_factory.mktemp("server")) as running:
        yield running


def _browser_scope(fixture_name: str, config: pytest.Config) -> Literal["session", "module"]:
    """``session`` when only the browser tests run (``-m browser``, as ``make test`` runs
    them), else ``module``: Playwright's sync API keeps an event loop running in the thread
    while Chromium is open, and a later test in the same worker that calls ``asyncio.run``
    (the server's own tests) fails while it is."""
    return "session" if config.getoption("markexpr") == "browser" else "module"


@pytest.fixture(scope=_browser_scope)
def browser() -> Iterator[Any]:
    """Chromium, one per test module, or one per worker when only browser tests run (its
    start takes seconds)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Browsers:
    """New browser contexts (each its own cookies and storage) that report page errors."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def page(self, locale: str = "en-GB", *, at: str | None = None, **options: Any) -> Any:
        """A page in a new context, opened at the address ``at`` if given."""
        options.setdefault("viewport", {"width": 1280, "height": 900})
        context = self.browser.new_context(locale=locale, **options)
        context.set_default_timeout(20_000)
        self.contexts.append(context)
        page = context.new_page()
        page.wait_for_function = functools.partial(wait_without_eval, page)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("console", lambda message: self.errors.append(f"console: {message.text}")
                if message.type == "error" and not EXPECTED_CONSOLE.search(message.text)
                else None)
        if at is not None:
            page.goto(at)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def browsers(browser: Any) -> Iterator[Browsers]:
    made = Browsers(browser)
    try:
        yield made
    finally:
        made.close()
    assert not made.errors, made.errors


_SHOTS: list[Path] = []


FAIRDECK = ROOT / "ginrummy" / "web" / "static" / "fairdeck.js"
LOCAL = "http://localhost"


@pytest.fixture(scope="module")
def fairdeck_page(browser: Any) -> Iterator[Any]:
    """A page that has imported ginrummy/web/static/fairdeck.js as ``window.fair``."""
    context = browser.new_context()
    page = context.new_page()

    def serve(route: Any) -> None:
        if route.request.url.endswith("/fairdeck.js"):
            route.fulfill(body=FAIRDECK.read_text(encoding="utf-8"),
                          content_type="text/javascript")
        else:
            route.fulfill(body="<!doctype html><title>fair</title>", content_type="text/html")

    page.route(f"{LOCAL}/**", serve)
    page.goto(f"{LOCAL}/")
    page.evaluate("async () => { window.fair = await import('/fairdeck.js'); }")
    try:
        yield page
    finally:
        context.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("GIN_SCREENSHOTS") or tmp_path_factory.mktemp("screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    _SHOTS.append(folder)
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for folder in _SHOTS:
        terminalreporter.write_line(f"browser screenshots: {folder}")


AXE_VERSION = "4.14.1"
"""axe-core, pinned: the accessibility rules the browser tests hold the pages to."""


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe.min.js from the npm package (installed once into a cache folder with npm)."""
    import shutil

    cache = Path(os.environ.get("GIN_AXE_CACHE") or Path.home() / ".cache" / "ginrummy-axe")
    script = cache / AXE_VERSION / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is missing: it installs axe-core for the accessibility test")
        subprocess.run([npm, "install", "--prefix", str(cache / AXE_VERSION), "--no-audit",
                        "--no-fund", "--silent", f"axe-core@{AXE_VERSION}"],
                       check=True, timeout=300)
    return script.read_text(encoding="utf-8")
