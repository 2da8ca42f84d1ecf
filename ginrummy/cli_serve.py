"""Serve Gin Rummy over HTTP and WebSocket (the browser game's server).

Games are stored in a SQLite file under ./data/ by default, or in the
database named by --database or $DATABASE_URL (e.g.
postgresql://user:password@localhost/gin). The schema is created or
upgraded when the server starts. Games survive a restart: each one is
rebuilt from its action log when first needed.
"""

from __future__ import annotations

import argparse
import logging
import re

HELP = "serve the game over HTTP and WebSocket (browser client and API)"


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
                        help="messages per second a WebSocket may send, in bursts of N "
                        "(default: 20; more closes it); raise it for bots")
    parser.add_argument("--idle-seconds", type=float, default=None, metavar="SECONDS",
                        help="in a game between two people, the computer plays for a seat "
                        "that keeps the other waiting this long, until its player is back "
                        "(default: $GIN_IDLE_SECONDS, else 180; 0: never)")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="another browser origin allowed to connect, e.g. "
                        "https://example.org (repeatable)")
    parser.add_argument("--secure-cookies", action="store_true",
                        help="mark seat cookies Secure (behind HTTPS)")
    parser.add_argument("--verify-records", action="store_true",
                        help="check the hash chain of finished games in the database against "
                        "their stored logs, print the newest hash and exit (1 if broken)")
    parser.add_argument("--access-log", action="store_true",
                        help="log every request (off by default: URLs can carry tokens)")


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


def run(args: argparse.Namespace) -> int:
    import uvicorn
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from ginrummy.server import Settings, create_app
    from ginrummy.server.settings import database_url, idle_seconds

    if not 0 < args.port < 65536:
        print(f"gin serve: --port must be 1..65535, got {args.port}")
        return 2
    if args.computer_delay < 0:
        print("gin serve: --computer-delay cannot be negative")
        return 2
    if args.rate_limit < 1:
        print("gin serve: --rate-limit must be at least 1")
        return 2
    if args.idle_seconds is not None and args.idle_seconds < 0:
        print("gin serve: --idle-seconds cannot be negative")
        return 2
    try:
        idle = idle_seconds(None if args.idle_seconds is None else str(args.idle_seconds))
    except ValueError as error:
        print(f"gin serve: $GIN_IDLE_SECONDS: {error}")
        return 2
    url = database_url(args.database)
    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError as error:
        print(f"gin serve: --database: {error}")
        return 2
    if backend not in ("sqlite", "postgresql"):
        print(f"gin serve: --database must be a sqlite:// or postgresql:// URL, got {backend!r}")
        return 2
    if args.verify_records:
        return verify_records(url)
    settings = Settings(
        database=url,
        computer_delay=args.computer_delay,
        rate_per_second=args.rate_limit,
        rate_burst=max(1, int(args.rate_limit)),
        allowed_origins=tuple(o.rstrip("/") for o in args.allow_origin),
        cookie_secure=args.secure_cookies,
        idle_seconds=idle,
    )
    taken = port_taken(args.host, args.port)
    if taken:
        print(f"gin serve: port {args.port} on {args.host} is already in use ({taken}), perhaps "
              f"by another gin serve. Stop that one, or serve on another port: "
              f"gin serve --port {args.port + 1} (make run PORT={args.port + 1}).")
        return 1
    app = create_app(settings)
    for name in ("uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(RedactTokens())
    shown = settings.database.split("@")[-1] if "@" in settings.database else settings.database
    print(f"Gin Rummy server on http://{args.host}:{args.port}/  (database: {shown})")
    uvicorn.run(
        app, host=args.host, port=args.port, access_log=args.access_log,
        ws_max_size=64 * 1024, log_level="info",
    )
    return 0


def verify_records(url: str) -> int:
    """``gin serve --verify-records``: check the chain of finished games, print its head."""
    from ginrummy.server.db import make_engine, migrate
    from ginrummy.server.records import chain_head, verify_chain

    engine = make_engine(url)
    try:
        migrate(engine)
        problems = verify_chain(engine)
        count, head = chain_head(engine)
    finally:
        engine.dispose()
    for problem in problems:
        print(f"gin serve --verify-records: {problem}")
    print(f"{count} finished games in the chain; newest hash {head}")
    return 1 if problems else 0
