"""The facts about a game that a state carries besides the game itself (who sits where, who
is connected), handed to the payload by the live table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str
    """``human`` or ``computer``."""
    name: str
    joined: bool
    connected: bool


@dataclass(frozen=True, slots=True)
class TableInfo:
    game_id: str
    kind: str
    level: int | None
    computer: str | None
    """The agent playing the computer seats (e.g. ``level3``), or None."""
    seats: tuple[SeatInfo, ...]
    listed: bool = False
    """In the lobby: its open places are anyone's, and anyone may watch it."""
    rated: bool = False
    """Between accounts: its end updates their ratings."""
    fair_id: str | None = None
    """The id its decks are derived under (None: ``game_id``)."""
    duplicate: bool = False
    """A duplicate tournament's game: the round's decks, no player's seed in them."""
    reveals_held: bool = False
    """No server seed is shown while other tables of the round still play."""
    tournament: str | None = None
    """The id of the tournament whose game it is, if any."""
