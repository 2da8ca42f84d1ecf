"""Same-origin checks for the WebSocket and the state-changing HTTP requests."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from ginrummy.server.settings import Settings


def origin_allowed(headers: Mapping[str, str], settings: Settings) -> bool:
    """True when there is no ``Origin`` (not a browser) or it names this server's host.

    A browser always sends ``Origin`` on a WebSocket handshake and on a
    cross-site POST, so a page from another site cannot play a seat with the
    cookies of someone who visits it. ``settings.allowed_origins`` adds more.
    """
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin.rstrip("/") in settings.allowed_origins:
        return True
    host = headers.get("host")
    if not host:
        return False
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return parts.netloc.lower() == host.lower()
