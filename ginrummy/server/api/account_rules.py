"""What a username and a password may be.

A username is 3 to 20 characters: ASCII letters, digits, ``_`` and ``-``, beginning with a
letter. It is unique in any case (``Anna`` and ``anna`` are one name) and shown as it was
written. ASCII only, so that no two names look alike in another script; names that speak for
the server or the computer (``admin``, ``Computer5``...) are reserved.

A password is 8 to 128 characters, any characters. It may not be the username, one character
repeated, or one of the passwords every guessing list begins with.
"""

from __future__ import annotations

import re

from ginrummy.server.live.names import impersonates_computer
from ginrummy.server.wire.refusal import Refusal

MIN_USERNAME, MAX_USERNAME = 3, 20
MIN_PASSWORD, MAX_PASSWORD = 8, 128

_USERNAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_ALLOWED = re.compile(r"[A-Za-z0-9_-]*")

RESERVED = frozenset({
    "admin", "administrator", "root", "system", "sysop", "operator", "moderator", "mod",
    "staff", "support", "help", "server", "gin", "ginrummy", "gin-rummy", "official",
    "guest", "anonymous", "anon", "nobody", "null", "none", "undefined", "former-player",
    "formerplayer", "deleted", "me", "you", "mine", "api", "lobby", "account", "accounts",
    "session", "player", "friend", "amico", "giocatore", "ospite", "amministratore",
})
"""Usernames nobody can take, in their casefolded form."""

COMMON_PASSWORDS = frozenset({
    "password", "password1", "password123", "passw0rd", "12345678", "123456789",
    "1234567890", "87654321", "qwertyuiop", "qwerty123", "qwertyui", "asdfghjkl",
    "iloveyou", "11111111", "abcdefgh", "abcd1234", "letmein1", "welcome1", "sunshine",
    "football", "baseball", "princess", "superman", "trustno1", "11223344", "00000000",
    "12341234", "zxcvbnm1", "ginrummy", "gin rummy", "password!", "changeme",
})
"""Casefolded passwords refused as too easy to guess."""


class AccountRefused(Refusal, ValueError):
    """A username or password that is refused: ``code`` (``bad_username``, ``weak_password``,
    ``password_too_long``), ``reason`` and a message saying what is wrong."""

    def __init__(self, code: str, reason: str | None, message: str) -> None:
        super().__init__(code, message, reason)


def username_key(username: str) -> str:
    """The form a username is unique by."""
    return username.casefold()


def check_username(raw: object) -> str:
    """``raw`` as a username, or :class:`AccountRefused` saying what is wrong."""
    if not isinstance(raw, str):
        raise AccountRefused("bad_username", "type",
                             f"username must be a string, got {type(raw).__name__}")
    if len(raw) < MIN_USERNAME:
        raise AccountRefused("bad_username", "too_short", f"a username has at least "
                             f"{MIN_USERNAME} characters, got {len(raw)}")
    if len(raw) > MAX_USERNAME:
        raise AccountRefused("bad_username", "too_long", f"a username has at most "
                             f"{MAX_USERNAME} characters, got {len(raw)}")
    if _ALLOWED.fullmatch(raw) is None:
        bad = next(char for char in raw if _ALLOWED.fullmatch(char) is None)
        raise AccountRefused("bad_username", "characters", f"a username holds only letters "
                             f"a-z, digits, '_' and '-', not {bad!r}")
    if _USERNAME.fullmatch(raw) is None:
        raise AccountRefused("bad_username", "start", "a username begins with a letter a-z")
    if username_key(raw) in RESERVED or impersonates_computer(raw):
        raise AccountRefused("bad_username", "reserved", f"the username {raw!r} is reserved")
    return raw


def check_password(raw: object, username: str, field: str = "password") -> str:
    """``raw`` as a new password of ``username``, or :class:`AccountRefused`."""
    if not isinstance(raw, str):
        raise AccountRefused("weak_password", "type",
                             f"{field} must be a string, got {type(raw).__name__}")
    if len(raw) > MAX_PASSWORD:
        raise AccountRefused("password_too_long", None, f"a password has at most "
                             f"{MAX_PASSWORD} characters, got {len(raw)}")
    if len(raw) < MIN_PASSWORD:
        raise AccountRefused("weak_password", "too_short", f"a password has at least "
                             f"{MIN_PASSWORD} characters, got {len(raw)}")
    folded = raw.casefold()
    if username_key(username) in folded:
        raise AccountRefused("weak_password", "username", "the password holds the username")
    if len(set(raw)) == 1:
        raise AccountRefused("weak_password", "repeated",
                             "the password is one character repeated")
    if folded in COMMON_PASSWORDS:
        raise AccountRefused("weak_password", "common",
                             "the password is one of the first any guesser tries")
    return raw


def given_password(raw: object, field: str = "password") -> str:
    """A password given to sign in (or to confirm): a string of at most the longest length."""
    if not isinstance(raw, str):
        raise AccountRefused("bad_request", None,
                             f"{field} must be a string, got {type(raw).__name__}")
    if len(raw) > MAX_PASSWORD:
        raise AccountRefused("password_too_long", None, f"a password has at most "
                             f"{MAX_PASSWORD} characters, got {len(raw)}")
    return raw
