"""``POST /api/games/{game_id}/resign``: the player of the seat the request's token (or seat
cookie) opens resigns, and their side loses the game (the table socket's ``resign`` message
does the same). It runs through the table like every command: stored, then told."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.livetable import Refused, Resign
from ginrummy.server.api.http_api import (
    HTTPError,
    _check_fields,
    _json_body,
    _table_for,
    presented_token,
)
from ginrummy.server.live.refusal_text import refusal_text
from ginrummy.server.wire.protocol import ClientError

REFUSED_STATUS = {"no_such_place": 403, "game_over": 409, "not_started": 409}
"""The HTTP status of each way the table refuses a resignation."""


async def resign(request: Request) -> Response:
    """Resign the seat's game: the answer names the seat and the log entry it made, with the
    state the seat sees now (the game over). A watcher, a stranger's token, a spent invite
    and a finished game are refused, each with its own code; nothing changes then."""
    data = await _json_body(request)  # also refuses another site's page (the seat cookie)
    _check_fields(data, set())
    table, seat = await _table_for(request, presented_token(request))
    if seat is None:
        raise HTTPError(403, "read_only", "a watch link cannot resign: only a player can")
    command = Resign(seat)
    try:
        applied = await table.run(command, before=table.not_abandoned)
    except Refused as refused:
        raise HTTPError(REFUSED_STATUS.get(refused.code, 409), refused.code,
                        refusal_text(refused, table.table, command),
                        reason=_why(refused)) from None
    except ClientError as refused:
        if refused.code != "game_abandoned":
            raise
        raise HTTPError(409, refused.code, refused.message) from None
    entry = applied.stored.entries[-1]
    return JSONResponse({"game_id": table.id, "seat": seat, "n": entry.seq,
                         "kind": entry.kind, "state": table.state(seat)})


def _why(refused: Refused) -> str | None:
    why = refused.params.get("waiting_for")
    return why if isinstance(why, str) else None
