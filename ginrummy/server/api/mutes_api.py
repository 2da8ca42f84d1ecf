"""The players a signed-in account muted: ``GET /api/accounts/me/mutes`` lists them and
``DELETE /api/accounts/me/mutes/{id}`` lifts one. A mute is made from a chat line, on the
socket that showed it (``chat_mute``), so that nobody mutes a line they were not shown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ginrummy.server.api.accounts_api import Endpoint, signed_in_or_refuse
from ginrummy.server.api.http_api import HTTPError, json_body
from ginrummy.server.api.sessions import lobby_of
from ginrummy.server.storage.mutes import MAX_MUTES


async def listed(request: Request) -> Response:
    account = await signed_in_or_refuse(request)
    mutes = await asyncio.to_thread(lobby_of(request).store.mutes.listed, account.id)
    return JSONResponse({"mutes": [mute.to_json() for mute in mutes], "max": MAX_MUTES})


async def lifted(request: Request) -> Response:
    await json_body(request)  # the origin check; the body is not used
    account = await signed_in_or_refuse(request)
    raw = request.path_params["mute_id"]
    if not raw.isdigit() or len(raw) > 18:
        raise HTTPError(400, "bad_mute", f"a mute's id is a number, got {raw[:40]!r}")
    store = lobby_of(request).store.mutes
    if not await asyncio.to_thread(store.unmute, account.id, mute_id=int(raw)):
        raise HTTPError(404, "no_such_mute", f"this account has no mute {raw}")
    return JSONResponse({"unmuted": int(raw)})


def routes(guarded: Callable[[Endpoint], Endpoint]) -> list[BaseRoute]:
    return [
        Route("/api/accounts/me/mutes", guarded(listed), methods=["GET"]),
        Route("/api/accounts/me/mutes/{mute_id}", guarded(lifted), methods=["DELETE"]),
    ]
