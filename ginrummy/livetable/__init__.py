"""A live table as a value: what a table does, in one place.

A **table** is a game of 2 to 10 players being played: who sits where, the game from the
rules core (:class:`~ginrummy.core.game.Game`: every hand is an ordinary two-player hand),
the seeds of its deals, the clocks, the stand-ins, the rematch offers. :class:`Table` holds
all of it as one immutable value. Nothing here does I/O, runs an event loop, reads a clock or
says a word in a language: the server does those around it (lock → :func:`apply` → append →
publish → wait for :func:`next_deadline`), like the rules core below it (scalachess's
``Game.apply``, lichess's numbered events).

**Commands** (:mod:`~ginrummy.livetable.commands`) are what can be asked of a table::

    applied = apply(table, Play(place=1, action=discard(card("7H")), expect=12), now, rng)
    table, events, stored = applied

- a person, from the place their token holds: :class:`Play` (an action at their table),
  :class:`Ready` (for their table's next deal, with their seed for its deck),
  :class:`ChooseDealer` (the higher cut, R4), :class:`Back` (take over from the computer;
  any of these does), :class:`Resign` (their side loses the game now);
- the computer, for its own seats, idle players and run-out clocks: :class:`ComputerPlay`
  (:func:`computer_moves` says who is to move and what they see);
- the server: :class:`Join` (a seat is taken), :class:`SendAway` (opened again),
  :class:`Presence` (who is connected), :class:`Tick` (a deadline may have passed),
  :class:`Forfeit` (a player left a game nobody came back to), and the rematch of a
  finished two-player game
  (:class:`OfferRematch`, :class:`WithdrawRematch`, :class:`RematchStarted`).

:func:`apply` gives the new table, its events, and what the server stores before it
publishes (:class:`Stored`: log entries, the decks of new deals, new seeds, seats taken or
opened). A command that may not be made raises :class:`Refused` — a code and parameters, no prose
(``not_your_turn``, ``stale``, ``illegal_action`` with the core's own code as ``reason``) —
and nothing changes. ``now`` is the moment of the command (the log's entries carry it; the
clocks and the time limit read it); ``rng`` draws the server seeds of deals made due.

**The log.** Every change to the game is a :class:`LogEntry` (``deal``, ``play``, ``ready``,
``choose``, ``time_up``, ``idle``, ``back``, ``timeout``, ``forfeit``, ``resign``). A table's
state is the fold of its stored log: :func:`replay` gives the same table that the commands
made, which is how a restarted server (or another process) takes a table over.

**Events** (:mod:`~ginrummy.livetable.events`) are data: a kind, fields (cards as ints,
actions as ids), an :class:`Audience` (one seat, a team, the players, the watchers,
everyone) and a version, consecutive per table and the same after a replay. Hidden cards
reach only the seat that holds them: a deal sends each player their hand (``hand``) and
everyone the rest (``dealt``); a move is ``played`` for everyone in its public form, with
the card drawn from the stock (``drew``) or a face-down knock discard (``own_action``) for
the mover alone; ``hand_over`` shows the hands the rules show, and the deal's server seed.
A :class:`Notice` (a seat taken, presence, rematch offers) is not in the log: it carries
the version it follows and numbers nothing.

**Deadlines.** The server keeps no timer of its own: :func:`next_deadline` reads from the
state when a running clock runs out (:mod:`~ginrummy.livetable.clocks`: a bank with an
increment, or a time per move) or when the idle timer hands a person who holds up a
connected player to the computer; at that moment the server applies :class:`Tick`.

The parts: :mod:`.state` (the value and its questions), :mod:`.machine` (apply, replay,
deadlines), :mod:`.checks` (what a person may do), :mod:`.draft` (one command being built,
and the fold's step), :mod:`.position` (the game's part of the state), :mod:`.fairness`
(seeds and commitments), :mod:`.clocks`, :mod:`.record` (a finished table's record).
"""

from __future__ import annotations

from ginrummy.livetable.commands import (
    Back,
    ChooseDealer,
    Command,
    ComputerPlay,
    Forfeit,
    Join,
    OfferRematch,
    Play,
    Presence,
    Ready,
    RematchStarted,
    Resign,
    SendAway,
    Tick,
    WithdrawRematch,
)
from ginrummy.livetable.events import Audience, Event, Notice
from ginrummy.livetable.log import LogEntry
from ginrummy.livetable.machine import (
    Applied,
    Deadline,
    Stored,
    apply,
    folds,
    new_table,
    next_deadline,
    replay,
)
from ginrummy.livetable.position import Position, ReplayError
from ginrummy.livetable.refusals import Refused
from ginrummy.livetable.state import Seat, Setup, Table, computer_moves

__all__ = [
    "Applied", "Audience", "Back", "ChooseDealer", "Command", "ComputerPlay", "Deadline",
    "Event", "Forfeit", "Join", "LogEntry", "Notice", "OfferRematch", "Play", "Position",
    "Presence", "Ready", "Refused", "RematchStarted", "ReplayError", "Resign", "Seat",
    "SendAway", "Setup", "Stored", "Table", "Tick", "WithdrawRematch", "apply", "computer_moves",
    "folds", "new_table", "next_deadline", "replay",
]
