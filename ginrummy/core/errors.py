"""The errors of the rules core above a single hand.

A hand's own refusals are :class:`~ginrummy.core.hand.IllegalActionError` and
:class:`~ginrummy.core.rules.RulesError`; these are the game's.
"""

from __future__ import annotations


class GameError(ValueError):
    """A game-level move that is not allowed now (dealing mid-hand, playing after the end...)."""


class TableError(ValueError):
    """A table option or move that is not allowed (names the option, the table or the player)."""


class CutError(GameError, TableError):
    """A cut for the first deal that is not one (R4): it names the round and what is wrong."""
