"""Provably fair dealing: commitment, client seeds, versioned deck derivation, verification,
and the worked example of docs/FAIRNESS.md, which must be what the code produces."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import io
import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from ginrummy.core.cards import card_name, parse_card
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.core.shuffle import SeededSource, SystemSource
from ginrummy.core.views import view_of
from ginrummy.format.provably_fair import (
    DERIVATIONS,
    FairHand,
    FairnessError,
    FairRecord,
    Problem,
    check_client_seed,
    check_game_id,
    check_hand_number,
    client_seed_problem,
    commitment_of,
    deck_message,
    derive_deck,
    verify_hand,
)

DOC = Path(__file__).parent.parent.parent / "docs" / "FAIRNESS.md"
SEED = hashlib.sha256(b"example server seed").digest()
SEEDS = ("alice", None)


def independent_derivation(seed: bytes, game_id: str, hand: int, seeds: tuple,
                           version: int = 2) -> list[int]:
    """The derivation written again from the description, with hashlib and hmac only."""
    bound = [hashlib.sha256(seed).hexdigest()] if version == 2 else []
    fields = ["ginrummy-deck", str(version), game_id, str(hand), *bound, str(len(seeds))]
    message = b"".join(len(f.encode()).to_bytes(4, "big") + f.encode()
                       for f in fields + [s or "" for s in seeds])
    stream = b"".join(hmac.new(seed, message + i.to_bytes(4, "big"), "sha256").digest()
                      for i in range(8))
    deck, used = list(range(52)), 0
    for i in range(51, 0, -1):
        while True:
            value = stream[used] & ((1 << i.bit_length()) - 1)
            used += 1
            if value <= i:
                break
        deck[i], deck[value] = deck[value], deck[i]
    return deck


def test_the_commitment_is_the_sha256_of_the_seed() -> None:
    assert commitment_of(SEED) == hashlib.sha256(SEED).hexdigest()
    assert len(commitment_of(SEED)) == 64
    with pytest.raises(FairnessError, match="a server seed is 32 bytes, got 31 bytes"):
        commitment_of(SEED[:31])
    with pytest.raises(FairnessError, match="a server seed is 32 bytes, got str"):
        commitment_of(SEED.hex())  # type: ignore[arg-type]


def test_the_message_is_length_prefixed_fields() -> None:
    assert deck_message("g", 12, ("x", None, "è"), 1) == (
        b"\0\0\0\x0dginrummy-deck" b"\0\0\0\x011" b"\0\0\0\x01g" b"\0\0\0\x0212" b"\0\0\0\x013"
        b"\0\0\0\x01x" b"\0\0\0\0" b"\0\0\0\x02\xc3\xa8"
    )


def test_version_2_binds_the_seeds_to_the_commitment_they_were_sent_with() -> None:
    commitment = commitment_of(SEED)
    assert deck_message("g", 12, ("x",), 2, commitment) == (
        b"\0\0\0\x0dginrummy-deck" b"\0\0\0\x012" b"\0\0\0\x01g" b"\0\0\0\x0212"
        + b"\0\0\0\x40" + commitment.encode() + b"\0\0\0\x011" b"\0\0\0\x01x"
    )
    with pytest.raises(FairnessError, match="commitment must be 64 lowercase hex"):
        deck_message("g", 12, ("x",), 2)
    assert derive_deck(SEED, "g", 1, ("x",), 2) != derive_deck(SEED, "g", 1, ("x",), 1)


@pytest.mark.parametrize("game_id", ["table-42", "g", "partita di Anna €"])
@pytest.mark.parametrize("hand", [1, 2, 37])
@pytest.mark.parametrize("seeds", [(), ("alice", None), (None, "bob"), ("a b c", "ü" * 64)])
@pytest.mark.parametrize("version", [1, 2])
def test_R1_the_derived_deck_matches_an_independent_implementation(
    game_id: str, hand: int, seeds: tuple, version: int
) -> None:
    deck = derive_deck(SEED, game_id, hand, seeds, version)
    assert sorted(deck) == list(range(52))
    assert deck == independent_derivation(SEED, game_id, hand, seeds, version)


def test_every_input_changes_the_deck() -> None:
    base = derive_deck(SEED, "t", 1, ("a", None))
    others = [
        derive_deck(bytes(32), "t", 1, ("a", None)),
        derive_deck(SEED, "u", 1, ("a", None)),
        derive_deck(SEED, "t", 2, ("a", None)),
        derive_deck(SEED, "t", 1, ("b", None)),
        derive_deck(SEED, "t", 1, (None, "a")),
        derive_deck(SEED, "t", 1, (None, None)),
        derive_deck(SEED, "t", 1, ("a",)),
    ]
    assert all(deck != base for deck in others)
    assert derive_deck(SEED, "t", 1, ["a", None]) == base


@pytest.mark.parametrize(("seed", "message"), [
    ("", "a client seed has 1 to 64 characters, this one has 0"),
    ("x" * 65, "a client seed has 1 to 64 characters, this one has 65"),
    ("new\nline", r"the client seed has a character that cannot be printed \(U\+000A\)"),
    ("\u200b", r"the client seed has a character that cannot be printed \(U\+200B\)"),
    (7, "a client seed is text or null, not int"),
])
def test_client_seeds_are_checked(seed: object, message: str) -> None:
    with pytest.raises(FairnessError, match=message):
        check_client_seed(seed)  # type: ignore[arg-type]
    problem = client_seed_problem(seed)
    assert problem is not None and re.fullmatch(message, str(problem))
    with pytest.raises(FairnessError, match=message):
        FairHand(SEED, "g", 1, ("fine", seed))  # type: ignore[arg-type]


def test_acceptable_seeds_ids_and_numbers() -> None:
    assert check_client_seed(None) is None and client_seed_problem("ok") is None
    assert check_client_seed("Buona fortuna! 🍀 ") == "Buona fortuna! 🍀 "
    assert check_game_id("x" * 128) == "x" * 128 and check_hand_number(1_000_000) == 1_000_000
    with pytest.raises(FairnessError, match="a game id has 1 to 128 characters, this one has 129"):
        check_game_id("x" * 129)
    for bad in (0, True, 1_000_001, "1"):
        with pytest.raises(FairnessError, match="the hand number must be a whole number"):
            check_hand_number(bad)  # type: ignore[arg-type]


def test_a_fair_hand_verifies_with_the_seed_in_bytes_or_hex() -> None:
    hand = FairHand(SEED, "table-42", 3, SEEDS)
    for seed in (SEED, SEED.hex()):
        assert verify_hand(hand.commitment, seed, SEEDS, "table-42", 3, hand.deck(), seats=2) == []


def test_verify_names_each_problem_precisely() -> None:
    hand = FairHand(SEED, "t", 1, SEEDS)
    deck = hand.deck()
    other = bytes(32)
    assert [str(p) for p in verify_hand(hand.commitment, other, SEEDS, "t", 1, deck)] == [
        f"the commitment {hand.commitment} does not match the server seed, whose SHA-256 is "
        f"{commitment_of(other)}",
        _mismatch(deck, derive_deck(other, "t", 1, SEEDS)),
    ]
    assert [str(p) for p in verify_hand(hand.commitment, None, SEEDS, "t", 1, deck)] == [
        "the server seed is not revealed"]
    assert [str(p) for p in verify_hand(hand.commitment, "XY", SEEDS, "t", 1, deck)] == [
        "the server seed must be 64 lowercase hex digits (32 bytes), got 'XY'"]
    swapped = deck[:]
    swapped[10], swapped[40] = swapped[40], swapped[10]
    assert [str(p) for p in verify_hand(hand.commitment, SEED, SEEDS, "t", 1, swapped)] == [
        f"the deck is not the derived one: 2 positions differ; at position 11 the deck has "
        f"{card_name(deck[40])}, the derivation gives {card_name(deck[10])}"]
    assert [str(p) for p in verify_hand(hand.commitment, SEED, SEEDS, "t", 1, deck[:51])] == [
        "the deck is not 52 different cards (51 items)"]
    assert [str(p) for p in verify_hand(hand.commitment, SEED, SEEDS, "t", 1,
                                        ["AS", *deck[1:]])] == [  # type: ignore[list-item]
        "the deck is not 52 different cards (52 items)"]
    assert [str(p) for p in verify_hand(hand.commitment, SEED, SEEDS, "t", 2, deck)][0].startswith(
        "the deck is not the derived one")
    assert [p.message("it") for p in verify_hand(hand.commitment, SEED, ("a" * 70, None), "t", 1,
                                                 deck, seats=3)] == [
        "ci sono 2 seed dei giocatori, ma la partita ha 3 posti",
        "posto 0: un seed del giocatore ha da 1 a 64 caratteri, questo ne ha 70"]


def _mismatch(deck: list[int], expected: list[int]) -> str:
    wrong = [i for i in range(52) if deck[i] != expected[i]]
    return (f"the deck is not the derived one: {len(wrong)} positions differ; at position "
            f"{wrong[0] + 1} the deck has {card_name(deck[wrong[0]])}, the derivation gives "
            f"{card_name(expected[wrong[0]])}")


def test_derivations_are_versioned_and_a_later_one_can_coexist(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with pytest.raises(FairnessError, match=r"unknown deck derivation version 3 \(this program "
                                            r"knows 1, 2\)"):
        derive_deck(SEED, "t", 1, (), version=3)
    with pytest.raises(FairnessError, match="unknown deck derivation version 3"):
        FairHand(SEED, "t", 1, version=3)
    def reverse(seed: bytes, game: str, hand: int, seeds: Sequence[str | None]) -> list[int]:
        return DERIVATIONS[1](seed, game, hand, seeds)[::-1]

    monkeypatch.setitem(DERIVATIONS, 3, reverse)
    v1, v3 = FairHand(SEED, "t", 1, version=1), FairHand(SEED, "t", 1, version=3)
    assert v3.deck() == v1.deck()[::-1]
    assert verify_hand(v3.commitment, SEED, (), "t", 1, v3.deck(), version=3) == []
    assert verify_hand(v1.commitment, SEED, (), "t", 1, v3.deck(), version=1) != []
    assert v3.reveal().version == 3


def test_the_server_seed_stays_hidden_until_the_reveal() -> None:
    hand = FairHand(SEED, "table-42", 1).with_client_seeds(SEEDS)
    secret = SEED.hex()
    assert secret not in repr(hand) and "server_seed" not in repr(hand)
    public = hand.public()
    assert public.server_seed is None and secret not in json.dumps(public.to_dict())
    assert public.commitment == commitment_of(SEED) and public.client_seeds == SEEDS
    game = Game.start(Rules.preset("standard"), Cut.parse("7H 2S")).deal(hand.deck())
    state = game.hand
    assert state is not None
    for seat in (0, 1):
        assert secret not in repr(view_of(state, seat))
    assert hand.reveal() == FairRecord(2, public.commitment, secret, SEEDS, "table-42")


def test_a_hand_draws_its_seed_from_the_source_it_is_given() -> None:
    hand = FairHand.draw(SeededSource("seeds"), "g", 4)
    assert hand.server_seed == SeededSource("seeds").read(32) and hand.hand_number == 4
    assert FairHand.draw(SystemSource(), "g", 1).server_seed != FairHand.draw(
        SystemSource(), "g", 1).server_seed


def test_problem_messages_in_both_languages() -> None:
    problem = Problem("seed_reused", {"other": 2})
    assert str(problem) == "the server seed was already used in hand 2"
    assert problem.message("it") == "il seed del server era già stato usato nella mano 2"
    assert Problem("client_seed_length", {"length": 0, "limit": 64}, seat=1).message("it") == (
        "posto 1: un seed del giocatore ha da 1 a 64 caratteri, questo ne ha 0")


# ---------------------------------------------------------------- docs/FAIRNESS.md


def doc_values() -> dict[str, str]:
    """The ``name: value`` lines of the worked example (continuation lines joined)."""
    text = DOC.read_text(encoding="utf-8")
    values: dict[str, str] = {}
    last = ""
    for line in text.split("## A worked example")[1].split("## Checking it yourself")[0].split(
            "\n"):
        match = re.fullmatch(r"([a-z0-9 ]+):\s+(\S.*)", line)
        if match:
            last = match.group(1)
            values[last] = match.group(2).strip()
        elif re.fullmatch(r"\s{8,}[0-9a-f]+", line) and last:
            values[last] += line.strip()
    return values


def test_the_worked_example_in_the_docs_is_what_the_code_produces() -> None:
    values = doc_values()
    assert values["server seed"] == SEED.hex()
    assert values["commitment"] == commitment_of(SEED)
    message = deck_message("table-42", 1, SEEDS, 2, commitment_of(SEED))
    assert values["message"] == message.hex()
    assert values["block 0"] == hmac.new(SEED, message + bytes(4), "sha256").hexdigest()
    deck = derive_deck(SEED, "table-42", 1, SEEDS)
    assert values["deck"].split() == [card_name(c) for c in deck]
    assert [parse_card(c) for c in values["deck"].split()] == deck


def test_the_docs_table_shows_the_first_draws() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (\d+) \| `([0-9a-f]{2})` \| (\d+)", text, re.MULTILINE)
    message = deck_message("table-42", 1, SEEDS, 2, commitment_of(SEED))
    stream = hmac.new(SEED, message + bytes(4), "sha256").digest()
    assert [(int(i), int(n), int(b, 16), int(low)) for i, n, b, low in rows] == [
        (51, 52, stream[0], stream[0] & 63), (51, 52, stream[1], stream[1] & 63),
        (50, 51, stream[2], stream[2] & 63), (49, 50, stream[3], stream[3] & 63),
        (48, 49, stream[4], stream[4] & 63)]
    assert stream[0] & 63 >= 52  # the example shows a rejected draw


def test_the_docs_program_and_record_example_verify() -> None:
    text = DOC.read_text(encoding="utf-8")
    program = text.split("```python\n")[1].split("```")[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(program, {})  # noqa: S102 - our own documentation's example
    commitment, deck = out.getvalue().splitlines()
    assert commitment == commitment_of(SEED)
    assert deck.split() == doc_values()["deck"].split()
    example = json.loads("{" + text.split("```json\n")[1].split("```")[0] + "}")
    fair = FairRecord.from_dict(example["fair"])
    assert verify_hand(fair.commitment, fair.server_seed, fair.client_seeds, fair.game_id, 1,
                       [parse_card(c) for c in deck.split()], seats=2) == []
