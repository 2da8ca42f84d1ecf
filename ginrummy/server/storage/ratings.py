"""Players' ratings in the database: each account's rating per rules family and its history.

A rated game (``games.rated``: between accounts, no computer seat) updates the rating of every
account that played it, in its family (:func:`ginrummy.rating.family_of`), in the same
transaction as the move that ended it (:func:`settle`, called by
:meth:`~ginrummy.server.storage.store.Store.append` with the game's record): the game's end and
the ratings it moves are committed together or not at all, and ``rating_history`` holds one row
per account and game (its key), so a game is never applied twice.

A player the computer played for when the game ended (the idle rule: ``idle`` with no
``back`` after it) abandoned it: their side takes the last place whatever the score said.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.core.seating import Seating
from ginrummy.rating import FAMILIES, PROVISIONAL_SIGMA, Family, Rating, family_of, rate_places
from ginrummy.server.storage import db
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.moments import aware

Source = Engine | sa.Connection
"""Where a query runs: an engine (a connection of its own) or a transaction's connection."""


def _engine_of(source: Any) -> Source:
    """``source`` itself, or a store's engine (anything with an ``engine``)."""
    return source if isinstance(source, Engine | sa.Connection) else source.engine


def _read(source: Source, query: Any) -> list[Any]:
    if isinstance(source, sa.Connection):
        return list(source.execute(query).all())
    with source.connect() as conn:
        return list(conn.execute(query).all())


def rating_of(source: Any, account_id: str, family: Family) -> Rating:
    """The account's rating in ``family``: a new player's (1500, provisional) if it has none.
    ``source``: an engine, a connection, or a store."""
    rows = _read(_engine_of(source), sa.select(db.ratings).where(
        db.ratings.c.account_id == account_id, db.ratings.c.family == family))
    return Rating() if not rows else Rating(rows[0].mu, rows[0].sigma, rows[0].games)


def ratings_by_username(source: Any, usernames: Sequence[str], family: Family
                        ) -> dict[str, Rating]:
    """The ratings in ``family`` of the accounts of these usernames (exactly as stored): a new
    player's for an account with none; a name that is no account's is left out."""
    if not usernames:
        return {}
    rows = _read(_engine_of(source), sa.select(db.accounts.c.username, db.ratings.c.mu,
                                               db.ratings.c.sigma, db.ratings.c.games)
                 .select_from(db.accounts.outerjoin(db.ratings, sa.and_(
                     db.ratings.c.account_id == db.accounts.c.id,
                     db.ratings.c.family == family)))
                 .where(db.accounts.c.username.in_(list(usernames))))
    return {r.username: Rating() if r.mu is None else Rating(r.mu, r.sigma, r.games)
            for r in rows}


def ratings_of(source: Any, account_id: str) -> dict[Family, Rating]:
    """The account's ratings, of the families it has played rated games in."""
    rows = _read(_engine_of(source), sa.select(db.ratings)
                 .where(db.ratings.c.account_id == account_id))
    return {r.family: Rating(r.mu, r.sigma, r.games) for r in rows if r.family in FAMILIES}


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    family: Family
    game_id: str
    rating: Rating
    at: datetime


def history_of(source: Any, account_id: str, limit: int = 500) -> list[HistoryPoint]:
    """The account's rating after each of its last ``limit`` rated games, oldest first."""
    rows = _read(_engine_of(source), sa.select(db.rating_history)
                 .where(db.rating_history.c.account_id == account_id)
                 .order_by(db.rating_history.c.at.desc()).limit(limit))
    return [HistoryPoint(r.family, r.game_id, Rating(r.mu, r.sigma), aware(r.at))
            for r in reversed(rows)]


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    username: str
    rating: Rating


def leaderboard(source: Any, family: Family, limit: int, offset: int = 0,
                provisional: bool = False) -> tuple[list[Standing], int]:
    """The best ratings of ``family`` (highest first, ``offset`` skipped, at most ``limit``),
    without provisional ones unless ``provisional``; and how many there are in all."""
    wanted = [db.ratings.c.family == family]
    if not provisional:
        wanted.append(db.ratings.c.sigma < PROVISIONAL_SIGMA)
    engine = _engine_of(source)
    rows = _read(engine, sa.select(db.ratings, db.accounts.c.username)
                 .join(db.accounts, db.accounts.c.id == db.ratings.c.account_id)
                 .where(*wanted)
                 .order_by(db.ratings.c.mu.desc(), db.accounts.c.username_key)
                 .limit(limit).offset(offset))
    total = _read(engine, sa.select(sa.func.count()).select_from(db.ratings).where(*wanted))
    return ([Standing(offset + place, r.username, Rating(r.mu, r.sigma, r.games))
             for place, r in enumerate(rows, start=1)], int(total[0][0]))


# ------------------------------------------------------------ a rated game's end


def abandoned(log: Sequence[tuple[str, int | None]]) -> frozenset[int]:
    """The seats the computer played for at the end of a log of ``(kind, seat)`` entries:
    their last ``idle`` came after their last ``back``."""
    away: set[int] = set()
    for kind, seat in log:
        if seat is None:
            continue
        if kind == "idle":
            away.add(seat)
        elif kind == "back":
            away.discard(seat)
    return frozenset(away)


def resigned(log: Sequence[tuple[str, int | None]]) -> frozenset[int]:
    """The seat that resigned the game, in a log of ``(kind, seat)`` entries (none or one)."""
    return frozenset(seat for kind, seat in log if kind == "resign" and seat is not None)


def places(sides: int, winner: int | None, points: Sequence[int],
           gone: frozenset[int], resigners: frozenset[int] = frozenset()) -> list[int] | None:
    """Each side's finishing place (0 first): a side that resigned last, then the sides that
    abandoned, the winner first, the others by their points; None when every side abandoned
    (nobody is rated)."""
    if gone and len(gone) == sides:
        return None
    keys = [(side in resigners, side in gone, side != winner,
             -(points[side] if side < len(points) else 0)) for side in range(sides)]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


def settle(conn: sa.Connection, game_id: str, record: str, at: datetime) -> None:
    """Apply a finished game to its players' ratings, in ``conn``'s transaction (the one that
    stores its ``record``); nothing for an unrated game, or one applied already."""
    row = conn.execute(sa.select(db.games.c.rated, db.games.c.rules)
                       .where(db.games.c.id == game_id)).first()
    if row is None or not row.rated:
        return
    if conn.execute(sa.select(db.rating_history.c.game_id)
                    .where(db.rating_history.c.game_id == game_id).limit(1)).first():
        return
    table_rules = table_rules_of(json.loads(row.rules))
    family = family_of(table_rules.rules, table_rules.players)
    seating = Seating(table_rules.kind, table_rules.players)
    owners: Mapping[int, str] = {r.seat: r.account_id for r in conn.execute(
        sa.select(db.account_seats.c.seat, db.account_seats.c.account_id)
        .where(db.account_seats.c.game_id == game_id)).all()}
    if len(set(owners.values())) != len(owners):
        return  # one account at two seats: not a game between players
    log = conn.execute(sa.select(db.log.c.kind, db.log.c.seat)
                       .where(db.log.c.game_id == game_id).order_by(db.log.c.seq)).all()
    final = json.loads(record)["record"].get("final") or {}
    entries = [(r.kind, r.seat) for r in log]
    gone = frozenset(seating.side_of(seat) for seat in abandoned(entries))
    resigners = frozenset(seating.side_of(seat) for seat in resigned(entries))
    ranked = places(seating.sides, final.get("winner"), final.get("points") or [], gone,
                    resigners)
    if ranked is None:
        return
    seats_of = [[s for s in range(table_rules.players) if seating.side_of(s) == side]
                for side in range(seating.sides)]
    before = [[rating_of(conn, owners[s], family) if s in owners else Rating() for s in side]
              for side in seats_of]
    after = rate_places(before, ranked)
    for side, new_side in zip(seats_of, after, strict=True):
        for seat, new in zip(side, new_side, strict=True):
            if seat in owners:
                _keep(conn, owners[seat], family, game_id, new, at)


def _keep(conn: sa.Connection, account_id: str, family: Family, game_id: str, new: Rating,
          at: datetime) -> None:
    moved = conn.execute(db.ratings.update().where(
        db.ratings.c.account_id == account_id, db.ratings.c.family == family
    ).values(mu=new.mu, sigma=new.sigma, games=new.games, updated_at=at))
    if moved.rowcount != 1:
        conn.execute(db.ratings.insert().values(account_id=account_id, family=family,
                                                mu=new.mu, sigma=new.sigma, games=new.games,
                                                updated_at=at))
    conn.execute(db.rating_history.insert().values(account_id=account_id, family=family,
                                                   game_id=game_id, mu=new.mu,
                                                   sigma=new.sigma, at=at))


def forget(conn: sa.Connection, account_id: str) -> None:
    """Delete the account's ratings and their history (the account is being deleted)."""
    conn.execute(db.rating_history.delete().where(db.rating_history.c.account_id == account_id))
    conn.execute(db.ratings.delete().where(db.ratings.c.account_id == account_id))
