"""A game's rules as the ``games.rules`` column holds them.

Every game stores its :class:`~ginrummy.core.table.TableRules` (``players``,
``team_target`` and the hand's ``rules``). Two-player games stored before that hold the
hand's rules alone; they read as a table of two.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules


def table_rules_of(stored: Mapping[str, Any]) -> TableRules:
    """The rules of a stored game, in either shape."""
    if "players" in stored and "rules" in stored:
        return TableRules.from_dict(dict(stored))
    return TableRules(2, Rules.from_dict(dict(stored)))


def hand_rules_of(stored: Mapping[str, Any]) -> Mapping[str, Any]:
    """The hand's rules (name, target, options) inside a stored game's rules, not checked."""
    inner = stored.get("rules")
    return inner if "players" in stored and isinstance(inner, Mapping) else stored
