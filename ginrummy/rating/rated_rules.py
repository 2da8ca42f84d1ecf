"""The rules a rated game may be played under: the family's standard length, no shortcut.

A rating moves as much for one game as for another, so every rated game must be a full game of
its family: played to at least the target of the family's presets (RULES.md, "Presets": 100;
150 for Oklahoma, R32; 125 for a team game, R34) and with no hand or time limit (R31). Any other
rules make a casual game. :func:`unrated_reason` says why some rules cannot be rated, as the
code the server refuses them with.

>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.table import TableRules
>>> unrated_reason(TableRules(2, Rules.preset("standard"))) is None
True
>>> unrated_reason(TableRules(2, Rules.preset("standard", target=15))).code
'rated_short_target'
>>> unrated_reason(TableRules(2, Rules.preset("oklahoma", target=100))).minimum
150
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy.core.rules import Rules
from ginrummy.core.table import TEAM_TARGET, TableRules

RATED_TARGET = 100
"""The standard game's target (R27)."""
RATED_OKLAHOMA_TARGET = 150
"""Oklahoma's target (R32)."""


@dataclass(frozen=True, slots=True)
class Unrated:
    """Why rules cannot be rated: the refusal's ``code``, its English ``message``, and the
    least target a rated game of these rules is played to."""

    code: str
    message: str
    minimum: int


def rated_minimum(rules: Rules, players: int) -> int:
    """The least target of a rated game: a team game's team target, else the rules' target."""
    if players > 3:
        return TEAM_TARGET
    return RATED_OKLAHOMA_TARGET if rules.oklahoma else RATED_TARGET


def unrated_reason(table_rules: TableRules) -> Unrated | None:
    """None if ``table_rules`` may be rated, else why not."""
    rules, players = table_rules.rules, table_rules.players
    minimum = rated_minimum(rules, players)
    if rules.max_hands is not None or rules.time_limit_minutes is not None:
        return Unrated("rated_with_limits", "a rated game is played to its target, with no "
                       "limit on hands or time: these rules make a casual game", minimum)
    target = (table_rules.team_target or TEAM_TARGET) if players > 3 else rules.target
    if target < minimum:
        return Unrated("rated_short_target", f"a rated game of these rules is played to "
                       f"{minimum} points or more, not {target}: a shorter game is casual",
                       minimum)
    return None
