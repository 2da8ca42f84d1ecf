"""Accounts over HTTP: sign up, sign in and out, who am I, change the password, delete.

A signed-in browser holds the ``gin-session`` cookie (HttpOnly, SameSite=Lax, Secure when
``cookie_secure``): a random token whose SHA-256 the database keeps with the session's end
(:mod:`ginrummy.server.storage.accounts`). Signing in or up always starts a new session (the
browser's old one ends: no session fixation); signing out ends it (``?everywhere=1``: all of
the account's); a new password ends all the others. Guests play as before, with one seat cookie
per game; the seats those cookies open become the account's when the browser signs in or
up, and a signed-in browser then plays its seats without them
(:func:`ginrummy.server.api.sessions.seat_for`).

Passwords are hashed and checked on threads of their own (``hash_threads``, with at most
``hash_queue`` more waiting; past that 503 ``sign_in_busy``), so that a flood of sign-ins
never makes the players already signed in wait. Sign-in attempts count per address, and per
username unless they come from a browser or an address the account signed in from before
(:mod:`.account_places`).
"""

from __future__ import annotations

import asyncio
import functools
import math
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, TypeVar

import argon2
from argon2.exceptions import InvalidHashError, VerificationError
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ginrummy.server.api import account_places
from ginrummy.server.api.account_rules import (
    MAX_USERNAME,
    AccountRefused,
    check_password,
    check_username,
    given_password,
    username_key,
)
from ginrummy.server.api.client_limits import client_address
from ginrummy.server.api.http_api import HTTPError, check_fields, json_body
from ginrummy.server.api.rates import Buckets, Rate
from ginrummy.server.api.sessions import (
    SEAT_COOKIE_PREFIX,
    SESSION_COOKIE,
    account_store,
    lobby_of,
    now_of,
    seat_cookies,
    session_token,
    settings_of,
    signed_in,
    signed_in_sockets,
)
from ginrummy.server.live.work import Busy, WorkPool
from ginrummy.server.settings import Settings
from ginrummy.server.storage.accounts import FORMER_PLAYER, Account, NameTaken

Endpoint = Callable[[Request], Awaitable[Response]]
T = TypeVar("T")


class AccountLimits:
    """Sign-in attempts per address and per username, and sign-ups per address.

    The username's limit is charged only where its owner has not signed in before (another
    browser, another address), so that guessers elsewhere cannot lock the owner out."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sign_ins = Buckets(_hourly(settings.sign_ins_per_hour, 10))
        self.account_sign_ins = Buckets(_hourly(settings.sign_ins_per_hour_per_account, 5))
        self.sign_ups = Buckets(_hourly(settings.sign_ups_per_hour, 5))

    def sign_in(self, address: str) -> None:
        """An attempt from ``address``."""
        wait = self.sign_ins.take(address)
        if wait:
            raise _throttled("too many sign-in attempts from this address", wait)

    def sign_in_elsewhere(self, key: str) -> None:
        """An attempt at the username ``key`` from where its owner never signed in."""
        wait = self.account_sign_ins.take(key)
        if wait:
            raise _throttled("too many sign-in attempts at this username", wait)

    def sign_up(self, address: str) -> None:
        wait = self.sign_ups.take(address)
        if wait:
            raise _throttled("too many accounts created from this address", wait)


def _hourly(count: float, burst: int) -> Rate:
    return Rate(count / 3600, max(1, min(burst, math.ceil(count))))


def _throttled(what: str, wait: float) -> HTTPError:
    seconds = max(1, math.ceil(wait))
    return HTTPError(429, "throttled", f"{what}; try again in {seconds} s", seconds)


@functools.cache
def _hasher(profile: str) -> argon2.PasswordHasher:
    return argon2.PasswordHasher.from_parameters(getattr(argon2.profiles, profile))


def _hashing(connection: HTTPConnection) -> WorkPool:
    """The server's password-hashing threads: their own few, with a bounded queue."""
    state = connection.app.state
    pool: WorkPool | None = getattr(state, "hashing", None)
    if pool is None:
        settings = settings_of(connection)
        pool = state.hashing = WorkPool(settings.hash_threads, settings.hash_queue,
                                        "gin-hash")
    return pool


async def _hash_work(connection: HTTPConnection, job: Callable[[], T]) -> T:
    """``job()`` (a password hashed or checked) on the hashing threads, or 503
    ``sign_in_busy`` when their queue is full."""
    try:
        return await _hashing(connection).run(job)
    except Busy:
        raise HTTPError(503, "sign_in_busy", "the server is checking too many passwords at "
                        f"once; try again in {Busy.retry_after} s", Busy.retry_after) from None


@functools.cache
def _decoy(profile: str) -> str:
    """A hash to check an unknown username's password against, so that the answer takes as
    long as for a known one."""
    return _hasher(profile).hash("not the password of any account")


def _limits(connection: HTTPConnection) -> AccountLimits:
    state = connection.app.state
    limits: AccountLimits | None = getattr(state, "account_limits", None)
    if limits is None:
        limits = state.account_limits = AccountLimits(settings_of(connection))
    return limits


def _view(account: Account) -> dict[str, Any]:
    return {"username": account.username, "created_at": account.created_at.isoformat()}


def _set_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(SESSION_COOKIE, token, max_age=int(_lifetime(request).total_seconds()),
                        path="/", httponly=True, samesite="lax",
                        secure=settings_of(request).cookie_secure)


def _forget(request: Request, response: Response, game_ids: set[str]) -> None:
    """Clear the session cookie, and the browser's seat cookies of ``game_ids``."""
    secure = settings_of(request).cookie_secure
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                           secure=secure)
    for game_id, _ in seat_cookies(request):
        if game_id in game_ids:
            response.delete_cookie(f"{SEAT_COOKIE_PREFIX}{game_id}", path="/", httponly=True,
                                   samesite="lax", secure=secure)


def _lifetime(connection: HTTPConnection) -> timedelta:
    return timedelta(days=settings_of(connection).session_days)


async def _start_session(request: Request, account: Account, status: int) -> Response:
    """A new session for this browser (its old one ends); its seat cookies' seats become the
    account's; the browser and the address are the account's known places from now on."""
    store, moment, old = account_store(request), now_of(request), session_token(request)
    token = await asyncio.to_thread(store.open_session, account.id, moment, _lifetime(request),
                                    old)
    if old is not None:
        signed_in_sockets(request).rotate(old, token, account.id)
    claimed = await asyncio.to_thread(store.claim_tokens, account.id, seat_cookies(request),
                                      moment)
    response = JSONResponse({"account": _view(account), "claimed": claimed},
                            status_code=status)
    _set_session(request, response, token)
    await account_places.note(request, response, account.id)
    return response


async def _check(request: Request, account: Account | None, password: str) -> Account:
    """``account`` if ``password`` is its password; ``wrong_password`` otherwise, the same
    answer (after the same work) for an unknown username."""
    profile = settings_of(request).password_profile
    hasher = _hasher(profile)

    def verify() -> bool:
        stored = _decoy(profile) if account is None else account.password_hash
        try:
            return hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    if not await _hash_work(request, verify) or account is None:
        raise HTTPError(401, "wrong_password", "the username or the password is wrong")
    banned = await asyncio.to_thread(account_store(request).ban_of, account.id)
    if banned is not None:
        raise HTTPError(403, "account_banned", f"this account is banned by the server's "
                        f"operator: {banned}")
    if hasher.check_needs_rehash(account.password_hash):
        try:
            rehashed = await _hash_work(request, functools.partial(hasher.hash, password))
        except HTTPError:  # busy: rehashed at a later sign-in
            return account
        await asyncio.to_thread(account_store(request).set_password_hash, account.id, rehashed,
                                now_of(request), False)
    return account


async def _check_again(request: Request, account: Account, password: str) -> None:
    """The signed-in ``account``'s password, asked again (for a new password, a deletion):
    charged as a sign-in attempt."""
    _limits(request).sign_in(client_address(request.scope))
    if not await account_places.known(request, account.id):
        _limits(request).sign_in_elsewhere(username_key(account.username))
    await _check(request, account, password)


async def signed_in_or_refuse(request: Request) -> Account:
    account = await signed_in(request)
    if account is None:
        raise HTTPError(401, "signed_out", "this browser is not signed in (or its session "
                        "has ended): sign in first")
    return account


def _password_field(data: dict[str, Any], field: str) -> str:
    if field not in data:
        raise HTTPError(400, "bad_request", f"{field} is required")
    try:
        return given_password(data[field], field)
    except AccountRefused as refused:
        raise HTTPError.refusing(refused) from None


# ---------------------------------------------------------------- endpoints


async def sign_up(request: Request) -> Response:
    """``POST /api/accounts`` ``{username, password}``: a new account, signed in."""
    data = await json_body(request)
    check_fields(data, {"username", "password"})
    for field in ("username", "password"):
        if field not in data:
            raise HTTPError(400, "bad_request", f"{field} is required")
    try:
        username = check_username(data["username"])
        password = check_password(data["password"], username)
    except AccountRefused as refused:
        raise HTTPError.refusing(refused) from None
    _limits(request).sign_up(client_address(request.scope))
    look_alike = await asyncio.to_thread(account_store(request).named_like, username)
    if look_alike is not None:
        raise HTTPError(409, "username_taken", f"the username {username!r} looks like the "
                        f"username {look_alike!r}, which is taken")
    password_hash = await _hash_work(request, functools.partial(
        _hasher(settings_of(request).password_profile).hash, password))
    try:
        account = await asyncio.to_thread(account_store(request).create, username,
                                          username_key(username), password_hash,
                                          now_of(request))
    except NameTaken:
        raise HTTPError(409, "username_taken", f"the username {username!r} is taken (names "
                        "are the same in any case)") from None
    return await _start_session(request, account, 201)


async def sign_in(request: Request) -> Response:
    """``POST /api/session`` ``{username, password}``: sign this browser in."""
    data = await json_body(request)
    check_fields(data, {"username", "password"})
    username = data.get("username")
    if not isinstance(username, str):
        raise HTTPError(400, "bad_request", f"username must be a string, got {username!r}")
    password = _password_field(data, "password")
    key = username_key(username[:MAX_USERNAME + 1])
    _limits(request).sign_in(client_address(request.scope))
    account = await asyncio.to_thread(account_store(request).by_key, key)
    if account is None or not await account_places.known(request, account.id):
        _limits(request).sign_in_elsewhere(key)
    return await _start_session(request, await _check(request, account, password), 200)


async def who_am_i(request: Request) -> Response:
    """``GET /api/session``: the signed-in account, or ``null``."""
    account = await signed_in(request)
    response = JSONResponse({"account": None if account is None else _view(account)})
    if account is None and request.cookies.get(SESSION_COOKIE) is not None:
        _forget(request, response, set())  # an ended session's cookie
    return response


async def sign_out(request: Request) -> Response:
    """``DELETE /api/session`` (``?everywhere=1``: every browser of the account)."""
    await json_body(request)  # the origin check; the body is not used
    everywhere = request.query_params.get("everywhere") in ("1", "true")
    account = await signed_in(request)
    owned: set[str] = set()
    token = session_token(request)
    if account is not None and token is not None:
        store = account_store(request)
        owned = {game_id for game_id, _, _ in await asyncio.to_thread(store.seats_of,
                                                                      account.id)}
        if everywhere:
            await asyncio.to_thread(store.end_sessions, account.id)
        else:
            await asyncio.to_thread(store.end_session, token)
        signed_in_sockets(request).end(account.id, only=None if everywhere else token)
    response = JSONResponse({"account": None})
    _forget(request, response, owned)
    return response


async def change_password(request: Request) -> Response:
    """``POST /api/accounts/me/password`` ``{password, new_password}``: the account's other
    sessions end, and this browser's session is a new one."""
    data = await json_body(request)
    check_fields(data, {"password", "new_password"})
    account = await signed_in_or_refuse(request)
    password = _password_field(data, "password")
    if "new_password" not in data:
        raise HTTPError(400, "bad_request", "new_password is required")
    try:
        new_password = check_password(data["new_password"], account.username, "new_password")
    except AccountRefused as refused:
        raise HTTPError.refusing(refused) from None
    await _check_again(request, account, password)
    password_hash = await _hash_work(request, functools.partial(
        _hasher(settings_of(request).password_profile).hash, new_password))
    store = account_store(request)
    await asyncio.to_thread(store.set_password_hash, account.id, password_hash, now_of(request),
                            True)
    signed_in_sockets(request).end(account.id, keep=session_token(request))
    return await _start_session(request, account, 200)


async def delete_account(request: Request) -> Response:
    """``DELETE /api/accounts/me`` ``{password}``: the account, its sessions, ratings and claim
    on seats go; its name in every game, chat and finished tournament becomes "Former player";
    the games stay. Refused while it plays or organises a tournament that is not over."""
    data = await json_body(request)
    check_fields(data, {"password"})
    account = await signed_in_or_refuse(request)
    password = _password_field(data, "password")
    await _check_again(request, account, password)
    store = account_store(request)
    tournament = await asyncio.to_thread(store.active_tournament, account.id)
    if tournament is not None:
        raise HTTPError(409, "in_tournament", f"the account plays or organises the tournament "
                        f"{tournament!r}, which is not over: leave it, or wait for its end, "
                        "before deleting the account")
    owned = {game_id for game_id, _, _ in await asyncio.to_thread(store.seats_of, account.id)}
    renamed = await asyncio.to_thread(store.delete, account.id, now_of(request))
    signed_in_sockets(request).end(account.id)
    lobby_of(request).tournaments.forget_account(account.id)
    tables = lobby_of(request).tables
    for game_id, seat in renamed:
        table = tables.get(game_id)
        if table is not None:
            table.rename(seat, FORMER_PLAYER)
    response = JSONResponse({"account": None, "deleted": account.username})
    _forget(request, response, owned)
    return response


def claiming(endpoint: Endpoint) -> Endpoint:
    """``endpoint``, whose answers' new seat cookies (a game created, a seat taken, a
    rematch) make those seats the signed-in account's at once."""

    async def run(request: Request) -> Response:
        response = await endpoint(request)
        pairs = []
        for name, value in response.raw_headers:
            if name == b"set-cookie" and value.startswith(SEAT_COOKIE_PREFIX.encode()):
                game_id, _, token = value.decode().split(";", 1)[0][
                    len(SEAT_COOKIE_PREFIX):].partition("=")
                pairs.append((game_id, token))
        if pairs:
            account = await signed_in(request)
            if account is not None:
                await asyncio.to_thread(account_store(request).claim_tokens, account.id, pairs,
                                        now_of(request))
        return response

    run.__name__ = endpoint.__name__
    return run


def routes(guarded: Callable[[Endpoint], Endpoint]) -> list[BaseRoute]:
    return [
        Route("/api/accounts", guarded(sign_up), methods=["POST"]),
        Route("/api/accounts/me", guarded(delete_account), methods=["DELETE"]),
        Route("/api/accounts/me/password", guarded(change_password), methods=["POST"]),
        Route("/api/session", guarded(who_am_i), methods=["GET"]),
        Route("/api/session", guarded(sign_in), methods=["POST"]),
        Route("/api/session", guarded(sign_out), methods=["DELETE"]),
    ]
