"""Our agents inside OpenSpiel's ``gin_rummy`` (bench/openspiel_play.py).

Short runs against ``SimpleGinRummyBot`` check that every hand finishes, that
OpenSpiel accepts every action sent (its history replays with legality
checks) and scores the hand as our engine does; at every decision the view
handed to our agent is compared with what OpenSpiel shows that player
(``to_observation_struct``) and with the public moves, and a twin hand whose
hidden cards are swapped must give the same view. Scripted deals check each
translation: knocks, long runs, the defender's melds laid before its
layoffs, the wall, and the moves OpenSpiel refuses (left out of the view).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pip package open-spiel) is missing")

from bench.openspiel_map import (  # noqa: E402
    MELD_TO_OS,
    OS,
    UTILS,
    BridgeError,
    from_os,
    os_mask,
    our_phase,
    run_pieces,
    to_os,
)
from bench.openspiel_play import OpenSpielTable, play_hand  # noqa: E402
from ginrummy.agents import RandomAgent, best_layout_action  # noqa: E402
from ginrummy.core import actions  # noqa: E402
from ginrummy.core.actions import DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action  # noqa: E402
from ginrummy.core.cards import cards_of, mask_of, parse_card, parse_card_list, parse_cards  # noqa: E402
from ginrummy.core.hand import Phase  # noqa: E402
from ginrummy.core.views import PlayerView  # noqa: E402

GAME = pyspiel.load_game("gin_rummy")
PARAMS = GAME.get_parameters()


# ---------------------------------------------------------------- helpers


def cards(text: str) -> list[int]:
    return parse_card_list(text)


def deal_chance(seat0: str, seat1: str, upcard: str, stock: Iterable[int] = ()) -> Callable:
    """Chance that deals these hands (our card names), then ``stock`` (our ids) in order."""
    order = [*cards(seat0), *cards(seat1), parse_card(upcard), *stock]
    order += [c for c in range(52) if c not in set(order)]
    assert sorted(order) == list(range(52))
    queue = [to_os(c) for c in order]

    def pick(legal: Sequence[int]) -> int:
        card = queue.pop(0)
        assert card in legal
        return card

    return pick


class Script:
    """An agent that plays a list of moves; a callable in the list decides from the view."""

    name = "script"

    def __init__(self, moves: Iterable[Action | Callable[[PlayerView], Action]]) -> None:
        self.moves = list(moves)
        self.views: list[PlayerView] = []

    def choose(self, view: PlayerView) -> Action:
        self.views.append(view)
        move = self.moves.pop(0)
        action = move(view) if callable(move) else move
        assert action in view.legal, (action, view.legal)
        return action


def obs_cards(names: Sequence[str]) -> int:
    return os_mask(UTILS.card_strings_to_card_ints([n for n in names if n != "XX"]))


def melds_as_pieces(melds: Iterable[int]) -> set[int]:
    return {piece for m in melds for piece in run_pieces(m)}


class TakeTracker:
    """Wraps an OpenSpiel player and notes the pile cards it takes (its opponent knows them)."""

    def __init__(self, step: Callable[[Any], int]) -> None:
        self.step = step
        self.taken = 0

    def __call__(self, state: Any) -> int:
        action = self.step(state)
        if action == OS.DRAW_UPCARD or (action == OS.KNOCK and our_phase(state) is Phase.WALL):
            self.taken |= 1 << from_os(state.upcard())
        return action


def check_view(table: OpenSpielTable, view: PlayerView, opponent_took: int) -> None:
    """The view says what OpenSpiel shows the seat, no more, plus the public moves."""
    state = table.state
    seat = view.seat
    other = 1 - seat
    obs = state.to_observation_struct(seat)
    assert obs.observing_player == seat
    assert view.turn == seat == state.current_player()
    assert view.phase is our_phase(state)
    # Own cards: those still in hand in OpenSpiel (our defender's held melds aside).
    free = view.hand
    for m in view.melds[seat]:
        free &= ~m
    if view.knocker == other:
        free &= ~view.laid_off
    held = mask_of(c for m in table.held for c in cards_of(m))
    assert free | held == obs_cards(obs.hands[seat])
    # The opponent: its unknown cards are hidden in both; what OpenSpiel shows after a
    # knock, the view shows once the knocker has laid out (R14), never earlier.
    shown = obs_cards(obs.hands[other])
    for m in obs.layed_melds[other]:
        shown |= obs_cards(m)
    if not state.knocked()[other]:
        assert shown == 0 and view.opponent_hand is None
    if view.opponent_hand is not None:
        assert view.opponent_hand == shown
    assert view.opponent_count == len(obs.hands[other]) + sum(
        len(m) for m in obs.layed_melds[other]) + (bin(view.laid_off).count("1")
                                                   if view.knocker == seat else 0)
    # Cards the opponent took from the pile and still holds: public in our view (OpenSpiel's
    # observation leaves them out), exactly those.
    holding = os_mask(state.hands()[other])
    for m in view.melds[other]:
        holding |= m
    assert view.opponent_known == opponent_took & holding
    # The pile: OpenSpiel's discard pile plus its upcard; OpenSpiel puts the knocker's
    # discard face up on the pile, which the view keeps face down (known to the knocker).
    pile = [from_os(UTILS.card_int(c)) for c in obs.discard_pile]
    if obs.upcard:
        pile.append(from_os(UTILS.card_int(obs.upcard)))
    knocked = any(state.knocked())
    if knocked and view.phase is not Phase.DISCARD:
        assert view.knocker == state.knocked().index(True)
        assert pile[-1] == table.shadow.knock_discard
        assert view.knock_discard == (pile[-1] if view.knocker == seat else -1)
        pile.pop()
    assert list(view.pile) == pile
    assert view.stock_size == obs.stock_size == state.stock_size()
    assert view.knock_limit == obs.knock_card
    # Melds and layoffs shown.
    for side in (0, 1):
        ours = melds_as_pieces(view.melds[side])
        if side == seat:
            ours -= melds_as_pieces(table.held)
        assert ours == {obs_cards(m) for m in obs.layed_melds[side]}
    assert view.laid_off == obs_cards(obs.layoffs)
    # Legal moves: each starts with a legal OpenSpiel action, and (outside the defender's
    # turn, where our melds may wait) every legal OpenSpiel action starts one of ours.
    os_legal = set(state.legal_actions())
    firsts = set()
    for action in view.legal:
        sent = table.translate(action)
        if sent:
            assert sent[0] in os_legal
            firsts.add(sent[0])
    if view.phase is not Phase.DEFENDER:
        assert firsts == os_legal


def twin_view(table: OpenSpielTable, view: PlayerView, rng: random.Random) -> PlayerView | None:
    """The seat's view of the same hand with two cards it cannot see swapped, or None.

    The two cards are dealt or drawn elsewhere (the opponent's hand, the stock), never
    named by a move so far; the twin replays OpenSpiel's history with them swapped.
    """
    played = {from_os(a) for a in table.os_actions if a < 52}
    hidden = [c for c in cards_of(view.unseen()) if c not in played]
    if len(hidden) < 2:
        return None
    a, b = rng.sample(hidden, 2)
    swap = {to_os(a): to_os(b), to_os(b): to_os(a)}
    twin = OpenSpielTable(GAME)
    for action in table.state.history():
        twin.feed(swap.get(action, action) if twin.state.is_chance_node() else action)
    assert os_mask(twin.state.hands()[1 - view.seat]) != os_mask(
        table.state.hands()[1 - view.seat]) or twin.state.stock_size() > 0
    return twin.view(view.seat)


# ---------------------------------------------------------------- full hands


def bot_hands(agent_for: Callable[[int], Any], hands: int, seed: int, twins: bool = False
              ) -> list[list[float]]:
    bots = [pyspiel.make_simple_gin_rummy_bot(PARAMS, p) for p in (0, 1)]
    rng = random.Random(seed)
    results = []
    twins_checked = 0
    for hand in range(hands):
        seat = hand % 2
        agent = agent_for(hand)
        bot = bots[1 - seat]
        bot.restart()
        tracker = TakeTracker(bot.step)
        views: list[tuple[PlayerView, PlayerView | None]] = []

        def on_view(table: OpenSpielTable, view: PlayerView, tracker: TakeTracker = tracker,
                    views: list = views) -> None:
            check_view(table, view, tracker.taken)
            if twins and view.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD):
                views.append((view, twin_view(table, view, rng)))

        outcome = play_hand({seat: agent.choose, 1 - seat: tracker}, {seat},
                            random.Random(seed * 1000 + hand).choice, GAME, on_view)
        state = outcome.table.state
        assert state.is_terminal()
        assert outcome.returns == outcome.shadow_returns
        # Every action OpenSpiel got was legal: the whole history replays with checks.
        replay = GAME.new_initial_state()
        for action in state.history():
            replay.apply_action_with_legality_check(action)
        assert replay.returns() == state.returns()
        for view, twin in views:
            if twin is not None:
                assert twin == view
                twins_checked += 1
        results.append(outcome.returns)
    assert twins_checked > 0 or not twins
    return results


def test_random_agent_hands_against_the_bot_finish_with_legal_moves() -> None:
    results = bot_hands(lambda hand: RandomAgent(hand), 50, seed=3, twins=True)
    assert len(results) == 50
    assert sum(r[h % 2] for h, r in enumerate(results)) < 0  # the bot beats random play


def test_registered_agents_hands_against_the_bot() -> None:
    registry = pytest.importorskip("ginrummy.agents.registry")
    names = [n for n in ("simple", "greedy", "expert") if n in registry.agent_names()]
    if not names:
        pytest.skip("no simple, greedy or expert agent registered yet")
    for name in names:
        hands = 50 if name == "simple" else 20
        results = bot_hands(lambda hand, name=name: registry.make_agent(name, seed=hand),
                            hands, seed=11)
        assert len(results) == hands


# ---------------------------------------------------------------- scripted deals


def test_knock_long_run_and_a_defender_melding_before_laying_off() -> None:
    # Seat 0 takes the upcard KH and knocks with it: a six-card run, a set, AD left (1).
    # Seat 1 lays the queens first, then lays off 3C and TC: OpenSpiel gets the layoffs,
    # then the pass ending them, then the queens, then the pass ending the hand.
    knocker = Script([
        DRAW_DISCARD,
        actions.knock(parse_card("KH")),
        actions.meld(parse_cards("4C 5C 6C 7C 8C 9C")),
        actions.meld(parse_cards("2D 2H 2S")),
        DONE,
    ])
    defender = Script([
        actions.meld(parse_cards("QS QH QD")),
        actions.layoff(parse_card("3C")),
        actions.layoff(parse_card("TC")),
        DONE,
    ])
    chance = deal_chance("4C 5C 6C 7C 8C 9C 2D 2H 2S AD", "QS QH QD 3C TC 5D 7S 8H 9S JD", "KH")
    outcome = play_hand({0: knocker.choose, 1: defender.choose}, {0, 1}, chance, GAME)
    sent = outcome.table.os_actions
    pieces = [OS.MELD_BASE + MELD_TO_OS[parse_cards(p)] for p in ("4C 5C 6C", "7C 8C 9C")]
    assert sent[:6] == [OS.DRAW_UPCARD, OS.KNOCK, to_os(parse_card("KH")), *pieces,
                        OS.MELD_BASE + MELD_TO_OS[parse_cards("2D 2H 2S")]]
    assert sent[-5:] == [to_os(parse_card("3C")), to_os(parse_card("TC")), OS.PASS,
                         OS.MELD_BASE + MELD_TO_OS[parse_cards("QS QH QD")], OS.PASS]
    # Defender keeps 5D 7S 8H 9S JD = 39; knocker 1: 38 points to seat 0.
    assert outcome.returns == outcome.shadow_returns == [38.0, -38.0]
    # The defender's view after its queens: melded in the view, still in hand in OpenSpiel.
    after_queens = defender.views[1]
    assert parse_cards("QS QH QD") in after_queens.melds[1]
    assert after_queens.opponent_hand == parse_cards(
        "4C 5C 6C 7C 8C 9C 2D 2H 2S AD")  # the knocker's cards, minus its face-down KH
    assert after_queens.knock_discard == -1


def test_a_layoff_openspiel_refuses_is_left_out_of_the_view() -> None:
    # OpenSpiel lays off at most two cards beyond a run's end: 7C, 8C onto 4C 5C 6C, not 9C.
    knocker = Script([DRAW_DISCARD, actions.knock(parse_card("9D")),
                      actions.meld(parse_cards("4C 5C 6C")), actions.meld(parse_cards("AS 2S 3S")),
                      actions.meld(parse_cards("KH KD KS")), DONE])
    defender = Script([actions.layoff(parse_card("7C")), actions.layoff(parse_card("8C")), DONE])
    chance = deal_chance("4C 5C 6C AS 2S 3S KH KD KS 2H", "7C 8C 9C TC QH JD 8D 5H 3H 4D", "9D")
    outcome = play_hand({0: knocker.choose, 1: defender.choose}, {0, 1}, chance, GAME)
    last = defender.views[-1]
    assert actions.layoff(parse_card("9C")) not in last.legal
    assert outcome.table.trimmed.layoff == 1
    assert outcome.returns == outcome.shadow_returns


def test_a_knock_openspiel_refuses_is_left_out_of_the_view() -> None:
    # With 2H the exact deadwood is 10 (discard 8S) but OpenSpiel's 11-card count says 11.
    seat0 = Script([DRAW_DISCARD, actions.discard(parse_card("8S"))])
    seat1 = Script([])
    chance = deal_chance("6S 6H 6D 7S 7C 7D 7H 8S 5S 3D", "AC 3C 9C JC KC 2D 5D 9D JH KH", "2H")
    table = OpenSpielTable(GAME)
    while table.shadow is None:
        table.feed(chance(table.state.legal_actions()))
    table.play(seat0.choose(table.view(0)))
    view = table.view(0)
    assert actions.knock(parse_card("8S")) in table.shadow.legal_actions()
    assert not [a for a in view.legal if actions.is_knock(a)]
    assert table.trimmed.knock == 1
    table.play(seat0.choose(view), view)
    assert table.state.current_player() == 1 and not seat1.moves


def test_taking_the_last_discard_at_the_wall_to_knock() -> None:
    # Both pass the upcard; each draws and throws back the card drawn until seat 0
    # throws the 29th stock card, TC: seat 1 takes it at the wall to knock with KC.
    hand1 = "AS 2S 3S 4H 5H 6H 7D 8D 9D KC"
    junk = "AC 3C 9C JC 2D 5D JH KH QS 7C"
    used = set(cards(hand1 + " " + junk + " QC TC"))
    rest = [c for c in range(52) if c not in used]
    chance = deal_chance(junk, hand1, "QC", stock=[*rest[:28], parse_card("TC")])

    def thrower(view: PlayerView) -> Action:
        if view.phase is Phase.FIRST_UPCARD:
            return PASS
        if view.phase is Phase.DRAW:
            return DRAW_STOCK
        if view.phase is Phase.WALL:
            return DRAW_DISCARD if DRAW_DISCARD in view.legal else PASS
        if view.phase is Phase.DISCARD and view.wall_take:
            return actions.knock(parse_card("KC"))
        if view.phase is Phase.DISCARD:
            (drawn,) = [a for a in view.legal if actions.is_discard(a)
                        and actions.action_card(a) not in set(thrower.held[view.seat])]
            return drawn
        return best_layout_action(view)

    thrower.held = {0: cards(junk), 1: cards(hand1)}  # type: ignore[attr-defined]
    agents = {0: thrower, 1: thrower}
    outcome = play_hand(agents, {0, 1}, chance, GAME)
    sent = outcome.table.os_actions
    wall = sent.index(OS.KNOCK)
    assert sent[wall + 1] == to_os(parse_card("KC"))
    assert outcome.table.shadow.wall_take is True or outcome.table.shadow.knocker == 1
    assert outcome.table.shadow.knocker == 1
    assert outcome.returns == outcome.shadow_returns
    assert outcome.returns[1] > 0


def test_an_action_outside_the_view_is_refused_before_anything_is_sent() -> None:
    table = OpenSpielTable(GAME)
    chance = deal_chance("4C 5C 6C 7C 8C 9C 2D 2H 2S AD", "QS QH QD 3C TC 5D 7S 8H 9S JD", "KH")
    while table.shadow is None:
        table.feed(chance(table.state.legal_actions()))
    view = table.view(0)
    assert view.legal == (DRAW_DISCARD, PASS)
    with pytest.raises(BridgeError, match="not among its legal moves"):
        table.play(DRAW_STOCK, view)
    assert table.os_actions == []
    table.play(np.int64(DRAW_DISCARD), view)  # NumPy integers are actions too
    assert table.os_actions == [OS.DRAW_UPCARD] and table.view(0).phase is Phase.DISCARD


def test_after_both_pass_the_first_upcard_the_phase_is_draw() -> None:
    table = OpenSpielTable(GAME)
    chance = deal_chance("4C 5C 6C 7C 8C 9C 2D 2H 2S AD", "QS QH QD 3C TC 5D 7S 8H 9S JD", "KH")
    while table.shadow is None:
        table.feed(chance(table.state.legal_actions()))
    table.play(PASS)
    table.feed(OS.PASS)
    assert table.state.current_phase() == pyspiel.gin_rummy.Phase.FIRST_UPCARD
    view = table.view(0)
    assert view.phase is Phase.DRAW and view.legal == (DRAW_STOCK,)
    table.play(DRAW_STOCK, view)
    assert table.state.is_chance_node()
    table.feed(chance(table.state.legal_actions()))
    assert table.view(0).phase is Phase.DISCARD
    assert table.os_actions == [OS.PASS, OS.PASS, OS.DRAW_STOCK]


def test_cards_and_melds_convert_both_ways() -> None:
    assert all(from_os(to_os(c)) == c for c in range(52))
    assert UTILS.card_string(to_os(parse_card("7H"))) == "7h"
    assert mask_of(cards_of(parse_cards("AH 2H 3H"))) in MELD_TO_OS
    assert len(run_pieces(parse_cards("AH 2H 3H 4H 5H 6H 7H"))) == 2
