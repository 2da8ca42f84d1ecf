"""Fair play, computed after the game: how often each player's moves in a finished rated game
matched the expert's and level 5's choice at the same position (``gin admin fair-play
--analyse``; the report is :mod:`.fair_play_report`).

The game's stored log is replayed with the rules core (:func:`ginrummy.livetable.position.replay`)
and, at each of a player's turns, that player's :class:`~ginrummy.core.views.PlayerView` is
built (:func:`~ginrummy.core.views.view_of`: never the other's hand) and given to each agent,
which chooses from it alone. Each place has its own agents, made fresh for the game with
seeds derived from the game's id (the same game always gives the same figures), and one per
opponent it faces (a table of three changes opponents), so what an agent learns of a player's
style comes from that player's own views. Level 5 searches a fixed number of sampled worlds
per decision (:data:`LEVEL5_SAMPLES`), so its answer depends on the view and the seed only.

A **decision** counted is a draw (the first upcard included), a discard or knock, or the wall
(R22) with more than one legal move, made by the player: moves the computer made for an idle
player or one whose clock ran out are not counted. Laying out after a knock is not counted
(the least-deadwood layout is nearly always plain). Every turn, counted or not, is shown to
the agents, as a computer player sees them during play.

Most decisions are plain (draw from the stock, throw the card that leaves least deadwood):
every player makes the expert's choice there. So a decision is also counted as **hard** when
the plain player (level 2, :data:`PLAIN`) would not have made the expert's choice; the test
of the report is on the hard decisions, where matching the engines takes its judgement.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from sqlalchemy.engine import Engine

from ginrummy.agents.base import Agent
from ginrummy.agents.registry import make_agent
from ginrummy.coach.review import JUDGED_PHASES
from ginrummy.core.actions import Action
from ginrummy.core.views import view_of
from ginrummy.livetable.position import ReplayError, replay, table_of
from ginrummy.rating import family_of
from ginrummy.server.storage import db
from ginrummy.server.storage.fair_play_store import (
    PendingGame,
    SeatFigures,
    keep,
    pending_games,
    rating_after,
)
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.store import Store, StoredGame

AGENTS = ("expert", "level5")
"""The agents a player's moves are compared with (registered names)."""
PLAIN = "level2"
"""The plain player: a decision where its move is not the expert's is a hard one."""
LEVEL5_SAMPLES = 100
"""Level 5's sampled worlds per decision in the analysis (``--samples``): a fixed number, so
the answer does not depend on the machine's speed; about 0.15 s of one core a decision."""

AgentsFor = Callable[[str, int, tuple[int, int]], Mapping[str, Agent]]
"""``(game id, place, the places at its table) -> agent by name`` (each of :data:`AGENTS` and
:data:`PLAIN`): fresh agents for one player against one opponent in one game."""


def seed_of(*parts: object) -> int:
    """A seed fixed by ``parts`` (the game, the place, the agent): the same analysis always."""
    text = ":".join(str(part) for part in ("fair-play", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 2


def standard_agents(samples: int = LEVEL5_SAMPLES) -> AgentsFor:
    """The expert, level 5 (``samples`` worlds a decision) and the plain player, seeded by the
    game and place."""
    if samples < 1:
        raise ValueError(f"level 5 needs at least one sampled world, got {samples}")

    def make(game_id: str, place: int, table: tuple[int, int]) -> Mapping[str, Agent]:
        return {"expert": make_agent("expert", seed_of(game_id, place, *table, "expert")),
                "level5": make_agent("level5", seed_of(game_id, place, *table, "level5"),
                                     samples=samples),
                PLAIN: make_agent(PLAIN, seed_of(game_id, place, *table, PLAIN))}

    return make


@dataclass(slots=True)
class Tally:
    """One place's decisions in a game and how many matched each agent: in all, and among the
    hard ones."""

    decisions: int = 0
    matches: dict[str, int] = field(default_factory=lambda: dict.fromkeys(AGENTS, 0))
    hard: int = 0
    hard_matches: dict[str, int] = field(default_factory=lambda: dict.fromkeys(AGENTS, 0))


def tally_game(stored: StoredGame, agents: AgentsFor) -> dict[int, Tally]:
    """Each place's tally over the game's stored log (a log that does not replay raises
    :class:`~ginrummy.livetable.position.ReplayError`)."""
    table_rules = table_rules_of(stored.row.rules)
    positions = replay(table_rules, stored.row.cut, stored.decks, stored.log)
    tallies = {place: Tally() for place in range(table_rules.players)}
    playing: dict[tuple[int, tuple[int, int]], Mapping[str, Agent]] = {}
    for position, entry in zip(positions, stored.log, strict=False):
        if entry.kind != "play" or entry.seat is None or entry.action is None:
            continue
        place, game = entry.seat, position.game
        table = table_of(game, place)
        assert table is not None  # the replay checked the entry was this place's move
        state = game.hands[table]
        assert state is not None
        players = game.players_at(table)
        view = view_of(state, players.index(place))
        key = (place, players)
        if key not in playing:
            playing[key] = agents(stored.row.id, place, players)
        chosen = {name: agent.choose(view) for name, agent in playing[key].items()}
        by_player = place not in position.stand_in and place not in position.timed_out
        if by_player and view.phase in JUDGED_PHASES and len(view.legal) > 1:
            _count(tallies[place], chosen, entry.action)
    return tallies


def _count(tally: Tally, chosen: Mapping[str, Action], played: int) -> None:
    hard = chosen[PLAIN] != chosen["expert"]
    tally.decisions += 1
    tally.hard += hard
    for name in AGENTS:
        if chosen[name] == played:
            tally.matches[name] += 1
            tally.hard_matches[name] += hard


def figures_of(engine: Engine, game: PendingGame, agents: AgentsFor,
               samples: int) -> list[SeatFigures]:
    """The figures of each account seat of the finished rated game ``game``; when its log
    cannot be replayed, rows that count nothing and say why (so it is not tried again)."""
    stored = Store(engine).load(game.game_id)
    problem: str | None = None
    tallies: dict[int, Tally] = {}
    family = "standard"
    if stored is None:
        problem = "the game is no longer in the database"
    else:
        table_rules = table_rules_of(stored.row.rules)
        family = family_of(table_rules.rules, table_rules.players)
        try:
            tallies = tally_game(stored, agents)
        except (ReplayError, ValueError) as failure:
            problem = str(failure) or type(failure).__name__
    ratings = rating_after(engine, game.game_id)
    return [_figures(game, seat, account, family, ratings.get(account),
                     tallies.get(seat, Tally()), samples, problem)
            for seat, account in sorted(game.owners.items())]


def _figures(game: PendingGame, seat: int, account: str, family: str, rating: float | None,
             tally: Tally, samples: int, problem: str | None) -> SeatFigures:
    return SeatFigures(game.game_id, seat, account, family, rating, tally.decisions,
                       tally.matches["expert"], tally.matches["level5"], tally.hard,
                       tally.hard_matches["expert"], tally.hard_matches["level5"], samples,
                       game.finished_at, problem)


@dataclass(frozen=True, slots=True)
class Analysis:
    analysed: int
    """Games analysed by this run."""
    problems: int
    """Of those, games whose log could not be replayed (kept with their reason)."""


def analyse_pending(engine: Engine, samples: int = LEVEL5_SAMPLES,
                    agents: AgentsFor | None = None,
                    progress: Callable[[list[PendingGame]], Iterable[PendingGame]] = iter
                    ) -> Analysis:
    """Analyse every finished rated game not analysed yet, each once, oldest first; each game's
    figures are stored as soon as it is done, so a run stopped halfway resumes where it was.
    ``progress`` wraps the list of games (a progress bar)."""
    chosen = agents if agents is not None else standard_agents(samples)
    guard = db.file_guard(engine)
    analysed = problems = 0
    for game in progress(pending_games(engine)):
        figures = figures_of(engine, game, chosen, samples)
        if keep(engine, guard, figures, now()):
            analysed += 1
            problems += any(f.problem is not None for f in figures)
    return Analysis(analysed, problems)
