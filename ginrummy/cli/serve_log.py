"""uvicorn's own log lines in the operator's language.

uvicorn writes its life-cycle lines (started, listening, shutting down, a bad
request…) in English; :class:`LocalLogLines` swaps each one it knows for the
catalogue's line in the language ``gin serve`` speaks, and names the level in
that language. A line it does not know (an exception, a future uvicorn's new
line) passes as uvicorn wrote it.
"""

from __future__ import annotations

import logging

from ginrummy.i18n import Messages

KNOWN_LINES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Started server process [%d]": ("serve.log.started", ("pid",)),
    "Finished server process [%d]": ("serve.log.finished", ("pid",)),
    "Waiting for application startup.": ("serve.log.starting", ()),
    "Application startup complete.": ("serve.log.started_app", ()),
    "Application startup failed. Exiting.": ("serve.log.start_failed", ()),
    "Uvicorn running on %s://%s:%d (Press CTRL+C to quit)":
        ("serve.log.running", ("scheme", "host", "port")),
    "Uvicorn running on %s://[%s]:%d (Press CTRL+C to quit)":
        ("serve.log.running_v6", ("scheme", "host", "port")),
    "Shutting down": ("serve.log.shutting_down", ()),
    "Waiting for connections to close. (CTRL+C to force quit)": ("serve.log.closing", ()),
    "Waiting for background tasks to complete. (CTRL+C to force quit)":
        ("serve.log.finishing", ()),
    "Waiting for application shutdown.": ("serve.log.stopping", ()),
    "Application shutdown complete.": ("serve.log.stopped", ()),
    "Application shutdown failed. Exiting.": ("serve.log.stop_failed", ()),
    "Invalid HTTP request received.": ("serve.log.bad_request", ()),
    "Unsupported upgrade request.": ("serve.log.bad_upgrade", ()),
}
"""uvicorn's message templates, each with its catalogue key and the names of its arguments."""

LEVELS = ("INFO", "WARNING", "ERROR", "CRITICAL")


class LocalLogLines(logging.Filter):
    """Put uvicorn's known lines and the level names in the language of ``m``.

    >>> record = logging.LogRecord("uvicorn.error", 20, "", 0, "Shutting down", (), None)
    >>> LocalLogLines(Messages("it")).filter(record), record.getMessage(), record.levelname
    (True, 'Arresto del server in corso', 'INFO')
    """

    def __init__(self, m: Messages) -> None:
        super().__init__()
        self.m = m

    def filter(self, record: logging.LogRecord) -> bool:
        known = KNOWN_LINES.get(record.msg) if isinstance(record.msg, str) else None
        args = record.args if isinstance(record.args, tuple) else ()
        if known is not None and len(args) == len(known[1]):
            key, names = known
            record.msg, record.args = self.m(key, **dict(zip(names, args, strict=True))), ()
            record.__dict__.pop("color_message", None)  # uvicorn would print its English one
        if record.levelname in LEVELS:
            record.levelname = self.m(f"serve.log.level.{record.levelname.lower()}")
        return True


__all__ = ["KNOWN_LINES", "LocalLogLines"]
