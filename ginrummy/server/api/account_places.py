"""Where an account signs in from: its browsers (the ``gin-browser`` cookie) and addresses.

A browser gets a ``gin-browser`` cookie (a random id, HttpOnly, kept for a year) the first
time it signs in or up; the account's traces (:mod:`ginrummy.server.storage.traces`: keyed
hashes, no address in clear) then hold that id and the address. They serve twice:

- a sign-in from a browser or an address the account has signed in from before is the
  owner's: it does not count against the username's limit, which guessers elsewhere use
  up (:mod:`.accounts_api`);
- two accounts seen in one browser, or at one address (unless the operator allows it:
  ``--rated-shared-address``), do not play a rated game together: the second is refused a
  place with ``rated_same_player`` (:func:`check_apart`), so that nobody rates themself up
  against a second account of theirs.
"""

from __future__ import annotations

import asyncio

from starlette.requests import HTTPConnection
from starlette.responses import Response

from ginrummy.server.api.client_limits import client_address
from ginrummy.server.api.sessions import account_store, lobby_of, now_of, settings_of
from ginrummy.server.live.table import Table
from ginrummy.server.storage.tokens import looks_like_token, new_token
from ginrummy.server.storage.traces import TraceStore

BROWSER_COOKIE = "gin-browser"
BROWSER_DAYS = 365


def browser_id(connection: HTTPConnection) -> str | None:
    value = connection.cookies.get(BROWSER_COOKIE)
    return value if looks_like_token(value) else None


def _traces(connection: HTTPConnection) -> TraceStore:
    store = lobby_of(connection).store
    return TraceStore(store.engine, store.guard)


async def note(connection: HTTPConnection, response: Response, account_id: str) -> None:
    """The account signed in here: keep its traces, and give the browser its id if new."""
    browser = browser_id(connection)
    if browser is None:
        browser = new_token()
        response.set_cookie(BROWSER_COOKIE, browser, max_age=BROWSER_DAYS * 86400, path="/",
                            httponly=True, samesite="lax",
                            secure=settings_of(connection).cookie_secure)
    await asyncio.to_thread(_traces(connection).note, account_id,
                            client_address(connection.scope), browser, now_of(connection))


async def note_here(connection: HTTPConnection, account_id: str) -> None:
    """The account is signed in here (it creates or joins a rated game): keep its traces."""
    await asyncio.to_thread(_traces(connection).note, account_id,
                            client_address(connection.scope), browser_id(connection),
                            now_of(connection))


async def known(connection: HTTPConnection, account_id: str) -> bool:
    """Whether the account signed in from this browser or this address before."""
    return await asyncio.to_thread(_traces(connection).known, account_id,
                                   client_address(connection.scope), browser_id(connection))


class SamePlayer(Exception):
    """The account was seen where an account seated at the rated game was."""

    code = "rated_same_player"
    message = ("this account and an account already at this rated game signed in from one "
               "browser or one address: a rated game is between different people, so take "
               "a place at a casual game together")


async def check_apart(connection: HTTPConnection, table: Table, account_id: str) -> None:
    """Refuse (:class:`SamePlayer`) a place at the rated ``table`` to an account that shares
    a browser (or an address) with an account seated there; note where it is first."""
    await note_here(connection, account_id)
    traces = _traces(connection)
    store = account_store(connection)
    others = {owner for seat in range(len(table.seats))
              if (owner := await asyncio.to_thread(store.owner_of, table.id, seat)) is not None
              and owner != account_id}
    kinds = ("browser",) if settings_of(connection).rated_shared_address else None
    if not others:
        return
    shares: bool = await asyncio.to_thread(traces.shares, account_id, others, kinds)
    if shares:
        raise SamePlayer(SamePlayer.message)
