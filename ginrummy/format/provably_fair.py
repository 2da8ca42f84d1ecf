"""Provably fair dealing: a committed server seed, players' seeds, a derived deck.

Before a hand the server draws a secret *server seed* (32 random bytes, given
to this module by the caller: the core reads no random source) and publishes
its *commitment*, the SHA-256 of the seed in hex. Each player may then give a
*client seed* (1 to 64 printable characters). The deck is derived from all of
them (:func:`derive_deck`), and after the hand the server seed is revealed, so
that anyone can check with :func:`verify_hand` that the deck is the one the
commitment fixed before any card was seen. ``docs/FAIRNESS.md`` describes the
scheme byte by byte.

Deck derivation version 2 (:data:`VERSION`):

* message: the fields ``"ginrummy-deck"``, ``"2"``, the game id, the hand number
  (decimal), the commitment (64 hex digits: each player sent its seed together with
  the commitment it was shown, so the seed is bound to it), the number of client
  seeds (decimal) and each client seed in seat order (a seat without a seed gives
  the empty field), each field as its UTF-8 length in 4 bytes big-endian followed by
  its UTF-8 bytes (version 1, still read: the same without the commitment field);
* stream: block ``i`` = HMAC-SHA256(key = server seed, message || ``i`` in 4
  bytes big-endian), the blocks in order (:class:`ginrummy.core.shuffle.HmacStream`);
* deck: :func:`ginrummy.core.shuffle.shuffled_deck` over that stream;
* the cut for the first deal (:func:`derive_cut`, version 2): fixed by the first
  hand's server seed, so by its commitment.

A later derivation gets a new version number; records keep the version their
deck was derived with, and :data:`DERIVATIONS` maps each version to its function.

The server side of a hand, with :class:`FairHand`::

    hand = FairHand.draw(SystemSource(), game_id, hand_number)  # or FairHand(seed, ...)
    publish(hand.public().to_dict())       # the commitment, before any card is dealt
    hand = hand.with_client_seeds(seeds)   # the players' seeds, after the commitment
    game = game.deal(hand.deck())
    ...                                    # the hand is played to its end
    fair = hand.reveal()                   # the record's "fair" object, seed included
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.core.cards import card_name
from ginrummy.core.errors import CodedError
from ginrummy.core.shuffle import ByteSource, HmacStream, shuffled_deck
from ginrummy.i18n import translate

VERSION = 2
"""The deck derivation used for new hands."""
SERVER_SEED_BYTES = 32
MAX_CLIENT_SEED_LENGTH = 64
MAX_GAME_ID_LENGTH = 128
MAX_HAND_NUMBER = 1_000_000
DOMAIN = "ginrummy-deck"
CUT_DOMAIN = "ginrummy-cut"
MAX_CUT_ROUNDS = 64


class FairnessError(CodedError):
    """A seed, game id, hand number or fairness record that is not acceptable (a record's
    ``fair`` object says why with a code too)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a hand is not proved fair: a message key, its parameters, and the
    seat it concerns (if any). ``str(problem)`` is the English text; :meth:`message`
    gives any language of :mod:`ginrummy.i18n`.
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)
    seat: int | None = None

    def message(self, lang: str = "en") -> str:
        text = translate(f"verify.problem.{self.code}", lang, **self.params)
        if self.seat is None:
            return text
        return translate("verify.problem.seat", lang, seat=self.seat, problem=text)

    def __str__(self) -> str:
        return self.message("en")


# ---------------------------------------------------------------- checks of the inputs


def check_server_seed(seed: bytes) -> bytes:
    if not isinstance(seed, bytes) or len(seed) != SERVER_SEED_BYTES:
        got = f"{len(seed)} bytes" if isinstance(seed, bytes) else type(seed).__name__
        raise FairnessError(f"a server seed is {SERVER_SEED_BYTES} bytes, got {got}")
    return seed


def client_seed_problem(seed: object) -> Problem | None:
    """What is wrong with a player's seed, to show in their language; ``None`` if it is fine."""
    if seed is None:
        return None
    return _text_problem(seed, MAX_CLIENT_SEED_LENGTH, "client_seed")


def check_client_seed(seed: str | None) -> str | None:
    """``seed`` if it is acceptable (``None``: the player gave no seed)."""
    problem = client_seed_problem(seed)
    if problem is not None:
        raise FairnessError(str(problem))
    return seed


def check_game_id(game_id: str) -> str:
    problem = _text_problem(game_id, MAX_GAME_ID_LENGTH, "game_id")
    if problem is not None:
        raise FairnessError(str(problem))
    return game_id


def check_hand_number(hand_number: int) -> int:
    problem = _hand_number_problem(hand_number)
    if problem is not None:
        raise FairnessError(str(problem))
    return hand_number


def _text_problem(text: object, limit: int, what: str) -> Problem | None:
    if not isinstance(text, str):
        return Problem(f"{what}_type", {"type": type(text).__name__})
    if not 1 <= len(text) <= limit:
        return Problem(f"{what}_length", {"length": len(text), "limit": limit})
    bad = next((ch for ch in text if not ch.isprintable()), None)
    if bad is not None:
        return Problem(f"{what}_character", {"code": f"U+{ord(bad):04X}"})
    return None


def _hand_number_problem(hand_number: object) -> Problem | None:
    if (isinstance(hand_number, bool) or not isinstance(hand_number, int)
            or not 1 <= hand_number <= MAX_HAND_NUMBER):
        return Problem("hand_number", {"number": repr(hand_number), "limit": MAX_HAND_NUMBER})
    return None


# ---------------------------------------------------------------- the derivation


def commitment_of(server_seed: bytes) -> str:
    """The commitment to ``server_seed``: its SHA-256, 64 lowercase hex digits."""
    return hashlib.sha256(check_server_seed(server_seed)).hexdigest()


def deck_message(
    game_id: str, hand_number: int, client_seeds: Sequence[str | None], version: int = VERSION,
    commitment: str | None = None,
) -> bytes:
    """The HMAC message of a derivation (see the module docstring); version 2 needs the
    ``commitment`` the players were shown."""
    if version not in (1, 2) or isinstance(version, bool):
        raise FairnessError(_unknown_version(version).message())
    check_game_id(game_id)
    check_hand_number(hand_number)
    for seed in client_seeds:
        check_client_seed(seed)
    fields = [DOMAIN, str(version), game_id, str(hand_number)]
    if version == 2:
        if not _is_hex_digest(commitment):
            raise FairnessError(Problem("commitment_format",
                                        {"value": _short(commitment)}).message())
        assert commitment is not None
        fields.append(commitment)
    fields += [str(len(client_seeds))] + [seed or "" for seed in client_seeds]
    return _fields(fields)


def _fields(fields: Sequence[str]) -> bytes:
    encoded = [text.encode("utf-8") for text in fields]
    return b"".join(len(data).to_bytes(4, "big") + data for data in encoded)


def _derive_v1(
    server_seed: bytes, game_id: str, hand_number: int, client_seeds: Sequence[str | None]
) -> list[int]:
    message = deck_message(game_id, hand_number, client_seeds, 1)
    return shuffled_deck(HmacStream(check_server_seed(server_seed), message))


def _derive_v2(
    server_seed: bytes, game_id: str, hand_number: int, client_seeds: Sequence[str | None]
) -> list[int]:
    message = deck_message(game_id, hand_number, client_seeds, 2, commitment_of(server_seed))
    return shuffled_deck(HmacStream(server_seed, message))


def derive_cut(server_seed: bytes, game_id: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The cut for the first deal (R4; R33-R35 for a table) of a version-2 game: rounds of
    one card a player, from the first hand's server seed.

    The stream is HMAC-SHA256 (key = the seed) over the fields ``"ginrummy-cut"``, ``"2"``,
    the commitment and the number of players (``game_id`` is only checked: the cut is shown
    before the game's id matters to anyone). Each round shuffles a fresh deck
    from the stream (:func:`ginrummy.core.shuffle.shuffled_deck`) and gives player ``p`` card
    ``p`` of it; a round whose lowest rank is cut by more than one player is cut again.
    """
    check_game_id(game_id)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 52:
        raise FairnessError(f"a cut is for 2 to 52 players, got {players!r}")
    message = _fields([CUT_DOMAIN, "2", commitment_of(server_seed), str(players)])
    stream = HmacStream(server_seed, message)
    rounds: list[tuple[int, ...]] = []
    while len(rounds) < MAX_CUT_ROUNDS:
        cards = tuple(shuffled_deck(stream)[:players])
        rounds.append(cards)
        ranks = [card % 13 for card in cards]
        if ranks.count(min(ranks)) == 1:
            break
    return tuple(rounds)


Derivation = Callable[[bytes, str, int, Sequence[str | None]], list[int]]

DERIVATIONS: dict[int, Derivation] = {1: _derive_v1, 2: _derive_v2}
"""Deck derivation version -> function(server_seed, game_id, hand_number, client_seeds)."""


def derive_deck(
    server_seed: bytes,
    game_id: str,
    hand_number: int,
    client_seeds: Sequence[str | None] = (),
    version: int = VERSION,
) -> list[int]:
    """The deck of a hand (52 card numbers, top first), derived as ``version`` says."""
    derivation = DERIVATIONS.get(version)
    if derivation is None or isinstance(version, bool):
        raise FairnessError(_unknown_version(version).message())
    return derivation(server_seed, game_id, hand_number, tuple(client_seeds))


def _unknown_version(version: object) -> Problem:
    known = ", ".join(str(v) for v in sorted(DERIVATIONS))
    return Problem("version", {"version": repr(version), "known": known})


# ---------------------------------------------------------------- verification


def verify_hand(
    commitment: str,
    server_seed: bytes | str | None,
    client_seeds: Sequence[str | None],
    game_id: str,
    hand_number: int,
    deck: Sequence[int],
    *,
    version: int = VERSION,
    seats: int | None = None,
) -> list[Problem]:
    """Everything that keeps this hand from being proved fair; empty when it is.

    ``server_seed`` is the revealed seed as bytes or 64 hex digits (``None``:
    not revealed). ``seats``, when given, is the number of client seeds needed.
    """
    problems: list[Problem] = []
    if isinstance(version, bool) or version not in DERIVATIONS:
        problems.append(_unknown_version(version))
    valid_commitment = _is_hex_digest(commitment)
    if not valid_commitment:
        problems.append(Problem("commitment_format", {"value": _short(commitment)}))
    seed = _seed_bytes(server_seed, problems)
    if seed is not None and valid_commitment:
        actual = hashlib.sha256(seed).hexdigest()
        if actual != commitment:
            problems.append(Problem("commitment_mismatch",
                                    {"commitment": commitment, "actual": actual}))
    if seats is not None and len(client_seeds) != seats:
        problems.append(Problem("client_seed_count", {"count": len(client_seeds), "seats": seats}))
    inputs_ok = True
    for seat, client in enumerate(client_seeds):
        problem = client_seed_problem(client)
        if problem is not None:
            problems.append(Problem(problem.code, problem.params, seat))
            inputs_ok = False
    for problem in (_text_problem(game_id, MAX_GAME_ID_LENGTH, "game_id"),
                    _hand_number_problem(hand_number), _deck_problem(deck)):
        if problem is not None:
            problems.append(problem)
            inputs_ok = False
    if seed is not None and inputs_ok and not isinstance(version, bool) and version in DERIVATIONS:
        expected = derive_deck(seed, game_id, hand_number, client_seeds, version)
        problems.extend(_deck_differences(list(deck), expected))
    return problems


def _seed_bytes(server_seed: bytes | str | None, problems: list[Problem]) -> bytes | None:
    if server_seed is None:
        problems.append(Problem("server_seed_missing"))
        return None
    if isinstance(server_seed, str):
        if not _is_hex(server_seed, SERVER_SEED_BYTES):
            problems.append(Problem("server_seed_format", {"value": _short(server_seed)}))
            return None
        return bytes.fromhex(server_seed)
    if not isinstance(server_seed, bytes) or len(server_seed) != SERVER_SEED_BYTES:
        problems.append(Problem("server_seed_format", {"value": _short(server_seed)}))
        return None
    return server_seed


def _deck_problem(deck: object) -> Problem | None:
    if not isinstance(deck, Sequence) or isinstance(deck, str | bytes):
        return Problem("deck_cards", {"count": "?"})
    cards = list(deck)
    if (len(cards) != 52 or any(isinstance(c, bool) or not isinstance(c, int) for c in cards)
            or sorted(cards) != list(range(52))):
        return Problem("deck_cards", {"count": len(cards)})
    return None


def _deck_differences(deck: list[int], expected: list[int]) -> list[Problem]:
    wrong = [i for i in range(52) if deck[i] != expected[i]]
    if not wrong:
        return []
    first = wrong[0]
    return [Problem("deck_mismatch", {
        "count": len(wrong), "position": first + 1,
        "card": card_name(deck[first]), "expected": card_name(expected[first]),
    })]


def _is_hex(text: object, size: int) -> bool:
    return (isinstance(text, str) and len(text) == 2 * size
            and all(ch in "0123456789abcdef" for ch in text))


def _is_hex_digest(text: object) -> bool:
    return _is_hex(text, 32)


def _short(value: object) -> str:
    text = value.hex() if isinstance(value, bytes) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# ---------------------------------------------------------------- records and the server side


@dataclass(frozen=True, slots=True)
class FairRecord:
    """The ``"fair"`` object of a hand in a game record (``server_seed`` hex, or ``None``
    while the hand is being played). Built with :meth:`FairHand.public` and
    :meth:`FairHand.reveal`; :meth:`from_dict` checks only the shape, :func:`verify_hand`
    the content."""

    version: int
    commitment: str
    server_seed: str | None
    client_seeds: tuple[str | None, ...]
    game_id: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "commitment": self.commitment,
            "server_seed": self.server_seed,
            "client_seeds": list(self.client_seeds),
            "game_id": self.game_id,
        }

    @classmethod
    def from_dict(cls, data: Any) -> FairRecord:
        if not isinstance(data, dict):
            raise FairnessError(f"fair must be an object, got {type(data).__name__}",
                                "fair.not_object", type=type(data).__name__)
        unknown = sorted(set(data) - _FAIR_KEYS)
        if unknown:
            raise FairnessError(f"fair: unknown field {unknown[0]!r}", "fair.unknown_field",
                                field=repr(unknown[0]))
        missing = sorted(_FAIR_KEYS - {"server_seed"} - set(data))
        if missing:
            raise FairnessError(f"fair: missing field {missing[0]!r}", "fair.missing_field",
                                field=repr(missing[0]))
        version = data["version"]
        if isinstance(version, bool) or not isinstance(version, int):
            raise FairnessError(f"fair: version must be a whole number, got {version!r}",
                                "fair.version", value=repr(version))
        for key in ("commitment", "game_id"):
            if not isinstance(data[key], str):
                raise FairnessError(f"fair: {key} must be text, got {data[key]!r}",
                                    "fair.text", field=key, value=repr(data[key]))
        seed = data.get("server_seed")
        if seed is not None and not isinstance(seed, str):
            raise FairnessError(f"fair: server_seed must be hex text or null, got {seed!r}",
                                "fair.server_seed", value=repr(seed))
        seeds = data["client_seeds"]
        if not isinstance(seeds, list) or not all(s is None or isinstance(s, str) for s in seeds):
            raise FairnessError("fair: client_seeds must be a list of texts or nulls, one a seat",
                                "fair.client_seeds")
        return cls(version, data["commitment"], seed, tuple(seeds), data["game_id"])


_FAIR_KEYS = {"version", "commitment", "server_seed", "client_seeds", "game_id"}


@dataclass(frozen=True, slots=True)
class FairHand:
    """The server's side of one provably fair hand. Its ``repr`` leaves out the seed."""

    server_seed: bytes = field(repr=False)
    game_id: str
    hand_number: int
    client_seeds: tuple[str | None, ...] = ()
    version: int = VERSION

    def __post_init__(self) -> None:
        check_server_seed(self.server_seed)
        check_game_id(self.game_id)
        check_hand_number(self.hand_number)
        if not isinstance(self.client_seeds, tuple):
            raise FairnessError("client_seeds must be a tuple, one entry a seat")
        for seed in self.client_seeds:
            check_client_seed(seed)
        if isinstance(self.version, bool) or self.version not in DERIVATIONS:
            raise FairnessError(_unknown_version(self.version).message())

    @classmethod
    def draw(cls, source: ByteSource, game_id: str, hand_number: int) -> FairHand:
        """A new hand with a server seed read from ``source`` (a real game passes
        :class:`ginrummy.core.shuffle.SystemSource`; a test a seeded source)."""
        return cls(source.read(SERVER_SEED_BYTES), game_id, hand_number)

    @property
    def commitment(self) -> str:
        return commitment_of(self.server_seed)

    def with_client_seeds(self, client_seeds: Sequence[str | None]) -> FairHand:
        """The same hand with the players' seeds (seat order, ``None`` for no seed)."""
        return FairHand(self.server_seed, self.game_id, self.hand_number,
                        tuple(client_seeds), self.version)

    def deck(self) -> list[int]:
        return derive_deck(self.server_seed, self.game_id, self.hand_number,
                           self.client_seeds, self.version)

    def public(self) -> FairRecord:
        """What players may see before the hand ends: everything but the server seed."""
        return FairRecord(self.version, self.commitment, None, self.client_seeds, self.game_id)

    def reveal(self) -> FairRecord:
        """The hand's record, server seed included: only once the hand is over."""
        return FairRecord(self.version, self.commitment, self.server_seed.hex(),
                          self.client_seeds, self.game_id)


__all__ = [
    "DERIVATIONS",
    "MAX_CLIENT_SEED_LENGTH",
    "MAX_GAME_ID_LENGTH",
    "SERVER_SEED_BYTES",
    "VERSION",
    "FairHand",
    "FairRecord",
    "FairnessError",
    "Problem",
    "check_client_seed",
    "check_game_id",
    "check_hand_number",
    "check_server_seed",
    "client_seed_problem",
    "commitment_of",
    "deck_message",
    "derive_cut",
    "derive_deck",
    "verify_hand",
]
