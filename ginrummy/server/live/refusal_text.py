"""A table's refusal (:class:`~ginrummy.livetable.Refused`: a code and its facts) as the
English sentence the server's error messages have carried so far, for logs and programs.
The reader's own language comes from the ``refusal.*`` catalogue entries."""

from __future__ import annotations

from ginrummy.core.actions import action_name
from ginrummy.livetable import Command, Play, Ready, Refused, Table
from ginrummy.livetable.position import table_of


def _who(table: Table, place: object) -> str:
    return f"seat {place}" if table.game.players == 2 else f"place {place}"


def _at(table: Table, at: object) -> str:
    """`` at table N`` when there is more than one table to tell apart."""
    return "" if table.game.players == 2 else f" at table {at}"


def refusal_text(refused: Refused, table: Table, command: Command | None = None) -> str:
    """``refused`` (of ``command`` at ``table``) said in English."""
    p, game = refused.params, table.game
    code = refused.code
    place, at = p.get("place"), p.get("table")
    if code == "illegal_action" and refused.cause is not None:
        return str(refused.cause)
    if code == "game_over":
        return f"the game is over ({p.get('end_reason')})"
    if code == "not_started":
        waiting = p.get("waiting_for")
        if waiting == "cut_choice":
            return (f"the game has not started: seat {p.get('chooser')} cut the higher card "
                    "and chooses who deals first (send cut_choice)")
        if waiting == "ready":
            return ("the game has not started: the first hand is dealt once its players have "
                    "said ready")
        if game.players == 2:
            return "the game has not started: the invited player has not joined yet"
        return (f"the game has not started: {p.get('missing')} invited player(s) have not "
                "joined yet")
    if code == "no_hand":
        why = p.get("why")
        if why == "sits_out":
            return (f"place {place} deals and sits out this hand (R33); it plays the next one "
                    "if a player loses to it")
        if why == "hand_over":
            hand = "the hand" if game.players > 2 else f"hand {len(game.finished)}"
            return f"{hand}{_at(table, at)} is over; send ready for the next deal"
        return (f"table {at} has finished its hand of round {game.round_number}; the other "
                "tables still play")
    if code == "stale":
        expect, latest = p.get("expect"), p.get("latest")
        if isinstance(command, Ready):
            return (f"expect is {expect} but the last hand{_at(table, at)} ended at event "
                    f"{p.get('last_at_table')}")
        if "table" not in p or game.tables == 1:
            return f"expect is {expect} but the latest event is {latest}"
        return (f"expect is {expect} but the latest event at table {at} is "
                f"{p.get('last_at_table')} (and the latest event {latest})")
    if code == "not_your_turn":
        said = (f"{_who(table, p.get('mover'))} is to act{_at(table, at)}, not "
                f"{_who(table, place)}")
        return said + (f" ({action_name(command.action)})" if isinstance(command, Play) else "")
    if code == "clock_ran_out":
        return (f"{_who(table, place)}'s clock ran out: the computer plays the rest of this "
                "turn")
    if code == "in_hand":
        hand = f"hand {game.hand_number}" if game.players == 2 else "the hand"
        return f"{hand}{_at(table, at)} is being played"
    if code == "nothing_to_ready":
        why = ("it deals and sits out the next hand (R33)" if p.get("why") == "sits_out" else
               f"table {table_of(game, int(str(place)))} waits for the other tables to finish "
               "the round")
        return f"{_who(table, place)} has no deal to be ready for: {why}"
    if code == "already_ready":
        return f"{_who(table, place)} is already ready for the next deal{_at(table, at)}"
    if code == "stale_commitment":
        sent, commitment = str(p.get("sent")), str(p.get("commitment"))
        at = table_of(game, command.place) if isinstance(command, Ready) else None
        deal = (f"hand {len(table.position.deals) + 1}" if game.players == 2 else
                f"the next deal at table {at}")
        return (f"commitment {sent[:16]}... is not the commitment of {deal} "
                f"({commitment[:16]}...): your seed was not used; send it again with the "
                "commitment in the snapshot that follows")
    if code == "no_cut_choice":
        why = p.get("why")
        if why == "lowest_cut_deals":
            return ("the lowest cut deals first at a table of three or more: nobody chooses "
                    "(R4, R33)")
        if why == "low_cut_deals":
            return ("these rules have the lower cut deal first (first_dealer low_cut_deals): "
                    "nobody chooses")
        if why == "already_chosen":
            word = "to deal" if game.high_cut_deals else "to let the other seat deal"
            return f"seat {game.cut.high} already chose {word}"
        return "the first hand has been dealt: too late to choose its dealer"
    if code == "not_your_choice":
        return (f"seat {place} cut the lower card: seat {p.get('chooser')}, with the higher "
                "card, chooses who deals first (R4)")
    if code == "not_away":
        return f"seat {place} is playing: the computer is not playing for it"
    return code.replace("_", " ")
