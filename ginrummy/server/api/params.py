"""Query parameters read strictly: whole numbers are ASCII digits only (``str.isdigit`` also
takes ``'²'`` and ``'٣'``, which ``int`` then refuses or reads as another number)."""

from __future__ import annotations


def whole_number(name: str, raw: str, high: int) -> int:
    """``raw`` as a whole number from 0 to ``high``; a ValueError that names ``name`` if not.

    >>> whole_number("since", "12", 100)
    12
    >>> whole_number("since", "\u00b2", 100)
    Traceback (most recent call last):
    ...
    ValueError: since must be a whole number from 0 to 100 (ASCII digits), got '²'
    """
    digits = raw.isascii() and raw.isdigit()
    if not digits or len(raw) > len(str(high)) or int(raw) > high:
        raise ValueError(f"{name} must be a whole number from 0 to {high} (ASCII digits), "
                         f"got {raw[:20]!r}")
    return int(raw)
