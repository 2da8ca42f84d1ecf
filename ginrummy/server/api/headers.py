"""The Host check and the security headers, as one ASGI middleware around the whole app.

The Host check stops DNS rebinding: a page on ``evil.example`` that makes its name resolve
to 127.0.0.1 can reach a server on this machine, but its requests still say
``Host: evil.example``, which is not a name this server answers to. A request with a
foreign Host gets a 400 that says so; a WebSocket handshake with one is refused (400, or
close code 1008 where the server cannot send a response to a handshake).

Every HTTP response gets a strict Content-Security-Policy (the client runs no inline
script and loads everything from this server), ``X-Frame-Options: DENY`` (no framing, for
browsers without ``frame-ancestors``), ``X-Content-Type-Options: nosniff`` and
``Referrer-Policy: no-referrer``: seat, invite and watch tokens travel in the URL fragment,
which browsers never send, but a page URL can still carry a game id or ``?token=`` (the API
accepts one), and no other site needs to learn which game was open when a link was followed.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Iterable
from dataclasses import dataclass

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ANY_HOST = "*"
LOCAL_NAMES = ("localhost", "127.0.0.1", "[::1]")


def split_host(host: str) -> tuple[str, int | None] | None:
    """A Host header (or an ``--allowed-hosts`` entry) as (lowercase name, port or None);
    None if it is not a host name with an optional port.

    >>> split_host("LocalHost:8000"), split_host("[::1]:80"), split_host("example.org.")
    (('localhost', 8000), ('[::1]', 80), ('example.org', None))
    >>> split_host("a b"), split_host("x:http")
    (None, None)
    """
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        if end < 0:
            return None
        name, rest = host[:end + 1], host[end + 1:]
        try:
            ipaddress.IPv6Address(name[1:-1])
        except ValueError:
            return None
    else:
        name, colon, port_text = host.partition(":")
        rest = colon + port_text
    if rest and (not rest.startswith(":") or not rest[1:].isascii() or not rest[1:].isdigit()):
        return None
    name = name.rstrip(".")
    if not name or not all(ch.isascii() and (ch.isalnum() or ch in "-._[]:") for ch in name):
        return None
    port = int(rest[1:]) if rest else None
    if port is not None and not 0 < port < 65536:
        return None
    return name, port


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class HostRule:
    """The names a server answers to: ``name`` (any port) or ``name:port`` entries, ``*``
    (any host: the check is off) and, with ``ip_literals``, any IP address (a Host that is
    an address cannot come from DNS rebinding, which needs a name)."""

    entries: tuple[tuple[str, int | None], ...]
    any_host: bool = False
    ip_literals: bool = False

    @classmethod
    def of(cls, allowed: Iterable[str], ip_literals: bool = False) -> HostRule:
        entries, any_host = [], False
        for entry in allowed:
            if entry.strip() == ANY_HOST:
                any_host = True
                continue
            parsed = split_host(entry)
            if parsed is None:
                raise ValueError(f"{entry!r} is not a host name with an optional port "
                                 "(e.g. example.org or example.org:8443)")
            entries.append(parsed)
        return cls(tuple(entries), any_host, ip_literals)

    def allows(self, host: str | None) -> bool:
        if self.any_host:
            return True
        parsed = split_host(host or "")
        if parsed is None:
            return False
        name, port = parsed
        if self.ip_literals and _is_ip(name):
            return True
        return any(name == allowed and (allowed_port is None or port == allowed_port)
                   for allowed, allowed_port in self.entries)


def content_security_policy(host: str) -> str:
    """The CSP for a page served under ``host`` (a checked Host header)."""
    sockets = f"ws://{host} wss://{host}" if split_host(host) is not None else ""
    return "; ".join([
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self'",
        f"connect-src 'self' {sockets}".rstrip(), "font-src 'self'", "object-src 'none'",
        "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ])


def security_headers(host: str) -> list[tuple[bytes, bytes]]:
    return [
        (b"content-security-policy", content_security_policy(host).encode("latin-1")),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
    ]


def _host_of(scope: Scope) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == b"host":
            return str(value.decode("latin-1"))
    return None


class HostAndHeaders:
    """Refuse requests for names the server does not serve; add the security headers."""

    def __init__(self, app: ASGIApp, rule: HostRule) -> None:
        self.app, self.rule = app, rule

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _host_of(scope)
        if not self.rule.allows(host):
            await self._refuse(scope, receive, send, host)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        extra = security_headers(host or "")
        names = {name for name, _ in extra}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": kept + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send,
                      host: str | None) -> None:
        reason = ("the request has no Host header" if host is None else
                  f"this server does not answer to the host {host[:100]!r} "
                  "(gin serve --allowed-hosts names the hosts it serves)")
        body = json.dumps({"error": {"code": "bad_host", "message": reason}}).encode()
        start = {"status": 400, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            *security_headers("")]}
        if scope["type"] == "http":
            await send({"type": "http.response.start", **start})
            await send({"type": "http.response.body", "body": body})
            return
        await receive()  # websocket.connect
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", **start})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008, "reason": "bad_host"})
