"""Provably fair dealing at a live table (:mod:`ginrummy.format.provably_fair`): seeds kept per
hand.

For every deal the server draws a secret server seed (32 bytes from ``Settings.rng``: the
operating system's CSPRNG in a real server) and stores it before its commitment is shown,
under the *slot* of its table (:func:`slot_of`) until the deal gets its number:

- each table's first deal's when the game is created (the cut for the first deal is derived
  from table 0's);
- each table's next deal's when the table is dealt, so its commitment is known long before
  anyone's seed for it.

Two-player games stored before slots keep the next hand's seeds under its hand number; they
are read there (:func:`upcoming`).

No deal is dealt before every person playing it has said ``ready``, hand 1 included; each
``ready`` may carry the player's seed and the commitment the player was shown
(``"seed"``, ``"commitment"``: a stale commitment is refused), and the deck is derived
from the server seed and the players' seeds once they are all in. Computer seats give no
seed.

The server seed of a hand is shown only once that hand is over (:func:`shown`); until then a
reader is shown its commitment.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ginrummy.format.provably_fair import (
    SERVER_SEED_BYTES,
    VERSION,
    FairHand,
    FairRecord,
    commitment_of,
    derive_cut,
)


@dataclass(frozen=True, slots=True)
class FairRow:
    """One hand's seeds as stored (``server_seed`` in hex; secret until the hand is over)."""

    hand_number: int
    server_seed: str
    client_seeds: tuple[str | None, str | None] = (None, None)
    version: int = VERSION

    @property
    def commitment(self) -> str:
        return commitment_of(bytes.fromhex(self.server_seed))

    def numbered(self, hand_number: int) -> FairRow:
        """This slot's seeds as the seeds of deal ``hand_number``."""
        return replace(self, hand_number=hand_number)

    def hand(self, game_id: str) -> FairHand:
        return FairHand(bytes.fromhex(self.server_seed), game_id, self.hand_number,
                        self.client_seeds, self.version)

    def with_seed(self, seat: int, seed: str | None) -> FairRow:
        seeds = list(self.client_seeds)
        seeds[seat] = seed
        return replace(self, client_seeds=(seeds[0], seeds[1]))


def slot_of(table: int) -> int:
    """Where a table game keeps ``table``'s next deal's seeds until that deal is numbered."""
    return -1 - table


def next_deal(rng: random.Random, table: int) -> FairRow:
    """A new server seed for ``table``'s next deal, kept in its slot."""
    return draw(rng, slot_of(table))


def upcoming(fair: Mapping[int, FairRow], table: int, number: int) -> FairRow | None:
    """The seeds of ``table``'s next deal, which will be deal ``number``, if drawn: in the
    table's slot, or (a two-player game stored before slots) under the deal's number."""
    return fair.get(slot_of(table)) or (fair.get(number) if number > 0 else None)


def draw(rng: random.Random, hand_number: int) -> FairRow:
    """A new hand's server seed from ``rng`` (``SystemRandom`` reads ``os.urandom``)."""
    return FairRow(hand_number, rng.randbytes(SERVER_SEED_BYTES).hex())


def first_cut(row: FairRow, game_id: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The cut for the first deal, fixed by the first deal's server seed (version 2)."""
    return derive_cut(bytes.fromhex(row.server_seed), game_id, players)


def deck_of(row: FairRow, game_id: str) -> list[int]:
    return row.hand(game_id).deck()


def shown(row: FairRow, game_id: str, over: bool) -> dict[str, Any]:
    """The hand's fairness data as a client may see it: the seed only once ``over``."""
    hand = row.hand(game_id)
    record: FairRecord = hand.reveal() if over else hand.public()
    return {"hand_number": row.hand_number, **record.to_dict()}
