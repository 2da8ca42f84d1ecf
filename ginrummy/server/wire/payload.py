"""What the server sends: a seat's (or a watcher's) picture of a game, as JSON-ready dicts.

Everything a client sees is built here from the engine's own views
(:func:`ginrummy.core.views.view_of`), so no hidden card can reach a client that
the engine would not show that seat. A watcher gets :func:`public_view`,
made from the two seats' views: only what both seats may see.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.core.actions import (
    DONE,
    FACE_DOWN_KNOCK,
    KNOCK_BASE,
    LAYOFF_BASE,
    MELD_BASE,
    action_name,
)
from ginrummy.core.cards import cards_of, format_cards, mask_value
from ginrummy.core.game import Game
from ginrummy.core.hand import HandState, Phase
from ginrummy.core.melds import (
    MELD_ID,
    LayoffTargets,
    arrangements,
    best_arrangement,
    best_defence,
    min_deadwood,
    min_deadwood_after_discard,
)
from ginrummy.core.rules import Rules
from ginrummy.core.scoring import Settlement
from ginrummy.core.views import PlayerView, view_of
from ginrummy.server.storage.fairness import FairRow, fair_payload
from ginrummy.server.storage.replay import Position, first_deal_awaits, stage
from ginrummy.server.storage.store import LogEntry

MAX_LAYOUTS = 9
"""The most arrangements a knocker is offered (the terminal game shows as many)."""


def names(mask: int) -> list[str]:
    """A card mask as a list of card names, ``["7H", "TS"]``."""
    return format_cards(cards_of(mask)).split()


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    kind: str
    """``human`` or ``computer``."""
    name: str
    joined: bool
    connected: bool


@dataclass(frozen=True, slots=True)
class TableInfo:
    """The game-level facts a state payload carries besides the game itself."""

    game_id: str
    kind: str
    level: int | None
    computer: str | None
    """The agent playing the computer seat (e.g. ``level3``), or None."""
    seats: tuple[SeatInfo, ...]


def public_history(log: Any) -> list[list[Any]]:
    """The hand's public log: ``[seat, action name]``, a knock shown as face-down ``knock``."""
    out: list[list[Any]] = []
    node = log
    while node is not None:
        node, seat, action = node
        out.append([seat, "knock" if action == FACE_DOWN_KNOCK else action_name(action)])
    out.reverse()
    return out


def seat_view(state: HandState, seat: int) -> dict[str, Any]:
    """``view_of(state, seat).to_dict()`` plus the seat's own best arrangement (live deadwood)."""
    view = view_of(state, seat)
    out = view.to_dict()
    used = view.laid_off if seat != view.knocker else 0
    for meld in view.melds[seat]:
        used |= meld
    free = view.hand & ~used
    arrangement = best_arrangement(free)
    eleven = free.bit_count() == 11
    out["arrangement"] = {
        "melds": [names(m) for m in arrangement.melds],
        "unmatched": names(arrangement.unmatched),
        "deadwood": min_deadwood(free),
        "deadwood_after_discard": min_deadwood_after_discard(free) if eleven else None,
        "discards": {format_cards([card]): min_deadwood(free & ~(1 << card))
                     for card in cards_of(free)} if eleven else None,
    }
    out["layouts"] = layouts(view, free) if view.turn == seat else None
    return out


def _layout(melds: Sequence[int], layoffs: Sequence[int], unmatched: int,
            layable: int | None) -> dict[str, Any]:
    actions = [action_name(LAYOFF_BASE + card) for card in layoffs]
    actions += [action_name(MELD_BASE + MELD_ID[m]) for m in melds] + [action_name(DONE)]
    return {"melds": [names(m) for m in melds], "layoffs": format_cards(layoffs).split(),
            "unmatched": names(unmatched), "deadwood": mask_value(unmatched),
            "layable": layable, "actions": actions}


def layouts(view: PlayerView, free: int) -> list[dict[str, Any]] | None:
    """The ways to finish laying out, best first, each with the actions that make it.

    The knocker (R14, R20) gets every arrangement within the limit, least deadwood
    first, then the fewest unseen cards the opponent could lay off on it (``layable``),
    at most :data:`MAX_LAYOUTS`. The defender (R18, R25) gets its best answer: the
    layoffs (in an order the rules accept one at a time) and melds leaving the least
    deadwood. ``None`` outside those phases.
    """
    if view.phase is Phase.KNOCKER_MELDS:
        limit = 0 if view.big_gin else view.knock_limit
        unseen = view.unseen()
        ranked = []
        for option in arrangements(free, limit, maximal=not view.rules.knocker_may_hide_melds):
            layable = LayoffTargets.of(option.melds).reach(unseen).bit_count()
            ranked.append(((option.deadwood, layable, len(option.melds)), option, layable))
        ranked.sort(key=lambda item: item[0])
        return [_layout(option.melds, (), option.unmatched, layable)
                for _, option, layable in ranked[:MAX_LAYOUTS]]
    if view.phase is not Phase.DEFENDER:
        return None
    gin = view.knocker_deadwood_cards() == 0
    targets = LayoffTargets.of(view.melds[view.knocker])
    laid = view.laid_off
    wanted = best_defence(free | laid, view.melds[view.knocker], gin=gin).layoffs & free
    order: list[int] = []
    pending = cards_of(wanted)
    while pending:  # one card at a time, each accepted after the ones before (R18)
        card = next((c for c in pending if targets.accepts(laid | 1 << c)), None)
        if card is None:
            break
        order.append(card)
        laid |= 1 << card
        pending.remove(card)
    rest = best_arrangement(free & ~laid)
    return [_layout(rest.melds, order, rest.unmatched, None)]


def public_view(state: HandState) -> dict[str, Any]:
    """A hand as a watcher may see it: no card that either seat's opponent cannot see."""
    views = (view_of(state, 0), view_of(state, 1))
    shown = [views[1 - s].opponent_hand for s in (0, 1)]
    first = views[0].to_dict()
    return {
        "seat": None,
        "dealer": state.dealer,
        "phase": first["phase"],
        "turn": state.turn,
        "hand": None,
        "hands": [None if mask is None else names(mask) for mask in shown],
        "hand_counts": [views[1].opponent_count, views[0].opponent_count],
        "known": [names(views[1].opponent_known), names(views[0].opponent_known)],
        "pile": first["pile"],
        "stock_size": first["stock_size"],
        "upcard": first["upcard"],
        "knock_limit": first["knock_limit"],
        "legal": [],
        "history": public_history(views[0].public_log),
        "knocker": first["knocker"],
        "melds": first["melds"],
        "layoffs": first["layoffs"],
        "result": first["result"],
    }


def settlement_dict(settlement: Settlement, over: bool) -> dict[str, Any]:
    return {
        "final": over,
        "points": list(settlement.points),
        "hands_won": list(settlement.hands_won),
        "box_points": list(settlement.box_points),
        "extra_boxes": list(settlement.extra_boxes),
        "extra_box_points": list(settlement.extra_box_points),
        "game_bonus": list(settlement.game_bonus),
        "shutout": settlement.shutout,
        "shutout_points": list(settlement.shutout_points),
        "totals": list(settlement.final),
        "winner": settlement.winner,
        "end_reason": settlement.end_reason,
        "margin": settlement.margin,
        "payer": settlement.payer,
        "payment": settlement.payment,
        "lines": [{"label": line.label, "values": list(line.values)}
                  for line in settlement.lines()],
    }


@functools.lru_cache(maxsize=1024)
def rules_dict(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()``, computed once per rules (``dataclasses.asdict`` is slow, and every
    state carries the rules). Callers get a copy."""
    return rules.to_dict()


def _cut(game: Game) -> dict[str, Any]:
    """The cut (R4). Under ``high_cut_chooses``, ``dealer`` is None until ``high`` (the
    seat that cut the higher card) has chosen; ``chooser`` is that seat while it must."""
    cut = game.cut
    choice = game.high_cut_deals
    dealer: int | None = cut.low
    if game.rules.first_dealer == "high_cut_chooses":
        dealer = None if choice is None else cut.high if choice else cut.low
    return {
        "rounds": [[format_cards([a]), format_cards([b])] for a, b in cut.rounds],
        "dealer": dealer,
        "high": cut.high,
        "first_dealer": game.rules.first_dealer,
        "chooser": game.chooser,
        "high_cut_deals": choice,
    }


def state_payload(info: TableInfo, position: Position, n: int, seat: int | None,
                  fair: Mapping[int, FairRow] | None = None) -> dict[str, Any]:
    """The whole picture of a two-player game after event ``n`` for ``seat`` (None: a
    watcher)."""
    game, ready, stand_in = position.game, position.ready, position.stand_in
    current = game.hand
    last = game.finished[-1] if game.finished else None
    shown = current if current is not None else last
    view = None
    if shown is not None:
        view = public_view(shown) if seat is None else seat_view(shown, seat)
    return {
        "game_id": info.game_id,
        "n": n,
        "mode": "two",
        "you": seat,
        "stage": stage(game),
        "first_deal_awaits_you": first_deal_awaits(
            position, seat, all(s.joined for s in info.seats)),
        "kind": info.kind,
        "level": info.level,
        "computer": info.computer,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "joined": s.joined,
             "connected": s.connected,
             "ready": s.seat in ready or s.kind == "computer" or s.seat in stand_in,
             "stand_in": s.seat in stand_in}
            for s in info.seats
        ],
        "rules": dict(rules_dict(game.rules)),
        "cut": _cut(game),
        "hand_number": game.hand_number if current is not None else len(game.finished),
        "hands_finished": len(game.finished),
        "dealer": game.dealer,
        "to_act": game.to_act,
        "totals": list(game.points),
        "boxes": list(game.hands_won),
        "extra_boxes": list(game.extra_boxes),
        "box_points": list(game.box_points),
        "view": view,
        "last_result": None if last is None or last.result is None else last.result.to_dict(),
        "scores": [
            {"hand": number, "outcome": hand.result.outcome, "winner": hand.result.winner,
             "points": hand.result.points, "extra_boxes": hand.result.extra_boxes}
            for number, hand in enumerate(game.finished, start=1) if hand.result is not None
        ],
        "winner": game.winner,
        "end_reason": game.end_reason,
        "settlement": settlement_dict(game.settlement(), game.is_over),
        "fair": fair_payload(fair or {}, game, info.game_id),
    }


def entry_payload(entry: LogEntry, seat: int | None) -> dict[str, Any]:
    """What happened in a log entry, as ``seat`` may know it (another's knock stays face down)."""
    action: str | None = None
    if entry.kind == "play" and entry.action is not None:
        hidden = entry.seat != seat and KNOCK_BASE <= entry.action < LAYOFF_BASE
        action = "knock" if hidden else action_name(entry.action)
    elif entry.kind == "choose":
        action = "deal" if entry.action else "let_deal"
    return {
        "kind": entry.kind,
        "seat": None if entry.kind == "deal" else entry.seat,  # a deal's is its table
        "action": action,
        "hand_number": entry.action if entry.kind == "deal" else None,
        "table": (entry.seat or 0) if entry.kind == "deal" else None,
        "at": entry.at.isoformat(),
    }


def event_payload(info: TableInfo, entry: LogEntry, position: Position, seat: int | None,
                  fair: Mapping[int, FairRow] | None = None) -> dict[str, Any]:
    return {
        "type": "event",
        "n": entry.seq,
        "event": entry_payload(entry, seat),
        "state": state_payload(info, position, entry.seq, seat, fair),
    }

