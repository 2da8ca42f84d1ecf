"""A seat's view holds nothing the seat may not know (R6, R11, R14, R18, R21)."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import operator
import random
from collections.abc import Iterator

import pytest

from ginrummy.core import actions
from ginrummy.core.actions import DISCARD_BASE, MELD_BASE, NUM_ACTIONS
from ginrummy.core.cards import CardError, parse_card
from ginrummy.core.hand import HandState, Phase, deal_hand
from ginrummy.core.rules import PRESETS, Rules
from ginrummy.core.views import FACE_DOWN_KNOCK, PlayerView, view_of
from tests.core.test_hand_properties import VARIATIONS, play_random, rules_for
from tests.hand_kit import wall_state
from tests.handbuilder import deal, deck_for, mask, play

FULL = (1 << 52) - 1


def action_cards(action: int) -> int:
    """The cards an action names."""
    if DISCARD_BASE <= action < MELD_BASE:
        return 1 << actions.action_card(action)
    if MELD_BASE <= action < NUM_ACTIONS:
        return actions.action_meld(action)
    return 0


def mentioned(view: PlayerView) -> int:
    """Every card that a view names, in any field."""
    single = [view.upcard, view.taken if view.taken >= 0 else None, *view.pile]
    masks = [view.hand, view.opponent_known, view.laid_off, view.opponent_hand or 0,
             *view.melds[0], *view.melds[1], *(1 << card for card in single if card is not None),
             *(action_cards(action) for _, action in view.history if action != FACE_DOWN_KNOCK),
             *(action_cards(action) for action in view.legal)]
    return functools.reduce(operator.or_, masks, 0)


def named_in_dict(view: PlayerView) -> int:
    """Every card named in the JSON form of a view (the result holds no card)."""
    found = 0
    data = view.to_dict()
    data.pop("result")

    def walk(value: object) -> None:
        nonlocal found
        if isinstance(value, str):
            for token in value.split():
                with contextlib.suppress(CardError):
                    found |= 1 << parse_card(token)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(data)
    return found


def ever_public(state: HandState) -> int:
    """Cards shown face up at some point: the upcard, every discard, melds and layoffs."""
    cards = state.laid_off
    if state.upcard is not None:
        cards |= 1 << state.upcard
    for _, action in state.actions():
        if actions.is_discard(action):
            cards |= 1 << actions.action_card(action)
    for meld in state.melds[0] + state.melds[1]:
        cards |= meld
    return cards


def opponent_shown(state: HandState, seat: int) -> bool:
    """Whether the rules show the opponent's whole hand to ``seat`` now."""
    other = 1 - seat
    finished = state.is_over and state.result is not None and not state.result.is_void
    return finished or (state.phase is Phase.DEFENDER and state.knocker == other)


def secret_from(state: HandState, seat: int) -> int:
    """Cards that ``seat`` may not know: those it cannot place, less anything ever shown
    face up."""
    return hidden_from(state, seat) & ~ever_public(state) & ~state.hands[seat]


def hidden_from(state: HandState, seat: int) -> int:
    """Where a card may be that ``seat`` cannot place: the stock, the opponent's cards not
    shown, and the opponent's face-down knock discard (never turned up, R14)."""
    other = 1 - seat
    hidden = 0
    for card in state.deck[state.stock_pos:]:
        hidden |= 1 << card
    if not opponent_shown(state, seat):
        hand = state.hands[other] & ~state.known[other]
        for meld in state.melds[other]:
            hand &= ~meld
        if other == state.defender:
            hand &= ~state.laid_off
        hidden |= hand
    if state.knocker == other and state.knock_discard >= 0:
        hidden |= 1 << state.knock_discard
    return hidden


def random_games(count: int, seed: int) -> list[list[HandState]]:
    rng = random.Random(seed)
    presets = sorted(PRESETS)
    games = []
    for index in range(count):
        variation = VARIATIONS[index // len(presets) % len(VARIATIONS)]
        rules = rules_for(presets[index % len(presets)], variation)
        games.append(play_random(rules, rng.randrange(2**32)).states)
    return games


GAMES = random_games(120, 2024)


def test_random_games_cover_the_phases_that_matter() -> None:
    phases = {state.phase for game in GAMES for state in game}
    assert {Phase.DEFENDER, Phase.KNOCKER_MELDS, Phase.WALL, Phase.OVER} <= phases
    ends = {game[-1].result.outcome for game in GAMES if game[-1].result is not None}
    assert {"void", "knock", "gin"} <= ends


def test_view_never_names_a_card_the_seat_may_not_know() -> None:
    for game in GAMES:
        for state in game:
            for seat in (0, 1):
                view = view_of(state, seat)
                secret = secret_from(state, seat)
                assert not mentioned(view) & secret, (state, seat)
                assert not named_in_dict(view) & secret, (state, seat)
                assert view.unseen() & secret == secret
                assert not view.unseen() & view.hand


def test_view_fields_hold_what_the_seat_knows() -> None:
    for game in GAMES:
        for state in game:
            for seat in (0, 1):
                view = view_of(state, seat)
                other = 1 - seat
                assert view.hand == state.hands[seat]
                assert view.opponent_known == state.known[other]
                assert view.opponent_known & ~state.hands[other] == 0
                assert view.pile == state.pile and view.stock_size == state.stock_size
                assert view.opponent_count == state.hands[other].bit_count()
                assert view.legal == (tuple(state.legal_actions()) if state.turn == seat else ())
                assert len(view.history) == len(state.actions())
                if opponent_shown(state, seat):
                    assert view.opponent_hand == state.hands[other]
                else:
                    assert view.opponent_hand is None


def test_opponent_knock_is_face_down_in_history() -> None:
    knocks = 0
    for game in GAMES:
        state = game[-1]
        if state.knocker < 0 or state.knock_discard < 0:
            continue
        knocks += 1
        defender_view = view_of(state, state.defender)
        knocker_view = view_of(state, state.knocker)
        seats_and_actions = [(who, a) for who, a in defender_view.history]
        assert (state.knocker, FACE_DOWN_KNOCK) in seats_and_actions
        assert not any(actions.is_knock(a) for _, a in defender_view.history)
        assert (state.knocker, actions.knock(state.knock_discard)) in knocker_view.history
        assert "knock" in [name for _, name in defender_view.to_dict()["history"]]
    assert knocks > 10


def twin(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same state with the cards hidden from ``seat`` dealt out differently."""
    other = 1 - seat
    secret = secret_from(state, seat)
    stock = list(state.deck[state.stock_pos:])
    hidden_in_hand = state.hands[other] & secret
    knock_hidden = state.knocker == other and state.knock_discard >= 0 and bool(
        secret >> state.knock_discard & 1)
    pool = [c for c in range(52) if secret >> c & 1]
    rng.shuffle(pool)
    new_hidden = pool[:hidden_in_hand.bit_count()]
    rest = pool[hidden_in_hand.bit_count():]
    knock_discard = rest.pop() if knock_hidden else state.knock_discard
    assert len(rest) == len(stock)
    other_hand = (state.hands[other] & ~hidden_in_hand) | sum(1 << c for c in new_hidden)
    copy = dataclasses.replace(
        state,
        knock_discard=knock_discard,
        hands=(state.hands[0], other_hand) if other == 1 else (other_hand, state.hands[1]),
        deck=state.deck[:state.stock_pos] + tuple(rest),
    )
    copy.check_invariants()
    return copy


def test_states_differing_only_in_hidden_cards_give_equal_views() -> None:
    rng = random.Random(5)
    changed = 0
    for game in GAMES:
        for state in game:
            for seat in (0, 1):
                other_state = twin(state, seat, rng)
                changed += other_state.hands != state.hands or other_state.deck != state.deck
                assert view_of(other_state, seat) == view_of(state, seat)
    assert changed > 1000


def test_equal_views_from_two_real_deals() -> None:
    # The dealer's cards and the stock below its top card differ; the non-dealer's cards,
    # the upcard and the card it draws do not.
    first = deal(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                 dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC", stock="4S 7S")
    second = deal(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                  dealer="7S 5S AS 2S 8D QD 5H 9H KH 3S", upcard="KC", stock="4S TC AC 6C")
    for moves in ("", "pass", "pass; pass", "pass; pass; stock", "take", "take; discard 2C"):
        a, b = play(first, moves), play(second, moves)
        assert view_of(a, 0) == view_of(b, 0)
        if moves:
            assert view_of(a, 1) != view_of(b, 1)


def test_dealt_view() -> None:
    state = deal(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                 dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    view = view_of(state, 1)
    assert view.hand == mask("AC 6C TC 2D 8D QD 5H 9H KH 3S")
    assert view.opponent_known == 0 and view.opponent_count == 10
    assert view.opponent_hand is None
    assert view.pile == (parse_card("KC"),) and view.stock_size == 31
    assert view.legal == () and not view.is_my_turn
    assert view_of(state, 0).legal == (1, 2)
    assert view.unseen() == FULL & ~mask("AC 6C TC 2D 8D QD 5H 9H KH 3S KC")


def test_card_taken_from_pile_is_known_to_the_opponent_until_it_leaves() -> None:
    state = deal(non_dealer="2C 5C 9C 3D 7D JD 4H 8H QH 6S",
                 dealer="AC 6C TC 2D 8D QD 5H 9H KH 3S", upcard="KC")
    state = play(state, "take")
    assert view_of(state, 1).opponent_known == mask("KC")
    assert view_of(state, 0).taken == parse_card("KC")
    assert view_of(state, 1).taken == -1
    state = play(state, "discard 2C; stock; discard AC; stock; discard KC")
    assert view_of(state, 1).opponent_known == 0


KNOCKER = "KH KD KC 2S 3S 4S 9C TC JC 2D"
DEFENDER = "KS AS 5S 6S 8C 7C QC 5H 9H 3D"


STOCK_AFTER_KNOCK = FULL & ~mask(KNOCKER) & ~mask(DEFENDER) & ~mask("4H QH")


def knocked() -> HandState:
    state = deal(non_dealer=KNOCKER, dealer=DEFENDER, upcard="4H", stock="QH")
    return play(state, "pass; pass; stock; knock QH")


def states_after_the_knock() -> Iterator[HandState]:
    """:func:`knocked` (QH face down), then each state as the hand is laid out and ended."""
    state = knocked()
    for step in ("", "meld KC KD KH; meld 2S 3S 4S; meld 9C TC JC", "done",
                 "layoff 5S; layoff 6S", "done"):
        state = play(state, step)
        yield state


def test_R14_face_down_knock_discard_stays_hidden_through_the_end() -> None:
    for state in states_after_the_knock():
        view = view_of(state, 1)
        assert not mentioned(view) >> parse_card("QH") & 1, state
        assert "QH" not in str(view.to_dict())
        assert view.history[3] == (0, FACE_DOWN_KNOCK)
        assert view_of(state, 0).history[3] == (0, actions.knock(parse_card("QH")))
    assert state.is_over
    assert "QH" in str(view_of(state, 0).to_dict()["history"])


def test_R14_knocker_layout_is_shown_to_the_defender_only_after_it() -> None:
    state = knocked()
    assert view_of(state, 1).opponent_hand is None
    state = play(state, "meld KC KD KH; meld 2S 3S 4S; meld 9C TC JC")
    view = view_of(state, 1)
    assert view.opponent_hand is None
    assert view.melds[0] == tuple(mask(m) for m in ("KC KD KH", "2S 3S 4S", "9C TC JC"))
    state = play(state, "done")
    assert view_of(state, 1).opponent_hand == mask(KNOCKER)
    assert view_of(state, 1).knocker_deadwood_cards() == mask("2D")
    assert view_of(state, 0).opponent_hand is None
    state = play(state, "layoff 5S")
    assert view_of(state, 0).laid_off == mask("5S")
    assert view_of(state, 0).opponent_hand is None


def test_R18_free_cards_are_those_neither_melded_nor_laid_off() -> None:
    state = play(knocked(), "meld KC KD KH; meld 2S 3S 4S; meld 9C TC JC; done")
    assert view_of(state, 0).free_cards() == mask("2D")
    state = play(state, "layoff 5S")
    assert view_of(state, 1).free_cards() == mask(DEFENDER) & ~mask("5S")
    assert view_of(state, 0).free_cards() == mask("2D")  # the layoff is not the knocker's


def test_end_of_a_hand_shows_both_hands() -> None:
    state = play(knocked(), "meld KC KD KH; meld 2S 3S 4S; meld 9C TC JC; done; layoff 5S; done")
    assert state.is_over
    assert view_of(state, 0).opponent_hand == mask(DEFENDER)
    assert view_of(state, 1).opponent_hand == mask(KNOCKER)
    assert view_of(state, 0).result == state.result


def test_R21_end_of_a_void_hand_shows_no_hand() -> None:
    deck = deck_for("2C 5C 9C 3D 7D JD 4H 8H QH 6S", "AC 6C TC 2D 8D QD 5H 9H KH 3S", "KC")
    state = play(deal_hand(PRESETS["standard"], 1, deck), "pass; pass")
    while not state.is_over:
        before = state.hands[state.turn]
        state = play(state, "stock")
        drawn = (state.hands[state.turn] & ~before).bit_length() - 1
        state = state.apply(actions.discard(drawn))
    assert state.result is not None and state.result.is_void
    for seat in (0, 1):
        view = view_of(state, seat)
        assert view.opponent_hand is None
        assert view.hand == state.hands[seat]
        assert not mentioned(view) & state.hands[1 - seat]


def test_void_ends_in_random_games_show_no_hand() -> None:
    voids = 0
    for game in GAMES:
        state = game[-1]
        for seat in (0, 1):
            view = view_of(state, seat)
            assert state.result is not None
            if state.result.is_void:
                assert view.opponent_hand is None
            else:
                assert view.opponent_hand == state.hands[1 - seat]
        voids += state.result.is_void
    assert voids > 0


def test_view_of_refuses_a_bad_seat() -> None:
    state = knocked()
    for seat in (-1, 2, "0"):
        with pytest.raises(ValueError, match="seat"):
            view_of(state, seat)  # type: ignore[arg-type]


# ------------------------------------------------ R14: unseen() and the face-down discard


def test_R14_unseen_is_exactly_what_the_seat_cannot_place_in_random_games() -> None:
    knocks = 0
    for game in GAMES:
        for state in game:
            knocks += state.knock_discard >= 0
            for seat in (0, 1):
                assert view_of(state, seat).unseen() == hidden_from(state, seat), (state, seat)
    assert knocks > 100


def test_R14_knocker_does_not_count_its_own_face_down_discard_as_unseen() -> None:
    for state in states_after_the_knock():
        view = view_of(state, 0)
        assert view.knock_discard == parse_card("QH")
        if state.is_over:
            assert view.unseen() == STOCK_AFTER_KNOCK
        else:
            assert view.unseen() == STOCK_AFTER_KNOCK | mask(DEFENDER) & ~view.laid_off, state


def test_R14_defender_counts_the_face_down_knock_discard_as_unseen_through_the_end() -> None:
    stock = STOCK_AFTER_KNOCK
    for state in states_after_the_knock():
        view = view_of(state, 1)
        assert view.knock_discard == -1
        laid_out = 0
        for meld in view.melds[0]:
            laid_out |= meld
        if view.opponent_hand is None:
            assert view.unseen() == stock | mask("QH") | mask(KNOCKER) & ~laid_out, state
        else:
            assert view.unseen() == stock | mask("QH"), state


def test_R22_wall_card_knocked_face_down_is_known_only_to_the_knocker() -> None:
    rules = Rules.preset("standard", fiftieth_card_action=True)
    state = play(wall_state(rules, "7H 7D 7C 2S 3S 4S 9C TC JC 5D", "KH"), "take")
    assert view_of(state, 0).opponent_known >> parse_card("KH") & 1
    state = play(state, "knock KH")
    for step in ("", "meld 7C 7D 7H; meld 2S 3S 4S; meld 9C TC JC; done", "done"):
        state = play(state, step)
        assert not view_of(state, 1).unseen() >> parse_card("KH") & 1, state
        assert view_of(state, 0).unseen() >> parse_card("KH") & 1, state
        assert not view_of(state, 0).opponent_known >> parse_card("KH") & 1
    assert state.is_over


BIG_GIN_DEFENDER = "5S 6S 8C 7C QC 5H 9H 3D 2C 9S"


def test_R17_big_gin_leaves_no_face_down_discard_to_count() -> None:
    rules = Rules.preset("standard", big_gin=True)
    state = deal(rules, non_dealer="AS 2S 3S 4S 4D 5D 6D KC KD KS", dealer=BIG_GIN_DEFENDER,
                 upcard="4H", stock="KH")
    state = play(state, "pass; pass; stock; big gin; meld AS 2S 3S 4S; meld 4D 5D 6D; "
                        "meld KC KD KH KS")
    assert state.big_gin and state.knock_discard == -1
    stock = FULL & ~mask("AS 2S 3S 4S 4D 5D 6D KC KD KS KH 4H") & ~mask(BIG_GIN_DEFENDER)
    assert view_of(state, 1).unseen() == stock
    state = play(state, "done; done")
    assert state.is_over
    assert view_of(state, 0).unseen() == view_of(state, 1).unseen() == stock
