"""Serve Gin Rummy over HTTP and WebSocket (the browser game's server).

Games are stored in a SQLite file under ./data/ by default, or in the
database named by --database or $DATABASE_URL (e.g.
postgresql://user:password@localhost/gin). The schema is created or
upgraded when the server starts. Games survive a restart: each one is
rebuilt from its action log when first needed.

What gin serve prints (its errors, the --verify-records report) is in the
language of --lang, else of LANG; the server's log lines stay English.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
from typing import TYPE_CHECKING, Any

from ginrummy.cli import add_language_option

if TYPE_CHECKING:
    from ginrummy.i18n import Messages
    from ginrummy.server.storage.lease import DatabaseInUse

SERVER_EXTRA = "pip install 'ginrummy[server]'"
POSTGRES_EXTRA = "pip install 'ginrummy[postgres]'"
HASH = re.compile(r"[0-9a-fA-F]{64}")
WILDCARDS = ("0.0.0.0", "::", "")
"""Addresses that listen on every interface: any IP address is then a valid Host."""


class RedactTokens(logging.Filter):
    """Hide ``token=...`` in log lines (uvicorn logs each WebSocket's path and query).

    >>> record = logging.LogRecord("x", 20, "", 0, '"WebSocket /ws/g?token=%s"', ("abc",), None)
    >>> RedactTokens().filter(record), record.getMessage()
    (True, '"WebSocket /ws/g?token=…"')
    """

    pattern = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "token=" in message:
            record.msg, record.args = self.pattern.sub(r"\1…", message), ()
        return True



LIMITS: tuple[tuple[str, type, float | None, str, str, str], ...] = (
    # flag, type, default, metavar, what it limits, what follows the default in --help
    ("--request-limit", float, 600.0, "N", "requests a minute to the HTTP API per address", ""),
    ("--create-limit", float, 20.0, "N", "games one address may create a minute", ""),
    ("--hint-limit", float, 30.0, "N", "hints a minute, per address and per seat", ""),
    ("--events-limit", float, 30.0, "N",
     "/events pages and online lists a minute, per address and per token", ""),
    ("--sockets-per-game", int, 64, "N", "watchers' WebSockets open at one game",
     ""),
    ("--sockets-per-address", int, 16, "N", "WebSockets one address holds open", ""),
    ("--open-tables", int, 2, "N",
     "open tables in the lobby that nobody joined yet, per address and per account", ""),
    ("--open-table-minutes", float, 30.0, "N",
     "minutes after which an open table nobody joined leaves the lobby", ""),
    ("--connections-per-address", int, None, "N", "TCP connections one address holds open",
     "an eighth of the connections allowed, at most 64; not applied with --forwarded-allow-ips"),
    ("--max-connections", int, None, "N", "connections open at once; when full, the one "
     "waiting longest for its request is closed", "2048, or fewer to fit the descriptor "
     "limit (ulimit -n) with 64 to spare"),
    ("--header-timeout", float, 10.0, "SECONDS",
     "time a client has to send a request's headers, and its body", ""),
    ("--work-threads", int, 1, "N", "threads for hints, event pages and level-5 computer moves",
     ""),
    ("--work-queue", int, 8, "N",
     "hints and event pages that may wait for those threads; more get 503", ""),
    ("--sign-in-limit", float, 60.0, "N", "sign-in attempts an hour per address",
     ", 10 at once"),
    ("--account-sign-in-limit", float, 10.0, "N",
     "sign-in attempts an hour at one username, from where its owner never signed in",
     ", 5 at once"),
    ("--sign-up-limit", float, 20.0, "N", "accounts one address may create an hour",
     ", 5 at once"),
    ("--hash-threads", int, 1, "N", "threads that hash passwords (sign-ups and sign-ins)", ""),
    ("--hash-queue", int, 8, "N",
     "password hashes that may wait for those threads; more get 503", ""),
    ("--seeks-per-address", int, 4, "N", "quick match seekers waiting at once from one address",
     ""),
    ("--tournaments-per-account", int, 2, "N",
     "tournaments one account may have created that are not finished", ""),
    ("--tournament-computers", int, 64, "N",
     "how much the computers of all unfinished tournaments may weigh: a level-5 place 8, "
     "any other 1", ""),
)
"""The limits per client of ``gin serve`` (0: no limit), as its --help lists them."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on "
                        "(default: 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    parser.add_argument("--database", default=None, metavar="URL",
                        help="SQLAlchemy database URL (default: $DATABASE_URL, else "
                        "sqlite:///data/ginrummy.sqlite3)")
    parser.add_argument("--computer-delay", type=float, default=0.6, metavar="SECONDS",
                        help="pause before each computer move (default: 0.6)")
    parser.add_argument("--rate-limit", type=float, default=20.0, metavar="N",
                        help="messages (and ping frames) per second one client may send "
                        "across all its WebSockets, by address and by seat, in bursts of N "
                        "(default: 20; more closes the socket); raise it for bots")
    parser.add_argument("--quick-match-computer", type=float, default=20.0, metavar="SECONDS",
                        help="how long a quick match seeker waits before the computer at "
                        "their level is offered instead (default: 20)")
    parser.add_argument("--idle-seconds", type=float, default=None, metavar="SECONDS",
                        help="in a game between two people, the computer plays for a seat "
                        "that keeps the other waiting this long, until its player is back "
                        "(default: $GIN_IDLE_SECONDS, else 180; 0: never)")
    parser.add_argument("--adjourn-seconds", type=float, default=None, metavar="SECONDS",
                        help="a listed or rated game none of whose players is connected is "
                        "adjourned; after this long with nobody back it ends (default: "
                        "$GIN_ADJOURN_SECONDS, else 300; 0: never)")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="another browser origin allowed to connect, e.g. "
                        "https://example.org (repeatable)")
    limits = parser.add_argument_group("limits per client (0: no limit)")
    for flag, kind, default, metavar, help_text, after_default in LIMITS:
        shown = "" if default is None else f"{default:g}" if isinstance(default, float) \
            else default
        limits.add_argument(flag, type=kind, default=default, metavar=metavar,
                            help=f"{help_text} (default: {shown}{after_default})")
    limits.add_argument("--forwarded-allow-ips", default="", metavar="IPS",
                        help="comma-separated addresses of reverse proxies whose "
                        "X-Forwarded-For names the client ('*': any); default: none, the "
                        "address is the connection's")
    limits.add_argument("--rated-shared-address", action="store_true",
                        help="let accounts seen at one address play rated games together "
                        "(players behind one address); accounts seen in one browser never do")
    parser.add_argument("--secure-cookies", action="store_true",
                        help="mark seat and sign-in cookies Secure (behind HTTPS)")
    parser.add_argument("--session-days", type=float, default=30.0, metavar="DAYS",
                        help="how long a sign-in lasts in a browser (default: 30)")
    parser.add_argument("--verify-records", action="store_true",
                        help="check the hash chain of finished games in the database against "
                        "their stored logs, print the newest hash and exit (1 if broken)")
    parser.add_argument("--head", default=None, metavar="HASH",
                        help="with --verify-records: a chain hash published earlier, which "
                        "must still be in the chain (reports a truncated or rewritten chain)")
    parser.add_argument("--allowed-hosts", action="append", default=[], metavar="HOSTS",
                        help="host names the server answers to, comma-separated, each with "
                        "an optional :port (repeatable; default: the --host address, "
                        "localhost, 127.0.0.1 and [::1] on --port; '*': any)")
    parser.add_argument("--access-log", action="store_true",
                        help="log every request (off by default: URLs can carry tokens)")
    add_language_option(parser, " of what gin serve prints")


def port_taken(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be served on (already in use), or None when it is free."""
    import errno
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            return error.strerror or "address already in use"
    return None


def not_installed(missing: ModuleNotFoundError, extra: str, m: Messages | None = None) -> str:
    """What to install when a library of the server is missing (``gin`` alone has none)."""
    if m is None:
        from ginrummy.i18n import Messages

        m = Messages("en")
    return m("serve.not_installed", name=missing.name or m("serve.a_library"), extra=extra)


def run(args: argparse.Namespace) -> int:
    from ginrummy.i18n import Messages, language_from_environment

    m = Messages(getattr(args, "lang", None) or language_from_environment(os.environ))
    try:
        import uvicorn
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError, SQLAlchemyError

        from ginrummy.server import Settings, create_app
        from ginrummy.server.api.descriptors import connection_limits, descriptor_limit
        from ginrummy.server.api.headers import ANY_HOST, HostRule, split_host
        from ginrummy.server.settings import adjourn_seconds, database_url, idle_seconds
        from ginrummy.server.storage.lease import DatabaseInUse, acquire
    except ModuleNotFoundError as missing:
        if (missing.name or "ginrummy").partition(".")[0] == "ginrummy":
            raise
        print(not_installed(missing, SERVER_EXTRA, m))
        return 1

    if not 0 < args.port < 65536:
        print(m("serve.port", port=args.port))
        return 2
    if args.computer_delay < 0:
        print(m("serve.negative", option="--computer-delay"))
        return 2
    if args.quick_match_computer < 0:
        print(m("serve.negative", option="--quick-match-computer"))
        return 2
    if args.rate_limit < 1:
        print(m("serve.at_least_one", option="--rate-limit"))
        return 2
    for option in ("request_limit", "create_limit", "hint_limit", "events_limit",
                   "sockets_per_game", "sockets_per_address", "connections_per_address",
                   "max_connections", "header_timeout", "work_queue", "sign_in_limit",
                   "account_sign_in_limit", "sign_up_limit", "hash_queue", "seeks_per_address",
                   "tournaments_per_account", "tournament_computers", "open_tables",
                   "open_table_minutes"):
        if (getattr(args, option) or 0) < 0:
            print(m("serve.negative", option=f"--{option.replace('_', '-')}"))
            return 2
    if not 0 < args.session_days <= 3650:
        print(m("serve.session_days", days=f"{args.session_days:g}"))
        return 2
    if args.work_threads < 1:
        print(m("serve.at_least_one", option="--work-threads"))
        return 2
    if args.hash_threads < 1:
        print(m("serve.at_least_one", option="--hash-threads"))
        return 2
    if args.idle_seconds is not None and args.idle_seconds < 0:
        print(m("serve.negative", option="--idle-seconds"))
        return 2
    try:
        idle = idle_seconds(None if args.idle_seconds is None else str(args.idle_seconds))
    except ValueError:
        print(m("serve.idle_environment", value=repr(os.environ.get("GIN_IDLE_SECONDS", ""))))
        return 2
    if args.adjourn_seconds is not None and args.adjourn_seconds < 0:
        print(m("serve.negative", option="--adjourn-seconds"))
        return 2
    try:
        adjourn = adjourn_seconds(None if args.adjourn_seconds is None
                                  else str(args.adjourn_seconds))
    except ValueError:
        print(m("serve.adjourn_environment",
                value=repr(os.environ.get("GIN_ADJOURN_SECONDS", ""))))
        return 2
    url = database_url(args.database)
    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:
        print(m("serve.database_url"))
        return 2
    if backend not in ("sqlite", "postgresql"):
        print(m("serve.database_kind", backend=repr(backend)))
        return 2
    if backend == "postgresql":
        try:
            import psycopg  # noqa: F401  (SQLAlchemy loads it only when connecting)
        except ModuleNotFoundError as missing:
            print(not_installed(missing, POSTGRES_EXTRA, m))
            return 1
    if args.head is not None and not args.verify_records:
        print(m("serve.head_alone"))
        return 2
    if args.verify_records:
        if args.head is not None and not HASH.fullmatch(args.head):
            print(m("serve.head_hash", head=repr(args.head)))
            return 2
        return verify_records(url, args.head.lower() if args.head else None, m)
    hosts = allowed_hosts(args.allowed_hosts, args.host, args.port)
    wrong = [host for host in hosts if host != ANY_HOST and split_host(host) is None]
    if wrong:
        print(m("serve.allowed_hosts", entry=repr(wrong[0])))
        return 2
    HostRule.of(hosts)
    try:
        lease = acquire(url)
    except DatabaseInUse as busy:
        print(m("serve.in_use", error=in_use_text(busy, m)))
        return 1
    except (OSError, SQLAlchemyError) as failure:
        print(m("serve.cannot_open", error=failure))
        return 1
    connections = connection_limits(descriptor_limit(), args.max_connections,
                                    args.connections_per_address)
    settings = Settings(
        database=url,
        computer_delay=args.computer_delay,
        quick_match_computer_seconds=args.quick_match_computer,
        rate_per_second=args.rate_limit,
        rate_burst=max(1, int(args.rate_limit)),
        allowed_origins=tuple(o.rstrip("/") for o in args.allow_origin),
        cookie_secure=args.secure_cookies,
        idle_seconds=idle,
        adjourn_seconds=adjourn,
        allowed_hosts=hosts,
        ip_hosts=not args.allowed_hosts and args.host in WILDCARDS,
        requests_per_minute=args.request_limit,
        create_per_minute=args.create_limit,
        hints_per_minute=args.hint_limit,
        event_pages_per_minute=args.events_limit,
        max_sockets_per_game=args.sockets_per_game,
        max_sockets_per_address=args.sockets_per_address,
        open_tables_per_client=args.open_tables,
        open_table_minutes=args.open_table_minutes,
        max_connections_per_address=connections.per_address,
        max_connections=connections.max_connections,
        accept_backlog=connections.backlog,
        header_timeout=args.header_timeout,
        work_threads=args.work_threads,
        work_queue=args.work_queue,
        sign_ins_per_hour=args.sign_in_limit,
        sign_ins_per_hour_per_account=args.account_sign_in_limit,
        sign_ups_per_hour=args.sign_up_limit,
        hash_threads=args.hash_threads,
        hash_queue=args.hash_queue,
        rated_shared_address=args.rated_shared_address,
        session_days=args.session_days,
        seeks_per_address=args.seeks_per_address,
        tournaments_per_account=args.tournaments_per_account,
        tournament_computers=args.tournament_computers,
        forwarded_allow_ips=tuple(ip.strip() for ip in args.forwarded_allow_ips.split(",")
                                  if ip.strip()),
    )
    taken = port_taken(args.host, args.port)
    if taken:
        print(m("serve.port_taken", port=args.port, host=args.host, next=args.port + 1))
        return 1
    app = create_app(settings, lease)
    from ginrummy.cli.serve_log import LocalLogLines

    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
        logging.getLogger(name).addFilter(LocalLogLines(m))
    shown = settings.database.split("@")[-1] if "@" in settings.database else settings.database
    print(m("serve.listening", host=args.host, port=args.port, database=shown))
    print(m("serve.connections", most=connections.max_connections or "∞",
            per_address=connections.per_address or "∞", backlog=connections.backlog,
            descriptors=connections.descriptors))
    try:
        uvicorn.run(app, host=args.host, port=args.port, access_log=args.access_log,
                    log_level="info", **uvicorn_options(settings, app.state.client_limits))
    finally:
        if lease is not None:
            lease.release()
    return 0


def in_use_text(busy: DatabaseInUse, m: Messages) -> str:
    """Which server holds the database (a :class:`DatabaseInUse`), in the language of ``m``."""
    holder = busy.holder
    if holder is None or "database" not in busy.params:
        return str(busy)
    pid = m("serve.unknown_pid") if holder.pid is None else m("serve.holder_pid", pid=holder.pid)
    described = m("serve.holder", pid=pid, host=holder.host or m("serve.unknown_host"),
                  since=holder.since)
    key = "serve.in_use_schema" if "schema" in busy.params else "serve.in_use_file"
    return m(key, holder=described, **busy.params)


def allowed_hosts(given: list[str], host: str, port: int) -> tuple[str, ...]:
    """The ``--allowed-hosts`` entries, or the defaults for ``--host`` and ``--port``.

    >>> allowed_hosts([], "127.0.0.1", 8000)
    ('127.0.0.1:8000', 'localhost:8000', '[::1]:8000')
    >>> allowed_hosts(["example.org, www.example.org"], "0.0.0.0", 80)
    ('example.org', 'www.example.org')
    """
    if given:
        return tuple(part.strip() for entry in given for part in entry.split(",")
                     if part.strip())
    bound = f"[{host}]" if ":" in host else host
    names = [] if host in WILDCARDS else [f"{bound}:{port}"]
    names += [f"{name}:{port}" for name in ("localhost", "127.0.0.1", "[::1]")]
    return tuple(dict.fromkeys(names))


def uvicorn_options(settings: Any, limits: Any) -> dict[str, Any]:
    """uvicorn's own settings against slow and flooding clients, and the guarded protocols
    (:mod:`ginrummy.server.api.guard`)."""
    from ginrummy.server.api.guard import protocols

    http, ws = protocols(settings, limits)
    return {
        "http": http,  # h11, with a deadline for the request's headers
        "ws": ws,  # websockets (sans-I/O), ping frames charged to the client
        "timeout_keep_alive": 5,  # an idle kept-alive connection closes after 5 s
        "h11_max_incomplete_event_size": 16 * 1024,  # request line + headers: 400 past it
        # 503 past it; the guard keeps connections within max_connections (one more here:
        # a connection admitted in place of a closed one is not refused while that one ends)
        "limit_concurrency": settings.max_connections + 1 if settings.max_connections else None,
        "backlog": settings.accept_backlog,  # accepted in a row before the guard sees them
        "ws_max_size": 64 * 1024,  # a bigger WebSocket message closes the socket (1009)
        "ws_ping_interval": 20.0,  # the server pings every socket every 20 s
        "ws_ping_timeout": 20.0,  # and closes one that does not answer within 20 s
        "proxy_headers": False,  # X-Forwarded-For only from --forwarded-allow-ips (the app)
    }


def verify_records(url: str, head: str | None = None, m: Messages | None = None) -> int:
    """``gin serve --verify-records``: check the chain of finished games (and, with ``head``,
    that it still holds that published hash) and every stored deck; print the newest hash,
    in the language of ``m`` (default English)."""
    from ginrummy.i18n import Messages
    from ginrummy.server.audit.chain import verify_chain
    from ginrummy.server.audit.deck_audit import audit_decks
    from ginrummy.server.storage.db import make_engine, migrate
    from ginrummy.server.storage.records import GENESIS, chain

    m = m or Messages("en")
    engine = make_engine(url)
    try:
        migrate(engine)
        problems = verify_chain(engine, head)
        links = chain(engine)
        problems += audit_decks(engine, links)
    finally:
        engine.dispose()
    for problem in problems:
        print(m("serve.verify.problem", problem=problem.text(m)))
    newest = links[-1].hash if links else GENESIS
    print(m("serve.verify.summary", count=len(links), hash=newest))
    place = next((n for n, link in enumerate(links, 1) if link.hash == head), None)
    if head is not None and place is not None:
        print(m("serve.verify.head_place", head=head[:12], place=place, count=len(links)))
    return 1 if problems else 0
