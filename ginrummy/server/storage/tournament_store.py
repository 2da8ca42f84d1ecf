"""Tournaments' rows: the tournament, its entrants, its games and their results (blocking
calls; the app runs them in threads). A tournament's pairings are not stored: they follow
from its entrants and results (:class:`ginrummy.tournament.Tournament`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import now
from ginrummy.tournament import DealResult


@dataclass(frozen=True, slots=True)
class TournamentRow:
    id: str
    name: str
    created_by: str | None
    creator_name: str
    format: str
    size: int
    rounds: int | None
    rules: dict[str, Any]
    level: int
    fill: bool
    status: str
    created_at: datetime
    starts_at: datetime | None = None
    started_at: datetime | None = None
    clock: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class EntrantRow:
    entrant: str
    name: str
    account_id: str | None
    rating: float
    entered_at: datetime
    place: int | None = None
    """Its place in the final standings, once the tournament is over."""


@dataclass(frozen=True, slots=True)
class GameLink:
    round: int
    table: int
    game_id: str
    winner: str | None = None
    points: tuple[int, ...] | None = None
    """Each seat's final total (two or three seats)."""
    deals: tuple[DealResult, ...] = ()


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A tournament entering or playing, as the limits on new ones count it."""

    created_by: str | None
    size: int
    level: int
    fill: bool
    status: str
    people: int
    computers: int


@dataclass(frozen=True, slots=True)
class StoredTournament:
    row: TournamentRow
    entrants: list[EntrantRow]
    games: list[GameLink]


def _aware(moment: datetime | None) -> datetime | None:
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=now().tzinfo)


def _row(r: Any) -> TournamentRow:
    created = _aware(r.created_at)
    assert created is not None
    return TournamentRow(r.id, r.name, r.created_by, r.creator_name, r.format, r.size,
                         r.rounds, json.loads(r.rules), r.level, r.fill, r.status, created,
                         _aware(r.starts_at), _aware(r.started_at),
                         None if r.clock is None else json.loads(r.clock))


def _link(r: Any) -> GameLink:
    points = None if r.points is None else tuple(json.loads(r.points))
    deals = tuple(DealResult(number, dealer, (a, b)) for number, (dealer, a, b)
                  in enumerate(json.loads(r.deals or "[]"), start=1))
    return GameLink(r.round, r.table_no, r.game_id, r.winner, points,
                    deals)


def insert_tournament(conn: sa.Connection, row: TournamentRow) -> None:
    conn.execute(db.tournaments.insert().values(
        id=row.id, name=row.name, created_by=row.created_by,
        creator_name=row.creator_name, format=row.format, size=row.size,
        rounds=row.rounds, rules=json.dumps(row.rules), level=row.level, fill=row.fill,
        status=row.status, created_at=row.created_at, starts_at=row.starts_at,
        started_at=row.started_at,
        clock=None if row.clock is None else json.dumps(row.clock)))


class TournamentStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, row: TournamentRow, first: EntrantRow | None) -> None:
        with self.engine.begin() as conn:
            insert_tournament(conn, row)
            if first is not None:
                self._enter(conn, row.id, first)

    @staticmethod
    def _enter(conn: sa.Connection, tournament_id: str, entrant: EntrantRow) -> None:
        conn.execute(db.tournament_entrants.insert().values(
            tournament_id=tournament_id, entrant=entrant.entrant, name=entrant.name,
            account_id=entrant.account_id, rating=entrant.rating,
            entered_at=entrant.entered_at))

    def enter(self, tournament_id: str, entrant: EntrantRow) -> None:
        with self.engine.begin() as conn:
            self._enter(conn, tournament_id, entrant)

    def leave(self, tournament_id: str, entrant: str) -> None:
        entrants = db.tournament_entrants
        with self.engine.begin() as conn:
            conn.execute(entrants.delete().where(entrants.c.tournament_id == tournament_id,
                                                 entrants.c.entrant == entrant))

    def start(self, tournament_id: str, computers: list[EntrantRow], moment: datetime,
              games: list[GameLink]) -> None:
        """The tournament starts: the computers that fill it enter, its first games."""
        with self.engine.begin() as conn:
            for computer in computers:
                self._enter(conn, tournament_id, computer)
            conn.execute(db.tournaments.update().where(db.tournaments.c.id == tournament_id)
                         .values(status="playing", started_at=moment))
            self._add_games(conn, tournament_id, games)

    @staticmethod
    def _add_games(conn: sa.Connection, tournament_id: str, games: list[GameLink]) -> None:
        for game in games:
            conn.execute(db.tournament_games.insert().values(
                tournament_id=tournament_id, round=game.round, table_no=game.table,
                game_id=game.game_id, winner=None, points=None))

    def result(self, tournament_id: str, link: GameLink, next_games: list[GameLink],
               status: str | None, places: dict[str, int] | None = None) -> None:
        """``link``'s result is in; the next round's games (if it begins), the tournament's
        new status (None: unchanged) and, at its end, each entrant's final place with it, in
        one transaction."""
        games = db.tournament_games
        with self.engine.begin() as conn:
            conn.execute(games.update().where(
                games.c.tournament_id == tournament_id, games.c.round == link.round,
                games.c.table_no == link.table).values(
                    winner=link.winner, points=json.dumps(list(link.points or (0, 0))),
                    deals=json.dumps([[d.dealer, *d.net] for d in link.deals])))
            self._add_games(conn, tournament_id, next_games)
            if status is not None:
                conn.execute(db.tournaments.update()
                             .where(db.tournaments.c.id == tournament_id)
                             .values(status=status))
            self._place(conn, tournament_id, places or {})

    @staticmethod
    def _place(conn: sa.Connection, tournament_id: str, places: dict[str, int]) -> None:
        entrants = db.tournament_entrants
        for entrant, place in places.items():
            conn.execute(entrants.update().where(entrants.c.tournament_id == tournament_id,
                                                 entrants.c.entrant == entrant)
                         .values(place=place))

    def place(self, tournament_id: str, places: dict[str, int]) -> None:
        """Each entrant's final place (a tournament over before places were kept)."""
        with self.engine.begin() as conn:
            self._place(conn, tournament_id, places)

    def cancel(self, tournament_id: str, status: str = "cancelled") -> None:
        """The tournament ends before its start (``cancelled`` or ``called_off``)."""
        with self.engine.begin() as conn:
            conn.execute(db.tournaments.update().where(db.tournaments.c.id == tournament_id)
                         .values(status=status))

    def load(self, tournament_id: str) -> StoredTournament | None:
        with self.engine.connect() as conn:
            found = conn.execute(sa.select(db.tournaments)
                                 .where(db.tournaments.c.id == tournament_id)).first()
            if found is None:
                return None
            entrants = conn.execute(
                sa.select(db.tournament_entrants)
                .where(db.tournament_entrants.c.tournament_id == tournament_id)
                .order_by(db.tournament_entrants.c.entered_at,
                          db.tournament_entrants.c.entrant)).all()
            games = conn.execute(
                sa.select(db.tournament_games)
                .where(db.tournament_games.c.tournament_id == tournament_id)
                .order_by(db.tournament_games.c.round, db.tournament_games.c.table_no)).all()
        entered = []
        for r in entrants:
            moment = _aware(r.entered_at)
            assert moment is not None
            entered.append(EntrantRow(r.entrant, r.name, r.account_id, r.rating, moment,
                                      r.place))
        return StoredTournament(_row(found), entered, [_link(g) for g in games])

    def tournament_of(self, game_id: str) -> str | None:
        """The id of the tournament whose game ``game_id`` is, if it is one's."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                sa.select(db.tournament_games.c.tournament_id)
                .where(db.tournament_games.c.game_id == game_id).limit(1)).scalar()
        return found

    def ids(self, statuses: tuple[str, ...], limit: int) -> list[str]:
        """The newest tournaments in these statuses."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.tournaments.c.id)
                                .where(db.tournaments.c.status.in_(statuses))
                                .order_by(db.tournaments.c.created_at.desc())
                                .limit(limit)).all()
        return [r.id for r in rows]

    def unfinished(self) -> list[Unfinished]:
        """Every tournament entering or playing, with how many people and computers entered."""
        t, e = db.tournaments, db.tournament_entrants
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(t.c.id, t.c.created_by, t.c.size, t.c.level, t.c.fill, t.c.status,
                          sa.func.count(e.c.account_id).label("people"),
                          sa.func.count(e.c.entrant).label("entered"))
                .outerjoin(e, e.c.tournament_id == t.c.id)
                .where(t.c.status.in_(("entering", "playing")))
                .group_by(t.c.id, t.c.created_by, t.c.size, t.c.level, t.c.fill,
                          t.c.status)).all()
        return [Unfinished(r.created_by, r.size, r.level, bool(r.fill), r.status, r.people,
                           r.entered - r.people) for r in rows]

    def entered_by(self, account_id: str, limit: int, offset: int = 0) -> list[str]:
        """The tournaments the account entered that were not called off before their start,
        the newest first."""
        t, e = db.tournaments, db.tournament_entrants
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(t.c.id).join(e, e.c.tournament_id == t.c.id)
                .where(e.c.account_id == account_id,
                       t.c.status.in_(("entering", "playing", "over")))
                .order_by(t.c.created_at.desc(), t.c.id).limit(limit).offset(offset)).all()
        return [r.id for r in rows]


def with_status(row: TournamentRow, status: str) -> TournamentRow:
    return replace(row, status=status)
