"""A tournament as a value: its rules, its entrants and its rounds so far.

Every change makes a new :class:`Tournament`; the same entrants and results in the same
order always give the same pairings and standings (nothing here is random), so a server can
store the results alone and rebuild the tournament from them after a restart.

>>> t = Tournament.start(TournamentRules("knockout", 4),
...                      [Entrant("ann", 1700), Entrant("bob", 1600), Entrant("cy"), Entrant("di")])
>>> [p.seats for p in t.current.pairings]
[('ann', 'di'), ('bob', 'cy')]
>>> t = t.record(GameResult(1, 1, "ann", (104, 12))).record(GameResult(1, 2, "cy", (40, 110)))
>>> [p.seats for p in t.current.pairings]
[('ann', 'cy')]
>>> t = t.record(GameResult(2, 1, "cy", (77, 131)))
>>> t.finished, [line.player for line in t.standings()][:2]
(True, ['cy', 'ann'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ginrummy.tournament.games import Entrant, GameResult, Pairing, Round
from ginrummy.tournament.knockout import slots
from ginrummy.tournament.rules import TournamentError, TournamentRules
from ginrummy.tournament.standings import Standing, ordered, tally
from ginrummy.tournament.swiss import bye_for, swiss_pairs
from ginrummy.tournament.swiss_four import swiss_fours
from ginrummy.tournament.swiss_three import byes_for, swiss_tables


@dataclass(frozen=True, slots=True)
class Tournament:
    rules: TournamentRules
    seeded: tuple[str, ...]
    """The entrants' ids by seed: rating, highest first; equal ratings in entry order."""
    rounds: tuple[Round, ...]

    @classmethod
    def start(cls, rules: TournamentRules, entrants: Iterable[Entrant]) -> Tournament:
        """The tournament with its first round paired."""
        listed = list(entrants)
        ids = [e.id for e in listed]
        if len(set(ids)) != len(ids):
            twice = next(i for i in ids if ids.count(i) > 1)
            raise TournamentError(f"{twice!r} entered twice", "tournament.entered_twice",
                                  player=repr(twice))
        rules.check_entries(len(listed))
        order = sorted(range(len(listed)), key=lambda i: (-listed[i].rating, i))
        first = cls(rules, tuple(listed[i].id for i in order), ())
        return replace(first, rounds=(first._pair(1),))

    # ------------------------------------------------------------ where it stands

    @property
    def current(self) -> Round:
        """The round being played (the last one, once the tournament is over)."""
        return self.rounds[-1]

    @property
    def round_count(self) -> int:
        return self.rules.rounds_for(len(self.seeded))

    @property
    def finished(self) -> bool:
        return self.current.complete and self.current.number == self.round_count

    def standings(self) -> list[Standing]:
        """Every entrant's line, best first (see :mod:`ginrummy.tournament.standings`)."""
        return ordered(tally(self.seeded, self.rounds), self.rules.format, self.rounds)

    def winner(self) -> str | None:
        return self.standings()[0].player if self.finished else None

    # ------------------------------------------------------------ results

    def record(self, result: GameResult) -> Tournament:
        """The tournament with ``result`` in, and the next round paired once the current
        one is complete. Raises :class:`TournamentError` for a result that is not due: of
        another round, of a table that does not exist or already has its result, a winner
        who does not play there."""
        current = self.current
        if self.finished:
            raise TournamentError("the tournament is over", "tournament.over")
        if result.round != current.number:
            raise TournamentError(
                f"round {current.number} is being played, not round {result.round}",
                "tournament.not_this_round", round=result.round, current=current.number)
        pairing = current.pairing(result.table)
        if current.result_of(result.table) is not None:
            raise TournamentError(f"table {result.table} of round {current.number} already "
                                  "has its result", "tournament.result_twice",
                                  table=result.table, round=current.number)
        result.check_against(pairing, self.rules.format == "duplicate")
        done = replace(current, results=(*current.results, result))
        after = replace(self, rounds=(*self.rounds[:-1], done))
        if done.complete and done.number < self.round_count:
            return replace(after, rounds=(*after.rounds, after._pair(done.number + 1)))
        return after

    # ------------------------------------------------------------ pairing

    def _pair(self, number: int) -> Round:
        if self.rules.format == "knockout":
            return self._knockout_round(number)
        return self._swiss_round(number)

    def _swiss_round(self, number: int) -> Round:
        if self.rules.table_size > 2:
            return self._swiss_tables_round(number)
        lines = self.standings()
        ranked = [line.player for line in lines]
        byes: tuple[str, ...] = ()
        if len(ranked) % 2:
            bye = bye_for(ranked, {line.player for line in lines if line.byes})
            ranked.remove(bye)
            byes = (bye,)
        met = {frozenset((line.player, o)) for line in lines for o in line.opponents}
        scores = {line.player: line.score for line in lines}
        pairs = swiss_pairs(ranked, scores, met)
        duplicate = self.rules.format == "duplicate"
        return Round(number, tuple(
            # duplicate: at every second table the better player takes seat 1, so that
            # the paired tables' better players hold each other's cards
            Pairing(number, table, (b, a) if duplicate and table % 2 == 0 else (a, b))
            for table, (a, b) in enumerate(pairs, start=1)), byes)

    def _swiss_tables_round(self, number: int) -> Round:
        """A round at tables of three (R33) or four (R34)."""
        size = self.rules.table_size
        lines = self.standings()
        byes = byes_for([line.player for line in lines],
                        {line.player for line in lines if line.byes}, size)
        ranked = [line.player for line in lines if line.player not in byes]
        met = {frozenset((line.player, o)) for line in lines
               for o in (*line.opponents, *line.partners)}
        scores = {line.player: line.score for line in lines}
        tables: Sequence[tuple[str, ...]]
        if size == 4:
            partnered = {frozenset((line.player, o)) for line in lines for o in line.partners}
            tables = swiss_fours(ranked, scores, met, partnered)
        else:
            tables = swiss_tables(ranked, scores, met)
        return Round(number, tuple(Pairing(number, table, seats)
                                   for table, seats in enumerate(tables, start=1)), byes)

    def _knockout_round(self, number: int) -> Round:
        field: Sequence[str | None] = (slots(self.seeded) if number == 1
                                       else self._advancing(self.rounds[-1]))
        pairings: list[Pairing] = []
        byes: list[str] = []
        for i in range(0, len(field), 2):
            a, b = field[i], field[i + 1]
            if a is not None and b is not None:
                pairings.append(Pairing(number, len(pairings) + 1, (a, b)))
            else:
                byes += [p for p in (a, b) if p is not None]
        return Round(number, tuple(pairings), tuple(byes))

    def _advancing(self, before: Round) -> list[str | None]:
        """The bracket of the round after ``before``: its winners and byes, in slot order."""
        field: Sequence[str | None] = (slots(self.seeded) if before.number == 1
                                       else self._advancing(self.rounds[before.number - 2]))
        winners = {result.winner for result in before.results}
        nxt: list[str | None] = []
        for i in range(0, len(field), 2):
            pair = [p for p in field[i:i + 2] if p is not None]
            nxt.append(next((p for p in pair if p in winners or len(pair) == 1), None))
        return nxt
