"""The table sockets of signed-in browsers follow their account and session even when another
process changes them: ``gin admin --ban`` writes the ban (and ends the sessions) in the
database, which this server reads back.

Two ways, both reading the database, never trusting the socket:

- every ``session_check_seconds`` (:func:`watch_sockets`) one query for all the open sockets
  ends those of a banned account (``account_banned``) and of a session that ended or expired
  (``signed_out``): a ban reaches every socket within that bound, whatever it does; a banned
  account's quick match seek is ended too, so that nobody is matched with it;
- a chat line from a signed-in socket is checked as it comes (:func:`refusal_of`), so the
  banned account says nothing more even before the sweep.

Moves are not checked one by one: a read per move would lengthen every move's round trip for
an event an operator causes a few times a year, and the sweep bounds how long a banned
account's open socket plays on. Its seat is then closed to it (its sessions are gone), and
the computer plays for it as for any absent player (the idle rule).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Protocol

from sqlalchemy.engine import Engine

from ginrummy.server.api.sessions import SignedInSockets
from ginrummy.server.storage import session_checks

log = logging.getLogger(__name__)

BANNED, SIGNED_OUT = "account_banned", "signed_out"


class Seekers(Protocol):
    """The accounts waiting for a quick match (:class:`~.live.quick_match.QuickMatch`)."""

    def accounts_waiting(self) -> set[str]: ...

    def end_seeks_of(self, account_id: str) -> None: ...


async def check_sockets(sockets: SignedInSockets, engine: Engine, moment: datetime,
                        seekers: Seekers | None = None) -> None:
    """End the sockets of banned accounts and of sessions that no longer stand, and the
    banned accounts' seeks."""
    held = sockets.held()
    waiting = set() if seekers is None else seekers.accounts_waiting()
    if not held and not waiting:
        return
    hashes = {session for sessions in held.values() for session in sessions}
    standing = await asyncio.to_thread(session_checks.standing, engine, {*held, *waiting},
                                       hashes, moment)
    if seekers is not None:
        for account_id in waiting & standing.banned:
            seekers.end_seeks_of(account_id)
    for account_id, sessions in held.items():
        if account_id in standing.banned:
            sockets.end_hashed(account_id, lambda _: True, BANNED)
        elif ended := sessions - standing.live:
            sockets.end_hashed(account_id, ended.__contains__, SIGNED_OUT)


async def watch_sockets(sockets: SignedInSockets, engine: Engine, every: float,
                        clock: Callable[[], float], seekers: Seekers | None = None) -> None:
    """:func:`check_sockets` every ``every`` seconds, until cancelled."""
    while True:
        await asyncio.sleep(every)
        try:
            await check_sockets(sockets, engine, datetime.fromtimestamp(clock(), UTC),
                                seekers)
        except Exception:  # noqa: BLE001 - the next round tries again
            log.exception("could not check the signed-in sockets' sessions")


async def refusal_of(engine: Engine, account_id: str, session: str,
                     moment: datetime) -> str | None:
    """Why a signed-in socket may no longer speak (``account_banned``, ``signed_out``), or
    None while its account and session stand."""
    standing = await asyncio.to_thread(session_checks.standing, engine, {account_id},
                                       {session}, moment)
    if account_id in standing.banned:
        return BANNED
    return None if session in standing.live else SIGNED_OUT
