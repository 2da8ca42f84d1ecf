"""Player names: what a name may hold, and the one form it is stored and shown in.

A name is text a person reads beside a seat, so it is refused when it could mislead or
break the page: control characters (NUL included), lone surrogates (they cannot be
stored as UTF-8), bidirectional controls (they reorder what other players read),
invisible characters and names with nothing visible, and names the computer's seats
use ("Computer (level 5)", "Computer 2 (livello 3)", in any case, spacing or lookalike
letters: names are compared by their skeleton). Letters of any script with their accents
("Niccolò", "Zoë", "José María") are names like any other. Spaces are collapsed to one; the
text is stored in NFC.
"""

from __future__ import annotations

import re
import unicodedata

from ginrummy.server.storage.skeleton import skeleton
from ginrummy.server.wire.refusal import Refusal

MAX_NAME = 40
"""Characters, after normalising."""
MAX_MARKS = 4
"""Combining marks on one character (more is a pile of accents drawn over the table)."""

BIDI_CONTROLS = frozenset(
    [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""Embeddings, overrides, isolates and marks: they change the order of what follows."""
JOINERS = frozenset([0x200C, 0x200D])
"""Zero-width (non-)joiners: needed inside words of some scripts and emoji sequences."""
BLANK_LETTERS = frozenset([0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x180E])
"""Characters that draw nothing though their category says letter, symbol or mark."""
_COMPUTER = re.compile(r"c+o+(?:rn)+p+[uv]+t+e+r+")
"""The word "Computer" in skeleton form (:func:`~ginrummy.server.storage.skeleton.skeleton`)."""


class NameRefused(Refusal, ValueError):
    """A name that is refused (code ``bad_name``): ``reason`` (one of :data:`REASONS`) and a
    message naming the character at fault."""

    def __init__(self, reason: str, message: str) -> None:
        assert reason in REASONS, reason
        super().__init__("bad_name", message, reason)


REASONS = ("type", "control", "bidi", "invisible", "blank", "too_long", "marks", "computer",
           "account")
"""``account``: the name looks like an account's username (:mod:`ginrummy.server.api`)."""


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    code = f"U+{ord(char):04X}"
    return f"{code} {name}" if name else code


def player_name(raw: object, field: str = "name") -> str:
    """``raw`` as a stored name, or :class:`NameRefused` saying what is wrong with it."""
    name = clean_text(raw, field, MAX_NAME)
    if impersonates_computer(name):
        raise NameRefused("computer",
                          f"{field} {name!r} is how the computer's seats are named; choose another")
    return name


def clean_text(raw: object, field: str, limit: int) -> str:
    """``raw`` as one line of text for others to read (a name, a chat message): NFC, spaces
    collapsed, at most ``limit`` characters, something visible and nothing that hides or
    reorders text; else :class:`NameRefused`."""
    if not isinstance(raw, str):
        raise NameRefused("type", f"{field} must be a string, got {type(raw).__name__}")
    for char in raw:
        _check_char(char, field)
    text = " ".join(unicodedata.normalize("NFC", raw).split())
    if not any(_visible(char) for char in text):
        raise NameRefused("blank", f"{field} must have a visible character, got {_shown(raw)}")
    if len(text) > limit:
        raise NameRefused("too_long",
                          f"{field} may have at most {limit} characters, got {len(text)}")
    _check_marks(text, field)
    return text


def _check_char(char: str, field: str) -> None:
    point, category = ord(char), unicodedata.category(char)
    what = _describe(char)
    if 0xD800 <= point <= 0xDFFF:
        raise NameRefused("control", f"{field} holds a lone surrogate ({what}): not text")
    if point in BIDI_CONTROLS:
        raise NameRefused("bidi", f"{field} holds a bidirectional control ({what}): it would "
                          "reorder the text other players read")
    if (category == "Cc" and not char.isspace()) or category in ("Zl", "Zp"):
        raise NameRefused("control", f"{field} holds a control character ({what})")
    if category in INVISIBLE and point not in JOINERS:
        raise NameRefused("invisible", f"{field} holds {INVISIBLE[category]} character ({what})")


INVISIBLE = {"Cf": "an invisible formatting", "Co": "a private-use", "Cn": "an unassigned"}


def _visible(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "LNPS" and ord(char) not in BLANK_LETTERS


def _shown(raw: str) -> str:
    return " ".join(_describe(char) for char in raw[:8]) or "''"


def _check_marks(name: str, field: str) -> None:
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char).startswith("M") else 0
        if run > MAX_MARKS:
            raise NameRefused("marks", f"{field} piles more than {MAX_MARKS} combining "
                              "marks on one character")


def impersonates_computer(name: str) -> bool:
    """``name`` reads as the computer's: it begins with the word "Computer", however spelt
    (look-alike letters of any script, "rn" for "m", "0" for "o", spaces between letters)."""
    return _COMPUTER.match(skeleton(name)) is not None
