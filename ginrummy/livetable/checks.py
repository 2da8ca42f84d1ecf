"""What a person's command may do at a table of any number of players, and the entries it
logs: an action at the table where the place has a hand in progress, ``ready`` for its
table's next deal, the higher cut's choice of the first dealer (R4). Each refusal is a
:class:`~ginrummy.livetable.refusals.Refused` naming the facts; nothing is logged then.
"""

from __future__ import annotations

from ginrummy.core.errors import CodedError
from ginrummy.livetable.commands import ChooseDealer, Play, Ready
from ginrummy.livetable.draft import Draft
from ginrummy.livetable.position import may_say_ready, table_of
from ginrummy.livetable.refusals import Refused
from ginrummy.livetable.state import Table


def refuse_stage(table: Table, joined_only: bool = False) -> None:
    """Refuse a command once the game is over or before it starts (``joined_only``: only
    before every seat is taken; a ``ready`` for the first deal may come after)."""
    game = table.game
    current = table.stage
    if current == "over":
        raise Refused("game_over", end_reason=game.end_reason)
    everyone = table.everyone_joined
    if current != "waiting" or (joined_only and everyone):
        return
    if game.chooser is not None and everyone:
        raise Refused("not_started", waiting_for="cut_choice", chooser=game.chooser)
    if everyone:
        raise Refused("not_started", waiting_for="ready")
    raise Refused("not_started", waiting_for="players",
                  missing=sum(1 for s in table.seats if not s.joined))


def playing_table(table: Table, place: int) -> int:
    """The table where ``place`` has a hand in progress; else why it has none."""
    refuse_stage(table)
    game = table.game
    at = table_of(game, place)
    if at is None:
        raise Refused("no_hand", place=place, why="sits_out")
    if game.hands[at] is None:
        why = "hand_over" if at in game.tables_to_deal() else "round_elsewhere"
        raise Refused("no_hand", place=place, table=at, why=why)
    return at


def play(draft: Draft, command: Play) -> None:
    table = draft.table
    place = command.place
    at = playing_table(table, place)
    last = table.position.changed_at(at)
    if command.expect is None or not last <= command.expect <= table.n:
        raise Refused("stale", expect=command.expect, table=at, last_at_table=last,
                      latest=table.n)
    hand = table.game.hands[at]
    assert hand is not None
    mover = table.game.players_at(at)[hand.turn]
    if mover != place:
        raise Refused("not_your_turn", place=place, mover=mover, table=at)
    if place in table.position.timed_out:
        raise Refused("clock_ran_out", place=place)
    log_play(draft, place, command.action, command.client_id)


def log_play(draft: Draft, place: int, action: int, client_id: str | None = None) -> None:
    """Log ``place``'s ``action`` (a ``time_up`` first if the limit has passed) and the deals
    it makes due; the core's refusal as ``illegal_action`` with the core's own code."""
    draft.time_up_if_due()
    try:
        draft.log("play", place, action, client_id)
    except CodedError as refused:
        raise Refused("illegal_action", cause=refused, action=action,
                      reason=refused.code) from None
    draft.deals_due()


def ready(draft: Draft, command: Ready) -> None:
    table = draft.table
    place = command.place
    refuse_stage(table, joined_only=True)
    game = table.game
    if not may_say_ready(game, place):
        at = table_of(game, place)
        if at is not None and game.hands[at] is not None:
            raise Refused("in_hand", place=place, table=at)
        raise Refused("nothing_to_ready", place=place,
                      why="sits_out" if at is None else "round_elsewhere")
    at = table_of(game, place)
    assert at is not None
    ended = table.position.changed_at(at)
    if command.expect is not None and command.expect < ended:
        raise Refused("stale", expect=command.expect, table=at, last_at_table=ended,
                      latest=table.n)
    if place in table.position.ready:
        raise Refused("already_ready", place=place, table=at)
    row = draft.next_deal_row(at)
    if command.commitment is not None and command.commitment != row.commitment:
        raise Refused("stale_commitment", sent=command.commitment, commitment=row.commitment)
    if command.seed is not None and table.setup.deal_key is None:  # a duplicate round's
        players = game.players_at(at)  # decks take no player's seed: the same for all
        draft.stage(row.with_seed(players.index(place), command.seed))
    draft.log("ready", place, None, command.client_id)
    draft.deals_due()


def choose_dealer(draft: Draft, command: ChooseDealer) -> None:
    """The higher cut chooses whether it deals the first hand (R4, ``high_cut_chooses``);
    the deal follows once every seat is taken and its people are ready."""
    table = draft.table
    game = table.game
    if command.expect is not None and command.expect != table.n:
        raise Refused("stale", expect=command.expect, latest=table.n)
    if game.is_over:  # resigned before the choice
        raise Refused("game_over", end_reason=game.end_reason)
    chooser = game.chooser
    if chooser is None:
        if game.players > 2:
            why = "lowest_cut_deals"
        elif game.rules.first_dealer != "high_cut_chooses":
            why = "low_cut_deals"
        elif game.high_cut_deals is not None:
            why = "already_chosen"
        else:
            why = "dealt"
        raise Refused("no_cut_choice", why=why)
    if command.place != chooser:
        raise Refused("not_your_choice", place=command.place, chooser=chooser)
    draft.log("choose", command.place, int(command.deals), command.client_id)
    if table.everyone_joined:
        draft.deals_due()
