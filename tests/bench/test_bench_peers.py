"""The peer adapters in bench/peers.py convert cards and agree with known deadwood counts."""

import random

import pytest

from bench import peers

# Our ids: clubs 0-12, diamonds 13-25, hearts 26-38, spades 39-51 (ace = rank 0).
AS, KS, AC, KH = 39, 51, 0, 38
# AS 2S 3S 7H 7D 7C 9C TC JC KD: melds A-2-3 of spades, three sevens, 9-T-J of clubs.
HAND = [39, 40, 41, 32, 19, 6, 8, 9, 10, 25]


def test_card_conversions_are_bijections() -> None:
    for to, back in (
        (peers.to_openspiel, peers.from_openspiel),
        (peers.to_rlcard, peers.from_rlcard),
    ):
        assert sorted(to(c) for c in range(52)) == list(range(52))
        assert all(back(to(c)) == c for c in range(52))


def test_openspiel_card_names() -> None:
    utils = peers.openspiel_utils()
    names = {c: utils.card_string(peers.to_openspiel(c)) for c in (AS, KS, AC, KH)}
    assert names == {AS: "As", KS: "Ks", AC: "Ac", KH: "Kh"}


def test_openspiel_min_deadwood() -> None:
    (h,), fn = peers.openspiel_deadwood([HAND])
    assert fn(h) == 10


def test_rlcard_card_names() -> None:
    pytest.importorskip("rlcard")
    (cards,), _ = peers.rlcard_deadwood([[AS, KS, AC, KH]])
    assert [str(c) for c in cards] == ["AS", "KS", "AC", "KH"]


def test_rlcard_agrees_with_openspiel() -> None:
    pytest.importorskip("rlcard")
    rng = random.Random(1)
    hands = [rng.sample(range(52), n) for n in (10, 11) for _ in range(300)]
    os_hands, os_fn = peers.openspiel_deadwood(hands)
    rl_hands, rl_fn = peers.rlcard_deadwood(hands)
    assert [os_fn(h) for h in os_hands] == [rl_fn(h) for h in rl_hands]
    assert rl_fn(peers.rlcard_deadwood([HAND])[0][0]) == 10
