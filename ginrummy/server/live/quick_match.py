"""Quick match: people who want a game now wait here until someone near their rating wants
the same game (:mod:`.seeks`), and may take the computer at their level after a while.

A seeker holds a ticket (a random token; only its hash is kept) that works only for the
browser that made it (its guest id or account): a copied ticket alone opens nothing. Each
seeker has one seek at a time: a new one ends the one before. A seeker who has not asked
about their ticket for :data:`STALE_SECONDS` has left and no longer meets anyone. A match's
seat token is given to its seeker when they next ask (as often as they ask, for
:data:`KEEP_SECONDS`), then forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from sqlalchemy.exc import SQLAlchemyError

from ginrummy.core.rules import Rules
from ginrummy.rating.levels import level_ratings, nearest_level
from ginrummy.server.live.clock import ClockRules
from ginrummy.server.live.seeks import Seek, candidates, pairs, window
from ginrummy.server.live.tasks import cancelled
from ginrummy.server.storage.completion import Completion
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.storage.tokens import new_token, same_hash, token_hash
from ginrummy.server.wire.payload import rules_dict
from ginrummy.server.wire.protocol import ClientError

log = logging.getLogger(__name__)

STALE_SECONDS = 30.0
KEEP_SECONDS = 120.0
TICK_SECONDS = 1.0
MAX_SEEKS = 2000
"""Seekers waiting at once across the server; more are refused until some meet or leave."""
SEEKS_PER_ADDRESS = 4
"""Seekers waiting at once from one address: a guest id is a cookie any client can make up,
so without it one address could fill the server's :data:`MAX_SEEKS` alone."""

Status = Literal["waiting", "matched", "cancelled", "replaced", "left"]


class MadeGame(Protocol):
    @property
    def id(self) -> str: ...

    async def join(self, seat: int, name: str, invite: str) -> str: ...


class Created(Protocol):
    @property
    def table(self) -> MadeGame: ...

    @property
    def token(self) -> str: ...

    @property
    def invite_token(self) -> str | None: ...


CreateGame = Callable[..., Awaitable[Created]]
"""``Lobby.create(rules, opponent, level, name, listed=..., owner=...)``."""
ClaimSeat = Callable[[str, str, int], Awaitable[object]]
"""Make seat ``seat`` of game ``game_id`` the account ``account_id``'s."""
SharedPlaces = Callable[[str, str], Awaitable[bool]]
"""Whether two accounts (by id) were seen in one browser or at one address."""
Blocked = Callable[[str, str], Awaitable[bool]]
"""Whether either of two accounts (by id) blocked the other."""


@dataclass
class Match:
    game_id: str
    seat: int
    token: str
    opponent: str
    level: int | None = None


@dataclass
class Seeking:
    seek: Seek
    ticket_hash: str
    name: str
    rules: Rules
    rated: bool
    seen: float
    clock: ClockRules | None = None
    address: str | None = None
    """Where the seek came from (for :data:`SEEKS_PER_ADDRESS`)."""
    min_completion: int | None = None
    """The least completion rate (percent) of whom it meets (None: anyone)."""
    completion: Completion | None = None
    """The seeker's own (None: a guest, who meets nobody that asks a minimum)."""
    status: Status = "waiting"
    match: Match | None = None
    ended: float | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def end(self, status: Status, now: float) -> None:
        self.status, self.ended = status, now
        self.changed.set()


def account_of(who: str) -> str | None:
    """The account id of a seeker ``account:<id>`` (None: a guest)."""
    kind, _, ident = who.partition(":")
    return ident if kind == "account" else None


class QuickMatch:
    def __init__(self, create: CreateGame, computer_after: float,
                 clock: Callable[[], float] = time.monotonic,
                 claim: ClaimSeat | None = None, per_address: int = SEEKS_PER_ADDRESS,
                 shared: SharedPlaces | None = None, blocked: Blocked | None = None) -> None:
        self.create = create
        self.claim = claim
        self.shared = shared
        """Whether two accounts were seen in one browser (or at one address): they do not
        meet for a rated game."""
        self.blocked = blocked
        """Whether either of two accounts blocked the other: they never meet."""
        self.kept_apart: set[frozenset[str]] = set()
        """The tickets of rated seekers found to share a browser or an address, and of
        seekers one of whom blocked the other."""
        self.per_address = per_address
        """Seekers waiting at once from one address; 0: no limit."""
        self.computer_after = computer_after
        self.clock = clock
        self.seekers: dict[str, Seeking] = {}
        """By the seek's ticket."""
        self.lock = asyncio.Lock()
        self.ticker: asyncio.Task[None] | None = None

    def waiting(self) -> int:
        return sum(1 for s in self.seekers.values() if s.status == "waiting")

    async def start(self, who: str, name: str, rules: Rules, rated: bool, rating: float,
                    clock: ClockRules | None = None, address: str | None = None,
                    min_completion: int | None = None, completion: Completion | None = None
                    ) -> tuple[str, Seeking]:
        """A new seek of ``who`` from ``address`` (ending theirs before); its ticket and state.
        People meet only if they want the same rules, rated or not, and the same clock, and
        each meets the other's ``min_completion`` with their ``completion``."""
        now = self.clock()
        self._forget(now)
        waiting = [s for s in self.seekers.values() if s.status == "waiting"]
        if self.per_address and address is not None and sum(
                1 for s in waiting if s.address == address and s.seek.who != who
        ) >= self.per_address:
            raise ClientError("too_many_seeks", f"{self.per_address} people already wait for "
                              "a quick match from this address; a new one may wait when one "
                              "of them has met someone or stopped")
        if len(waiting) - sum(1 for s in waiting if s.seek.who == who) >= MAX_SEEKS:
            raise ClientError("server_full", f"{MAX_SEEKS} people are already waiting for a "
                              "quick match; try again in a minute")
        for other in waiting:
            if other.seek.who == who:
                other.end("replaced", now)
        ticket = new_token()
        pool = (json.dumps(rules_dict(rules), sort_keys=True), rated,
                None if clock is None else json.dumps(clock.to_dict(), sort_keys=True))
        seeking = Seeking(Seek(token_hash(ticket), who, rating, pool, now), token_hash(ticket),
                          name, rules, rated, now, clock, address, min_completion, completion)
        self.seekers[seeking.ticket_hash] = seeking
        await self.pair()
        self._keep_ticking()
        return ticket, seeking

    def accounts_waiting(self) -> set[str]:
        """The ids of the accounts that wait for a quick match."""
        return {account for s in self.seekers.values() if s.status == "waiting"
                and (account := account_of(s.seek.who)) is not None}

    def end_seeks_of(self, account_id: str) -> None:
        """The account may no longer play (banned): its seek meets nobody."""
        for seeking in self.seekers.values():
            if seeking.status == "waiting" and account_of(seeking.seek.who) == account_id:
                seeking.end("cancelled", self.clock())

    def find(self, ticket: str, who: str) -> Seeking:
        """The seek of ``ticket``, if ``who`` made it."""
        seeking = self.seekers.get(token_hash(ticket))
        if seeking is None or seeking.seek.who != who or not same_hash(seeking.ticket_hash,
                                                                      token_hash(ticket)):
            raise ClientError("no_such_seek", "this quick match ticket is unknown here: it "
                              "has ended, or it was made in another browser")
        seeking.seen = self.clock()
        return seeking

    async def wait(self, seeking: Seeking, timeout: float) -> None:
        """Until ``seeking`` changes (met someone, ended) or ``timeout`` seconds pass."""
        if seeking.status != "waiting":
            return
        seeking.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(seeking.changed.wait(), timeout)
        seeking.seen = self.clock()

    def cancel(self, seeking: Seeking) -> None:
        if seeking.status == "waiting":
            seeking.end("cancelled", self.clock())

    def offer(self, seeking: Seeking) -> dict[str, Any]:
        """The computer's offer: its level and rating, and in how many seconds it stands."""
        level = nearest_level(seeking.seek.rating)
        waited = self.clock() - seeking.seek.since
        return {"level": level, "rating": round(level_ratings()[level]),
                "in_seconds": max(0, round(self.computer_after - waited, 1))}

    async def take_computer(self, seeking: Seeking) -> Match:
        """Play the computer of :meth:`offer` instead, once the offer stands."""
        async with self.lock:
            if seeking.status != "waiting":
                raise ClientError("seek_over", f"this quick match is {seeking.status}: it can "
                                  "no longer turn into a game against the computer")
            wait = self.offer(seeking)["in_seconds"]
            if wait > 0:
                raise ClientError("computer_not_yet", "the computer is offered after "
                                  f"{self.computer_after:g} s of waiting; {wait:g} s to go")
            level = self.offer(seeking)["level"]
            created = await self.create(seeking.rules, "computer", level, seeking.name,
                                        clock=seeking.clock)
            seeking.match = Match(created.table.id, 0, created.token,
                                  f"Computer (level {level})", level)
            seeking.end("matched", self.clock())
            return seeking.match

    def state(self, seeking: Seeking) -> dict[str, Any]:
        """What the seeker is told of their seek (never anyone else's ticket or token)."""
        now = self.clock()
        out: dict[str, Any] = {
            "status": seeking.status, "rules": dict(rules_dict(seeking.rules)),
            "rated": seeking.rated, "rating": round(seeking.seek.rating),
            "clock": None if seeking.clock is None else seeking.clock.to_dict(),
            "min_completion": seeking.min_completion,
            "waited": round(now - seeking.seek.since, 1),
            "window": round(window(seeking.seek, now)), "waiting": self.waiting(),
        }
        if seeking.status == "waiting":
            out["computer"] = self.offer(seeking)
        return out

    async def pair(self) -> None:
        """Make a game of every pair that meets now."""
        async with self.lock:
            now = self.clock()
            self._forget(now)
            waiting = [s for s in self.seekers.values() if s.status == "waiting"]
            by_ticket = {s.ticket_hash: s for s in waiting}
            for first, second in pairs([s.seek for s in waiting], now, self._candidates):
                if await self._kept_apart(by_ticket[first.ticket], by_ticket[second.ticket]):
                    self.kept_apart.add(frozenset((first.ticket, second.ticket)))
                    continue
                try:
                    await self._meet(by_ticket[first.ticket], by_ticket[second.ticket])
                except ClientError as failure:  # the database failed: they wait on
                    log.error("quick match: no game for a pair: %s", failure)

    def _candidates(self, seeks: Sequence[Seek]) -> Iterator[tuple[Seek, Seek]]:
        for a, b in candidates(seeks):
            if frozenset((a.ticket, b.ticket)) not in self.kept_apart and self._complete_enough(
                    self.seekers[a.ticket], self.seekers[b.ticket]):
                yield a, b

    @staticmethod
    def _complete_enough(first: Seeking, second: Seeking) -> bool:
        """Whether each of the two meets the minimum completion rate the other asks."""
        return all(asked.min_completion is None or (
            them.completion is not None and them.completion.meets(asked.min_completion))
            for asked, them in ((first, second), (second, first)))

    async def _kept_apart(self, first: Seeking, second: Seeking) -> bool:
        """Whether one of the two blocked the other, or, for a rated game, they may be one
        player (a database failure keeps them apart too)."""
        one, other = account_of(first.seek.who), account_of(second.seek.who)
        if one is None or other is None:
            return False
        try:
            if self.blocked is not None and await self.blocked(one, other):
                return True
            if not first.rated or self.shared is None:
                return False
            return await self.shared(one, other)
        except (StorageGone, SQLAlchemyError) as failure:
            log.error("quick match: could not tell whether two accounts may meet: %s", failure)
            return True

    async def _meet(self, first: Seeking, second: Seeking) -> None:
        """A game of the two, listed; rated if they asked (both are accounts then); each
        account owns its seat at once, in whichever of its browsers it plays."""
        owner = account_of(first.seek.who) if first.rated else None
        created = await self.create(first.rules, "friend", None, first.name, listed=True,
                                    owner=owner, clock=first.clock)
        assert created.invite_token is not None
        token = await created.table.join(1, second.name, created.invite_token)
        game_id, now = created.table.id, self.clock()
        if self.claim is not None:
            for seat, seeking in ((0, first), (1, second)):
                account = account_of(seeking.seek.who)
                if account is not None and not (seat == 0 and owner is not None):
                    await self.claim(account, game_id, seat)
        first.match = Match(game_id, 0, created.token, second.name)
        second.match = Match(game_id, 1, token, first.name)
        first.end("matched", now)
        second.end("matched", now)

    def _forget(self, now: float) -> None:
        for ticket, seeking in list(self.seekers.items()):
            if seeking.status == "waiting" and now - seeking.seen > STALE_SECONDS:
                seeking.end("left", now)
            if seeking.ended is not None and now - seeking.ended > KEEP_SECONDS:
                del self.seekers[ticket]
        self.kept_apart = {pair for pair in self.kept_apart if pair <= self.seekers.keys()}

    def _keep_ticking(self) -> None:
        if self.ticker is None or self.ticker.done():
            self.ticker = asyncio.create_task(self._tick(), name="quick match")

    async def _tick(self) -> None:
        while self.waiting():
            await asyncio.sleep(TICK_SECONDS)
            try:
                await self.pair()
            except Exception:  # noqa: BLE001 - the next tick tries again
                log.exception("quick match pairing failed")

    async def close(self) -> None:
        await cancelled(self.ticker)
