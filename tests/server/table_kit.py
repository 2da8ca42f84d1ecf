"""Helpers for server tests of three-player and team tables: a place that plays its own hand."""

from __future__ import annotations

from typing import Any

from tests.server.kit import Player, first_choice


def my_move(state: dict[str, Any]) -> bool:
    """The place of ``state`` has a hand in progress and is to act in it."""
    hand = state.get("table_hand")
    return (state.get("stage") == "hand" and hand is not None and hand["you"] is not None
            and hand["to_act"] == hand["you"] and state["you"] in state["to_act"])


def wants_ready(state: dict[str, Any]) -> bool:
    you = state.get("you")
    mine = next((s for s in state["seats"] if s["seat"] == you), None)
    return (state.get("stage") != "over" and you in state.get("to_act", [])
            and mine is not None and not mine["ready"] and not my_move(state))


def step(place: Player) -> None:
    """Move, say ready, or wait for the next message, as the state asks."""
    state = place.state
    if my_move(state):
        reply = place.act(first_choice(state["view"]))
        assert reply["type"] == "ack", reply
    elif wants_ready(state):
        reply = place.ready()
        assert reply["type"] == "ack", reply
    else:
        place.recv()


def play_until(place: Player, done: Any, limit: int = 20_000) -> None:
    """Play ``place`` (the other places are computers) until ``done(state)``."""
    for _ in range(limit):
        if done(place.state):
            return
        step(place)
    raise AssertionError(f"not done after {limit} steps: stage {place.state.get('stage')}")
