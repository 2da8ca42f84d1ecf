"""The HTTP JSON endpoints: create a game, join it, fetch a snapshot, list my games, rules.

Errors are ``{"error": {"code": ..., "message": ...}}`` with a 4xx status;
a refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ginrummy.core.errors import TableError
from ginrummy.core.rules import Rules, RulesError
from ginrummy.core.table import TableRules
from ginrummy.server.api import account_names, completion_rules, rated
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.origin import origin_allowed
from ginrummy.server.api.params import whole_number
from ginrummy.server.api.sessions import (
    SeatOfAnAccount,
    account_games,
    lobby_of,
    seat_for,
    settings_of,
    signed_in,
)
from ginrummy.server.api.ws import a_player_arrived
from ginrummy.server.live import names
from ginrummy.server.live.clock import ClockRefused, ClockRules
from ginrummy.server.live.computer import LEVELS
from ginrummy.server.live.daily import held_reason
from ginrummy.server.live.lobby import Created
from ginrummy.server.live.open_tables import TooManyOpenTables
from ginrummy.server.live.table import WATCHER, Table
from ginrummy.server.storage import records
from ginrummy.server.storage.accounts import Account
from ginrummy.server.storage.replay import stage
from ginrummy.server.storage.tokens import looks_like_game_id, looks_like_token
from ginrummy.server.wire.protocol import ClientError
from ginrummy.server.wire.refusal import Refusal

MAX_BODY = 16 * 1024
PLAYERS = (2, 3, 4)
"""The browser's tables: two players, three (R33), two teams of two (R34)."""
COOKIE_PREFIX = "gin_"
COOKIE_AGE = 365 * 24 * 3600


class HTTPError(Exception):
    def __init__(self, status: int, code: str, message: str,
                 retry_after: int | None = None, reason: str | None = None,
                 more: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.more = more or {}
        """Further fields of the error, for a client to word it (a rate and its minimum)."""
        self.status, self.code, self.message = status, code, message
        self.retry_after = retry_after
        """Seconds, sent as ``Retry-After`` (429, 503)."""
        self.reason = reason
        """What exactly was wrong, for a client to word it (``bad_name``)."""

    @classmethod
    def refusing(cls, refused: Refusal, status: int = 400) -> HTTPError:
        """The answer to a refused field: the refusal's own code, sentence and reason."""
        return cls(status, refused.code, refused.message, reason=refused.reason)


def error_response(failure: HTTPError) -> JSONResponse:
    error: dict[str, Any] = {**failure.more, "code": failure.code, "message": failure.message}
    headers = {}
    if failure.retry_after is not None:
        error["retry_after"] = failure.retry_after
        headers["Retry-After"] = str(failure.retry_after)
    if failure.reason is not None:
        error["reason"] = failure.reason
    return JSONResponse({"error": error}, status_code=failure.status, headers=headers)


def _client_limits(request: Request) -> ClientLimits:
    limits: ClientLimits = request.app.state.client_limits
    return limits


async def _body(request: Request) -> bytes:
    """The request's body, read as it streams in (chunked too) and cut off at :data:`MAX_BODY`
    bytes or after ``header_timeout`` seconds."""
    too_large = HTTPError(413, "too_large", f"a request body may have at most {MAX_BODY} bytes")
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit())
                               or len(length) > 12 or int(length) > MAX_BODY):
        raise too_large
    body = bytearray()
    seconds = settings_of(request).header_timeout
    try:
        async with asyncio.timeout(seconds or None):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise too_large
    except TimeoutError:
        raise HTTPError(408, "timeout", f"the body did not arrive within {seconds:g} s") from None
    return bytes(body)


async def _json_body(request: Request) -> dict[str, Any]:
    if not origin_allowed(request.headers, settings_of(request)):
        raise HTTPError(403, "bad_origin", f"origin {request.headers.get('origin')!r} is not "
                        "this server")
    body = await _body(request)
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as failure:
        raise HTTPError(400, "bad_json", f"the body is not JSON: {failure}") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "bad_request",
                        f"the body must be a JSON object, got {type(data).__name__}")
    return data


def _check_fields(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise HTTPError(400, "bad_request", f"unknown field {unknown[0]!r}; fields: "
                        f"{', '.join(sorted(allowed))}")


def _name(data: dict[str, Any], default: str) -> str:
    if "name" not in data:
        return default
    try:
        return names.player_name(data["name"])
    except names.NameRefused as refused:
        raise HTTPError.refusing(refused) from None


async def _typed_name(request: Request, data: dict[str, Any], default: str) -> str:
    """:func:`_name`, refused too when it looks like another account's username."""
    name = _name(data, default)
    if "name" not in data:
        return name
    try:
        return await account_names.own_name(request, name)
    except names.NameRefused as refused:
        raise HTTPError.refusing(refused) from None


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _links(request: Request, game_id: str, token: str | None, invite: str | None,
           watch: str | None) -> dict[str, str]:
    base = _base(request)
    links = {"table": f"{base}/play/{game_id}", "websocket": f"/ws/{game_id}"}
    if token is not None:
        links["play"] = f"{base}/play/{game_id}#{token}"
    if invite is not None:
        links["invite"] = f"{base}/play/{game_id}#{invite}"
    if watch is not None:
        links["watch"] = f"{base}/watch/{game_id}#{watch}"
    return links


def _set_seat_cookie(request: Request, response: Response, game_id: str, token: str) -> None:
    response.set_cookie(
        f"{COOKIE_PREFIX}{game_id}", token, max_age=COOKIE_AGE, path="/", httponly=True,
        samesite="lax", secure=settings_of(request).cookie_secure,
    )


# ---------------------------------------------------------------- endpoints


async def create_game(request: Request) -> Response:
    data = await _json_body(request)
    _check_fields(data, {"opponent", "level", "preset", "options", "name", "players", "seats",
                         "team_target", "rated", "clock", "min_completion"})
    players = data.get("players", 2)
    if not _is_int(players) or players not in PLAYERS:
        kind = "" if _is_int(players) else f" (a whole number, not {type(players).__name__})"
        raise HTTPError(400, "bad_request", f"players must be 2, 3 or 4{kind}, got {players!r}")
    if players != 2:
        return await _create_table_game(request, data, players)
    for field in ("seats", "team_target"):
        if field in data:
            raise HTTPError(400, "bad_request", f"{field} is for games of 3 or 4 players")
    opponent = data.get("opponent", "computer")
    if opponent not in ("computer", "friend", "anyone"):
        raise HTTPError(400, "bad_request", "opponent must be 'computer', 'friend' or "
                        f"'anyone' (an open place in the lobby), got {opponent!r}")
    level = data.get("level")
    if opponent == "computer":
        level = _level(1 if level is None else level)
    elif level is not None:
        raise HTTPError(400, "bad_request", "level is for games against the computer")
    rules = _rules(data)
    clock = _clock(request, data)
    name = _name(data, "Player 1")
    owner = await _rated_creator(request, data, [opponent], TableRules(2, rules))
    minimum = _min_completion(data, owner is not None, [opponent])
    if owner is None:  # a rated game shows the username, whatever name was typed
        name = await _typed_name(request, data, "Player 1")
    _client_limits(request).create_game(client_address(request.scope))
    opener = await _open_table_of(request, opponent == "anyone")
    created = await lobby_of(request).create(rules, opponent, level, name if owner is None
                                           else owner.username,
                                           owner=None if owner is None else owner.id,
                                           clock=clock, min_completion=minimum)
    return _created(request, created, opener)


async def _open_table_of(request: Request, listed: bool) -> tuple[str, str | None] | None:
    """For a game listed in the lobby, its creator's address and account, once they are
    found to hold fewer unjoined open tables than they may (``too_many_open_tables``)."""
    if not listed:
        return None
    lobby = lobby_of(request)
    account = await signed_in(request)
    opener = client_address(request.scope), None if account is None else account.id
    await lobby.open_tables.expire()
    try:
        lobby.open_tables.check(*opener)
    except TooManyOpenTables as refused:
        raise HTTPError(409, "too_many_open_tables", str(refused)) from None
    return opener


async def _rated_creator(request: Request, data: dict[str, Any], places: list[str],
                         table_rules: TableRules) -> Account | None:
    try:
        return await rated.rated_creator(request, data, places, table_rules)
    except rated.RatedRefused as refused:
        raise HTTPError(refused.status, refused.code, refused.message) from None


def completion_refused(refused: completion_rules.CompletionRefused) -> HTTPError:
    return HTTPError(refused.status, refused.code, refused.message, more=refused.more)


def _min_completion(data: dict[str, Any], rated: bool, places: list[str]) -> int | None:
    """The least completion rate a new game asks of who takes its open places."""
    try:
        minimum = completion_rules.min_completion_of(data)
        completion_rules.check_asked_at(minimum, rated, places)
    except completion_rules.CompletionRefused as refused:
        raise completion_refused(refused) from None
    return minimum


async def rated_place(request: Request, table: Table) -> str | None:
    """Refuse a guest (or an account seated there already) a place at a rated game; the
    username the place takes there (None: not rated)."""
    try:
        return await rated.check_rated_place(request, table)
    except rated.RatedRefused as refused:
        raise HTTPError(refused.status, refused.code, refused.message) from None


def _clock(request: Request, data: dict[str, Any]) -> ClockRules | None:
    """The new game's clock (``clock``: absent or null for none)."""
    if data.get("clock") is None:
        return None
    try:
        return ClockRules.from_dict(data["clock"], floor=settings_of(request).clock_floor_seconds)
    except ClockRefused as refused:
        raise HTTPError(400, refused.code, refused.message, reason=refused.reason) from None


def _is_int(value: object) -> bool:
    """A JSON whole number: not ``true`` (a bool is an int) and not ``5.0`` (equal to 5)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _level(level: object) -> int:
    if not _is_int(level) or level not in LEVELS:
        kind = "" if _is_int(level) else f" (not {type(level).__name__})"
        raise HTTPError(400, "bad_request", f"level must be a whole number{kind} from "
                        f"{LEVELS[0]} to {LEVELS[-1]}, got {level!r}")
    assert isinstance(level, int)
    return level


def _created(request: Request, created: Created,
             opener: tuple[str, str | None] | None = None, **more: Any) -> Response:
    """The answer to a game's creation: its tokens, links and seat 0's state; the cookie.
    ``opener``: who opened it, if it is an open table of the lobby."""
    table = created.table
    table.player_addresses.add(client_address(request.scope))
    if opener is not None:
        lobby_of(request).open_tables.opened(table.id, *opener)
    body = {
        "game_id": table.id,
        "seat": 0,
        **more,
        "token": created.token,
        "invite_token": created.invite_token,
        "watch_token": created.watch_token,
        "links": _links(request, table.id, created.token, created.invite_token,
                        created.watch_token),
        "state": table.state(0),
    }
    response = JSONResponse(body, status_code=201)
    _set_seat_cookie(request, response, table.id, created.token)
    return response


def _rules(data: dict[str, Any]) -> Rules:
    preset = data.get("preset", "standard")
    options = data.get("options", {})
    if not isinstance(preset, str):
        raise HTTPError(400, "bad_rules", f"preset must be a string, got {preset!r}")
    if not isinstance(options, dict):
        raise HTTPError(400, "bad_rules",
                        f"options must be an object of rules options, got {options!r}")
    if "name" in options:
        raise HTTPError(400, "bad_rules", "option 'name' is the preset's name; it cannot be set")
    try:
        return Rules.preset(preset, **options)
    except (RulesError, TypeError) as failure:
        raise HTTPError(400, "bad_rules", str(failure)) from None


async def _create_table_game(request: Request, data: dict[str, Any], players: int) -> Response:
    """``POST /api/games`` with ``players`` 3 or 4: a table of computers and invited people."""
    if "opponent" in data:
        raise HTTPError(400, "bad_request", "opponent is for two-player games; a table of "
                        f"{players} says what sits at each other place in seats")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players - 1 or any(
        kind not in ("computer", "friend", "anyone") for kind in seats
    ):
        raise HTTPError(400, "bad_request", f"seats must list {players - 1} places (2 to "
                        f"{players}), each 'computer', 'friend' or 'anyone' (an open place "
                        f"in the lobby), got {seats!r}")
    level = _level(data.get("level", 1))
    try:
        table_rules = TableRules(players, _rules(data), data.get("team_target"))
    except TableError as failure:
        raise HTTPError(400, "bad_rules", str(failure)) from None
    clock = _clock(request, data)
    name = _name(data, "Player 1")
    owner = await _rated_creator(request, data, seats, table_rules)
    minimum = _min_completion(data, owner is not None, seats)
    if owner is None:  # a rated game shows the username, whatever name was typed
        name = await _typed_name(request, data, "Player 1")
    _client_limits(request).create_game(client_address(request.scope))
    opener = await _open_table_of(request, "anyone" in seats)
    created = await lobby_of(request).create_table(
        table_rules, seats, level, name if owner is None else owner.username,
        None if owner is None else owner.id, clock, minimum)
    base, game_id = _base(request), created.table.id
    invites = [{"seat": place, "token": token, "link": f"{base}/play/{game_id}#{token}"}
               for place, token in created.invites]
    return _created(request, created, opener, players=players, invites=invites)


def presented_token(request: Request) -> str | None:
    """The seat or watch token of a request: ``?token=``, else an ``Authorization: Bearer``."""
    token = request.query_params.get("token")
    auth = request.headers.get("authorization", "")
    if token is None and auth.lower().startswith("bearer "):
        token = auth[7:].strip()
    return token


async def _table_for(request: Request,
                     token: str | None) -> tuple[Table, int | None]:
    game_id = request.path_params["game_id"]
    if not looks_like_game_id(game_id):
        raise HTTPError(404, "not_found", f"no game {game_id!r}")
    table = await lobby_of(request).get(game_id)
    if table is None:
        raise HTTPError(404, "not_found", f"no game {game_id!r}")
    from_cookie = token is None
    if token is None:
        token = request.cookies.get(f"{COOKIE_PREFIX}{game_id}")
    role = table.authenticate(token) if looks_like_token(token) else None
    try:
        role = await seat_for(request, table, role, from_cookie)  # and the account's seats
    except SeatOfAnAccount as owned:
        raise HTTPError(403, "seat_of_account", str(owned)) from None
    if role is None and token is None:
        role = table.authenticate(None)  # a listed game: a watcher
    if role is None:
        spent = table.spent_seat(token) if looks_like_token(token) else None
        if spent is not None:
            raise spent_invite(spent)
        raise HTTPError(403, "bad_token", "the token is not a seat or watch token of this game")
    return table, None if role == WATCHER else role


async def table_of(request: Request) -> Table:
    """The table of the request's ``{game_id}`` (whoever asks), or a 404."""
    game_id = request.path_params["game_id"]
    table = await lobby_of(request).get(game_id) if looks_like_game_id(game_id) else None
    if table is None:
        raise HTTPError(404, "not_found", f"no game {game_id!r}")
    return table


def spent_invite(seat: int) -> HTTPError:
    return HTTPError(403, "invite_spent", f"seat {seat} is taken: this invite has been used "
                     "and no longer opens it (nor shows the game)")


async def join_game(request: Request) -> Response:
    """Take a seat by its invite: the answer (and the cookie) carries the seat's new token,
    once; the invite is spent. A seat's own token just answers with the state."""
    data = await _json_body(request)
    _check_fields(data, {"token", "name"})
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise HTTPError(400, "bad_request", f"token must be a string, got {token!r}")
    table, seat = await _table_for(request, token)
    presented = token if token is not None else request.cookies.get(f"{COOKIE_PREFIX}{table.id}")
    issued = None
    if seat is not None and not table.seats[seat].joined and presented is not None:
        name = (await rated_place(request, table)
                or await _typed_name(request, data, table.seats[seat].name))
        try:
            issued = await table.join(seat, name, presented)
        except ClientError as refused:
            if refused.code == "invite_spent":
                raise spent_invite(seat) from None
            raise
    elif "name" in data:
        _name(data, "")  # still checked, though the seat keeps its name
    body: dict[str, Any] = {"game_id": table.id, "seat": seat,
                            "role": "watcher" if seat is None else "player"}
    if issued is not None:
        body["token"] = issued
    body.update(links=_links(request, table.id, None, None, None), state=table.state(seat))
    response = JSONResponse(body)
    if seat is not None and presented is not None:
        _set_seat_cookie(request, response, table.id, issued or presented)
        account = await signed_in(request)
        a_player_arrived(table, client_address(request.scope),
                         None if account is None else account.id)
    return response


async def game_snapshot(request: Request) -> Response:
    table, seat = await _table_for(request, presented_token(request))
    return JSONResponse({"game_id": table.id, "seat": seat,
                         "role": "watcher" if seat is None else "player",
                         "n": table.n, "state": table.state(seat)})


MAX_EVENTS = 500


def _count(request: Request, name: str, default: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        return whole_number(name, raw, high)
    except ValueError as failure:
        raise HTTPError(400, "bad_request", str(failure)) from None


async def game_events(request: Request) -> Response:
    """The events after ``since`` as the token's seat saw them (for replays and long gaps)."""
    token = request.query_params.get("token")
    since = _count(request, "since", 0, 10**9)
    limit = _count(request, "limit", 100, MAX_EVENTS)
    table, seat = await _table_for(request, token)
    _client_limits(request).event_page(client_address(request.scope), table.id,
                                       WATCHER if seat is None else seat)

    shown = request.query_params.get("open") == "1"
    if shown and (seat is None or table.game.players != 2
                  or stage(table.position.game) != "over"):
        raise HTTPError(409, "not_over", "open=1 shows the other hand only to a player of a "
                        "two-player game that is over")
    if shown and table.reveals_held:
        raise HTTPError(409, "round_not_over", "a duplicate tournament's game: the other hand "
                        "is shown once every table of its round has ended",
                        reason=held_reason(table.deal_key))

    def render() -> bytes:  # the JSON text too: a page of 500 states is megabytes
        stored = table.store.load(table.id)
        events: list[dict[str, Any]] = []
        if stored is not None and shown and seat is not None:
            events = table.open_events(stored, since, limit, seat)
        elif stored is not None:
            events = table.stored_events(stored, since, limit, seat)
        n = 0 if stored is None else len(stored.log)
        return json_bytes({"game_id": table.id, "seat": seat, "n": n, "since": since,
                           "events": events})

    return Response(await lobby_of(request).work.run(render), media_type="application/json")


def json_bytes(content: Any) -> bytes:
    """``content`` as :class:`JSONResponse` writes it, to be made off the event loop."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


STATUSES = ("waiting", "active", "over", "abandoned")


async def my_games(request: Request) -> Response:
    """The games of this browser's seat cookies, or of its signed-in account;
    ``?status=over&limit=10``: the last ten ended."""
    status = request.query_params.get("status")
    if status is not None and status not in STATUSES:
        raise HTTPError(400, "bad_request", f"status must be one of {', '.join(STATUSES)}, "
                        f"got {status[:20]!r}")
    limit = _count(request, "limit", 200, 200)
    pairs = [
        (name[len(COOKIE_PREFIX):], value) for name, value in request.cookies.items()
        if name.startswith(COOKIE_PREFIX) and looks_like_game_id(name[len(COOKIE_PREFIX):])
        and looks_like_token(value)
    ][:200]
    lobby = lobby_of(request)
    owned = await account_games(request)  # signed in: the account's games
    found = await (lobby.games_of(pairs) if owned is None else lobby.games_of_hashes(owned))
    games = [g for g in found if status is None or g["status"] == status]
    games = games[:limit]
    links = await asyncio.to_thread(records.links_of, lobby.store.engine,
                                    [g["game_id"] for g in games if g["status"] == "over"])
    base = _base(request)
    for game in games:
        game["links"] = {"table": f"{base}/play/{game['game_id']}",
                         "replay": f"{base}/play/{game['game_id']}?replay"}
        link = links.get(game["game_id"])
        game["record"] = None if link is None else {
            "seq": link.seq, "hash": link.hash, "finished_at": link.finished_at.isoformat()}
    return JSONResponse({"games": games})


async def game_record(request: Request) -> Response:
    """A finished game's record and its link in the chain (token as for the snapshot)."""
    table, seat = await _table_for(request, presented_token(request))
    if table.stage() != "over":
        raise HTTPError(409, "not_over", "the game is not over: its record (with every deck) "
                        "is kept when it ends")
    if table.reveals_held:
        raise HTTPError(409, "round_not_over", "a duplicate tournament's game: its record "
                        "(with every deck) is shown once every table of its round has ended",
                        reason=held_reason(table.deal_key))
    found = await asyncio.to_thread(records.links_of, lobby_of(request).store.engine, [table.id])
    link = found.get(table.id)
    if link is None:
        raise HTTPError(404, "not_found", f"game {table.id} ended before records were kept")
    return JSONResponse({"game_id": table.id, "seat": seat, "seq": link.seq,
                         "finished_at": link.finished_at.isoformat(),
                         "prev_hash": link.prev_hash, "hash": link.hash,
                         "erased": link.erased_at is not None,
                         "canonical": link.record, "record": json.loads(link.record)})


async def chain_head(request: Request) -> Response:
    """How many finished games the chain holds and its newest hash (to publish)."""
    count, head = await asyncio.to_thread(records.chain_head, lobby_of(request).store.engine)
    return JSONResponse({"records": count, "head": head, "genesis": records.GENESIS})


# the helpers the other endpoint modules share
json_body, check_fields, is_int, player_name = _json_body, _check_fields, _is_int, _name
links, set_seat_cookie, table_for, rules_of = _links, _set_seat_cookie, _table_for, _rules
clock_of = _clock
typed_name = _typed_name
whole_count = _count
