"""The open places of a game in the lobby: anyone takes one, and its creator may send a
player away again before the first deal.

An open place is a person's seat that nobody holds yet (no token). Whoever takes it gets a
new token, as an invited friend does; the creator (place 0) may open it again while the game
waits for its first deal, and the one sent away may not take a place at that game again
(remembered by their browser's guest id, their address and their account, if signed in,
while the server runs: a fresh cookie does not bring them back).
"""

from __future__ import annotations

import asyncio

from ginrummy.server.live.summary import summary
from ginrummy.server.live.table_core import TableCore
from ginrummy.server.wire.protocol import ClientError, error

OPEN_NAME = ""
"""The name an open place has until someone takes it (the client says "open place")."""


def _client_keys(address: str | None, account: str | None) -> set[str]:
    """How a sitter is known besides their browser's guest id."""
    return ({f"address:{address}"} if address else set()) | (
        {f"account:{account}"} if account else set())


class OpenSeats(TableCore):
    sitter_keys: dict[int, set[str]]
    """Each place taken from the lobby: the taker's guest id, address and account keys."""

    def open_places(self) -> list[int]:
        """The places anyone may take now."""
        if not self.listed or self.stage() == "over":
            return []
        return [s.seat for s in self.seats
                if s.kind == "human" and not s.joined and s.token_hash is None]

    async def sit(self, name: str, guest: str, place: int | None = None,
                  address: str | None = None, account: str | None = None) -> tuple[int, str]:
        """Seat ``guest`` (at ``address``, signed in to ``account``, where known) as ``name``
        at ``place`` (None: the first open one); the place and its new token, which only
        the caller learns."""
        keys = {guest, *_client_keys(address, account)}
        async with self.lock:
            if keys & self.sent_away:
                raise ClientError("sent_away", "the creator of this game sent you away from "
                                  "it: take a place at another table")
            if guest in self.sitters.values():
                raise ClientError("already_seated", "you already have a place at this game")
            places = self.open_places()
            if place is None and places:
                place = places[0]
            if place is None or place not in places:
                wanted = "" if place is None else f" {place}"
                raise ClientError("no_open_place", f"place{wanted} is not open: nobody may "
                                  "take it now")
            token = await self._take(place, name)
            self.sitters[place] = guest
            self.sitter_keys[place] = keys
        self.kick()
        return place, token

    async def send_away(self, by: int, place: int) -> None:
        """The creator (``by`` = 0) opens ``place`` again, before the first deal."""
        async with self.lock:
            if by != 0:
                raise ClientError("not_creator", "only the game's creator (place 0) may send "
                                  "a player away")
            row = self.seats[place] if 0 < place < len(self.seats) else None
            if not self.listed or row is None or row.kind != "human" or not row.joined:
                raise ClientError("no_player_there", f"place {place} has no player who took "
                                  "an open place")
            if self.stage() != "waiting" or place in self.position.ready:
                raise ClientError("already_started", f"place {place} has given its seed for "
                                  "the first deal: nobody can be sent away any more")
            seats = [s if s.seat != place else type(s)(s.seat, s.kind, OPEN_NAME, None, False)
                     for s in self.seats]
            await asyncio.to_thread(self.store.free_seat, self.id, place, OPEN_NAME,
                                    summary(self.position, seats))
            self.seats = seats
            guest = self.sitters.pop(place, None)
            if guest is not None:
                self.sent_away.add(guest)
            self.sent_away.update(self.sitter_keys.pop(place, set()))
            for listener in [li for li in self.listeners if li.seat == place]:
                listener.push(error("sent_away", f"the creator sent place {place} away: it "
                                    "is open again", n=self.n))
                close = getattr(listener, "close", None)
                if close is not None:
                    close(4401, "sent_away")
            for listener in list(self.listeners):
                listener.push(self.snapshot(listener.seat))
        self._presence()
