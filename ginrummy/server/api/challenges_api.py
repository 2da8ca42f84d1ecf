"""Challenges between accounts: ``POST /api/challenges`` (challenge a player online to a game
of given rules and clock, rated or not), ``POST /api/challenges/{id}/accept`` (the challenged:
the game is made, both seated, each at their own seat), ``DELETE /api/challenges/{id}`` (the
challenger withdraws, the challenged declines), ``GET /api/challenges`` (mine, sent and
received), and ``GET|PUT /api/accounts/me/challenges`` (whom the account takes challenges
from: everyone, friends only, no one).

A challenge to an account that takes none, or from an account that one of the two blocked,
is refused with the same words (``not_accepting_challenges``), so a block is not revealed.
Every change is told to the two accounts' lobby pages (:mod:`ginrummy.server.live.challenges`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ginrummy.core.table import TableRules
from ginrummy.server.api import account_places
from ginrummy.server.api.account_rules import MAX_USERNAME, username_key
from ginrummy.server.api.accounts_api import Endpoint, signed_in_or_refuse
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.http_api import (
    HTTPError,
    check_fields,
    clock_of,
    json_body,
    links,
    rules_of,
    set_seat_cookie,
)
from ginrummy.server.api.rated import RatedRefused, check_rated_rules
from ginrummy.server.api.sessions import account_store, lobby_of, now_of, settings_of
from ginrummy.server.live.clock import ClockRules
from ginrummy.server.live.lobby import Lobby
from ginrummy.server.storage.accounts import Account
from ginrummy.server.storage.blocks import blocks_between
from ginrummy.server.storage.challenges import (
    CHALLENGES_FROM,
    MAX_OPEN,
    Challenge,
    ChallengeStore,
    TooManyChallenges,
)
from ginrummy.server.storage.friends import FriendStore
from ginrummy.server.storage.traces import TraceStore

NOT_ACCEPTING = ("this player is not taking challenges now: find them in the lobby, or "
                 "open a table of your own")
SHOWN_FOR = timedelta(minutes=10)
"""How long an answered or lapsed challenge stays in ``GET /api/challenges``."""


def _store(request: Request) -> ChallengeStore:
    return ChallengeStore(lobby_of(request).store.engine)


def _charge(request: Request, account: Account, creating: bool = False) -> None:
    limits: ClientLimits = request.app.state.client_limits
    limits.challenge(client_address(request.scope), account.id, creating)


async def _challenged(request: Request, account: Account, raw: object) -> Account:
    """The account named ``raw``: refused if unknown, yourself or not online now."""
    if not isinstance(raw, str):
        raise HTTPError(400, "bad_request", "username must be the challenged player's "
                        "username")
    other = None
    if len(raw) <= MAX_USERNAME:
        other = await asyncio.to_thread(account_store(request).by_key, username_key(raw))
    if other is None:
        raise HTTPError(404, "no_player", f"no player is called {raw[:MAX_USERNAME]!r}")
    if other.id == account.id:
        raise HTTPError(400, "cannot_challenge_yourself", "an account cannot challenge itself")
    if other.id not in lobby_of(request).presence.now().playing:
        raise HTTPError(409, "player_offline", f"{other.username!r} is not online now: a "
                        "challenge goes to a player who is")
    return other


async def _check_willing(request: Request, account: Account, other: Account) -> None:
    """Refuse a challenge ``other`` does not take from ``account``: none at all, friends only,
    or one of the two blocked the other (said as "not taking challenges")."""
    engine = lobby_of(request).store.engine
    takes = await asyncio.to_thread(_store(request).accepts_from, other.id)
    if takes == "no_one":
        raise HTTPError(409, "not_accepting_challenges", NOT_ACCEPTING)
    if takes == "friends" and account.id not in await asyncio.to_thread(
            FriendStore(engine).friends_of, other.id):
        raise HTTPError(409, "challenges_from_friends", f"{other.username!r} takes challenges "
                        "from friends only (players who follow each other)")
    if await asyncio.to_thread(blocks_between, engine, account.id, other.id):
        raise HTTPError(409, "not_accepting_challenges", NOT_ACCEPTING)


async def send(request: Request) -> Response:
    """``POST /api/challenges`` ``{"username", "preset", "options", "rated", "clock"}``."""
    data = await json_body(request)
    account = await signed_in_or_refuse(request)
    check_fields(data, {"username", "preset", "options", "rated", "clock"})
    rated = data.get("rated", False)
    if not isinstance(rated, bool):
        raise HTTPError(400, "bad_request", f"rated must be true or false, got {rated!r}")
    rules = rules_of(data)
    clock = clock_of(request, data)
    table_rules = TableRules(2, rules)
    if rated:
        try:
            check_rated_rules(request, table_rules)
        except RatedRefused as refused:
            raise HTTPError(refused.status, refused.code, refused.message) from None
    _charge(request, account, creating=True)  # a refusal too: names are not probed for free
    other = await _challenged(request, account, data.get("username"))
    await _check_willing(request, account, other)
    if rated:
        await account_places.note_here(request, account.id)
    seconds = settings_of(request).challenge_seconds
    try:
        challenge = await asyncio.to_thread(
            _store(request).create, account.id, other.id, table_rules.to_dict(), rated,
            None if clock is None else clock.to_dict(), now_of(request),
            timedelta(seconds=seconds))
    except TooManyChallenges:
        raise HTTPError(409, "too_many_challenges", f"an account has at most {MAX_OPEN} "
                        "challenges waiting for an answer: withdraw one, or wait for an "
                        "answer") from None
    feed = lobby_of(request).challenges
    feed.tell(challenge)
    feed.lapse_later(challenge, lambda ident: asyncio.to_thread(_store(request).get, ident))
    return JSONResponse({"challenge": challenge.to_json(now_of(request))}, status_code=201)


async def _one(request: Request, account: Account) -> Challenge:
    """The challenge in the path, if ``account`` is one of its two (else: unknown)."""
    ident = request.path_params["challenge_id"]
    challenge = None
    if isinstance(ident, str) and len(ident) <= 32:
        challenge = await asyncio.to_thread(_store(request).get, ident)
    if challenge is None or account.id not in (challenge.challenger_id,
                                               challenge.challenged_id):
        raise HTTPError(404, "no_such_challenge", "no challenge of this account has this id")
    return challenge


def _over(challenge: Challenge, request: Request) -> HTTPError:
    status = challenge.shown_status(now_of(request))
    return HTTPError(409, "challenge_over", f"this challenge is {status}: it can no longer "
                     "be answered")


async def accept(request: Request) -> Response:
    """``POST /api/challenges/{id}/accept``: the challenged accepts; the game is made."""
    await json_body(request)
    account = await signed_in_or_refuse(request)
    challenge = await _one(request, account)
    if account.id != challenge.challenged_id:
        raise HTTPError(403, "not_challenged", "only the challenged player accepts a "
                        "challenge")
    if challenge.shown_status(now_of(request)) != "open":
        raise _over(challenge, request)
    _charge(request, account, creating=True)
    lobby = lobby_of(request)
    if await asyncio.to_thread(blocks_between, lobby.store.engine, challenge.challenger_id,
                               account.id):
        raise HTTPError(409, "not_accepting_challenges", NOT_ACCEPTING)
    if challenge.rated:
        await account_places.note_here(request, account.id)
        kinds = ("browser",) if settings_of(request).rated_shared_address else None
        if await asyncio.to_thread(TraceStore(lobby.store.engine, lobby.store.guard).shares,
                                   account.id, [challenge.challenger_id], kinds):
            raise HTTPError(409, account_places.SamePlayer.code,
                            account_places.SamePlayer.message)
    store = _store(request)
    if not await asyncio.to_thread(store.take, challenge.id, now_of(request)):
        raise _over(await _one(request, account), request)
    try:
        game_id, token = await _make_game(request, lobby, challenge)
    except BaseException:
        await asyncio.to_thread(store.made, challenge.id, None)
        raise
    await asyncio.to_thread(store.made, challenge.id, game_id)
    accepted = await _one(request, account)
    lobby.challenges.tell(accepted)
    response = JSONResponse({
        "challenge": accepted.to_json(now_of(request)),
        "game": {"game_id": game_id, "seat": 1, "token": token, "opponent": accepted.challenger,
                 "links": links(request, game_id, token, None, None)}}, status_code=201)
    set_seat_cookie(request, response, game_id, token)
    return response


async def _make_game(request: Request, lobby: Lobby, challenge: Challenge) -> tuple[str, str]:
    """The challenge's game, made as quick match makes one: listed, the challenger at seat 0,
    the challenged at seat 1, each seat its account's; rated if asked. The id and seat 1's
    token."""
    rules = TableRules.from_dict(challenge.rules).rules
    clock = None if challenge.clock is None else ClockRules.from_dict(
        challenge.clock, floor=settings_of(request).clock_floor_seconds)
    owner = challenge.challenger_id if challenge.rated else None
    created = await lobby.create(rules, "friend", None, challenge.challenger, listed=True,
                                 owner=owner, clock=clock)
    assert created.invite_token is not None
    token = await created.table.join(1, challenge.challenged, created.invite_token)
    accounts, moment = account_store(request), now_of(request)
    for seat, account_id in ((0, challenge.challenger_id), (1, challenge.challenged_id)):
        if not (seat == 0 and owner is not None):
            await asyncio.to_thread(accounts.claim_seat, account_id, created.table.id, seat,
                                    moment)
    return created.table.id, token


async def withdraw_or_decline(request: Request) -> Response:
    """``DELETE /api/challenges/{id}``: the challenger withdraws, the challenged declines."""
    await json_body(request)
    account = await signed_in_or_refuse(request)
    challenge = await _one(request, account)
    _charge(request, account)
    status: Any = "withdrawn" if account.id == challenge.challenger_id else "declined"
    if not await asyncio.to_thread(_store(request).end, challenge.id, status, now_of(request)):
        raise _over(await _one(request, account), request)
    ended = await _one(request, account)
    lobby_of(request).challenges.tell(ended)
    return JSONResponse({"challenge": ended.to_json(now_of(request))})


async def mine(request: Request) -> Response:
    """``GET /api/challenges``: the account's challenges of the last minutes, sent and
    received, the newest first."""
    account = await signed_in_or_refuse(request)
    moment = now_of(request)
    found = await asyncio.to_thread(_store(request).mine, account.id, moment - SHOWN_FOR)
    takes = await asyncio.to_thread(_store(request).accepts_from, account.id)
    return JSONResponse({
        "sent": [c.to_json(moment) for c in found if c.challenger_id == account.id],
        "received": [c.to_json(moment) for c in found if c.challenged_id == account.id],
        "from": takes, "max_open": MAX_OPEN,
        "seconds": settings_of(request).challenge_seconds})


async def setting(request: Request) -> Response:
    """``GET /api/accounts/me/challenges``: whom the account takes challenges from."""
    account = await signed_in_or_refuse(request)
    return JSONResponse({"from": await asyncio.to_thread(_store(request).accepts_from,
                                                         account.id)})


async def change_setting(request: Request) -> Response:
    """``PUT /api/accounts/me/challenges`` ``{"from": "everyone"|"friends"|"no_one"}``."""
    data = await json_body(request)
    account = await signed_in_or_refuse(request)
    check_fields(data, {"from"})
    chosen = data.get("from")
    if chosen not in CHALLENGES_FROM:
        raise HTTPError(400, "bad_request", f"from must be one of {', '.join(CHALLENGES_FROM)}"
                        f", got {chosen!r}")
    limits: ClientLimits = request.app.state.client_limits
    limits.social(client_address(request.scope), account.id)
    await asyncio.to_thread(_store(request).set_accepts_from, account.id, chosen)
    return JSONResponse({"from": chosen})


def routes(guarded: Callable[[Endpoint], Endpoint]) -> list[BaseRoute]:
    return [
        Route("/api/challenges", guarded(mine), methods=["GET"]),
        Route("/api/challenges", guarded(send), methods=["POST"]),
        Route("/api/challenges/{challenge_id}/accept", guarded(accept), methods=["POST"]),
        Route("/api/challenges/{challenge_id}", guarded(withdraw_or_decline),
              methods=["DELETE"]),
        Route("/api/accounts/me/challenges", guarded(setting), methods=["GET"]),
        Route("/api/accounts/me/challenges", guarded(change_setting), methods=["PUT"]),
    ]
