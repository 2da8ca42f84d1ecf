"""Is a finished game's record fair? Each hand's seeds, deck and commitment, and the replay.

For each hand the record's "fair" object gives the commitment published before the hand, the
server seed revealed after it, the players' seeds and the game id. A hand is fair when the
SHA-256 of the server seed is the commitment, the deck is the one derived from the seeds
(docs/FAIRNESS.md), and the record replays by the rules. A server seed revealed while its hand
was still being played, or used for two hands, is a problem too. A table game's hand is derived
with its "deal" number instead of its place in the record, which must be given and differ from
every other hand's. ``gin verify`` and ``gin serve --verify-records`` report what this finds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy.format.provably_fair import FairRecord, Problem
    from ginrummy.format.record import GameRecord, RecordError
    from ginrummy.i18n import Messages

SEATS = 2
"""Every hand, of a two-player or a table game, has two seats: one client seed a seat."""


@dataclass
class Verdict:
    """What :func:`verify_record` found: the problems of each hand (in order) and of the game."""

    hands: list[list[Problem]] = field(default_factory=list)
    game: list[Problem] = field(default_factory=list)

    @property
    def fair(self) -> bool:
        return not self.game and not any(self.hands)


@dataclass(frozen=True, slots=True)
class HandToCheck:
    """What the fairness checks need of one hand, whatever the record's format."""

    deck: tuple[int, ...]
    fair: FairRecord | None
    hand_number: int | None
    """The derivation's hand number: the place in a two-player record, a table hand's deal."""


def hands_to_check(record: GameRecord) -> list[HandToCheck]:
    return [HandToCheck(hand.deck, hand.fair, deal)
            for hand, deal in zip(record.hands, record.deal_numbers(), strict=True)]


def verify_record(record: GameRecord) -> Verdict:
    """Check every hand of ``record``: its fair data, its deck and the replay. No I/O."""
    from ginrummy.format.provably_fair import Problem

    hands = hands_to_check(record)
    verdict = Verdict([[] for _ in hands])
    if not hands:
        verdict.game.append(Problem("no_hands"))
    over = _replay(record, verdict)
    first_game_id: str | None = None
    seen_seeds: dict[str, int] = {}
    seen_deals: dict[int, int] = {}
    for number, hand in enumerate(hands, 1):
        problems = verdict.hands[number - 1]
        fair = hand.fair
        if fair is None:
            problems.append(Problem("no_fair"))
            continue
        if over[number - 1] is False:
            problems.append(Problem("not_over" if fair.server_seed is None else "revealed_early"))
            if fair.server_seed is None:
                continue
        if hand.hand_number is None:
            problems.append(Problem("no_deal"))
        else:
            problems.extend(_hand_problems(hand, hand.hand_number))
            other = seen_deals.setdefault(hand.hand_number, number)
            if other != number:
                problems.append(Problem("deal_reused", {"deal": hand.hand_number, "other": other}))
        if first_game_id is None:
            first_game_id = fair.game_id
        elif fair.game_id != first_game_id:
            problems.append(Problem("game_id_differs",
                                    {"game_id": repr(fair.game_id), "first": repr(first_game_id)}))
        if fair.server_seed is not None:
            other = seen_seeds.setdefault(fair.server_seed, number)
            if other != number:
                problems.append(Problem("seed_reused", {"other": other}))
    cut = _cut_problem(record, hands)
    if cut is not None:
        verdict.game.append(cut)
    return verdict


def _cut_problem(record: GameRecord, hands: list[HandToCheck]) -> Problem | None:
    """Version 2: the cut must be the one the first deal's server seed fixes (at a table game
    the first deal at the first table)."""
    from ginrummy.format.provably_fair import FairnessError, Problem, commitment_of, derive_cut
    first = next((hand for hand, item in zip(hands, record.hands, strict=True)
                  if item.table == 0), None)
    players = record.players
    fair = first.fair if first is not None else None
    if fair is None or fair.version < 2 or fair.server_seed is None:
        return None
    try:
        seed = bytes.fromhex(fair.server_seed)
        if commitment_of(seed) != fair.commitment:
            return None  # the hand's own line says so
        expected = derive_cut(seed, fair.game_id, players)
    except (ValueError, FairnessError):
        return None
    if tuple(tuple(r) for r in record.cut.rounds) == expected:
        return None
    from ginrummy.core.cards import card_name

    def text(rounds: Sequence[Sequence[int]]) -> str:
        return ", ".join(" ".join(card_name(c) for c in r) for r in rounds)

    return Problem("cut_mismatch", {"cut": text(record.cut.rounds), "expected": text(expected)})


def seed_problems(hands: list[HandToCheck], claims: Sequence[str]) -> list[Problem]:
    """``HAND=SEED`` claims (``--seed``) whose seed is not among that hand's seeds."""
    from ginrummy.format.provably_fair import Problem

    problems = []
    for claim in claims:
        number_text, _, seed = claim.partition("=")
        if not number_text.strip().isdigit() or not seed:
            problems.append(Problem("seed_claim", {"claim": repr(claim)}))
            continue
        number = int(number_text)
        if not 1 <= number <= len(hands):
            problems.append(Problem("seed_claim_hand", {"number": number, "count": len(hands)}))
            continue
        fair = hands[number - 1].fair
        if fair is None or seed not in fair.client_seeds:
            problems.append(Problem("seed_not_used", {"number": number, "seed": repr(seed)}))
    return problems


def _hand_problems(hand: HandToCheck, hand_number: int) -> list[Problem]:
    from ginrummy.format.provably_fair import verify_hand

    fair = hand.fair
    assert fair is not None
    return verify_hand(fair.commitment, fair.server_seed, fair.client_seeds, fair.game_id,
                       hand_number, hand.deck, version=fair.version, seats=SEATS)


def _replay(record: GameRecord, verdict: Verdict) -> list[bool | None]:
    """Replay ``record``; return whether each hand ended (``None``: the replay stopped first)."""
    from ginrummy.format.provably_fair import Problem
    from ginrummy.format.record import RecordError
    from ginrummy.format.replay import walk

    over: list[bool | None] = [None] * len(record.hands)
    try:
        game: Any = None
        for step in walk(record):
            game = step.game
            if step.kind in ("forfeit", "resign"):  # the hands it stopped are over too
                over = [True if done is False else done for done in over]
            elif step.kind != "time_up":
                over[step.hand - 1] = step.finished
    except RecordError as error:
        _replay_problem(error, verdict)
        return over
    if game is not None and not game.is_over:
        verdict.game.append(Problem("not_finished"))
    return over


def _replay_problem(error: RecordError, verdict: Verdict) -> None:
    from ginrummy.format.provably_fair import Problem

    where = verdict.game if error.hand is None else verdict.hands[error.hand - 1]
    where.append(Problem("replay", {"error": error}))


def _is_notation(text: str) -> bool:
    from ginrummy.format.notation import parse_notation

    try:
        parse_notation(text)
    except ValueError:
        return False
    return True


def read_record(text: str) -> GameRecord:
    """The record in ``text``, of any version and format (not replayed yet)."""
    from ginrummy.format.record import (
        FORMAT,
        TABLE_FORMAT_V1,
        RecordError,
        is_game_record,
        json_error,
        record_from_dict,
    )

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        if _is_notation(text):
            raise RecordError("this is the text notation, which keeps no seeds or "
                              "commitments: verify the game's JSON record (gin replay reads "
                              "both)", code="verify.notation") from None
        raise json_error(error) from None
    if isinstance(data, dict) and not is_game_record(data):
        kind = data.get("format")
        raise RecordError(f"not a game record: format is {kind!r} (this program reads "
                          f"{FORMAT!r} and {TABLE_FORMAT_V1!r})", code="verify.format",
                          kind=repr(kind), first=repr(FORMAT), second=repr(TABLE_FORMAT_V1))
    return record_from_dict(data)


def problem_text(problem: Problem, m: Messages) -> str:
    """``problem`` in the language of ``m``, the replay's error included."""
    from ginrummy.i18n.errors import error_text

    error = problem.params.get("error")
    if problem.code == "replay" and isinstance(error, BaseException):
        return m("verify.problem.replay", error=error_text(error, m))
    return problem.message(m.lang)
