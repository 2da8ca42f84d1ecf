"""The minimum completion rate a quick match or a rated open table asks of its players
(:mod:`ginrummy.server.storage.completion`): the field that asks it, checked, and the
refusal of a place to an account below it. Always checked here, whatever a page sent."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request

from ginrummy.server.api.sessions import lobby_of, signed_in
from ginrummy.server.live.table import Table
from ginrummy.server.storage.completion import MINIMUMS, completion_of

FIELD = "min_completion"


class CompletionRefused(Exception):
    """A refusal: the HTTP ``status``, the error's ``code``, ``message`` and ``more`` fields."""

    def __init__(self, status: int, code: str, message: str,
                 more: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.more = status, code, message, more or {}


def min_completion_of(data: dict[str, Any]) -> int | None:
    """The ``min_completion`` of a request's body: null (or absent) for none, else one of
    :data:`MINIMUMS` (whole percent); anything else is ``bad_min_completion``."""
    minimum = data.get(FIELD)
    if minimum is None:
        return None
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum not in MINIMUMS:
        shown = repr(minimum)[:20]
        raise CompletionRefused(400, "bad_min_completion", f"{FIELD} must be null or one of "
                                f"{', '.join(map(str, MINIMUMS))} (percent), got {shown}",
                                more={"allowed": list(MINIMUMS)})
    return minimum


def check_asked_at(minimum: int | None, rated: bool, places: list[str]) -> None:
    """A new game asks a minimum only if it is rated and has an open place (``anyone``)."""
    if minimum is not None and not (rated and "anyone" in places):
        raise CompletionRefused(400, "min_completion_rated_open", f"{FIELD} is for rated "
                                "games with an open place in the lobby ('anyone')")


async def check_completion_at(request: Request, table: Table) -> None:
    """Refuse an open place at ``table`` to an account below the completion rate it asks
    (``completion_too_low``, naming the account's rate and the minimum); a new player, with
    fewer counted games than :data:`~ginrummy.server.storage.completion.NEW_PLAYER_GAMES`,
    meets any minimum."""
    minimum = table.min_completion
    if minimum is None:
        return
    account = await signed_in(request)
    if account is None:  # a rated table refused the guest already; this is a second lock
        raise CompletionRefused(403, "rated_needs_account", "sign in to take a place at "
                                "this table")
    completion = await asyncio.to_thread(completion_of, lobby_of(request).store.engine,
                                         account.id)
    if not completion.meets(minimum):
        raise CompletionRefused(403, "completion_too_low", "this table asks players who "
                                f"finish at least {minimum}% of their games; this account "
                                f"finished {completion.percent}% of its {completion.games}",
                                more={"rate": completion.percent, "minimum": minimum})
