"""Who is online: ``GET /api/online?limit=&offset=``.

Public and read-only: the signed-in players online by username, with their standard rating,
and how many guests (counted, never named). A signed-in reader's friends (both follow each
other) come first, marked, each with the listed game they play to watch; nobody else's game is
told, so that a casual game's typed name is never tied to an account. Never a card, a token or
a deleted or banned account."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.rating import Family
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.http_api import whole_count
from ginrummy.server.api.sessions import lobby_of, signed_in
from ginrummy.server.live.presence import Online
from ginrummy.server.storage.friends import FriendStore
from ginrummy.server.storage.online_names import Named, named

MAX_PAGE = 100
"""The most players one page of the list names."""
FAMILY: Family = "standard"
"""The family whose rating the list shows."""


async def _named(request: Request, online: Online) -> list[Named]:
    """The accounts of ``online`` by username, read once per reading of who is online."""
    state = request.app.state
    cached: tuple[Online, list[Named]] | None = getattr(state, "online_named", None)
    if cached is not None and cached[0] is online:
        return cached[1]
    found = await asyncio.to_thread(named, lobby_of(request).store.engine,
                                    sorted(online.playing), FAMILY)
    state.online_named = (online, found)
    return found


async def online_players(request: Request) -> Response:
    """``GET /api/online``: a page of the players online, friends first; guests counted."""
    limits: ClientLimits = request.app.state.client_limits
    limits.online_list(client_address(request.scope))
    limit = whole_count(request, "limit", 50, MAX_PAGE)
    offset = whole_count(request, "offset", 0, 100_000)
    online = lobby_of(request).presence.now()
    everyone = await _named(request, online)
    reader = await signed_in(request)
    friends: set[str] = set()
    if reader is not None:
        friends = await asyncio.to_thread(FriendStore(lobby_of(request).store.engine)
                                          .friends_of, reader.id)
    ordered = sorted(everyone, key=lambda n: n.account_id not in friends)  # stable: by name

    def shown(one: Named) -> dict[str, Any]:
        friend = one.account_id in friends
        game = online.playing.get(one.account_id) if friend else None
        return {"username": one.username, "profile": f"/players/{one.username}",
                "rating": one.rating.shown, "friend": friend,
                "watch": None if game is None else f"/watch/{game}"}

    return JSONResponse({
        "players": [shown(one) for one in ordered[offset:offset + limit]],
        "total": len(everyone),
        "friends_online": sum(1 for one in everyone if one.account_id in friends),
        "guests": online.guests,
        "offset": offset,
        "limit": limit,
        "family": FAMILY,
    })
