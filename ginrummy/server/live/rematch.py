"""A rematch between two people (PROTOCOL.md "Rematch"): after a game between friends is
over, each player asks; once both have, the same two sit down again at the same seats, the
other seat deals first, and each takes their seat of the new game with their token of the old
one, in their own browser. The rematch of a rated game is rated, its seats the same two
accounts' from the start. Offers and the rematch started are commands of the table
(:class:`~ginrummy.livetable.OfferRematch`...): an offer lives in the table's value, not in
its log, and lapses when the server restarts."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ginrummy.livetable import OfferRematch, Refused, RematchStarted, WithdrawRematch
from ginrummy.server.live.refusal_text import refusal_text
from ginrummy.server.storage.accounts import AccountStore
from ginrummy.server.storage.blocks import blocks_between
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.replay import stage
from ginrummy.server.wire.refusal import Refusal

if TYPE_CHECKING:
    from ginrummy.server.live.lobby import Lobby
    from ginrummy.server.live.table import Table


class RematchRefused(Refusal):
    """The game cannot have a rematch between people (``code`` names why)."""


@dataclass(frozen=True, slots=True)
class Answer:
    offers: tuple[int, ...]
    """The seats asking, while the rematch waits for the other player."""
    game_id: str | None
    """The rematch, once both have asked."""
    token: str | None
    """The caller's new seat token there: once, to the first request after both asked."""


def check(table: Table) -> None:
    game = table.position.game
    if game.players != 2 or table.kind != "friend":
        raise RematchRefused("bad_request", "a rematch between people is for a two-player game "
                             "between friends")
    if stage(game) != "over":
        raise RematchRefused("not_over", "the game is not over: finish it before a rematch")


def _tell(table: Table, declined_by: int | None = None) -> None:
    """Wire 1's ``rematch`` message (wire 2 has the table's ``rematch`` notice)."""
    said = {"type": "rematch", **table.view.rematch_said(declined_by)}
    for listener in list(table.listeners):
        listener.push(said)


async def _run(table: Table, command: OfferRematch | WithdrawRematch | RematchStarted) -> None:
    try:
        await table.run(command)
    except Refused as refused:
        raise RematchRefused(refused.code, refusal_text(refused, table.table, command)) from None


async def ask(lobby: Lobby, table: Table, seat: int) -> Answer:
    """Seat ``seat`` asks for a rematch, or accepts the other's, or takes its seat of the
    rematch already started."""
    check(table)
    async with table.rematch_lock:
        if table.rematch_id is None:
            await _run(table, OfferRematch(seat))
            if len(table.rematch_offers) < len(table.seats):
                _tell(table)
                await _tell_elsewhere(lobby, table, seat)
                return Answer(tuple(sorted(table.rematch_offers)), None, None)
            game = table.position.game
            assert game.players == 2
            accounts = AccountStore(lobby.store.engine, lobby.store.guard)
            owners = await _rated_owners(accounts, table)
            created = await lobby.create(game.rules, "friend", None, table.seats[0].name,
                                         dealer=1 - game.cut.low, rematch_of=table,
                                         clock=table.clock_rules,
                                         owner=None if owners is None else owners[0])
            if owners is not None:
                await asyncio.to_thread(accounts.claim_seat, owners[1], created.table.id, 1,
                                        now())
            await _run(table, RematchStarted(created.table.id))
        assert table.rematch_id is not None
        rematch = await lobby.get(table.rematch_id)
    if rematch is None:  # the database lost it under us: say so rather than guess
        raise RematchRefused("not_found", f"no game {table.rematch_id!r}")
    token = await rematch.claim(seat)
    _tell(table)
    return Answer((), rematch.id, token)


async def _tell_elsewhere(lobby: Lobby, table: Table, seat: int) -> None:
    """The other player's account hears of the offer on every page it has open, as a
    ``rematch_offer`` (PROTOCOL.md "Notices"), unless one of the two blocked the other."""
    accounts = AccountStore(lobby.store.engine, lobby.store.guard)
    offering, other = await asyncio.gather(
        asyncio.to_thread(accounts.owner_of, table.id, seat),
        asyncio.to_thread(accounts.owner_of, table.id, 1 - seat))
    if other is None or (offering is not None and await asyncio.to_thread(
            blocks_between, lobby.store.engine, offering, other)):
        return
    lobby.news.tell({other}, {"type": "rematch_offer", "from": table.seats[seat].name,
                              "game": f"/play/{table.id}"})


async def _rated_owners(accounts: AccountStore, table: Table) -> tuple[str, str] | None:
    """The accounts at seats 0 and 1 of a rated game (None: a casual game)."""
    if not table.rated:
        return None
    owners = [await asyncio.to_thread(accounts.owner_of, table.id, seat) for seat in (0, 1)]
    first, second = owners
    if first is None or second is None or first == second:
        return None
    return first, second


async def withdraw(table: Table, seat: int) -> Answer:
    """Seat ``seat`` takes back its offer, or declines the other's."""
    check(table)
    async with table.rematch_lock:
        if table.rematch_id is not None:
            raise RematchRefused("rematch_started", "the rematch has started: it can no longer "
                                 "be declined")
        declined = bool(table.rematch_offers - {seat})
        await _run(table, WithdrawRematch(seat))
        _tell(table, declined_by=seat if declined else None)
        return Answer((), None, None)
