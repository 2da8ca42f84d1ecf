"""Rated games: who may create one and who may take a place at one.

A rated game is between accounts: its creator is signed in, it has no computer seat, and
every other place is taken by a signed-in account that holds no other seat there (an account
cannot rate itself against itself), and that was never seen in the browser (or at the
address) of an account seated there (:mod:`.account_places`). Its seats are the accounts'
from the moment they are taken (:func:`ginrummy.server.api.accounts_api.claiming`), and each
player is shown by their username (the name their profile is at), whatever name they typed.
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import HTTPConnection

from ginrummy.core.table import TableRules
from ginrummy.rating.rated_rules import unrated_reason
from ginrummy.server.api.account_places import SamePlayer, check_apart, note_here
from ginrummy.server.api.sessions import account_store, settings_of, signed_in
from ginrummy.server.live.table import Table
from ginrummy.server.storage.accounts import Account

NEEDS_ACCOUNT = ("a rated game is played between accounts: sign in (or sign up) to create "
                 "one or take a place at one")


class RatedRefused(Exception):
    """A rated game refused: the HTTP ``status``, the error's ``code`` and ``message``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def check_rated_rules(connection: HTTPConnection, table_rules: TableRules) -> None:
    """Refuse rated rules that are not a full game of their family
    (:func:`~ginrummy.rating.rated_rules.unrated_reason`), unless the server allows any."""
    unrated = unrated_reason(table_rules)
    if unrated is not None and not settings_of(connection).rated_any_rules:
        raise RatedRefused(400, unrated.code, unrated.message)


async def rated_creator(connection: HTTPConnection, data: dict[str, Any],
                        places: list[str], table_rules: TableRules) -> Account | None:
    """The creator's account if ``data`` asks for a rated game (None: unrated), whose
    other ``places`` are ``"computer"``, ``"friend"`` or ``"anyone"``, under
    ``table_rules``."""
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        raise RatedRefused(400, "bad_request", f"rated must be true or false, got {rated!r}")
    if not rated:
        return None
    if "computer" in places:
        raise RatedRefused(400, "rated_with_computer", "a rated game has no computer seat: "
                           "every place is for a person with an account ('friend' or "
                           "'anyone')")
    check_rated_rules(connection, table_rules)
    account = await signed_in(connection)
    if account is None:
        raise RatedRefused(403, "rated_needs_account", NEEDS_ACCOUNT)
    await note_here(connection, account.id)
    return account


async def check_rated_place(connection: HTTPConnection, table: Table) -> str | None:
    """Refuse a place at a rated ``table`` to a guest, or to an account seated there already;
    the username the place then takes (None: an unrated table, the typed name stands)."""
    if not table.rated:
        return None
    account = await signed_in(connection)
    if account is None:
        raise RatedRefused(403, "rated_needs_account", NEEDS_ACCOUNT)
    seat = await asyncio.to_thread(account_store(connection).seat_in, account.id, table.id)
    if seat is not None:
        raise RatedRefused(409, "rated_same_account", f"this account already plays seat "
                           f"{seat} of this rated game: another account takes the other place")
    try:
        await check_apart(connection, table, account.id)
    except SamePlayer as same:
        raise RatedRefused(409, same.code, same.message) from None
    return account.username
