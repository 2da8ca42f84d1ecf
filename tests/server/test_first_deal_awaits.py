"""``state.first_deal_awaits_you``: the server says when a place's first deal waits for its seed."""

from __future__ import annotations

from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.server.storage.replay import Position, first_deal_awaits
from tests.core.test_multiplayer_rules import KNOCK, play


def _played(game: Game, table: int = 0) -> Game:
    game = play(game, table, KNOCK)
    assert game.hands[table] is None and game.played
    return game


def test_two_players_first_deal_awaits_each_seat_once_both_have_joined() -> None:
    game = Game.start(Rules.preset("standard"), Cut.parse("7H 2C"))
    start = Position(game)
    assert first_deal_awaits(start, 0, True) and first_deal_awaits(start, 1, True)
    assert not first_deal_awaits(start, 0, False)  # the friend has not taken the seat
    assert not first_deal_awaits(start, None, True)  # a watcher has no seed to send
    assert not first_deal_awaits(Position(game, frozenset({0})), 0, True)  # said ready
    assert first_deal_awaits(Position(game, frozenset({0})), 1, True)
    after = Position(_played(game))
    assert not first_deal_awaits(after, 0, True) and not first_deal_awaits(after, 1, True)


def test_R4_the_seeds_are_awaited_while_the_higher_cut_chooses() -> None:
    game = Game.start(Rules.preset("lotoflaughs"), Cut.parse("7H 2C"))
    assert game.chooser == 0 and game.tables_to_deal() == ()
    assert first_deal_awaits(Position(game), 0, True) and first_deal_awaits(Position(game), 1, True)


def test_R33_at_three_players_only_before_hand_1_and_not_for_the_dealer() -> None:
    game = Game.start(TableRules(3, Rules.preset("classic")), Cut.parse("9H 3C KD"))
    dealer = game.dealer
    start = Position(game)
    assert not first_deal_awaits(start, dealer, True)  # it sits out
    assert all(first_deal_awaits(start, p, True) for p in game.players_at(0))
    after = Position(_played(game))
    # whoever sat out hand 1 is shown its result before saying ready for hand 2
    assert not any(first_deal_awaits(after, p, True) for p in range(3))


def test_R34_a_table_s_first_deal_awaits_its_players_after_the_other_table_played() -> None:
    game = Game.start(TableRules(4, Rules.preset("classic")), Cut.parse("KH 2C 9D 8S"))
    after = Position(_played(game, table=0))
    assert not any(first_deal_awaits(after, p, True) for p in game.players_at(0))
    assert all(first_deal_awaits(after, p, True) for p in game.players_at(1))
