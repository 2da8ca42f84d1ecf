"""``POST`` and ``DELETE /api/games/{game_id}/rematch``: the same players again after a
two-player game (:mod:`ginrummy.server.live.rematch`)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.server.api.client_limits import client_address
from ginrummy.server.api.http_api import (
    HTTPError,
    _client_limits,
    _created,
    _set_seat_cookie,
    _table_for,
)
from ginrummy.server.api.sessions import lobby_of
from ginrummy.server.live import rematch as rematches
from ginrummy.server.storage.replay import stage


async def rematch(request: Request) -> Response:
    """``POST /api/games/{game_id}/rematch``: after a game is over, the same players, rules
    (and level) again; the other seat deals the first hand this time. Against the computer it
    starts at once; between friends it is an offer until the other player asks too, and then
    each player's request takes their seat of the new game (:mod:`.rematch`)."""
    table, seat = await _table_for(request, request.query_params.get("token"))
    if seat is None:
        raise HTTPError(403, "read_only", "a watch link cannot start a rematch")
    game = table.position.game
    if table.kind == "friend":
        try:
            answer = await rematches.ask(lobby_of(request), table, seat)
        except rematches.RematchRefused as refused:
            raise _refused(refused) from None
        return _rematch_answer(request, table.id, seat, answer)
    if game.players != 2 or table.kind != "computer":
        raise HTTPError(400, "bad_request", "a rematch is for a two-player game against the "
                        "computer or a friend")
    if stage(game) != "over":
        raise HTTPError(409, "not_over", "the game is not over: finish it before a rematch")
    _client_limits(request).create_game(client_address(request.scope))
    created = await lobby_of(request).create(game.rules, "computer", table.level,
                                           table.seats[seat].name, dealer=1 - game.cut.low,
                                           clock=table.clock_rules)
    return _created(request, created, rematch_of=table.id)


async def decline_rematch(request: Request) -> Response:
    """``DELETE /api/games/{game_id}/rematch``: take back one's offer, or decline the other's."""
    table, seat = await _table_for(request, request.query_params.get("token"))
    if seat is None:
        raise HTTPError(403, "read_only", "a watch link cannot answer a rematch")
    try:
        answer = await rematches.withdraw(table, seat)
    except rematches.RematchRefused as refused:
        raise _refused(refused) from None
    return _rematch_answer(request, table.id, seat, answer)


def _refused(refused: rematches.RematchRefused) -> HTTPError:
    status = {"bad_request": 400, "not_found": 404}.get(refused.code, 409)
    return HTTPError(status, refused.code, refused.message)


def _rematch_answer(request: Request, game_id: str, seat: int,
                    answer: rematches.Answer) -> Response:
    """The offers still open, or the rematch: its id and, once, the caller's seat token
    there (also as its cookie)."""
    body: dict[str, Any] = {"game_id": game_id, "seat": seat, "offers": list(answer.offers),
                            "rematch_id": answer.game_id}
    if answer.token is not None:
        body["token"] = answer.token
    response = JSONResponse(body, status_code=201 if answer.token is not None else 200)
    if answer.game_id is not None and answer.token is not None:
        _set_seat_cookie(request, response, answer.game_id, answer.token)
    return response
