"""What one client may do: games created, hints, event pages, sockets, messages.

A client is its address (``scope["client"]``; behind a trusted proxy the address the
proxy saw, see :mod:`ginrummy.server.api.app`) and, where there is one, its seat: a hint or
a message is charged to both, so one seat cannot get more by using many addresses and
one address cannot get more by holding many seats. A refusal says when to try again.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from ginrummy.server.api.rates import Buckets, Counts, Rate
from ginrummy.server.settings import Settings

CHAT_RATE = Rate(per_second=0.5, burst=5)
"""Chat lines per client, per seat and per account (across the lobby and every table): five
at once, then one every two seconds."""
REPORT_RATE = Rate(per_second=1 / 60, burst=10)
"""Chat reports per client, per seat and per account (tables and lobby together): ten at
once, then one a minute."""
SOCIAL_RATE = Rate.per_minute(30)
"""Follows, blocks and their removals per account: five at once, then one every two
seconds."""
SOCIAL_ADDRESS_RATE = Rate.per_minute(120)
"""The same per address (several accounts may share one)."""
CHALLENGE_RATE = Rate.per_minute(60)
"""Challenges sent, accepted, withdrawn or declined per account: ten at once, then one a
second (those sent and accepted count against the address as games created)."""

SEAT_SOCKETS = 4
"""WebSockets one seat may hold open at once (a newer one closes the older ones, which may
take a moment): a seat's socket never counts against its game's watchers nor, when its
address is full, against the address."""


class Refused(Exception):
    """Over a limit: ``code`` and ``message`` for the client, ``retry_after`` seconds."""

    def __init__(self, code: str, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.code, self.message = code, message
        self.retry_after = max(1, math.ceil(retry_after))

    @property
    def text(self) -> str:
        return f"{self.message}; try again in {self.retry_after} s"


def client_address(scope: Mapping[str, Any]) -> str:
    """The client's address as the app sees it (``"unknown"`` without one)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class ClientLimits:
    """The server's per-client counters, built from its :class:`Settings`."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.requests = Buckets(Rate.per_minute(settings.requests_per_minute), clock)
        self.creations = Buckets(Rate.per_minute(settings.create_per_minute), clock)
        self.hints = Buckets(Rate.per_minute(settings.hints_per_minute), clock)
        self.pages = Buckets(Rate.per_minute(settings.event_pages_per_minute), clock)
        self.messages = Buckets(Rate(settings.rate_per_second, settings.rate_burst), clock)
        self.chat_lines = Buckets(CHAT_RATE, clock)
        self.reports = Buckets(REPORT_RATE, clock)
        self.social_changes = Buckets(SOCIAL_RATE, clock)
        self.social_addresses = Buckets(SOCIAL_ADDRESS_RATE, clock)
        self.challenges = Buckets(CHALLENGE_RATE, clock)
        self.online_lists = Buckets(Rate.per_minute(settings.event_pages_per_minute), clock)
        """Lists of who is online (a lobby page asks for one every half minute)."""
        self.game_sockets = Counts(settings.max_sockets_per_game)
        self.address_sockets = Counts(settings.max_sockets_per_address)
        self.seat_sockets = Counts(SEAT_SOCKETS)

    def _charge(self, buckets: Buckets, what: str, keys: tuple[Hashable, ...]) -> None:
        for key in keys:
            wait = buckets.take(key)
            if wait:
                raise Refused("rate_limited", what, wait)

    def api_request(self, address: str) -> None:
        self._charge(self.requests, f"more than {self.settings.requests_per_minute:g} "
                     "requests a minute from one address", (address,))

    def create_game(self, address: str) -> None:
        self._charge(self.creations, f"more than {self.settings.create_per_minute:g} games "
                     "created a minute from one address", (address,))

    def hint(self, address: str, game_id: str, seat: int) -> None:
        self._charge(self.hints, f"more than {self.settings.hints_per_minute:g} hints a "
                     "minute", (("address", address), ("seat", game_id, seat)))

    def event_page(self, address: str, game_id: str, role: int) -> None:
        self._charge(self.pages, f"more than {self.settings.event_pages_per_minute:g} event "
                     "pages a minute", (("address", address), ("role", game_id, role)))

    def profile_page(self, address: str) -> None:
        """A profile or a leaderboard page (read from the records: heavier than a request)."""
        self._charge(self.pages, f"more than {self.settings.event_pages_per_minute:g} "
                     "profile and leaderboard pages a minute", (("profiles", address),))

    def social(self, address: str, account_id: str) -> None:
        """A follow, a block or the end of one, from ``address`` by ``account_id``."""
        for buckets, rate, key in ((self.social_addresses, SOCIAL_ADDRESS_RATE, address),
                                   (self.social_changes, SOCIAL_RATE, account_id)):
            self._charge(buckets, f"more than {rate.burst} follows and blocks at once, or one "
                         f"every {1 / rate.per_second:g} s", (key,))

    def challenge(self, address: str, account_id: str, creating: bool) -> None:
        """A challenge sent (``creating``: charged to the address as a game created),
        withdrawn, declined or accepted, from ``address`` by ``account_id``."""
        if creating:
            self.create_game(address)
        self._charge(self.challenges, f"more than {CHALLENGE_RATE.burst} challenges sent or "
                     f"answered at once, or one every {1 / CHALLENGE_RATE.per_second:g} s",
                     (account_id,))

    def online_list(self, address: str) -> None:
        """A list of who is online, asked from ``address``."""
        self._charge(self.online_lists, f"more than {self.settings.event_pages_per_minute:g} "
                     "lists of who is online a minute", (address,))

    def message(self, address: str, seat: tuple[str, int] | None) -> None:
        """A WebSocket message or ping frame from ``address`` (for ``seat``, if a player's)."""
        keys: tuple[Hashable, ...] = (("address", address),)
        if seat is not None:
            keys += (("seat", *seat),)
        self._charge(self.messages, f"more than {self.settings.rate_per_second:g} messages "
                     "per second across this client's connections", keys)

    def chat(self, address: str, game_id: str, seat: int | None,
             account_id: str | None = None) -> None:
        """A chat line at a table from ``address`` (at ``seat`` of ``game_id``; None: a
        watcher), said by the signed-in account ``account_id`` (None: a guest): one account
        has one budget, at every table and in the lobby, from any address."""
        keys: tuple[Hashable, ...] = (("address", address),)
        if seat is not None:
            keys += (("seat", game_id, seat),)
        if account_id is not None:
            keys += (("account", account_id),)
        self._chat(keys)

    def lobby_chat(self, address: str, account_id: str) -> None:
        """A line in the lobby from ``address`` by the account ``account_id``."""
        self._chat((("address", address), ("account", account_id)))

    def _chat(self, keys: tuple[Hashable, ...]) -> None:
        for key in keys:
            wait = self.chat_lines.take(key)
            if wait:
                raise Refused("chat_rate_limited", f"more than {CHAT_RATE.burst} chat lines "
                              f"at once, or one every {1 / CHAT_RATE.per_second:g} s", wait)

    def report(self, address: str, seat: tuple[str, int] | None,
               account_id: str | None) -> None:
        """A chat report from ``address`` (by ``seat``, a game's seat, and by the account
        ``account_id``, where there is one)."""
        keys: tuple[Hashable, ...] = (("address", address),)
        if seat is not None:
            keys += (("seat", *seat),)
        if account_id is not None:
            keys += (("account", account_id),)
        for key in keys:
            wait = self.reports.take(key)
            if wait:
                raise Refused("too_many_reports", f"more than {REPORT_RATE.burst} chat "
                              "reports at once, or one a minute", wait)

    def open_socket(self, address: str) -> None:
        """Count a table WebSocket of ``address`` before it is known whose it is;
        :meth:`close_socket` when it ends."""
        if not self.address_sockets.open(address):
            raise Refused("too_many_connections", f"this address already holds "
                          f"{self.address_sockets.limit} WebSockets", 10)

    def close_socket(self, address: str) -> None:
        self.address_sockets.close(address)

    def open_place(self, game_id: str, seat: int | None) -> Callable[[], None]:
        """Count a socket at ``game_id`` as its place, once known: a watcher's (``seat``
        None) against the game's watchers, a seat's against that seat alone, so that no
        number of watchers keeps a player out. What to call when the socket ends."""
        if seat is not None:
            key: Hashable = (game_id, seat)
            if not self.seat_sockets.open(key):
                raise Refused("too_many_connections", f"this seat already has "
                              f"{self.seat_sockets.limit} WebSockets open", 10)
            return lambda: self.seat_sockets.close(key)
        if not self.game_sockets.open(game_id):
            raise Refused("too_many_connections", f"this game already has "
                          f"{self.game_sockets.limit} watchers' WebSockets", 10)
        return lambda: self.game_sockets.close(game_id)

    def open_lobby_socket(self, address: str) -> None:
        """Count a lobby WebSocket of ``address`` (the lobby has no cap of its own)."""
        if not self.address_sockets.open(address):
            raise Refused("too_many_connections", f"this address already holds "
                          f"{self.address_sockets.limit} WebSockets", 10)

    def close_lobby_socket(self, address: str) -> None:
        self.address_sockets.close(address)
