"""Invariants of whole hands played at random (Hypothesis and seeded loops).

For every state of a random hand, under every preset and with the deal and
ending options varied: the 52 cards are all accounted for, declared melds are
disjoint valid melds, deadwood is never negative, every legal action applies,
other actions are refused without touching the state, and the hand ends.
Replaying the same deck and actions reproduces every state and the result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy.core import actions
from ginrummy.core.actions import Action, action_name
from ginrummy.core.cards import cards_of, mask_value
from ginrummy.core.hand import HandState, IllegalActionError, Phase, deal_hand, shuffled_deck
from ginrummy.core.melds import is_meld, melds_within, min_deadwood, min_deadwood_after_discard
from ginrummy.core.rules import PRESETS, Rules
from tests.handbuilder import snapshot

MAX_ACTIONS = 3000
"""No hand may take more actions than this (R21 and R36 bound every hand)."""


@dataclass
class Played:
    deck: list[int]
    dealer: int
    rules: Rules
    actions: list[Action]
    states: list[HandState]


def choose(state: HandState, rng: random.Random, knock_at: int = 10) -> Action:
    """A mostly sensible, partly random player: it knocks, lays off and melds often enough.

    It knocks only when its deadwood is at most ``knock_at``: patient players
    reach the end of the stock, and big gin, more often.
    """
    legal = state.legal_actions()
    phase = state.phase
    if rng.random() < 0.15:
        return rng.choice(legal)
    seat = state.turn
    hand = state.hands[seat]
    if phase in (Phase.FIRST_UPCARD, Phase.DRAW):
        if actions.DRAW_DISCARD in legal:
            top = state.pile[-1]
            if min_deadwood_after_discard(hand | 1 << top) < min_deadwood(hand):
                return actions.DRAW_DISCARD
        return actions.DRAW_STOCK if actions.DRAW_STOCK in legal else actions.PASS
    if phase is Phase.WALL:
        take = actions.DRAW_DISCARD in legal and rng.random() < 0.8
        return actions.DRAW_DISCARD if take else actions.PASS
    if phase is Phase.DISCARD:
        if actions.BIG_GIN in legal and rng.random() < 0.8:
            return actions.BIG_GIN
        knocks = [
            a for a in legal
            if actions.is_knock(a)
            and min_deadwood(hand & ~(1 << actions.action_card(a))) <= knock_at
        ]
        if knocks and (state.wall_take or rng.random() < 0.8):
            return rng.choice(knocks)
        discards = [a for a in legal if actions.is_discard(a)]
        if not discards:
            return rng.choice(legal)
        return min(discards, key=lambda a: (min_deadwood(hand & ~(1 << actions.action_card(a))),
                                            rng.random()))
    others = [a for a in legal if a != actions.DONE]
    if others and (actions.DONE not in legal or rng.random() < 0.85):
        return rng.choice(others)
    return actions.DONE


def play_random(rules: Rules, seed: int, dealer: int | None = None) -> Played:
    rng = random.Random(seed)
    deck = shuffled_deck(rng)
    dealer = rng.randrange(2) if dealer is None else dealer
    knock_at = rng.choice([0, 0, 1, 4, 10])
    state = deal_hand(rules, dealer, deck)
    states = [state]
    actions: list[Action] = []
    while not state.is_over:
        assert len(actions) < MAX_ACTIONS, "the hand does not end"
        action = choose(state, rng, knock_at)
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    return Played(deck, dealer, rules, actions, states)


def check_state(state: HandState) -> None:
    state.check_invariants()
    assert len(state.pile) + state.stock_size + sum(h.bit_count() for h in state.hands) + (
        state.knock_discard >= 0) == 52
    for seat in (0, 1):
        used = 0
        for meld in state.melds[seat]:
            assert is_meld(meld)
            assert not meld & used, "melds overlap"
            assert meld & ~state.hands[seat] == 0, "a meld uses a card not in the hand"
            used |= meld
        if state.melds[seat] or state.laid_off:
            assert seat == state.knocker or seat == state.defender
    if state.laid_off:
        defender_melds = 0
        for meld in state.melds[state.defender]:
            defender_melds |= meld
        assert state.laid_off & ~state.hands[state.defender] == 0
        assert not state.laid_off & defender_melds
    for seat in (0, 1):
        hand, free = state.hands[seat], state.free_cards(seat)
        assert free & ~hand == 0, "a free card that is not in the hand"
        for meld in state.melds[seat]:
            assert not free & meld, "a melded card counted as free"
        if hand.bit_count() <= 11:
            assert min_deadwood(hand) <= mask_value(hand)
    legal = state.legal_actions()
    assert legal == sorted(set(legal))
    assert all(0 <= a < actions.NUM_ACTIONS for a in legal)
    if state.is_over:
        assert legal == [] and state.turn == -1
        result = state.result
        assert result is not None
        if result.is_void:
            assert (result.winner, result.points, result.extra_boxes) == (None, 0, 0)
        else:
            assert result.knocker == state.knocker
            assert result.knocker_deadwood <= state.limit or state.big_gin
            if not state.rules.knocker_may_hide_melds:  # R14: the knocker's layout is maximal
                assert not melds_within(state.free_cards(state.knocker))
            check_score(state)
    else:
        assert legal, f"no legal action in {state!r}"
        assert state.turn in (0, 1) and state.result is None
        hand = state.hands[state.turn]
        if state.phase is Phase.DISCARD:
            assert hand.bit_count() == 11
            check_discard_actions(state, legal)
        elif state.phase is Phase.WALL:
            top = state.pile[-1]
            if state.rules.fiftieth_card_action == "different_card":  # R22: keep the card
                taken = hand | 1 << top
                can_knock = min(min_deadwood(taken & ~(1 << c)) for c in cards_of(hand)) <= (
                    state.limit)
            else:
                can_knock = min_deadwood_after_discard(hand | 1 << top) <= state.limit
            assert legal == ([actions.DRAW_DISCARD, actions.PASS] if can_knock else [actions.PASS])
        if state.phase in (Phase.DRAW, Phase.FIRST_UPCARD, Phase.WALL):
            assert hand.bit_count() == 10


def check_score(state: HandState) -> None:
    """R23-R26, R32, written out again from RULES.md."""
    rules, result = state.rules, state.result
    assert result is not None
    knocker, defender = state.knocker, state.defender
    kd = mask_value(state.free_cards(knocker))
    dd = mask_value(state.free_cards(defender))
    assert (result.knocker_deadwood, result.defender_deadwood) == (kd, dd)
    spade = state.upcard is not None and state.upcard // 13 == 3
    times = 2 if rules.oklahoma and rules.spade_double and spade else 1
    if state.big_gin:
        expected = ("big_gin", knocker, (rules.big_gin_bonus + dd) * times)
    elif kd == 0:
        expected = ("gin", knocker, (rules.gin_bonus + dd) * times)
        assert state.laid_off == 0
    elif kd < dd:
        expected = ("knock", knocker, (dd - kd) * times)
    elif kd == dd and not rules.undercut_on_tie:
        expected = ("tie", None, 0)
    else:
        expected = ("undercut", defender, (kd - dd + rules.undercut_bonus) * times)
    assert (result.outcome, result.winner, result.points) == expected
    if rules.extra_boxes and expected[0] in ("undercut", "gin", "big_gin"):
        assert result.extra_boxes == (1 if expected[0] == "undercut" else 2) * times
    else:
        assert result.extra_boxes == 0


def check_discard_actions(state: HandState, legal: list[Action]) -> None:
    """R12, R14, R17, R22: what may be discarded or knocked after a draw."""
    hand = state.hands[state.turn]
    if state.wall_take:  # R22: same_card lets the card go face down, different_card not
        free_to_throw = state.rules.fiftieth_card_action == "same_card"
    else:
        free_to_throw = state.rules.allow_discard_of_drawn_upcard
    for card in range(52):
        held = bool(hand >> card & 1)
        barred = card == state.taken and not free_to_throw
        may_discard = held and not barred and not state.wall_take
        may_knock = held and not barred and min_deadwood(hand & ~(1 << card)) <= state.limit
        assert (actions.discard(card) in legal) == may_discard, card
        assert (actions.knock(card) in legal) == may_knock, card
    big = state.rules.big_gin and not state.wall_take and min_deadwood(hand) == 0
    assert (actions.BIG_GIN in legal) == big
    if state.wall_take:
        assert legal, "a wall take must leave a knock"


def check_actions(state: HandState, rng: random.Random, sample: int) -> None:
    """Every legal action applies; a sample of the others is refused and the state stays."""
    before = snapshot(state)
    legal = set(state.legal_actions())
    for action in legal:
        child = state.apply(action)
        child.check_invariants()
        assert child.actions()[-1] == (state.turn, action)
    others = [a for a in range(actions.NUM_ACTIONS) if a not in legal]
    for action in rng.sample(others, min(sample, len(others))):
        with pytest.raises(IllegalActionError) as info:
            state.apply(action)
        message = str(info.value)
        assert action_name(action) in message and state.phase.name in message, message
    assert snapshot(state) == before


def check_replay(played: Played) -> None:
    state = deal_hand(played.rules, played.dealer, played.deck)
    assert snapshot(state) == snapshot(played.states[0])
    for action, expected in zip(played.actions, played.states[1:], strict=True):
        state = state.apply(action)
        assert snapshot(state) == snapshot(expected)
    assert state.result == played.states[-1].result
    assert [a for _, a in state.actions()] == played.actions


def check_game(played: Played, rng: random.Random, sample: int = 12) -> None:
    for state in played.states:
        check_state(state)
        check_actions(state, rng, sample)
    check_replay(played)


# --------------------------------------------------------------- rules to try

VARIATIONS: list[dict[str, object]] = [
    {},
    {"eleven_card_deal": True},
    {"big_gin": True},
    {"fiftieth_card_action": True},
    {"fiftieth_card_action": "different_card", "knocker_may_hide_melds": True},
    {"big_gin": True, "fiftieth_card_action": True, "eleven_card_deal": True},
    {"allow_discard_of_drawn_upcard": True, "undercut_on_tie": False},
    {"max_turns_without_stock_draw": 3},
    {"extra_boxes": True, "big_gin": True},
]


def rules_for(preset: str, variation: dict[str, object]) -> Rules:
    rules = PRESETS[preset]
    drop = {"eleven_card_deal"} if rules.oklahoma else {"extra_boxes"}
    return rules.replace(**{k: v for k, v in variation.items() if k not in drop})


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    variation=st.sampled_from(VARIATIONS),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_hands_keep_invariants(preset: str, variation: dict[str, object], seed: int) -> None:
    played = play_random(rules_for(preset, variation), seed)
    check_game(played, random.Random(seed))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    variation=st.sampled_from(VARIATIONS),
    deck=st.permutations(range(52)),
    dealer=st.integers(0, 1),
    data=st.data(),
)
def test_hypothesis_chosen_actions_keep_invariants(
    preset: str, variation: dict[str, object], deck: list[int], dealer: int, data: st.DataObject
) -> None:
    """Every action chosen by Hypothesis itself, so that a failure shrinks to a short hand."""
    rules = rules_for(preset, variation)
    state = deal_hand(rules, dealer, deck)
    states = [state]
    actions: list[Action] = []
    while not state.is_over:
        assert len(actions) < MAX_ACTIONS, "the hand does not end"
        legal = state.legal_actions()
        action = legal[data.draw(st.integers(0, len(legal) - 1))]
        state = state.apply(action)
        actions.append(action)
        states.append(state)
    played = Played(list(deck), dealer, rules, actions, states)
    check_game(played, random.Random(len(actions)), sample=4)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_seeded_hands_under_every_preset(preset: str) -> None:
    for index, variation in enumerate(VARIATIONS):
        seed = 1000 * index + len(preset)
        played = play_random(rules_for(preset, variation), seed)
        check_game(played, random.Random(seed), sample=60)


def test_many_hands_end_and_cover_every_outcome() -> None:
    """Cheap checks over many hands: they end, the cards add up, and every outcome happens."""
    outcomes: set[str] = set()
    phases: set[Phase] = set()
    rng = random.Random(7)
    for index in range(1000):
        variation = VARIATIONS[index // len(PRESETS) % len(VARIATIONS)]
        preset = sorted(PRESETS)[index % len(PRESETS)]
        played = play_random(rules_for(preset, variation), rng.randrange(2**32))
        for state in played.states:
            state.check_invariants()
            phases.add(state.phase)
        result = played.states[-1].result
        assert result is not None
        outcomes.add(result.outcome)
    assert outcomes == {"knock", "gin", "big_gin", "undercut", "tie", "void"}
    assert phases == set(Phase)


def test_replay_of_a_long_hand_is_identical() -> None:
    rules = Rules.preset("standard", max_turns_without_stock_draw=1000)
    for seed in range(5):
        played = play_random(rules, seed)
        again = play_random(rules, seed)
        assert again.actions == played.actions
        assert [snapshot(s) for s in again.states] == [snapshot(s) for s in played.states]
        check_replay(played)


def least_deadwood_reachable(state: HandState) -> int:
    """The least deadwood the seat to act can leave by the end of its layout phase (R18, R20),
    searching every order of its legal melds and layoffs."""
    seat = state.turn
    phase = state.phase
    seen: dict[tuple[int, int], int] = {}

    def search(node: HandState) -> int:
        key = (node.free_cards(seat), node.laid_off)
        if key in seen:
            return seen[key]
        best = 1 << 20
        for action in node.legal_actions():
            if action == actions.DONE:
                best = min(best, mask_value(node.free_cards(seat)))
            else:
                child = node.apply(action)
                assert child.phase is phase
                best = min(best, search(child))
        seen[key] = best
        return best

    return search(state)


def test_layout_phases_reach_the_best_arrangement_and_defence() -> None:
    """R18, R20: through its legal actions the knocker can reach its least deadwood and the
    defender the best defence of melds.best_defence; no layout goes over the knock limit."""
    from ginrummy.core.melds import best_defence

    rng = random.Random(11)
    checked = 0
    for index in range(400):
        variation = VARIATIONS[index // len(PRESETS) % len(VARIATIONS)]
        rules = rules_for(sorted(PRESETS)[index % len(PRESETS)], variation)
        played = play_random(rules, rng.randrange(2**32))
        for state in played.states:
            if state.phase is Phase.KNOCKER_MELDS and not state.melds[state.turn]:
                hand = state.hands[state.turn]
                assert least_deadwood_reachable(state) == min_deadwood(hand)
            if state.phase is Phase.DEFENDER and not state.melds[state.turn] and not state.laid_off:
                gin = state.big_gin or state.free_cards(state.knocker) == 0
                defence = best_defence(state.hands[state.turn], state.melds[state.knocker], gin)
                assert least_deadwood_reachable(state) == defence.deadwood
                checked += 1
    assert checked > 100
