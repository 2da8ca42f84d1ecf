"""A Python port of the browser's reducer (``ginrummy/web/static/tablestate.js``): a reader's
snapshot with the events it is sent folded in, for tests that read a socket of wire 2
(tests/server/test_wire_two*.py) and the bench's clients. Kept in step with the JS by
:mod:`tests.livetable.test_livetable_reader_fold`, which folds the same golden streams.

:func:`gap` is the reader's test for a missed event: every log entry has an event for
everyone, so an event whose entry ``n`` is more than one past the state's says that entries
went by unseen (the reader asks for a snapshot: ``resync``).
"""

from __future__ import annotations

import copy
from typing import Any

from ginrummy.core.cards import cards_of
from ginrummy.core.meld_catalogue import ALL_MELDS

DRAW_STOCK = 0
DRAW_DISCARD = 1
DISCARD_BASE = 5
KNOCK_BASE = DISCARD_BASE + 52
LAYOFF_BASE = KNOCK_BASE + 52
MELD_BASE = LAYOFF_BASE + 52
BIG_GIN = 4
FACE_DOWN_KNOCK = -1

State = dict[str, Any]


def from_snapshot(snapshot: State) -> State:
    """The snapshot (a copy); the facts come in the notices that follow it."""
    return {**copy.deepcopy(snapshot), "facts": None, "seat_facts": None}


def gap(state: State, event: dict[str, Any]) -> bool:
    """Whether ``event`` shows that the reader missed events since ``state``."""
    return "n" in event and event["n"] > state["n"] + 1


def stale(state: State, event: dict[str, Any]) -> bool:
    """Whether the reader already holds ``event`` (its snapshot came after it)."""
    return "version" in event and event["version"] <= state["version"]


def _without(items: list[int], item: int) -> list[int]:
    return [x for x in items if x != item]


def _with(items: list[int], item: int) -> list[int]:
    return items if item in items else sorted([*items, item])


def _change_table(state: State, at: int, change: Any) -> State:
    view = state["tables"][at]
    if not view:
        return state
    tables = list(state["tables"])
    tables[at] = change(view)
    return {**state, "tables": tables}


def _after_move(view: dict[str, Any], event: dict[str, Any], reader: int | None
                ) -> dict[str, Any]:
    index = view["players"].index(event["place"])
    mine = event["place"] == reader
    counts = list(view["counts"])
    known = list(view["known"])
    pile, stock, hand = view["pile"], view["stock"], view["hand"]
    knocker, melds, laid_off = view["knocker"], view["melds"], view["laid_off"]
    action = event["action"]
    if action == DRAW_STOCK:
        stock -= 1
        counts[index] += 1
    elif action == DRAW_DISCARD:
        card = pile[-1]
        pile = pile[:-1]
        counts[index] += 1
        known[index] = _with(known[index], card)
        if mine and hand is not None:
            hand = _with(hand, card)
    elif action == FACE_DOWN_KNOCK or KNOCK_BASE <= action < LAYOFF_BASE:
        counts[index] -= 1
        knocker = index
        if action != FACE_DOWN_KNOCK:
            known[index] = _without(known[index], action - KNOCK_BASE)
        elif "card" in event:
            known[index] = _without(known[index], event["card"])
        if mine and hand is not None and action != FACE_DOWN_KNOCK:
            hand = _without(hand, action - KNOCK_BASE)
    elif DISCARD_BASE <= action < KNOCK_BASE:
        card = action - DISCARD_BASE
        pile = [*pile, card]
        counts[index] -= 1
        known[index] = _without(known[index], card)
        if mine and hand is not None:
            hand = _without(hand, card)
    elif action == BIG_GIN:
        knocker = index
    elif LAYOFF_BASE <= action < MELD_BASE:
        laid_off = _with(laid_off, action - LAYOFF_BASE)
    elif action >= MELD_BASE:
        melds = list(melds)
        melds[index] = [*melds[index], cards_of(ALL_MELDS[action - MELD_BASE])]
    turn = view["turn"] if event["turn"] is None else event["turn"]
    return {**view, "pile": pile, "stock": stock, "counts": counts, "hand": hand, "turn": turn,
            "known": known, "knocker": knocker, "melds": melds, "laid_off": laid_off,
            "history": [*view["history"], [index, action]], "phase": event["phase"]}


def _own_knock(view: dict[str, Any], card: int, action: int) -> dict[str, Any]:
    """The reader's own face-down knock: its card leaves its hand, its history shows it."""
    index = view["history"][-1][0]
    known = list(view["known"])
    known[index] = _without(known[index], card)
    return {**view, "hand": view["hand"] and _without(view["hand"], card), "known": known,
            "history": [*view["history"][:-1], [index, action]]}


def reduce(state: State, event: dict[str, Any]) -> State:  # noqa: C901 - one case a kind
    """The state after one event or notice (as ``event_json`` gives it)."""
    nxt = dict(state)
    if "version" in event:
        nxt["version"] = event["version"]
    if "n" in event:
        nxt["n"] = event["n"]
    kind = event["kind"]
    if kind == "dealt":
        tables = list(nxt["tables"])
        dealt = 52 - event["stock"] - 1
        tables[event["table"]] = {
            "players": event["players"], "dealer": event["dealer"], "turn": event["turn"],
            "upcard": event["upcard"], "knock_limit": event["knock_limit"],
            "stock": event["stock"], "pile": [event["upcard"]],
            "counts": [dealt // 2, dealt // 2], "hand": None, "phase": event["phase"],
            "history": [], "knocker": None, "melds": [[], []], "laid_off": [],
            "known": [[], []]}
        ready = [p for p in nxt["ready"] if p not in event["players"]]
        return {**nxt, "tables": tables, "ready": ready, "stage": "hand", "chooser": None}
    if kind == "hand":
        return _change_table(nxt, event["table"],
                             lambda view: {**view, "hand": sorted(event["cards"])})
    if kind == "committed":
        commitments = list(nxt["commitments"])
        commitments[event["table"]] = event["commitment"]
        return {**nxt, "commitments": commitments}
    if kind == "played":
        legal = nxt["legal"]
        if legal and legal["table"] == event["table"]:
            legal = None
        reader = nxt["reader"]
        return _change_table({**nxt, "legal": legal}, event["table"],
                             lambda view: _after_move(view, event, reader))
    if kind == "own_action":
        if KNOCK_BASE <= event["action"] < LAYOFF_BASE:
            card = event["action"] - KNOCK_BASE
            return _change_table(nxt, event["table"],
                                 lambda view: _own_knock(view, card, event["action"]))
        return nxt
    if kind == "drew":
        return _change_table(nxt, event["table"], lambda view: {
            **view, "hand": view["hand"] and _with(view["hand"], event["card"])})
    if kind == "legal":
        return {**nxt, "legal": {"table": event["table"], "actions": list(event["actions"])}}
    if kind == "hand_over":
        tables = list(nxt["tables"])
        tables[event["table"]] = None
        legal = nxt["legal"]
        if legal and legal["table"] == event["table"]:
            legal = None
        stage = nxt["stage"] if any(tables) else "between_hands"
        return {**nxt, "tables": tables, "legal": legal, "stage": stage,
                "totals": list(event["totals"])}
    if kind == "ready":
        return {**nxt, "ready": _with(nxt["ready"], event["place"])}
    if kind == "dealer_chosen":
        return {**nxt, "chooser": None}
    if kind == "stand_in":
        change = _with if event["on"] else _without
        return {**nxt, "stand_in": change(nxt["stand_in"], event["place"])}
    if kind == "game_over":
        return {**nxt, "stage": "over", "legal": None, "winner": event["winner"],
                "totals": list(event["totals"]), "end_reason": event["end_reason"]}
    if kind == "clocks":
        return {**nxt, "clocks": {key: event[key] for key in
                                  ("left", "timeouts", "running_since", "deadlines")}}
    if kind == "joined":
        return {**nxt, "seats": [{**s, "name": event["name"], "joined": True}
                                 if s["place"] == event["place"] else s for s in nxt["seats"]]}
    if kind == "sent_away":
        return {**nxt, "seats": [{**s, "name": "", "joined": False}
                                 if s["place"] == event["place"] else s for s in nxt["seats"]]}
    if kind == "presence":
        return {**nxt, "connected": list(event["connected"])}
    if kind == "rematch":
        game_id = event.get("game_id")
        return {**nxt, "rematch_offers": list(event["offers"]),
                "rematch_id": nxt["rematch_id"] if game_id is None else game_id}
    if kind in ("facts", "seat_facts"):
        fields = {k: v for k, v in event.items() if k not in ("kind", "type")}
        if kind == "facts":  # whole after a snapshot, then the keys that changed
            fields = {**(nxt["facts"] or {}), **fields}
        return {**nxt, kind: fields}
    return nxt  # time_up, clock_ran_out, forfeited; an unknown kind changes nothing


def comparable(state: State) -> State:
    """The state without its version (a reader's last event need not be the table's last)
    and its facts (a snapshot holds none: they come in the notices after it)."""
    return {k: v for k, v in state.items() if k not in ("version", "facts", "seat_facts")}
