"""Client messages on the table WebSocket: parsing and the error codes.

Every way a message can be wrong has its own code and a message naming the
field and the value; see ``PROTOCOL.md`` beside this file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, cast

from ginrummy.core.actions import ActionError, action_name, parse_action
from ginrummy.format.provably_fair import client_seed_problem
from ginrummy.server.wire.refusal import Refusal

PROTOCOL_VERSION = 1

ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not JSON text",
    "bad_message": "the message is not an object of the right fields and types",
    "unknown_type": "the message's type is not one the server knows",
    "bad_action": "the action is not an action (unreadable text or number out of range)",
    "illegal_action": "the rules do not allow that action now",
    "not_your_turn": "the other seat is to act",
    "stale": "the client's expect is not the latest event number; a snapshot follows",
    "stale_commitment": "a ready's seed came with a commitment that is not the next deal's; a "
                        "snapshot with the current one follows",
    "read_only": "a watcher cannot act",
    "not_started": "the game waits for its invited players",
    "no_hand": "no hand is being played (between hands): send ready",
    "in_hand": "a hand is being played: ready is for the break between hands",
    "already_ready": "this seat already said it is ready for the next hand",
    "nothing_to_ready": "a table game: this place's table is not waiting for a deal",
    "game_over": "the game is over",
    "game_abandoned": "nobody played the game for too long: it ended without a result",
    "not_away": "back from a seat the computer is not playing for",
    "clock_ran_out": "this seat's clock ran out: the computer plays the rest of its turn",
    "bad_clock": "the clock options of a new game are not a clock (reason: which field)",
    "no_cut_choice": "nobody chooses the first dealer now (the lower cut deals, or it is chosen)",
    "not_your_choice": "the other seat cut the higher card: it chooses who deals first",
    "conflict": "the game changed under the server (another writer); a snapshot follows",
    "storage": "the database could not store the action; nothing changed",
    "too_large": "the message is longer than the limit; the connection closes (1009)",
    "rate_limited": "too many messages per second across the client's connections; the "
                    "connection closes (1008); retry_after says when to come back",
    "too_many_connections": "the client (or the game) holds too many WebSockets (4429)",
    "bad_request": "a malformed query parameter (since): the connection closes (4400)",
    "bad_token": "the token is not a seat or watch token of this game",
    "invite_spent": "the token is an invite whose seat is taken: it opens nothing any more "
                    "(the connection closes, 4401)",
    "seat_replaced": "this seat was opened by another connection, which now plays it; this "
                     "one closes (4409); reconnect to take the seat back",
    "seat_of_account": "the token opens a seat that belongs to an account this browser is "
                       "not signed in to (the connection closes, 4401)",
    "signed_out": "the sign-in that opened this connection has ended (signed out, a new "
                  "password, the account deleted); the connection closes (4401)",
    "account_banned": "the account that opened this connection has been banned by the "
                      "server's operator: its chat line is refused and the connection closes "
                      "(4401); in the lobby its lines are refused",
    "rated_needs_account": "a rated game is played between accounts: a guest cannot take a "
                           "place at one (the connection closes, 4401)",
    "rated_same_account": "this account already plays a seat of this rated game",
    "rated_same_player": "this account was seen in the browser (or at the address) of an "
                         "account already at this rated game: not a place for it (4401)",
    "not_found": "no game has that id",
    "computer_error": "the computer could not move (server-side)",
    "internal": "the server failed on this message (a bug, logged); nothing changed",
    "no_open_place": "the lobby: that place of the game is not open (taken, or never was)",
    "already_seated": "the lobby: this browser already has a place at that game",
    "sent_away": "the game's creator sent this player away before the first deal (the "
                 "connection closes, 4401); they may not take a place there again",
    "not_creator": "only the game's creator (place 0) may send a player away",
    "no_player_there": "that place has no player who took it from the lobby",
    "already_started": "the first deal is under way: nobody can be sent away any more",
    "bad_chat": "a chat line that cannot be said: no text and no phrase, both, text that is "
                "too long or holds hidden characters, an unknown phrase",
    "chat_rate_limited": "too many chat lines from this client; retry_after says when",
    "too_many_reports": "too many chat reports from this client, seat or account; "
                        "retry_after says when",
    "no_such_chat": "a report of a chat line that this connection's channel never showed",
    "chat_at_your_seat": "a player of this game (its seat cookie, its account, or its "
                         "address) on a watch socket: the watchers' chat is not theirs",
    "no_such_seek": "quick match: the ticket is unknown, has ended, or was made in another "
                    "browser",
    "seek_over": "quick match: the seek has ended (matched, cancelled, replaced or left)",
    "computer_not_yet": "quick match: the computer is offered only after the wait it states",
    "server_full": "quick match: too many people wait at once; try again later",
    "too_many_seeks": "quick match: as many people as the server lets one address have wait "
                      "from this address already",
    "sign_in_to_chat": "the lobby's chat: only a signed-in account may speak (a guest reads)",
    "sign_in_to_mute": "chat: only a signed-in account mutes players on the server (a guest "
                       "mutes in the browser)",
    "not_an_account": "chat: the line was said by a guest, whom only the browser can mute",
    "too_many_mutes": "chat: this account has muted as many players as it may",
    "no_such_mute": "this account has no mute of that id",
    "bad_mute": "a mute's id is not a number",
    "cannot_follow_yourself": "friends: an account cannot follow itself",
    "cannot_block_yourself": "blocks: an account cannot block itself",
    "player_blocked": "friends: this account blocked the player it would follow",
    "too_many_friends": "friends: this account follows as many players as it may",
    "too_many_blocks": "blocks: this account has blocked as many players as it may",
    "not_following": "friends: this account does not follow that player",
    "not_blocked": "blocks: this account has not blocked that player",
    "no_such_tournament": "no tournament has that id",
    "already_entered": "a tournament: this account is already entered",
    "tournament_full": "a tournament: every place is taken",
    "not_entered": "a tournament: this account is not entered, so it cannot leave",
    "not_organiser": "a tournament: only the account that created it may start it early",
    "tournament_started": "a tournament: entries are closed (it has started, ended or been "
                          "cancelled)",
    "cannot_start": "a tournament: it cannot start with the players entered (too few for "
                    "its rounds, or for any tournament)",
    "too_many_open_tables": "the lobby: this address or account already has as many open "
                            "tables that nobody joined as it may",
    "too_many_tournaments": "a tournament: this account already has as many tournaments "
                            "that are not finished as one account may",
    "computers_busy": "a tournament: the computers it may need would take the server's "
                      "computers in unfinished tournaments past their limit",
}
"""Every error code the WebSocket can send, with what it means."""

MAX_ID_LENGTH = 64
MAX_ACTION_TEXT = 100

MessageType = Literal["action", "ready", "resync", "ping", "back", "cut_choice", "resign",
                      "chat", "chat_report", "chat_mute", "chat_show"]
_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    # type: (required fields, optional fields), besides "type"
    "action": ({"action", "expect"}, {"id"}),
    "ready": (set(), {"expect", "id", "seed", "commitment"}),
    "resync": ({"since"}, {"id"}),
    "ping": (set(), {"id"}),
    "back": (set(), {"id"}),
    "cut_choice": ({"deal"}, {"expect", "id"}),
    "resign": (set(), {"id"}),
    "chat": (set(), {"id", "text", "phrase", "name"}),
    "chat_report": ({"chat_id"}, {"id", "reason"}),
    "chat_mute": ({"chat_id", "mute"}, {"id"}),
    "chat_show": ({"chat_id"}, {"id"}),
}


class ClientError(Refusal):
    """A client message that the server refuses: a code of :data:`ERROR_CODES` and a reason."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(code, message)


@dataclass(frozen=True, slots=True)
class Message:
    type: MessageType
    id: str | None = None
    action: int | str | None = None
    expect: int | None = None
    since: int | None = None
    seed: str | None = None
    """A ``ready``'s seed for the next hand's deck (provably fair dealing)."""
    deal: bool | None = None
    """A ``cut_choice``: whether the higher cut deals the first hand itself (R4)."""
    commitment: str | None = None
    """The commitment the player was shown, sent with ``seed`` (it must be the current one)."""
    chat: dict[str, Any] | None = None
    """A ``chat``, ``chat_report``, ``chat_mute`` or ``chat_show``'s fields as sent (the
    chat room checks them)."""


def message_id(data: Any) -> str | None:
    """The ``id`` of a message that may be malformed, if it has a usable one (for replies)."""
    if isinstance(data, dict):
        value = data.get("id")
        if isinstance(value, str) and 0 < len(value) <= MAX_ID_LENGTH:
            return value
    return None


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ClientError("bad_message", f"{name} must be a whole number >= 0, got {value!r}")
    return value


def parse_message(text: str) -> Message:
    """Read one client message; :class:`ClientError` says precisely what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise ClientError("bad_json", f"not JSON: {error}") from None
    return message_from(data)


def message_from(data: Any) -> Message:
    if not isinstance(data, dict):
        raise ClientError(
            "bad_message", f"a message must be a JSON object, got {type(data).__name__}"
        )
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ClientError("bad_message", f"type must be a string, got {kind!r}")
    if kind not in _FIELDS:
        known = ", ".join(_FIELDS)
        raise ClientError("unknown_type", f"unknown message type {kind!r}; known types: {known}")
    required, optional = _FIELDS[kind]
    unknown = sorted(set(data) - required - optional - {"type"})
    if unknown:
        raise ClientError("bad_message", f"unknown field {unknown[0]!r} in a {kind} message")
    missing = sorted(required - set(data))
    if missing:
        raise ClientError("bad_message", f"a {kind} message needs {missing[0]!r}")
    ident = data.get("id")
    if ident is not None and (
        not isinstance(ident, str) or not 0 < len(ident) <= MAX_ID_LENGTH
    ):
        raise ClientError(
            "bad_message", f"id must be a string of 1 to {MAX_ID_LENGTH} characters, got {ident!r}"
        )
    if kind == "action":
        action = data["action"]
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise ClientError(
                "bad_message", f"action must be a string or an action number, got {action!r}"
            )
        if isinstance(action, str) and len(action) > MAX_ACTION_TEXT:
            raise ClientError("bad_action", f"action text longer than {MAX_ACTION_TEXT} characters")
        return Message("action", ident, action=action, expect=_whole("expect", data["expect"]))
    if kind == "ready":
        expect = data.get("expect")
        seed = data.get("seed")
        problem = client_seed_problem(seed)
        if problem is not None:
            raise ClientError("bad_message", f"seed: {problem.message()}")
        commitment = data.get("commitment")
        if commitment is not None and not (
            isinstance(commitment, str) and len(commitment) == 64
            and all(ch in "0123456789abcdef" for ch in commitment)
        ):
            raise ClientError("bad_message", f"commitment must be 64 lowercase hex digits, got "
                                             f"{str(commitment)[:80]!r}")
        if seed is not None and commitment is None:
            raise ClientError("bad_message", "seed: send it with the commitment you were shown "
                                             "(\"commitment\"), so that it counts for that deal "
                                             "only")
        return Message("ready", ident, expect=None if expect is None else _whole("expect", expect),
                       seed=seed, commitment=commitment)
    if kind == "resync":
        return Message("resync", ident, since=_whole("since", data["since"]))
    if kind in ("back", "resign"):
        return Message(cast(MessageType, kind), ident)
    if kind == "cut_choice":
        deal = data["deal"]
        if not isinstance(deal, bool):
            raise ClientError("bad_message", f"deal must be true or false, got {deal!r}")
        expect = data.get("expect")
        return Message("cut_choice", ident, deal=deal,
                       expect=None if expect is None else _whole("expect", expect))
    if kind in ("chat", "chat_report", "chat_mute", "chat_show"):
        fields = {k: v for k, v in data.items() if k not in ("type", "id")}
        return Message(cast(MessageType, kind), ident, chat=fields)
    return Message("ping", ident)


def error(code: str, message: str, *, n: int, ident: str | None = None) -> dict[str, Any]:
    """An error event: it changes nothing; ``n`` is the latest event number."""
    out: dict[str, Any] = {"type": "error", "code": code, "message": message, "n": n}
    if ident is not None:
        out["id"] = ident
    return out


def parse_action_message(message: Message) -> int:
    """The action id a client's ``action`` message names (a name or a number)."""
    raw = message.action
    if isinstance(raw, str):
        try:
            return parse_action(raw)
        except ActionError as refused:
            raise ClientError("bad_action", str(refused)) from None
    assert isinstance(raw, int)
    try:
        action_name(raw)
    except ActionError as refused:
        raise ClientError("bad_action", str(refused)) from None
    return raw
