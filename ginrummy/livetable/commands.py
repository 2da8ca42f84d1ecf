"""What can be asked of a table: each command is a value given to
:func:`~ginrummy.livetable.machine.apply` with the moment it is applied at.

A person's commands name the ``place`` they hold (the server has checked the token) and
may carry ``expect`` (the log length ``n`` the sender last saw: a command made
on an old state is refused as ``stale``) and ``client_id`` (the id of the message, kept in
the log entry it makes). The computer's moves are commands like a person's
(:class:`ComputerPlay`); :class:`Tick` is the server's timer going off at
:func:`~ginrummy.livetable.machine.next_deadline`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Play:
    """``place`` plays ``action`` (an action id of :mod:`ginrummy.core.actions`) at the
    table where it has a hand in progress."""

    place: int
    action: int
    expect: int | None = None
    client_id: str | None = None


@dataclass(frozen=True, slots=True)
class ComputerPlay:
    """The computer plays ``action`` for ``place``: its own seat, an idle player's, or one
    whose clock ran out in this turn."""

    place: int
    action: int


@dataclass(frozen=True, slots=True)
class Ready:
    """``place`` is ready for its table's next deal; ``seed`` goes into that deal's deck if
    ``commitment`` (the one the player was shown) is still that deal's."""

    place: int
    seed: str | None = None
    commitment: str | None = None
    expect: int | None = None
    client_id: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """The higher cut ``place`` chooses whether it deals the first hand (R4)."""

    place: int
    deals: bool
    expect: int | None = None
    client_id: str | None = None


@dataclass(frozen=True, slots=True)
class Back:
    """``place``'s player takes over from the computer again (any command of theirs does)."""

    place: int
    client_id: str | None = None


@dataclass(frozen=True, slots=True)
class Join:
    """Someone takes the open or invited ``place`` as ``name`` (the server makes the token)."""

    place: int
    name: str


@dataclass(frozen=True, slots=True)
class SendAway:
    """The creator opens ``place`` again before its first deal: the person who took it
    leaves (the server checks that the creator asks, at a game listed in the lobby)."""

    place: int


@dataclass(frozen=True, slots=True)
class Presence:
    """The places with a player connected now (they decide who is holding up whom)."""

    connected: frozenset[int]


@dataclass(frozen=True, slots=True)
class Tick:
    """A deadline of :func:`~ginrummy.livetable.machine.next_deadline` may have passed: a
    clock that ran out is logged, an idle player handed to the computer; at a table made
    with every seat taken (the computer's alone), the deals due are dealt."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """``place`` loses the game by forfeit: its player left a game nobody came back to
    (the server decides who left first, from the times it keeps)."""

    place: int


@dataclass(frozen=True, slots=True)
class Resign:
    """``place``'s player resigns: their side loses the game now (at any moment of a game in
    progress: on anyone's turn, between hands, before the first dealer is chosen)."""

    place: int
    client_id: str | None = None


@dataclass(frozen=True, slots=True)
class OfferRematch:
    """``place`` asks for a rematch of the finished game, or accepts the other's offer."""

    place: int


@dataclass(frozen=True, slots=True)
class WithdrawRematch:
    """``place`` takes back its offer of a rematch, or declines the other's."""

    place: int


@dataclass(frozen=True, slots=True)
class RematchStarted:
    """The server has created the rematch ``game_id`` that both players asked for."""

    game_id: str


Command = (Play | ComputerPlay | Ready | ChooseDealer | Back | Join | SendAway | Presence
           | Tick | Forfeit | Resign | OfferRematch | WithdrawRematch | RematchStarted)
PERSON_COMMANDS = (Play, Ready, ChooseDealer, Back)
"""Commands a person sends from their place: any of them takes over from the computer."""
