"""No leaks (issue 6): nothing a client receives, and no log line, names a card it may not know.

Games against the computer and between friends, with watchers, reconnects, reloads,
refused messages, database failures, hints and HTTP reads (:mod:`tests.server.leak_play`);
every message is checked against a model of what its recipient may know, written from
the rules (R14, R17, R20; :mod:`tests.server.leaks`). ``bench/bench_server_leaks.py`` plays
thousands.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest

from ginrummy.core.cards import card_name
from ginrummy.core.game import Cut, Game
from ginrummy.core.rules import Rules
from ginrummy.core.table_game import TableRules, new_table_game
from tests.server.kit import running
from tests.server.leak_play import Audit, LogWatch, play_games
from tests.server.leaks import hidden_cards, leaks_in, table_leaks_in

GAMES = 100


@pytest.fixture
def watched_logs() -> Iterator[None]:
    root, ours = logging.getLogger(), logging.getLogger("ginrummy")
    level = ours.level
    ours.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        ours.setLevel(level)
        for handler in list(root.handlers):
            if isinstance(handler, LogWatch):
                root.removeHandler(handler)


@pytest.mark.slow
def test_R14_R20_no_message_page_or_log_line_names_a_hidden_card(
    sqlite_db: str, watched_logs: None
) -> None:
    audit = Audit()
    with running(sqlite_db, seed=61) as client:
        logging.getLogger().addHandler(LogWatch(client, audit))
        play_games(client, GAMES, seed=61, audit=audit)
    assert audit.games == GAMES
    assert not audit.log_leaks, "\n".join(audit.log_leaks[:10])
    for disturbance in ("reconnect", "reload", "resync", "refused", "http", "hint",
                        "storage failure", "repeated id", "watcher joins"):
        assert audit.counts.get(disturbance, 0) > 0, (disturbance, audit.counts)
    assert audit.log_lines > 0  # the injected database failures were logged, and checked


TABLE_GAMES = 6


def test_R33_R34_tables_and_spent_invites_name_no_hidden_card(
    sqlite_db: str, watched_logs: None
) -> None:
    """Tables of three and of two teams, people invited by link, and the creator trying
    every spent invite again and again (issue 11, item 1)."""
    audit = Audit()
    with running(sqlite_db, seed=62) as client:
        logging.getLogger().addHandler(LogWatch(client, audit))
        play_games(client, TABLE_GAMES, seed=62, audit=audit, tables=1.0)
    assert audit.counts["table games"] == TABLE_GAMES
    assert audit.counts["spent invite tried"] >= TABLE_GAMES
    assert not audit.log_leaks, "\n".join(audit.log_leaks[:10])


def test_the_table_scanner_finds_a_hand_of_another_place() -> None:
    rules = TableRules(4, Rules.preset("classic"), 1)
    game = new_table_game(rules, 5)
    for table in game.tables_to_deal():
        game = game.deal(table, list(range(52)) if table == 0 else list(range(51, -1, -1)))
    hand = game.hands[0]
    assert hand is not None
    far_place = next(p for p in range(4) if p not in game.players_at(0))
    partner_hand = [card_name(c) for c in range(52) if hand.hands[0] >> c & 1]
    assert table_leaks_in(json.dumps({"cards": partner_hand}), game, far_place)
    assert not table_leaks_in('{"x": "nothing"}', game, far_place)


def test_the_scanner_finds_a_hidden_card_and_the_stock_order() -> None:
    game = Game.start(Rules(), Cut.parse("KS 2C")).deal(list(range(52)))
    hand = game.hand
    assert hand is not None
    secret = hidden_cards(game, 0)
    assert not hand.hands[0] & sum(1 << c for c in secret)  # own cards are never hidden
    assert hand.hands[1] & ~hand.known[1] == sum(1 << c for c in secret
                                                  if c not in hand.deck[hand.stock_pos:])
    opponent_card = next(c for c in secret if hand.hands[1] >> c & 1)
    assert leaks_in(f'{{"x": "{card_name(opponent_card)}"}}', game, 0)
    assert leaks_in('{"hint": "scarta ' + card_name(opponent_card)[0].replace("T", "10")
                    + "♣♦♥♠"[opponent_card // 13] + '"}', game, 0)
    stock = list(hand.deck[hand.stock_pos:])
    assert leaks_in(str(stock[3:9]), game, None)
    assert not leaks_in('{"x": "nothing", "pile": []}', game, 0)
