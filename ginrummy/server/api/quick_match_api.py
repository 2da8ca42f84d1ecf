"""Quick match over HTTP (:mod:`ginrummy.server.live.quick_match`).

``POST /api/quickmatch`` starts waiting and answers with a ticket; ``GET
/api/quickmatch/{ticket}?wait=S`` answers when something changed (or after ``S`` seconds, at
most :data:`MAX_WAIT`), and once matched, with the seat's token and its cookie;
``DELETE`` stops waiting; ``POST /api/quickmatch/{ticket}/computer`` takes the computer's
offer. A ticket works only with the cookies of the browser that made it (its guest id, or
its account's session).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.rating import START_MU, family_of
from ginrummy.server.api import account_places, http_api, lobby_api
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.completion_rules import CompletionRefused, min_completion_of
from ginrummy.server.api.rated import RatedRefused, check_rated_rules
from ginrummy.server.api.sessions import lobby_of, signed_in
from ginrummy.server.live.quick_match import Match, QuickMatch, Seeking, account_of
from ginrummy.server.storage.completion import completion_of
from ginrummy.server.storage.ratings import rating_of
from ginrummy.server.storage.tokens import looks_like_token
from ginrummy.server.wire.protocol import ClientError

MAX_WAIT = 25.0
STATUS = {"no_such_seek": 404, "seek_over": 409, "computer_not_yet": 409,
          "server_full": 503, "too_many_seeks": 409}


def _hub(request: Request) -> QuickMatch:
    return lobby_of(request).quick_match


async def _who(request: Request) -> tuple[str, str | None, str, bool]:
    """``(who, username, guest id, guest id is new)``: a signed-in browser is its account."""
    guest, new = lobby_api.guest_of(request)
    account = await signed_in(request)
    if account is not None:
        return f"account:{account.id}", account.username, guest, new
    return f"guest:{guest}", None, guest, new


async def _rating(request: Request, who: str, rules: Rules) -> float:
    """The seeker's rating in the family of ``rules`` (a guest's: a new player's)."""
    account = account_of(who)
    if account is None:
        return START_MU
    engine = lobby_of(request).store.engine
    found = await asyncio.to_thread(rating_of, engine, account, family_of(rules))
    return found.mu


def _refused(refused: ClientError) -> http_api.HTTPError:
    return http_api.HTTPError(STATUS.get(refused.code, 409), refused.code, refused.message)


async def start(request: Request) -> Response:
    """``POST /api/quickmatch`` ``{"preset", "options", "rated", "name", "clock",
    "min_completion"}``."""
    data = await http_api.json_body(request)
    http_api.check_fields(data, {"preset", "options", "rated", "name", "clock",
                                 "min_completion"})
    try:
        minimum = min_completion_of(data)
    except CompletionRefused as refused:
        raise http_api.completion_refused(refused) from None
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        raise http_api.HTTPError(400, "bad_request", f"rated must be true or false, got "
                                 f"{rated!r}")
    rules = http_api.rules_of(data)
    clock = http_api.clock_of(request, data)
    who, username, guest, new = await _who(request)
    if rated and username is None:
        raise http_api.HTTPError(403, "sign_in_for_rated", "rated games are between "
                                 "accounts: sign in (or sign up) to play one")
    if rated:
        try:
            check_rated_rules(request, TableRules(2, rules))
        except RatedRefused as refused:
            raise http_api.HTTPError(refused.status, refused.code, refused.message) from None
    name = username if username is not None else await http_api.typed_name(request, data,
                                                                             "Player")
    limits: ClientLimits = request.app.state.client_limits
    address = client_address(request.scope)
    limits.create_game(address)
    if rated and (account_id := account_of(who)) is not None:
        await account_places.note_here(request, account_id)  # whom it may not meet
    account_id = account_of(who)
    completion = None if account_id is None else await asyncio.to_thread(
        completion_of, lobby_of(request).store.engine, account_id)
    try:
        ticket, seeking = await _hub(request).start(who, name, rules, rated,
                                                    await _rating(request, who, rules), clock,
                                                    address, minimum, completion)
    except ClientError as refused:
        raise _refused(refused) from None
    response = _answer(request, seeking, {"ticket": ticket}, status=201)
    lobby_api.keep_guest(request, response, guest, new)
    return response


async def _seeking(request: Request) -> Seeking:
    ticket = request.path_params["ticket"]
    if not looks_like_token(ticket):
        raise http_api.HTTPError(400, "bad_request", "a quick match ticket is the token "
                                 "that POST /api/quickmatch gave")
    who, *_ = await _who(request)
    try:
        return _hub(request).find(ticket, who)
    except ClientError as refused:
        raise _refused(refused) from None


async def poll(request: Request) -> Response:
    """``GET /api/quickmatch/{ticket}?wait=S``."""
    seeking = await _seeking(request)
    raw = request.query_params.get("wait", "0")
    try:
        wait = float(raw)
    except ValueError:
        wait = -1.0
    if not 0 <= wait <= MAX_WAIT:
        raise http_api.HTTPError(400, "bad_request", f"wait must be a number of seconds "
                                 f"from 0 to {MAX_WAIT:g}, got {raw!r}")
    await _hub(request).wait(seeking, wait)
    return _answer(request, seeking)


async def cancel(request: Request) -> Response:
    """``DELETE /api/quickmatch/{ticket}``: stop waiting (a match already made stands)."""
    seeking = await _seeking(request)
    _hub(request).cancel(seeking)
    return _answer(request, seeking)


async def computer(request: Request) -> Response:
    """``POST /api/quickmatch/{ticket}/computer``: play the offered computer level now."""
    seeking = await _seeking(request)
    try:
        await _hub(request).take_computer(seeking)
    except ClientError as refused:
        raise _refused(refused) from None
    return _answer(request, seeking, status=201)


def _answer(request: Request, seeking: Seeking, more: dict[str, Any] | None = None,
            status: int = 200) -> Response:
    body = {**(more or {}), **_hub(request).state(seeking)}
    match: Match | None = seeking.match
    if match is not None:
        body["game"] = {
            "game_id": match.game_id, "seat": match.seat, "opponent": match.opponent,
            "level": match.level, "token": match.token,
            "links": http_api.links(request, match.game_id, match.token, None, None)}
    response = JSONResponse(body, status_code=status)
    if match is not None:
        http_api.set_seat_cookie(request, response, match.game_id, match.token)
    return response
