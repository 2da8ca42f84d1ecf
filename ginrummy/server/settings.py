"""Server settings: where the database is, how the computer plays, the WebSocket limits."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE = "sqlite:///data/ginrummy.sqlite3"
"""A SQLite file under ``./data/`` (relative to the working directory)."""


def database_url(url: str | None = None) -> str:
    """The SQLAlchemy URL to use: ``url``, else ``$DATABASE_URL``, else the SQLite default.

    A plain ``postgresql://`` (or ``postgres://``) URL is given the psycopg 3 driver.

    >>> database_url("postgres://u:p@localhost/db")
    'postgresql+psycopg://u:p@localhost/db'
    >>> database_url("sqlite:///x.db")
    'sqlite:///x.db'
    """
    chosen = url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    for prefix in ("postgresql://", "postgres://"):
        if chosen.startswith(prefix):
            return "postgresql+psycopg://" + chosen[len(prefix):]
    return chosen


DEFAULT_IDLE_SECONDS = 180.0


def idle_seconds(value: str | None = None) -> float | None:
    """``value``, else ``$GIN_IDLE_SECONDS``, else 180; 0 turns the rule off (None).

    >>> idle_seconds("0"), idle_seconds("2.5")
    (None, 2.5)
    """
    chosen = value if value is not None else os.environ.get("GIN_IDLE_SECONDS")
    seconds = DEFAULT_IDLE_SECONDS if chosen is None else float(chosen)
    if seconds < 0:
        raise ValueError(f"idle seconds cannot be negative, got {seconds:g}")
    return seconds or None


DEFAULT_ADJOURN_SECONDS = 300.0


def adjourn_seconds(value: str | None = None) -> float | None:
    """``value``, else ``$GIN_ADJOURN_SECONDS``, else 300; 0 turns the rule off (None).

    >>> adjourn_seconds("0"), adjourn_seconds("90")
    (None, 90.0)
    """
    chosen = value if value is not None else os.environ.get("GIN_ADJOURN_SECONDS")
    seconds = DEFAULT_ADJOURN_SECONDS if chosen is None else float(chosen)
    if seconds < 0:
        raise ValueError(f"adjourn seconds cannot be negative, got {seconds:g}")
    return seconds or None


def clock_floor_seconds(value: str | None = None) -> float | None:
    """``value``, else ``$GIN_CLOCK_FLOOR_SECONDS``, else None (the usual minimums).

    >>> clock_floor_seconds("0.5"), clock_floor_seconds("")
    (0.5, None)
    """
    chosen = value if value is not None else os.environ.get("GIN_CLOCK_FLOOR_SECONDS")
    if not chosen:
        return None
    seconds = float(chosen)
    if not seconds > 0:
        raise ValueError(f"the clock floor must be a positive number of seconds, got {chosen}")
    return seconds


@dataclass
class Settings:
    """Everything :func:`ginrummy.server.create_app` can be told.

    ``rng`` deals the cards and cuts for the deal: the operating system's
    CSPRNG by default; tests pass a seeded ``random.Random`` to get the same
    games every run. Tokens and game ids always come from :mod:`secrets`.
    """

    database: str = field(default_factory=database_url)
    rng: random.Random = field(default_factory=random.SystemRandom)
    computer_delay: float = 0.6
    """Seconds the computer waits before each move (0 in tests)."""
    max_message_bytes: int = 4096
    """A WebSocket message longer than this closes the connection (code 1009)."""
    rate_per_second: float = 20.0
    """Sustained messages per second of one client (address, and seat) across all its
    WebSockets, ping frames included; more closes the connection (code 1008)."""
    rate_burst: int = 20
    """Messages a client may send at once before the rate applies."""
    allowed_origins: tuple[str, ...] = ()
    """Extra browser origins (``"https://example.org"``) allowed besides the server's own."""
    allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]")
    """The names (``name`` on any port, or ``name:port``) a request's Host may give; ``*``:
    any (:mod:`ginrummy.server.api.headers`)."""
    ip_hosts: bool = False
    """Also accept any IP address as Host (``gin serve`` on a wildcard address)."""
    lease_check_seconds: float = 15.0
    """How often the server checks it still holds its database alone (:mod:`.lease`)."""
    replay_buffer: int = 100
    """Events kept in memory per game for ``resync``; older gaps get a snapshot."""
    cookie_secure: bool = False
    """Mark seat cookies ``Secure`` (set when served over HTTPS)."""
    clock: Callable[[], float] = time.time
    """Wall clock (seconds), for the time limit of R31; tests replace it."""
    max_cached_tables: int = 1000
    """Games kept in memory with nobody connected before the oldest are dropped."""
    idle_seconds: float | None = field(default_factory=lambda: idle_seconds())
    """After this long without a move or ``ready`` from the seat a game between two people
    waits for (while the other player is connected), the computer plays for that seat
    until its player sends a message again. None or 0: never."""
    adjourn_seconds: float | None = field(default_factory=lambda: adjourn_seconds())
    """A listed or rated game none of whose people is connected is adjourned; after this
    long with nobody back it ends (:mod:`ginrummy.server.live.adjourn`). None or 0: never."""
    rated_any_rules: bool = field(
        default_factory=lambda: os.environ.get("GIN_RATED_ANY_RULES") == "1")
    """Let rated games be played under any rules (a test server's games to a few points:
    ``$GIN_RATED_ANY_RULES=1``); by default a rated game is a full game of its family
    (:mod:`ginrummy.rating.rated_rules`)."""
    clock_floor_seconds: float | None = field(default_factory=lambda: clock_floor_seconds())
    """The shortest clock a new game may ask for (a bank, a time per move), below the usual
    minimums (:data:`ginrummy.server.live.clock.LIMITS`): tests and demonstrations."""
    quick_match_computer_seconds: float = 20.0
    """Seconds a quick match seeker waits before the computer is offered instead."""
    seeks_per_address: int = 4
    """Quick match seekers waiting at once from one address (a guest id is a cookie any
    client can make up); 0: no limit."""
    challenge_seconds: float = 120.0
    """How long a challenge stands unanswered before it lapses."""
    tournaments_per_account: int = 2
    """Tournaments one account may have created that are not finished; 0: no limit."""
    tournament_schedule_seconds: float = 10.0
    """How often the server looks whether a recurring tournament's entries opened
    (:mod:`.live.tournament_schedule`)."""
    tournament_computers: int = 64
    """What the computers of every unfinished tournament may weigh together, a place of
    levels 1-4 weighing 1 and of level 5 weighing 8 (:mod:`.live.tournament_room`); 0: no
    limit."""

    requests_per_minute: float = 600.0
    """Requests a minute to the HTTP API (``/api/...``) per address, whatever they ask;
    0: no limit."""
    create_per_minute: float = 20.0
    """Games one address may create a minute (all at once if it likes); 0: no limit."""
    hints_per_minute: float = 30.0
    """Hints a minute per address and per seat; 0: no limit."""
    event_pages_per_minute: float = 30.0
    """``/events`` pages a minute per address and per token; 0: no limit."""
    refusal_delay: float = 1.0
    """Seconds a client over a limit waits for its 429 (or its refused WebSocket): a client
    that loops on refusals then costs the server a connection, not its CPU."""
    max_sockets_per_game: int = 64
    """Watchers' WebSockets open at one game (a seat's socket is not counted); 0: no limit."""
    open_tables_per_client: int = 2
    """Open tables in the lobby that nobody joined yet, per address and per account; 0: no
    limit."""
    open_table_minutes: float = 30.0
    """Minutes after which an open table nobody joined leaves the lobby; 0: never."""
    max_sockets_per_address: int = 16
    """WebSockets one address holds open across the server; 0: no limit."""
    max_connections_per_address: int = 64
    """TCP connections one address holds open (``gin serve`` only); 0: no limit."""
    max_connections: int = 2048
    """Connections open at once (``gin serve``; 0: no limit): when full, the one waiting
    longest for its request's headers is closed for a new one."""
    accept_backlog: int = 2048
    """Connections the server accepts in a row before it looks at them (``gin serve``), and
    the listening socket's queue."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's headers, and its body (``gin serve``)."""
    work_threads: int = 1
    """Threads for the expensive work: hints, event pages, level-5 computer moves."""
    work_queue: int = 8
    """Hints and event pages that may wait for those threads; more get 503."""
    forwarded_allow_ips: tuple[str, ...] = ()
    """Proxies whose ``X-Forwarded-For`` gives the client's address (``"*"``: any); none by
    default, so that a client cannot pick its own address."""

    session_days: float = 30.0
    """How long an account's sign-in lasts in a browser (its session), in days."""
    session_check_seconds: float = 5.0
    """How often the server reads which of its signed-in table sockets belong to an account
    banned since (``gin admin --ban``, another process) or to a session that ended, and
    closes them: a ban reaches an open socket within this time."""
    sign_ins_per_hour: float = 60.0
    """Sign-in attempts an hour from one address (10 at once); 0: no limit."""
    sign_ins_per_hour_per_account: float = 10.0
    """Sign-in attempts an hour at one username, from anywhere (5 at once); 0: no limit."""
    sign_ups_per_hour: float = 20.0
    """Accounts one address may create an hour (5 at once); 0: no limit."""
    hash_threads: int = 1
    """Threads that hash and check passwords (sign-ups, sign-ins): apart from the threads
    that serve everything else, so that a flood of sign-ins slows only sign-ins."""
    hash_queue: int = 8
    """Password hashes that may wait for those threads; more get 503 ``sign_in_busy``."""
    rated_shared_address: bool = False
    """Let accounts seen at one address play rated games together (players behind one
    address: a club, a school); accounts seen in one browser never do."""
    password_profile: str = "RFC_9106_LOW_MEMORY"
    """The Argon2 parameters of new password hashes, a name of :mod:`argon2.profiles`
    (tests use ``CHEAPEST``)."""

    def sqlite_path(self) -> Path | None:
        """The SQLite file of :attr:`database`, or None for another database."""
        prefix = "sqlite:///"
        if not self.database.startswith(prefix):
            return None
        rest = self.database[len(prefix):].split("?", 1)[0]
        return None if rest in ("", ":memory:") else Path(rest)
