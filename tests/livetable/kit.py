"""Helpers of the live table's tests: tables made in memory, and games played through
:func:`ginrummy.livetable.apply` by the registry's agents, every step kept."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.core.views import view_of
from ginrummy.livetable import (
    Applied,
    ChooseDealer,
    ComputerPlay,
    LogEntry,
    Play,
    Ready,
    Seat,
    Setup,
    Table,
    apply,
    computer_moves,
    new_table,
)
from ginrummy.livetable.clocks import ClockRules
from ginrummy.livetable.fairness import FairRow, draw, first_cut, slot_of

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
GAME_ID = "kitGame00001"


def make_table(players: int = 2, rules: Rules | None = None, computers: Sequence[int] = (),
               seed: int = 1, clock: ClockRules | None = None, forfeits_on_time: bool = False,
               idle_seconds: float | None = None, joined: bool = True) -> Table:
    """A new table as the server makes one: each table's first deal's seeds drawn, the cut
    derived from table 0's; people at every place but ``computers``."""
    rng = random.Random(seed)
    if rules is not None and players == 3 and rules.dealer_rule != "loser":
        rules = replace(rules, dealer_rule="loser")  # R33: the loser of each hand deals
    fair: dict[int, FairRow] = {}
    for at in range(max(1, players // 2) if players != 3 else 1):
        fair[slot_of(at)] = draw(rng, slot_of(at))
    setup = Setup(GAME_ID, TableRules(players, rules or Rules()),
                  first_cut(fair[slot_of(0)], GAME_ID, players), START,
                  kind="table" if players > 2 else "friend", clock=clock,
                  forfeits_on_time=forfeits_on_time, idle_seconds=idle_seconds)
    seats = [Seat(p, "computer" if p in computers else "human",
                  "Computer" if p in computers else f"Player {p}", joined or p in computers)
             for p in range(players)]
    return new_table(setup, seats, fair=fair)


@dataclass
class Played:
    """A game played through :func:`apply`: every step, and the table before the first."""

    first: Table
    steps: list[Applied] = field(default_factory=list)

    @property
    def last(self) -> Table:
        return self.steps[-1].table if self.steps else self.first

    def entries(self) -> list[LogEntry]:
        return [entry for step in self.steps for entry in step.stored.entries]

    def tables(self) -> Iterator[tuple[Table, Applied]]:
        """(table before, step) of every step."""
        before = self.first
        for step in self.steps:
            yield before, step
            before = step.table


def next_command(table: Table, agents: dict[int, Agent], rng: random.Random
                 ) -> Play | ComputerPlay | Ready | ChooseDealer:
    """What the people (their agents) and the computer do next at ``table``."""
    moves = computer_moves(table)
    if moves:
        move = moves[0]
        return ComputerPlay(move.place, agents[move.place].choose(move.view))
    game = table.game
    for at, hand in enumerate(game.hands):
        if hand is not None:
            place = game.players_at(at)[hand.turn]
            action = agents[place].choose(view_of(hand, hand.turn))
            return Play(place, action, expect=table.n, client_id=f"m{table.n}")
    if game.chooser is not None:
        return ChooseDealer(game.chooser, rng.random() < 0.5, expect=table.n)
    waiting = sorted(place for at in game.tables_to_deal() for place in game.players_at(at)
                     if place not in table.position.ready and table.seats[place].kind == "human")
    place = waiting[0]
    return Ready(place, seed=f"seed {place} {table.n}", expect=table.n)


def play_game(table: Table, seed: int = 0, limit: int = 4000, agent: str = "level1",
              step_seconds: float = 3.0) -> Played:
    """Play ``table`` to its end (or ``limit`` commands): each command ``step_seconds``
    after the one before."""
    rng = random.Random(seed)
    agents = {p: make_agent(agent, seed * 10 + p) for p in range(table.game.players)}
    played = Played(table)
    now = START
    while played.last.stage != "over" and len(played.steps) < limit:
        now += timedelta(seconds=step_seconds)
        command = next_command(played.last, agents, rng)
        played.steps.append(apply(played.last, command, now, rng))
    return played


def stored_fair(played: Played) -> dict[int, FairRow]:
    """The seeds as the store would hold them after ``played``: each row written or replaced."""
    fair = dict(played.first.fair)
    for step in played.steps:
        fair.update({row.hand_number: row for row in step.stored.fair})
    return fair


def stored_decks(played: Played) -> dict[int, tuple[int, ...]]:
    return {number: deck for step in played.steps for number, deck in step.stored.decks.items()}
