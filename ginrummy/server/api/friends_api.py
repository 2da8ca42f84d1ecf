"""Friends and blocks of a signed-in account, in every browser it signs in from:
``GET /api/accounts/me/friends``, ``PUT|DELETE /api/accounts/me/friends/{username}``,
``GET /api/accounts/me/blocks``, ``PUT|DELETE /api/accounts/me/blocks/{username}``.

Following is one way (:mod:`ginrummy.server.storage.friends`); two accounts that follow each
other are friends and see each other online, with the listed game each plays. A block
(:mod:`ginrummy.server.storage.blocks`) keeps the blocked account's chat from the blocker,
keeps the two apart in quick match, and ends the follows and the open challenges between
them (each told to both accounts as any other end of a challenge is)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ginrummy.server.api.account_rules import MAX_USERNAME, username_key
from ginrummy.server.api.accounts_api import Endpoint, signed_in_or_refuse
from ginrummy.server.api.client_limits import ClientLimits, client_address
from ginrummy.server.api.http_api import HTTPError, json_body
from ginrummy.server.api.sessions import account_store, lobby_of, now_of
from ginrummy.server.storage.accounts import Account
from ginrummy.server.storage.blocks import MAX_BLOCKS, TooManyBlocks
from ginrummy.server.storage.challenges import ChallengeStore
from ginrummy.server.storage.friends import MAX_FOLLOWS, Blocking, FriendStore, TooManyFollows


def friend_store(request: Request) -> FriendStore:
    return FriendStore(lobby_of(request).store.engine)


async def _other(request: Request, account: Account, doing: str) -> Account:
    """The account named in the path: refused if unknown or if it is ``account`` itself.
    A change is charged to the client and the account once the name is good."""
    raw = request.path_params["username"]
    other = None
    if len(raw) <= MAX_USERNAME:
        other = await asyncio.to_thread(account_store(request).by_key, username_key(raw))
    if other is None:
        raise HTTPError(404, "no_player", f"no player is called {raw[:MAX_USERNAME]!r}")
    if other.id == account.id:
        raise HTTPError(400, f"cannot_{doing}_yourself", f"an account cannot {doing} itself")
    if request.method != "GET":
        limits: ClientLimits = request.app.state.client_limits
        limits.social(client_address(request.scope), account.id)
    return other


async def friends(request: Request) -> Response:
    """``GET /api/accounts/me/friends``: whom the account follows; for friends (both
    follow) whether they are online and the listed game they play."""
    account = await signed_in_or_refuse(request)
    followed = await asyncio.to_thread(friend_store(request).followed, account.id)
    online = lobby_of(request).presence.now().playing
    out = []
    for one in followed:
        shown = one.to_json()
        if one.mutual:
            game = online.get(one.account_id)
            shown.update(online=one.account_id in online,
                         watch=None if game is None else f"/watch/{game}")
        out.append(shown)
    return JSONResponse({"friends": out, "max": MAX_FOLLOWS})


async def follow(request: Request) -> Response:
    """``PUT /api/accounts/me/friends/{username}``: follow that player (again: no change)."""
    await json_body(request)  # the origin check; the body is not used
    account = await signed_in_or_refuse(request)
    other = await _other(request, account, "follow")
    try:
        mutual = await asyncio.to_thread(friend_store(request).follow, account.id, other.id,
                                         now_of(request))
    except Blocking:
        raise HTTPError(409, "player_blocked", f"this account blocked {other.username!r}: "
                        "unblock them before following them") from None
    except TooManyFollows:
        raise HTTPError(409, "too_many_friends", f"an account follows at most {MAX_FOLLOWS} "
                        "players; stop following one first") from None
    return JSONResponse({"followed": other.username, "mutual": mutual})


async def unfollow(request: Request) -> Response:
    """``DELETE /api/accounts/me/friends/{username}``."""
    await json_body(request)
    account = await signed_in_or_refuse(request)
    other = await _other(request, account, "follow")
    if not await asyncio.to_thread(friend_store(request).unfollow, account.id, other.id):
        raise HTTPError(404, "not_following", f"this account does not follow "
                        f"{other.username!r}")
    return JSONResponse({"unfollowed": other.username})


async def blocks(request: Request) -> Response:
    """``GET /api/accounts/me/blocks``: whom the account blocked."""
    account = await signed_in_or_refuse(request)
    blocked = await asyncio.to_thread(lobby_of(request).store.blocks.listed, account.id)
    return JSONResponse({"blocks": [one.to_json() for one in blocked], "max": MAX_BLOCKS})


async def block(request: Request) -> Response:
    """``PUT /api/accounts/me/blocks/{username}``: block that player (again: no change)."""
    await json_body(request)
    account = await signed_in_or_refuse(request)
    other = await _other(request, account, "block")
    try:
        await asyncio.to_thread(lobby_of(request).store.blocks.block, account.id, other.id,
                                now_of(request))
    except TooManyBlocks:
        raise HTTPError(409, "too_many_blocks", f"an account blocks at most {MAX_BLOCKS} "
                        "players; unblock one first") from None
    await _end_challenges(request, account, other)
    return JSONResponse({"blocked": other.username})


async def _end_challenges(request: Request, blocker: Account, blocked: Account) -> None:
    """The open challenges between the two end: the blocker's withdrawn, the blocked's
    declined; both accounts are told."""
    lobby = lobby_of(request)
    store = ChallengeStore(lobby.store.engine)
    for ident in await asyncio.to_thread(store.end_between, blocker.id, blocked.id,
                                         now_of(request)):
        ended = await asyncio.to_thread(store.get, ident)
        if ended is not None:
            lobby.challenges.tell(ended)


async def unblock(request: Request) -> Response:
    """``DELETE /api/accounts/me/blocks/{username}``."""
    await json_body(request)
    account = await signed_in_or_refuse(request)
    other = await _other(request, account, "block")
    if not await asyncio.to_thread(lobby_of(request).store.blocks.unblock, account.id,
                                   other.id):
        raise HTTPError(404, "not_blocked", f"this account has not blocked "
                        f"{other.username!r}")
    return JSONResponse({"unblocked": other.username})


def routes(guarded: Callable[[Endpoint], Endpoint]) -> list[BaseRoute]:
    return [
        Route("/api/accounts/me/friends", guarded(friends), methods=["GET"]),
        Route("/api/accounts/me/friends/{username}", guarded(follow), methods=["PUT"]),
        Route("/api/accounts/me/friends/{username}", guarded(unfollow), methods=["DELETE"]),
        Route("/api/accounts/me/blocks", guarded(blocks), methods=["GET"]),
        Route("/api/accounts/me/blocks/{username}", guarded(block), methods=["PUT"]),
        Route("/api/accounts/me/blocks/{username}", guarded(unblock), methods=["DELETE"]),
    ]
