"""The fair-play figures in the database: for each rated game and account seat, its decisions
and how many matched the expert's and level 5's choice (:mod:`ginrummy.server.audit.fair_play`
computes them, ``gin admin fair-play`` reads them).

A game is analysed once: its rows are written together, and a game with rows is no longer
pending. Nothing here is shown to players. Blocking calls, one transaction each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware


@dataclass(frozen=True, slots=True)
class SeatFigures:
    """One account seat of one rated game, as analysed."""

    game_id: str
    seat: int
    account_id: str
    family: str
    rating: float | None
    """The account's rating in ``family`` after this game (None: not known)."""
    decisions: int
    """Its decisions counted: draws, discards, knocks and the wall with a choice, made by
    the player (not by the computer standing in)."""
    expert_matches: int
    level5_matches: int
    hard_decisions: int
    """Of those, the decisions where the plain player (level 2) would not have made the
    expert's choice: the ones that take judgement."""
    hard_expert_matches: int
    hard_level5_matches: int
    level5_samples: int
    """Level 5's sampled worlds per decision in this analysis."""
    finished_at: datetime
    problem: str | None = None
    """Why the game could not be analysed (then nothing was counted)."""


@dataclass(frozen=True, slots=True)
class AccountGame:
    """:class:`SeatFigures` with the account's name, as the report reads them."""

    username: str
    figures: SeatFigures


@dataclass(frozen=True, slots=True)
class PendingGame:
    game_id: str
    finished_at: datetime
    owners: dict[int, str]
    """The account of each seat an account held."""


def pending_games(engine: Engine) -> list[PendingGame]:
    """The finished rated games with an account seat and no figures yet, oldest first."""
    figures = db.fair_play
    seats = db.account_seats
    query = (sa.select(db.games.c.id, db.records.c.finished_at, seats.c.seat,
                       seats.c.account_id)
             .join(db.records, db.records.c.game_id == db.games.c.id)
             .join(seats, seats.c.game_id == db.games.c.id)
             .where(db.games.c.rated.is_(True), db.games.c.status == "over",
                    ~sa.exists().where(figures.c.game_id == db.games.c.id))
             .order_by(db.records.c.finished_at, db.games.c.id, seats.c.seat))
    found: dict[str, PendingGame] = {}
    with engine.connect() as conn:
        for row in conn.execute(query).all():
            game = found.setdefault(row.id, PendingGame(row.id, aware(row.finished_at), {}))
            game.owners[row.seat] = row.account_id
    return list(found.values())


def rating_after(engine: Engine, game_id: str) -> dict[str, float]:
    """Each account's rating after the rated game ``game_id`` (its family's)."""
    history = db.rating_history
    with engine.connect() as conn:
        rows = conn.execute(sa.select(history.c.account_id, history.c.mu)
                            .where(history.c.game_id == game_id)).all()
    return {r.account_id: float(r.mu) for r in rows}


def keep(engine: Engine, guard: db.FileGuard, figures: Sequence[SeatFigures],
         analysed_at: datetime) -> bool:
    """Store one game's figures (all its account seats together); False when that game was
    analysed meanwhile by another run (nothing written)."""
    if not figures:
        return False
    try:
        with engine.begin() as conn:
            conn.execute(db.fair_play.insert(), [{
                "game_id": f.game_id, "seat": f.seat, "account_id": f.account_id,
                "family": f.family, "rating": f.rating, "decisions": f.decisions,
                "expert_matches": f.expert_matches, "level5_matches": f.level5_matches,
                "hard_decisions": f.hard_decisions,
                "hard_expert_matches": f.hard_expert_matches,
                "hard_level5_matches": f.hard_level5_matches,
                "level5_samples": f.level5_samples, "problem": f.problem,
                "finished_at": f.finished_at, "analysed_at": analysed_at} for f in figures])
            guard.check()
    except IntegrityError:
        return False
    return True


def analysed(engine: Engine) -> list[AccountGame]:
    """Every stored figure of an account that still exists, newest game first."""
    figures = db.fair_play
    query = (sa.select(figures, db.accounts.c.username)
             .join(db.accounts, db.accounts.c.id == figures.c.account_id)
             .order_by(figures.c.finished_at.desc(), figures.c.game_id, figures.c.seat))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [AccountGame(r.username, SeatFigures(
        r.game_id, r.seat, r.account_id, r.family, r.rating, r.decisions, r.expert_matches,
        r.level5_matches, r.hard_decisions, r.hard_expert_matches, r.hard_level5_matches,
        r.level5_samples, aware(r.finished_at), r.problem)) for r in rows]


def seat_names(engine: Engine, game_ids: Sequence[str]) -> dict[str, dict[int, str]]:
    """The name at each seat of the given games."""
    if not game_ids:
        return {}
    out: dict[str, dict[int, str]] = {}
    with engine.connect() as conn:
        rows = conn.execute(sa.select(db.seats.c.game_id, db.seats.c.seat, db.seats.c.name)
                            .where(db.seats.c.game_id.in_(list(game_ids)))).all()
    for row in rows:
        out.setdefault(row.game_id, {})[row.seat] = row.name
    return out


def forget(conn: sa.Connection, account_id: str) -> None:
    """Delete the account's figures (the account is being deleted)."""
    conn.execute(db.fair_play.delete().where(db.fair_play.c.account_id == account_id))
