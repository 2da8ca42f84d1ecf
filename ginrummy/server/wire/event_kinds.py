"""The kinds of event and notice that wire 2 of the table socket sends, as data: each one's
audience, fields and meaning (what :mod:`ginrummy.livetable.events` says, the server's
``rematch`` notice and its derived facts, :mod:`.facts`). PROTOCOL.md's table of them is
:func:`markdown`'s text, and tests/server/test_wire_two_kinds.py checks both against the
events a played game says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class Kind:
    name: str
    form: Literal["event", "notice"]
    audience: Literal["seat", "team", "players", "watchers", "everyone"]
    fields: tuple[str, ...]
    optional: tuple[str, ...]
    says: str


KINDS: tuple[Kind, ...] = (
    Kind("dealt", "event", "everyone",
         ("table", "deal", "dealer", "players", "upcard", "knock_limit", "stock", "turn",
          "phase"), (),
         "a deal at `table` (its number `deal`): who plays there, the upcard, the cards left "
         "in the stock, who acts first, the hand's phase"),
    Kind("hand", "event", "seat", ("table", "cards"), (), "the reader's own cards of a deal"),
    Kind("committed", "event", "everyone", ("table", "commitment"), (),
         "the commitment of the next deal at `table` (fair dealing)"),
    Kind("legal", "event", "seat", ("table", "actions"), (),
         "what the place to act may do now (action ids)"),
    Kind("played", "event", "everyone", ("table", "place", "action", "turn", "phase"),
         ("card",),
         "a move in its public form (a face-down knock is -1; its `card` when it was taken "
         "from the pile, face up); `turn`: who acts next, null when the hand ended; `phase`: "
         "the hand's phase after it"),
    Kind("own_action", "event", "seat", ("table", "action"), (),
         "the mover's own form of a move everyone else sees face down"),
    Kind("drew", "event", "seat", ("table", "card"), (),
         "the card the reader drew from the stock"),
    Kind("hand_over", "event", "everyone",
         ("table", "deal", "outcome", "winner", "points", "hands", "totals"),
         ("server_seed", "client_seeds"),
         "a hand's end: its result, the hands the rules show (null: not shown), the totals, "
         "and its seeds (not in a duplicate round)"),
    Kind("ready", "event", "everyone", ("place",), (), "`place` is ready for its next deal"),
    Kind("dealer_chosen", "event", "everyone", ("place", "deals"), (),
         "the higher cut chose whether to deal first"),
    Kind("time_up", "event", "everyone", (), (), "the game's time limit was reached"),
    Kind("stand_in", "event", "everyone", ("place", "on"), (),
         "the computer plays for `place` (`on`), or no longer"),
    Kind("clock_ran_out", "event", "everyone", ("place",), (), "`place`'s clock ran out"),
    Kind("forfeited", "event", "everyone", ("place",), (), "`place` lost the game by forfeit"),
    Kind("resigned", "event", "everyone", ("place",), (),
         "`place`'s player resigned: their side lost the game"),
    Kind("game_over", "event", "everyone", ("winner", "totals", "end_reason"), (),
         "the game's end"),
    Kind("clocks", "event", "everyone", ("left", "timeouts", "running_since", "deadlines"), (),
         "the clocks after a change: seconds left, timeouts, running clocks' deadlines"),
    Kind("joined", "notice", "everyone", ("place", "name"), (), "a seat was taken"),
    Kind("sent_away", "notice", "everyone", ("place",), (),
         "the creator opened `place` again before the first deal"),
    Kind("presence", "notice", "everyone", ("connected",), (), "the places connected"),
    Kind("rematch", "notice", "players", ("offers",), ("game_id", "declined_by"),
         "the rematch offers of a finished two-player game; its id once made"),
    Kind("facts", "notice", "everyone", ("mode", "players", "rules", "target", "team_target",
                                         "cut", "last_result", "scores", "rounds", "winner",
                                         "end_reason", "settlement", "hand_number",
                                         "hands_finished", "round_number", "dealer",
                                         "dealing_team", "sitting_out", "boxes", "extra_boxes",
                                         "box_points", "fair", "waiting", "tables", "last_hand",
                                         "last_view", "seats"), (),
         "the derived facts, when they changed: wire 1's keys of these names as wire 1 has "
         "them; `waiting`: the places whose table waits for a deal; `tables`: each table's "
         "`table`, `players`, `dealer`, `status`, `last_result`, `deal` (in progress) and "
         "`shown` (the whole hands the rules show everyone of the hand in play); "
         "`last_hand`: the last finished hand's `table`, `round`, `players`, `dealer`, and "
         "`last_view` its picture as wire 1's watchers get it while no hand is in play; "
         "`seats`: each place's `seat`, `team`, `table`, `hand_seat`"),
    Kind("seat_facts", "notice", "seat", ("table", "hand_number", "round", "players",
                                           "dealer", "arrangement", "layouts", "view"), (),
         "the reader's own facts, when they changed: the hand it looks at (where, its deal "
         "number, round, players, dealer), wire 1's `view.arrangement` and `view.layouts` of "
         "it, and a finished hand's whole `view` (all null: none of its own)"),
)
BY_NAME = {kind.name: kind for kind in KINDS}


def markdown() -> str:
    """The table of :data:`KINDS` as PROTOCOL.md shows it."""
    lines = ["| kind | numbered | to | fields | what it says |", "|---|---|---|---|---|"]
    for kind in KINDS:
        fields = [f"`{name}`" for name in kind.fields] + [f"`{name}`?" for name in kind.optional]
        numbered = "`version`, `n`" if kind.form == "event" else "`after`"
        lines.append(f"| `{kind.name}` | {numbered} | {kind.audience} | "
                     f"{', '.join(fields) or '-'} | {kind.says} |")
    return "\n".join(lines) + "\n"
