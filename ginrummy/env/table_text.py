"""The AEC environment's table in words (``render`` and ``describe``), and the hand results
its infos show."""

from __future__ import annotations

from typing import Any

from ginrummy.core.actions import action_name
from ginrummy.core.cards import cards_of, format_cards
from ginrummy.core.hand import Phase
from ginrummy.core.result import HandResult
from ginrummy.core.views import PlayerView

_RESULT_DICTS: dict[HandResult, dict[str, Any]] = {}


def result_dict(result: HandResult) -> dict[str, Any]:
    """``result.to_dict()``, made once for results met before (every void hand for the same
    reason, say): the caller copies it."""
    shown = _RESULT_DICTS.get(result)
    if shown is None:
        if len(_RESULT_DICTS) > 4096:
            _RESULT_DICTS.clear()
        shown = _RESULT_DICTS[result] = result.to_dict()
    return shown


def table_text(agent: str, view: PlayerView | None, over: bool,
               totals: tuple[int, ...] | None, target: int) -> str:
    """What ``agent`` sees of the table (``view``, None when it sits out), in words; the
    game's ``totals`` and ``target`` in a whole game."""
    lines = [f"{agent}" + (" to act" if not over else " (over)")]
    if totals is not None:
        lines.append("totals: " + ", ".join(str(p) for p in totals) + f" (target {target})")
    if view is None:
        lines.append("sitting out this hand")
        return "\n".join(lines)
    lines.append(f"phase {view.phase.name}, stock {view.stock_size}, "
                 f"knock limit {view.knock_limit}")
    lines.append("hand: " + format_cards(cards_of(view.free_cards())))
    lines.append("pile: " + (format_cards(view.pile) or "(empty)"))
    if view.opponent_known:
        lines.append("opponent holds: " + format_cards(cards_of(view.opponent_known)))
    if view.phase is Phase.OVER and view.result is not None:
        lines.append(f"result: {view.result.outcome}, winner seat {view.result.winner}, "
                     f"{view.result.points} points")
    elif view.legal:
        lines.append("legal: " + ", ".join(action_name(a) for a in view.legal))
    return "\n".join(lines)
