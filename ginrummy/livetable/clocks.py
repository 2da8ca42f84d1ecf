"""Players' clocks, as pure arithmetic over the log's timestamps (no I/O, no clock read).

A game may have a clock (:class:`ClockRules`), agreed when it is created:

* ``bank``: each person has ``seconds`` for the whole game, and every turn adds
  ``increment`` to it when it starts (so a turn always has at least the increment);
* ``move``: every turn has ``seconds``, and time not used is not kept.

A turn is the run of moves of one place in a hand: from the entry that makes it that
place's move until the entry after which it is someone else's (draw and discard are one
turn). A clock runs only while a hand is being played and that place is to act: never
before the first deal, between hands (``ready``, the next deal) or after the end, and never
for the computer's seats nor while the computer plays for the place.

:func:`advance` is fed, entry by entry, the entry's time and the places the game then waits
for; :func:`seconds_left` and :func:`next_timeout` say where the clocks stand at a given
moment; :func:`clocks_after` feeds them a run of the log. The live table feeds it as it goes; a
restarted server feeds it the stored
log again, so the clocks resume where the log left them (the time the server was down is
counted like any other: the stored times are all there is).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from ginrummy.core.errors import CodedError
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.position import Position, to_act

ClockKind = Literal["bank", "move"]
LIMITS: dict[str, tuple[float, float]] = {
    "bank": (30.0, 3600.0),
    "increment": (0.0, 60.0),
    "move": (5.0, 600.0),
}
"""The seconds each field may take: a bank of 30 s to 60 min, an increment up to 60 s, a time
per move of 5 s to 10 min."""
FORFEIT_AFTER = 2
"""The timeout that loses a game whose clock forfeits (rated games, tournaments)."""


class ClockRefused(CodedError):
    """Clock options that cannot be (code ``bad_clock``): ``reason`` names the field and
    what is wrong; ``message`` is the English sentence."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message, "bad_clock", reason=reason)
        self.code: str = "bad_clock"
        self.message = message
        self.reason = reason


@dataclass(frozen=True, slots=True)
class ClockRules:
    kind: ClockKind
    seconds: float
    """The bank (``bank``) or the time of each turn (``move``)."""
    increment: float = 0.0
    """Seconds each turn adds to the bank when it starts (``bank`` only)."""

    def to_dict(self) -> dict[str, Any]:
        if self.kind == "move":
            return {"kind": "move", "seconds": self.seconds}
        return {"kind": "bank", "seconds": self.seconds, "increment": self.increment}

    @classmethod
    def from_dict(cls, data: object, floor: float | None = None) -> ClockRules:
        """Clock options as a client sends them (``{"kind": "bank", "seconds": 180,
        "increment": 5}`` or ``{"kind": "move", "seconds": 30}``), checked; ``floor``
        lowers every minimum to it (tests and demonstrations with short clocks)."""
        if not isinstance(data, Mapping):
            raise ClockRefused("type", "clock must be an object such as {\"kind\": \"bank\", "
                                       f"\"seconds\": 180, \"increment\": 5}}, got {data!r}")
        kind = data.get("kind")
        if kind not in ("bank", "move"):
            raise ClockRefused("kind", "clock kind must be 'bank' (a time bank plus an "
                                       f"increment per move) or 'move' (a time per move), "
                                       f"got {kind!r}")
        allowed = {"kind", "seconds", "increment"} if kind == "bank" else {"kind", "seconds"}
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise ClockRefused("field", f"unknown clock field {unknown[0]!r} for kind {kind!r}; "
                                        f"fields: {', '.join(sorted(allowed))}")
        seconds = _seconds(data.get("seconds"), "bank" if kind == "bank" else "move", floor)
        increment = 0.0
        if kind == "bank":
            increment = _seconds(data.get("increment", 0), "increment", floor)
        return cls(kind, seconds, increment)


def _seconds(value: object, limit: str, floor: float | None) -> float:
    field = "increment" if limit == "increment" else "seconds"
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
        value
    ):
        raise ClockRefused(f"{limit}_type", f"clock {field} must be a number of seconds, got "
                                            f"{value!r}")
    low, high = LIMITS[limit]
    if floor is not None and limit != "increment":
        low = min(low, floor)
    if not low <= value <= high:
        raise ClockRefused(f"{limit}_range", f"clock {field} must be from {low:g} to {high:g} "
                                             f"seconds, got {value:g}")
    return float(value)


@dataclass(frozen=True, slots=True)
class Clocks:
    """Where every place's clock stood after some entry of the log."""

    left: tuple[float, ...]
    """Seconds left to each place when its clock last stopped or started."""
    since: tuple[datetime | None, ...]
    """When each running clock started (None: stopped)."""
    timeouts: tuple[int, ...]
    """How many times each place's clock has run out."""

    @property
    def running(self) -> frozenset[int]:
        return frozenset(place for place, at in enumerate(self.since) if at is not None)


def start_clocks(rules: ClockRules, players: int) -> Clocks:
    return Clocks(tuple(rules.seconds for _ in range(players)), (None,) * players,
                  (0,) * players)


def advance(clocks: Clocks, rules: ClockRules, at: datetime,
            to_act: frozenset[int]) -> Clocks:
    """The clocks after an entry made at ``at`` after which the game waits for the places
    ``to_act`` to move (the ones with a clock: people, not while the computer plays for them)."""
    left, since = list(clocks.left), list(clocks.since)
    for place, started in enumerate(clocks.since):
        if started is not None and place not in to_act:  # its turn is over
            spent = (at - started).total_seconds()
            left[place] = rules.seconds if rules.kind == "move" else max(0.0, left[place] - spent)
            since[place] = None
        elif started is None and place in to_act:  # its turn starts
            left[place] = rules.seconds if rules.kind == "move" else left[place] + rules.increment
            since[place] = at
    return replace(clocks, left=tuple(left), since=tuple(since))


def timed_out(clocks: Clocks, rules: ClockRules, place: int) -> Clocks:
    """The clocks after ``place``'s ran out: it stops at 0 (a bank stays empty; the next turn
    brings the increment) and its timeouts count one more."""
    left, since, count = list(clocks.left), list(clocks.since), list(clocks.timeouts)
    left[place] = 0.0 if rules.kind == "bank" else rules.seconds
    since[place] = None
    count[place] += 1
    return Clocks(tuple(left), tuple(since), tuple(count))


def seconds_left(clocks: Clocks, place: int, now: datetime) -> float:
    """Seconds ``place`` has left at ``now`` (its clock's running time taken off)."""
    started = clocks.since[place]
    if started is None:
        return clocks.left[place]
    return max(0.0, clocks.left[place] - (now - started).total_seconds())


def next_timeout(clocks: Clocks, now: datetime) -> tuple[int, float] | None:
    """(place, seconds from ``now``) of the running clock that runs out first, or None."""
    running = sorted((seconds_left(clocks, place, now), place) for place in clocks.running)
    if not running:
        return None
    seconds, place = running[0]
    return place, seconds


def clocked_places(position: Position, humans: frozenset[int]) -> frozenset[int]:
    """The places whose clock runs after ``position``: people (``humans``) to move whom the
    computer does not play for."""
    return (to_act(position.game) & humans) - position.stand_in - position.timed_out


def clocks_after(clocks: Clocks, rules: ClockRules, entries: Sequence[LogEntry],
                 positions: Sequence[Position], humans: frozenset[int]) -> Clocks:
    """``clocks`` fed ``entries`` (``positions[i]``: the position after ``entries[i]``)."""
    for entry, position in zip(entries, positions, strict=True):
        if entry.kind == "timeout" and entry.seat is not None:
            clocks = timed_out(clocks, rules, entry.seat)
        clocks = advance(clocks, rules, entry.at, clocked_places(position, humans))
    return clocks
