"""The open places of a game in the lobby: anyone takes one, and its creator may send a
player away again before the first deal.

An open place is a person's seat that nobody holds yet (no token). Whoever takes it gets a
new token, as an invited friend does; the creator (place 0) may open it again while the game
waits for its first deal, and the one sent away may not take a place at that game again
(remembered by their browser's guest id, their address and their account, if signed in,
while the server runs: a fresh cookie does not bring them back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ginrummy.livetable import Refused, SendAway
from ginrummy.server.wire.protocol import ClientError, error

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

OPEN_NAME = ""
"""The name an open place has until someone takes it (the client says "open place")."""


def _client_keys(address: str | None, account: str | None) -> set[str]:
    """How a sitter is known besides their browser's guest id."""
    return ({f"address:{address}"} if address else set()) | (
        {f"account:{account}"} if account else set())


class OpenSeats:
    """The open places of one table, who took them from the lobby and who was sent away."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.sitters: dict[int, str] = {}
        """Open places taken while the server runs: place → the taker's guest id."""
        self.sitter_keys: dict[int, set[str]] = {}
        """Each place taken from the lobby: the taker's guest id, address and account keys."""
        self.sent_away: set[str] = set()
        """Guest ids, ``address:…`` and ``account:…`` keys of those the creator sent away
        from this game (none of them may sit again)."""

    def open_places(self) -> list[int]:
        """The places anyone may take now."""
        table = self.table
        if not table.listed or table.stage() == "over":
            return []
        return [s.seat for s in table.seats
                if s.kind == "human" and not s.joined and s.token_hash is None]

    async def sit(self, name: str, guest: str, place: int | None = None,
                  address: str | None = None, account: str | None = None) -> tuple[int, str]:
        """Seat ``guest`` (at ``address``, signed in to ``account``, where known) as ``name``
        at ``place`` (None: the first open one); the place and its new token, which only
        the caller learns."""
        keys = {guest, *_client_keys(address, account)}
        places = self.open_places()
        target = place if place is not None else (places[0] if places else None)

        def open_to_them() -> None:
            if keys & self.sent_away:
                raise ClientError("sent_away", "the creator of this game sent you away from "
                                  "it: take a place at another table")
            if guest in self.sitters.values():
                raise ClientError("already_seated", "you already have a place at this game")
            if target is None or target not in self.open_places():
                said = "" if target is None else f" {target}"
                raise ClientError("no_open_place", f"place{said} is not open: nobody may "
                                  "take it now")

        def seated(_: object) -> None:
            assert target is not None
            self.sitters[target] = guest
            self.sitter_keys[target] = keys

        if target is None:
            open_to_them()  # says why
        assert target is not None
        try:
            token = await self.table.take(target, name, open_to_them, seated)
        except Refused:  # taken meanwhile
            raise ClientError("no_open_place", f"place {target} is not open: nobody may "
                              "take it now") from None
        return target, token

    async def send_away(self, by: int, place: int) -> None:
        """The creator (``by`` = 0) opens ``place`` again, before the first deal."""
        table = self.table

        def creator_only() -> None:
            if by != 0:
                raise ClientError("not_creator", "only the game's creator (place 0) may send "
                                  "a player away")
            if not table.listed:
                raise ClientError("no_player_there", f"place {place} has no player who took "
                                  "an open place")

        try:
            await table.run(SendAway(place), before=creator_only)
        except Refused as refused:
            if refused.code == "already_started":
                raise ClientError("already_started", f"place {place} has given its seed for "
                                  "the first deal: nobody can be sent away any more") from None
            raise ClientError("no_player_there", f"place {place} has no player who took "
                              "an open place") from None
        guest = self.sitters.pop(place, None)
        if guest is not None:
            self.sent_away.add(guest)
        self.sent_away.update(self.sitter_keys.pop(place, set()))
        for listener in [li for li in table.listeners if li.seat == place]:
            listener.push(error("sent_away", f"the creator sent place {place} away: it "
                                "is open again", n=table.n))
            close = getattr(listener, "close", None)
            if close is not None:
                close(4401, "sent_away")
        for listener in list(table.listeners):
            listener.push(table.snapshot(listener.seat))
        table.tell_presence()
