"""Names of accounts are theirs: a name typed for a seat that looks like an account's username
(the same skeleton, :mod:`ginrummy.server.storage.skeleton`) is refused with ``bad_name``,
reason ``account``, unless the browser is signed in to that very account."""

from __future__ import annotations

import asyncio

from starlette.requests import HTTPConnection

from ginrummy.server.api.sessions import account_store, signed_in
from ginrummy.server.live.names import NameRefused


async def own_name(connection: HTTPConnection, name: str) -> str:
    """``name``, unless it is (or looks like) another account's username."""
    username = await asyncio.to_thread(account_store(connection).named_like, name)
    if username is None:
        return name
    account = await signed_in(connection)
    if account is not None and account.username == username:
        return name
    raise NameRefused("account", f"name {name!r} looks like the username of the account "
                      f"{username!r}: an account's name is that account's alone")
