"""The options of a table of 2 to 10 players, and where each hand of it is played (R33-R35).

Every hand of a game is an ordinary two-player hand
(:class:`~ginrummy.core.hand.HandState`) scored by the two-player rules, so
:class:`TableRules` wraps a :class:`~ginrummy.core.rules.Rules` and adds only
what the table needs: the number of players and the team target.

>>> TableRules(2, Rules.preset("standard")).kind, TableRules(3, Rules.preset("classic")).kind
('two', 'three')
>>> TableRules(4, Rules.preset("classic")).target
125
>>> TableRules(3, Rules.preset("standard"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ginrummy.core.errors.TableError: dealer_rule 'alternate' does not apply to three players: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ginrummy.core.errors import TableError
from ginrummy.core.hand import HandState
from ginrummy.core.rules import Rules, RulesError

TableKind = Literal["two", "three", "teams"]
MAX_PLAYERS = 10
"""Team games up to five against five."""
TEAM_TARGET = 125
"""R27, R34: the team target unless ``team_target`` says otherwise."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """A game's options: the players, the two-player rules of every hand, and the team target.

    What applies (tests pin each one):

    * **Two players.** Every option of :class:`Rules`; ``team_target`` does not apply.

    * **Three players (R33).** Every option of :class:`Rules` applies to each
      hand and to the individual totals (target, boxes, game bonus, shutout,
      Oklahoma, limits, stake) except ``dealer_rule``: R33 fixes the rotation,
      so only ``"loser"`` is accepted. ``team_target`` does not apply.
      ``first_dealer`` does not apply to any table: the lowest cut deals first
      (R33; teams: its team deals), so ``high_cut_chooses`` (``lotoflaughs``) is
      accepted and ignored, and :meth:`not_applicable` says so.
    * **Teams (R34, R35; an even number of players from 4).** Every hand
      option applies to each sub-game. The game is played to ``team_target``
      (125 unless set); ``rules.target`` is not used. ``dealer_rule`` picks
      the team dealing at every table from the previous round's winning team
      (``loser``: the other team; ``winner``: that team; ``alternate``: the
      teams take turns). Boxes are counted per round won by a team, extra
      boxes (R32) per sub-game won; ``max_hands`` counts rounds.
    """

    players: int
    rules: Rules
    team_target: int | None = None
    """R34: the team game's target (None: 125). Only for team games."""

    def __post_init__(self) -> None:
        players = self.players
        if isinstance(players, bool) or not isinstance(players, int):
            raise TableError(f"players must be a whole number, got {players!r}",
                             "table.players_number", value=repr(players))
        if not isinstance(self.rules, Rules):
            raise TableError(f"rules must be a Rules object, got {type(self.rules).__name__}")
        if players not in (2, 3) and (players < 4 or players % 2 or players > MAX_PLAYERS):
            raise TableError(
                f"players must be 2, 3 (R33) or an even number from 4 to {MAX_PLAYERS} in two "
                f"teams (R34, R35), got {players}", "table.players", high=MAX_PLAYERS,
                value=players,
            )
        if players in (2, 3) and self.team_target is not None:
            raise TableError(f"team_target applies only to team games (R34, R35); "
                             f"{players} players play to rules.target",
                             "table.team_target_not_teams", players=players)
        if players == 3:
            if self.rules.dealer_rule != "loser":
                raise TableError(
                    f"dealer_rule {self.rules.dealer_rule!r} does not apply to three players: "
                    "R33 has the loser of each hand deal the next (use dealer_rule='loser')",
                    "table.three_dealer_rule", rule=repr(self.rules.dealer_rule),
                )
        elif self.team_target is not None and (
            isinstance(self.team_target, bool) or not isinstance(self.team_target, int)
            or not 1 <= self.team_target <= 10_000
        ):
            raise TableError(
                f"team_target must be a whole number from 1 to 10000, got {self.team_target!r}",
                "field.int_range", field="team_target", low=1, high=10000,
                value=repr(self.team_target),
            )

    @property
    def kind(self) -> TableKind:
        return "two" if self.players == 2 else "three" if self.players == 3 else "teams"

    @property
    def target(self) -> int:
        """What a player (three players) or a team must reach (R27)."""
        if self.players <= 3:
            return self.rules.target
        return TEAM_TARGET if self.team_target is None else self.team_target

    @property
    def team_size(self) -> int:
        return self.players // 2

    def not_applicable(self) -> dict[str, str]:
        """The options of ``rules`` this game does not use, each with the reason."""
        if self.players == 2:
            return {}
        if self.players == 3:
            unused = {"dealer_rule": "R33 fixes the rotation: the loser of each hand deals"}
        else:
            unused = {"target": f"a team game plays to team_target ({self.target}, R34)"}
        if self.rules.first_dealer != "low_cut_deals":
            unused["first_dealer"] = "at a table the lowest cut deals first (R33, R34)"
        return unused

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "team_target": self.team_target,
                "rules": self.rules.to_dict()}

    @classmethod
    def from_dict(cls, data: Any) -> TableRules:
        if not isinstance(data, dict):  # data is Any: every field is checked where used
            raise TableError("table rules must be an object with players, team_target, rules",
                             "table.not_object")
        unknown = sorted(set(data) - {"players", "team_target", "rules"})
        if unknown:
            raise TableError(f"unknown table option {unknown[0]!r}", "table.unknown_option",
                             option=repr(unknown[0]))
        try:
            given: Any = data.get("rules")
            rules = Rules.from_dict(given)
        except (RulesError, TypeError) as error:
            raise TableError(f"rules: {error}", "field.error", field="rules",
                             error=error) from None
        players: Any = data.get("players")
        return cls(players, rules, data.get("team_target"))


class OfTableRules:
    """What anything holding a game's :class:`TableRules` tells about it (a game, a record,
    a match): the two-player rules of every hand, the number of players and the seating."""

    __slots__ = ()
    table_rules: TableRules

    @property
    def rules(self) -> Rules:
        """The two-player rules of every hand."""
        return self.table_rules.rules

    @property
    def players(self) -> int:
        return self.table_rules.players

    @property
    def kind(self) -> TableKind:
        return self.table_rules.kind


@dataclass(frozen=True, slots=True)
class TableHand:
    """One two-player hand of a game: at which hand table, between whom, and its state."""

    round: int
    """The hand number (two and three players) or round number (teams), from 1."""
    table: int
    """The hand table (0 for two and three players; 0..n-1 for n-versus-n)."""
    players: tuple[int, int]
    """The player in the hand's seat 0 and the one in its seat 1."""
    dealer: int
    """The player who dealt: the one sitting out (three players) or one of ``players``."""
    state: HandState


    def seat_of(self, player: int) -> int:
        """The hand seat (0 or 1) of ``player``; raises if it is not at this table."""
        if player not in self.players:
            raise TableError(f"player {player} does not play at table {self.table}")
        return self.players.index(player)

    def player_of(self, seat: int | None) -> int | None:
        return None if seat is None else self.players[seat]


def team_of(player: int) -> int:
    """Teams sit alternately: even players are team 0, odd players team 1 (partners face)."""
    return player % 2


def pairings(players: int, round_index: int) -> tuple[tuple[int, int], ...]:
    """R34, R35: who meets whom in round ``round_index`` (from 0), one pair per table.

    Table ``i`` seats team 0's ``i``-th player (player ``2i``) as the hand's seat 0
    against team 1's player ``(i + round) mod n`` as seat 1, so each player
    meets the opponents in turn.

    >>> pairings(4, 0), pairings(4, 1), pairings(4, 2)
    (((0, 1), (2, 3)), ((0, 3), (2, 1)), ((0, 1), (2, 3)))
    """
    size = players // 2
    return tuple((2 * i, 2 * ((i + round_index) % size) + 1) for i in range(size))
