"""The lobby: ``GET /api/lobby``, ``WS /ws/lobby``, taking an open place and sending a
player away (:mod:`ginrummy.server.live.open_seats`, :mod:`ginrummy.server.live.board`).

A browser in the lobby is known by a guest id (the ``gin_guest`` cookie, HttpOnly, made on
its first visit): the id says who took which open place, so that a player the creator sent
away cannot sit down again at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from ginrummy.server.api import completion_rules, http_api
from ginrummy.server.api.board_socket import BoardSocket, admitted, read_messages
from ginrummy.server.api.client_limits import ClientLimits, Refused, client_address
from ginrummy.server.api.origin import origin_allowed
from ginrummy.server.api.params import whole_number
from ginrummy.server.api.sessions import account_store, signed_in
from ginrummy.server.api.ws import a_player_arrived
from ginrummy.server.live.board import MAX_LISTED, PAGE_SIZE, Board
from ginrummy.server.live.chat import chat_line
from ginrummy.server.live.lobby import Lobby
from ginrummy.server.settings import Settings
from ginrummy.server.storage.accounts import Account
from ginrummy.server.storage.db import StorageGone
from ginrummy.server.wire.protocol import ClientError, error
from ginrummy.server.wire.text import message_text

log = logging.getLogger(__name__)

GUEST_COOKIE = "gin_guest"
STATUS = {"no_open_place": 409, "already_seated": 409, "sent_away": 403, "not_creator": 403,
          "no_player_there": 409, "already_started": 409}


def _lobby(connection: HTTPConnection) -> Lobby:
    lobby: Lobby = connection.app.state.lobby
    return lobby


def _board(connection: HTTPConnection) -> Board:
    lobby: Lobby = connection.app.state.lobby
    return lobby.board


def guest_of(connection: HTTPConnection) -> tuple[str, bool]:
    """This browser's guest id, and whether it is new (to be set as its cookie)."""
    found = connection.cookies.get(GUEST_COOKIE, "")
    if 16 <= len(found) <= 64 and found.replace("-", "").replace("_", "").isalnum():
        return found, False
    return secrets.token_urlsafe(16), True


def keep_guest(request: Request, response: Response, guest: str, new: bool) -> None:
    if new:
        settings: Settings = request.app.state.settings
        response.set_cookie(GUEST_COOKIE, guest, max_age=http_api.COOKIE_AGE, path="/",
                            httponly=True, samesite="lax", secure=settings.cookie_secure)


def _refused(refused: ClientError) -> http_api.HTTPError:
    return http_api.HTTPError(STATUS.get(refused.code, 409), refused.code, refused.message)


async def lobby_snapshot(request: Request) -> Response:
    """``GET /api/lobby?page=N``: a page of the open games and of the games being played,
    with how many each list holds, how many are online."""
    page = request.query_params.get("page")
    try:
        number = 0 if page is None else whole_number("page", page, MAX_LISTED // PAGE_SIZE)
    except ValueError as failure:
        raise http_api.HTTPError(400, "bad_request", str(failure)) from None
    board = _board(request)
    await board.load()
    await _lobby(request).open_tables.expire()
    response = JSONResponse(board.snapshot(number))
    keep_guest(request, response, *guest_of(request))
    return response


async def sit(request: Request) -> Response:
    """``POST /api/games/{game_id}/sit`` ``{"name", "seat"?}``: take an open place (the
    first one, or ``seat``); the answer (and the cookie) carries its token, once."""
    data = await http_api.json_body(request)
    http_api.check_fields(data, {"name", "seat"})
    place = data.get("seat")
    if place is not None and not http_api.is_int(place):
        raise http_api.HTTPError(400, "bad_request", f"seat must be a whole number, got "
                                 f"{place!r}")
    name = http_api.player_name(data, "Player")
    table = await http_api.table_of(request)
    limits: ClientLimits = request.app.state.client_limits
    limits.create_game(client_address(request.scope))
    await _lobby(request).open_tables.expire()
    guest, new = guest_of(request)
    name = (await http_api.rated_place(request, table)
            or await http_api.typed_name(request, data, "Player"))
    try:
        await completion_rules.check_completion_at(request, table)
    except completion_rules.CompletionRefused as refused:
        raise http_api.completion_refused(refused) from None
    account = await signed_in(request)
    try:
        seat, token = await table.open_seats.sit(name, guest, place, client_address(request.scope),
                                      None if account is None else account.id)
    except ClientError as refused:
        raise _refused(refused) from None
    response = JSONResponse({
        "game_id": table.id, "seat": seat, "role": "player", "token": token,
        "links": http_api.links(request, table.id, token, None, None),
        "state": table.state(seat)}, status_code=201)
    http_api.set_seat_cookie(request, response, table.id, token)
    a_player_arrived(table, client_address(request.scope), None if account is None
                     else account.id)
    keep_guest(request, response, guest, new)
    return response


async def send_away(request: Request) -> Response:
    """``DELETE /api/games/{game_id}/seats/{seat}`` (the creator's token): open that place
    again before the first deal."""
    settings: Settings = request.app.state.settings
    if not origin_allowed(request.headers, settings):
        raise http_api.HTTPError(403, "bad_origin", f"origin {request.headers.get('origin')!r} "
                                 "is not this server")
    raw = request.path_params["seat"]
    if not (raw.isascii() and raw.isdigit() and len(raw) < 3):
        raise http_api.HTTPError(400, "bad_request", f"seat must be a place number, not {raw!r}")
    table, by = await http_api.table_for(request, http_api.presented_token(request))
    if by is None:
        raise http_api.HTTPError(403, "read_only", "a watcher cannot send anyone away")
    try:
        await table.open_seats.send_away(by, int(raw))
    except ClientError as refused:
        raise _refused(refused) from None
    return JSONResponse({"game_id": table.id, "seat": by, "state": table.state(by)})


async def lobby_socket(websocket: WebSocket) -> None:
    """``WS /ws/lobby``: a ``lobby`` snapshot, then a ``lobby_update`` after each change, the
    tournaments' list when it changes, and the lobby's chat."""
    async with admitted(websocket) as admitted_now:
        if not admitted_now:
            return
        board = _board(websocket)
        await board.load()
        await _lobby(websocket).open_tables.expire()
        try:
            opener = await signed_in(websocket)
        except (StorageGone, SQLAlchemyError):
            opener = None
        await websocket.accept()
        socket = BoardSocket(websocket)
        socket.account_id = None if opener is None else opener.id
        tournaments = await _lobby(websocket).tournament_feed.current()
        socket.send(message_text({"type": "lobby", **board.snapshot(),
                                  "tournaments": tournaments}))
        try:
            socket.send(json.dumps(await _lobby(websocket).chat.history(socket.account_id)))
        except Exception:  # noqa: BLE001 - the lobby goes on without the chat's past lines
            log.exception("could not read the lobby's chat")
        _lobby(websocket).news.arriving(socket.account_id)
        board.attach(socket)
        try:
            await read_messages(websocket, socket,
                                "the lobby takes ping, chat ({text} or {phrase}), "
                                "chat_report ({chat_id, reason}), chat_mute ({chat_id, "
                                "mute}) and chat_show ({chat_id}) messages",
                                LOBBY_MESSAGES,
                                lambda message: _chat(websocket, message, opener))
        finally:
            board.detach(socket)
            await socket.finish()


LOBBY_MESSAGES = {"chat": {"text", "phrase"}, "chat_report": {"chat_id", "reason"},
                  "chat_mute": {"chat_id", "mute"}, "chat_show": {"chat_id"}}


async def _chat(websocket: WebSocket, message: dict[str, Any], opener: Account | None
                ) -> dict[str, Any] | None:
    """A line said in the lobby (None: it was sent to everyone, this socket too), a report
    of one, a muted line's words, or a mute of its speaker (answered with the chat's
    history as this account now reads it); the answer to a refused one. ``opener``: the
    account the socket was opened by, whose ban is named as such."""
    limits: ClientLimits = websocket.app.state.client_limits
    address = client_address(websocket.scope)
    try:
        if message["type"] == "chat_show":  # a muted line's words, for its reader
            return await _lobby(websocket).chat.show(message.get("chat_id"),
                                                     None if opener is None else opener.id)
        account = await signed_in(websocket)  # each time: a ban or a sign-out holds at once
        if account is None:
            if opener is not None and await asyncio.to_thread(
                    account_store(websocket).ban_of, opener.id) is not None:
                raise ClientError("account_banned", "this account has been banned by the "
                                  "server's operator: it says nothing more")
            if message["type"] == "chat_mute":
                raise ClientError("sign_in_to_mute", "a guest mutes in the browser only; "
                                  "sign in to mute a player's account everywhere")
            raise ClientError("sign_in_to_chat", "only a signed-in account speaks in the "
                              "lobby's chat; a guest reads it")
        chat = _lobby(websocket).chat
        if message["type"] == "chat_report":
            await chat.report(account.username, message.get("chat_id"), message.get("reason"),
                              lambda: limits.report(address, None, account.id), account.id)
            return {"type": "chat_reported", "chat_id": message.get("chat_id")}
        if message["type"] == "chat_mute":
            return await chat.mute(account.id, message.get("chat_id"), message.get("mute"))
        chat_line(message.get("text"), message.get("phrase"))  # a refused line costs nothing
        limits.lobby_chat(address, account.id)
        await chat.say(account.id, account.username, message.get("text"), message.get("phrase"))
        return None
    except ClientError as refused:
        return error(refused.code, refused.message, n=0)
    except Refused as over:
        return {**error(over.code, over.text, n=0), "retry_after": over.retry_after}
    except (StorageGone, SQLAlchemyError) as failure:
        log.error("the lobby's chat could not be stored: %s", failure)
        return error("storage", "the database could not store this line; nothing changed",
                     n=0)
