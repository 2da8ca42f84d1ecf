"""Reading and writing games in the database (blocking calls; the app runs them in threads).

Every write is one transaction. :meth:`Store.append` adds log entries only if
the game's log has the length the caller last saw (an optimistic check on
``games.log_length``), so two writers can never both extend the same log:
the loser gets :class:`ConflictError` and nothing is written.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.livetable import log as livetable_log
from ginrummy.livetable.fairness import FairRow
from ginrummy.server.storage import daily_store, db, ratings
from ginrummy.server.storage.blocks import BlockStore
from ginrummy.server.storage.moments import aware, now
from ginrummy.server.storage.mutes import MuteStore
from ginrummy.server.storage.records import append_record

GROW_LOG = (db.games.update()
            .where(db.games.c.id == sa.bindparam("game_id"),
                   db.games.c.log_length == sa.bindparam("expected_length"))
            .values(log_length=sa.bindparam("log_length"), status=sa.bindparam("status"),
                    summary=sa.bindparam("summary"), updated_at=sa.bindparam("updated_at")))
"""A game's row after its log grew (no row changed: the log was not as long as expected).
The statements an append runs for every move are built once: building one, and SQLAlchemy's
cache key of a new one, cost more than running it."""
INSERT_LOG = db.log.insert()
INSERT_DECKS = db.decks.insert()


class ConflictError(RuntimeError):
    """The game's log grew since it was read (another writer): nothing was written."""


@dataclass(frozen=True, slots=True)
class LogEntry(livetable_log.LogEntry):
    """A log entry (:class:`ginrummy.livetable.log.LogEntry`) stamped now when made without
    a moment."""

    at: datetime = field(default_factory=now)


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: Literal["human", "computer"]
    name: str
    token_hash: str | None
    joined: bool
    invite_hash: str | None = None
    """An invited seat once taken: its spent invite's hash (the seat's token is new)."""
    left_at: datetime | None = None
    """When its player's last connection to the game closed (None: connected, or never)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    id: str
    created_at: datetime
    updated_at: datetime
    kind: Literal["computer", "friend", "table"]
    """Two players against the computer or a friend, or a table of three or more."""
    level: int | None
    rules: dict[str, Any]
    """``Rules.to_dict()``; for a table, ``TableRules.to_dict()``."""
    cut: tuple[tuple[int, ...], ...]
    """The cut's rounds, one card per player each."""
    watch_hash: str
    status: str
    log_length: int
    summary: dict[str, Any]
    rematch_of: str | None = None
    """The finished game between the same two people that this one is the rematch of."""
    listed: bool = False
    """In the lobby: its open places (seats without a token yet) are anyone's to take."""
    rated: bool = False
    """Between accounts: its end updates their ratings (:mod:`.ratings`)."""
    deal_key: str | None = None
    """A duplicate tournament's game: its decks are derived under this key, shared by every
    table of its round, from the round's server seeds alone (no player's seed)."""
    clock: dict[str, Any] | None = None
    """The players' clock, ``ClockRules.to_dict()`` (:mod:`ginrummy.server.live.clock`)."""
    min_completion: int | None = None
    """The least completion rate (percent) of a player taking a place (:mod:`.completion`)."""

    @property
    def fair_id(self) -> str:
        """The id its decks are derived under (:mod:`ginrummy.format.provably_fair`)."""
        return self.deal_key or self.id


@dataclass(slots=True)
class StoredGame:
    row: GameRow
    seats: list[SeatRow]
    decks: dict[int, tuple[int, ...]]
    log: list[LogEntry]
    fair: dict[int, FairRow] = field(default_factory=dict)
    rematch: str | None = None
    """The id of this game's rematch, once its two players have started one."""


@dataclass(frozen=True, slots=True)
class AppendRequest:
    """The arguments of one :meth:`Store.append`, for :meth:`Store.append_many`."""

    game_id: str
    expected_length: int
    entries: Sequence[livetable_log.LogEntry]
    decks: dict[int, Sequence[int]]
    status: str
    summary: dict[str, Any]
    joined: Sequence[tuple[int, str, str]] = ()
    """(seat, name, hash of the seat's new token): invited seats taken by these entries."""
    record: str | None = None
    """The game's record, when these entries end it (:mod:`ginrummy.server.storage.records`)."""
    fair: Sequence[FairRow] = ()
    """Hands' seeds drawn or given with these entries (written, or replaced)."""

    def arguments(self) -> tuple[Any, ...]:
        return (self.game_id, self.expected_length, self.entries, self.decks, self.status,
                self.summary, self.joined, self.record, self.fair)


def _game_row(r: Any) -> GameRow:
    return GameRow(
        id=r.id,
        created_at=aware(r.created_at),
        updated_at=aware(r.updated_at),
        kind=r.kind,
        level=r.level,
        rules=json.loads(r.rules),
        cut=tuple(tuple(int(card) for card in cards) for cards in json.loads(r.cut)),
        watch_hash=r.watch_hash,
        status=r.status,
        log_length=r.log_length,
        summary=json.loads(r.summary),
        rematch_of=r.rematch_of,
        listed=bool(r.listed),
        rated=bool(r.rated),
        deal_key=r.deal_key,
        clock=None if r.clock is None else json.loads(r.clock),
        min_completion=r.min_completion,
    )


def _seat_row(s: Any) -> SeatRow:
    return SeatRow(s.seat, s.kind, s.name, s.token_hash, s.joined_at is not None,
                   s.invite_hash, None if s.left_at is None else aware(s.left_at))


class Store:
    """The games of one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.guard = db.file_guard(engine)
        """Fails a write whose SQLite file is no longer at its path (:class:`db.StorageGone`)."""
        self.blocks = BlockStore(engine)
        """Whom each account blocked, shared by every chat of the server and quick match."""
        self.mutes = MuteStore(engine, self.blocks)
        """Whom each account muted in the chats, shared by every chat of the server."""

    # ------------------------------------------------------------ writes

    def create(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        entries: Sequence[LogEntry],
        decks: dict[int, Sequence[int]],
        fair: Sequence[FairRow] = (),
        owner: str | None = None,
    ) -> None:
        """Store a new game; ``owner``: the account whose seat 0 is (a rated game's creator)."""
        with self.engine.begin() as conn:
            conn.execute(db.games.insert().values(
                id=row.id, created_at=row.created_at, updated_at=row.updated_at, kind=row.kind,
                level=row.level, rules=json.dumps(row.rules), cut=json.dumps(row.cut),
                watch_hash=row.watch_hash, status=row.status, log_length=len(entries),
                summary=json.dumps(row.summary), rematch_of=row.rematch_of, listed=row.listed,
                rated=row.rated,
                deal_key=row.deal_key,
                clock=None if row.clock is None else json.dumps(row.clock),
                min_completion=row.min_completion,
            ))
            conn.execute(db.seats.insert(), [
                {"game_id": row.id, "seat": s.seat, "kind": s.kind, "name": s.name,
                 "token_hash": s.token_hash, "joined_at": row.created_at if s.joined else None}
                for s in seats
            ])
            if owner is not None:
                conn.execute(db.account_seats.insert().values(
                    game_id=row.id, seat=0, account_id=owner, claimed_at=row.created_at))
            self._insert(conn, row.id, entries, decks)
            self._keep_fair(conn, row.id, fair)
            self.guard.check()

    @staticmethod
    def _rematch(conn: sa.Connection, game_id: str) -> str | None:
        found: str | None = conn.execute(
            sa.select(db.games.c.id).where(db.games.c.rematch_of == game_id)
            .order_by(db.games.c.created_at).limit(1)).scalar()
        return found

    @contextlib.contextmanager
    def _transaction(self, conn: sa.Connection | None) -> Iterator[sa.Connection]:
        """``conn`` (its caller commits), or a transaction of our own, committed after the
        storage guard's check."""
        if conn is not None:
            yield conn
            return
        with self.engine.begin() as own:
            yield own
            self.guard.check()

    def append(
        self,
        game_id: str,
        expected_length: int,
        entries: Sequence[livetable_log.LogEntry],
        decks: dict[int, Sequence[int]],
        status: str,
        summary: dict[str, Any],
        joined: Iterable[tuple[int, str, str]] = (),
        record: str | None = None,
        fair: Sequence[FairRow] = (),
        *,
        conn: sa.Connection | None = None,
    ) -> None:
        """Append ``entries`` (and the decks they deal) to a log of ``expected_length`` entries.

        ``joined`` marks invited seats as taken, with their player's name and new token (the
        invite's hash is kept as spent), in the same transaction;
        ``record`` (a game these entries end) goes to the end of the chain of finished games.
        With ``conn`` the statements run in that connection's transaction (the caller
        commits); :class:`ConflictError` is then raised before anything is written.
        """
        if entries and entries[0].seq != expected_length + 1:
            raise ValueError(f"entry {entries[0].seq} does not follow {expected_length}")
        with self._transaction(conn) as conn:
            moved = conn.execute(GROW_LOG, {
                "game_id": game_id, "expected_length": expected_length,
                "log_length": expected_length + len(entries), "status": status,
                "summary": json.dumps(summary), "updated_at": now()})
            if moved.rowcount != 1:
                raise ConflictError(f"game {game_id}: the log is no longer {expected_length} long")
            for seat, name, token_hash in joined:
                taken = conn.execute(
                    db.seats.update()
                    .where(db.seats.c.game_id == game_id, db.seats.c.seat == seat,
                           db.seats.c.joined_at.is_(None))
                    .values(joined_at=now(), name=name, token_hash=token_hash,
                            invite_hash=db.seats.c.token_hash)
                )
                if taken.rowcount != 1:
                    raise ConflictError(f"game {game_id}: seat {seat} was taken meanwhile")
            self._insert(conn, game_id, entries, decks)
            self._keep_fair(conn, game_id, fair)
            if record is not None:
                ended = entries[-1].at if entries else now()
                append_record(conn, game_id, record, ended)
                ratings.settle(conn, game_id, record, ended)  # in the same transaction
                daily_store.settle(conn, game_id, record, ended)

    def append_many(self, requests: Sequence[AppendRequest]) -> list[Exception | None]:
        """Run several :meth:`append` calls in one transaction: one commit (one fsync) for all.

        Returns, per request, None (written) or the exception that refused it. A request that
        meets a :class:`ConflictError` writes nothing and the others go on; any other failure
        rolls the whole transaction back and the requests are retried one transaction each,
        so one bad request never costs the others theirs. Nothing is reported written before
        the commit that writes it has returned.
        """
        if not requests:
            return []
        outcomes: list[Exception | None] = []
        try:
            with self.engine.begin() as conn:
                for request in requests:
                    try:
                        self.append(*request.arguments(), conn=conn)
                        outcomes.append(None)
                    except ConflictError as conflict:
                        outcomes.append(conflict)
                self.guard.check()
            return outcomes
        except db.StorageGone as gone:
            return [gone] * len(requests)
        except Exception as failure:
            if len(requests) == 1:
                return [failure]
        return [self._append_alone(request) for request in requests]

    def _append_alone(self, request: AppendRequest) -> Exception | None:
        try:
            self.append(*request.arguments())
        except Exception as failure:
            return failure
        return None

    @staticmethod
    def _insert(
        conn: sa.Connection,
        game_id: str,
        entries: Sequence[livetable_log.LogEntry],
        decks: dict[int, Sequence[int]],
    ) -> None:
        if decks:
            conn.execute(INSERT_DECKS, [
                {"game_id": game_id, "hand_number": number, "cards": json.dumps(list(cards)),
                 "created_at": now()}
                for number, cards in decks.items()
            ])
        if entries:
            conn.execute(INSERT_LOG, [
                {"game_id": game_id, "seq": e.seq, "kind": e.kind, "seat": e.seat,
                 "action": e.action, "client_id": e.client_id, "created_at": e.at}
                for e in entries
            ])

    @staticmethod
    def _keep_fair(conn: sa.Connection, game_id: str, fair: Sequence[FairRow]) -> None:
        for row in fair:
            conn.execute(db.fair_hands.delete().where(
                db.fair_hands.c.game_id == game_id,
                db.fair_hands.c.hand_number == row.hand_number))
            conn.execute(db.fair_hands.insert().values(
                game_id=game_id, hand_number=row.hand_number, version=row.version,
                server_seed=row.server_seed, client_seeds=json.dumps(list(row.client_seeds))))

    # ------------------------------------------------------------ reads

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            r = conn.execute(sa.select(db.games).where(db.games.c.id == game_id)).first()
            if r is None:
                return None
            seat_rows = conn.execute(
                sa.select(db.seats).where(db.seats.c.game_id == game_id).order_by(db.seats.c.seat)
            ).all()
            deck_rows = conn.execute(
                sa.select(db.decks.c.hand_number, db.decks.c.cards)
                .where(db.decks.c.game_id == game_id)
            ).all()
            log_rows = conn.execute(
                sa.select(db.log).where(db.log.c.game_id == game_id).order_by(db.log.c.seq)
            ).all()
            fair_rows = conn.execute(
                sa.select(db.fair_hands).where(db.fair_hands.c.game_id == game_id)
            ).all()
            rematch = self._rematch(conn, game_id)
        return StoredGame(
            row=_game_row(r),
            seats=[_seat_row(s) for s in seat_rows],
            decks={d.hand_number: tuple(json.loads(d.cards)) for d in deck_rows},
            log=[LogEntry(e.seq, e.kind, e.seat, e.action, e.client_id, aware(e.created_at))
                 for e in log_rows],
            fair={f.hand_number: FairRow(f.hand_number, f.server_seed,
                                         tuple(json.loads(f.client_seeds)), f.version)
                  for f in fair_rows},
            rematch=rematch,
        )

    def note_left(self, game_id: str, seat: int, at: datetime | None) -> None:
        """``seat``'s player left the game at ``at`` (None: they are connected again)."""
        with self.engine.begin() as conn:
            conn.execute(db.seats.update().where(db.seats.c.game_id == game_id,
                                                 db.seats.c.seat == seat).values(left_at=at))
            self.guard.check()

    def abandon(self, game_id: str, expected_length: int) -> bool:
        """End a game nobody played for too long without a result (status ``abandoned``), if
        its log is still ``expected_length`` long and it is not over; whether it was."""
        with self.engine.begin() as conn:
            moved = conn.execute(
                db.games.update()
                .where(db.games.c.id == game_id, db.games.c.log_length == expected_length,
                       db.games.c.status.in_(("waiting", "active")))
                .values(status="abandoned", updated_at=now()))
            self.guard.check()
        return bool(moved.rowcount == 1)

    def quiet_games(self, before: datetime, limit: int) -> list[str]:
        """Games not over, listed or rated and not a tournament's, with no move since
        ``before`` (oldest first, at most ``limit``): those that may have been adjourned
        long enough to end (:mod:`ginrummy.server.live.adjourn`)."""
        games = db.games.c
        with self.engine.connect() as conn:
            return list(conn.execute(
                sa.select(games.id)
                .where(games.status.in_(("waiting", "active")), games.updated_at < before,
                       sa.or_(games.listed, games.rated),
                       games.id.not_in(sa.select(db.tournament_games.c.game_id)))
                .order_by(games.updated_at).limit(limit)).scalars())

    def in_tournaments(self, game_ids: Sequence[str]) -> set[str]:
        """Those of ``game_ids`` that are a tournament's games."""
        if not game_ids:
            return set()
        with self.engine.connect() as conn:
            return set(conn.execute(sa.select(db.tournament_games.c.game_id).where(
                db.tournament_games.c.game_id.in_(list(game_ids)))).scalars())

    def listed_games(self, limit: int) -> list[tuple[GameRow, list[SeatRow]]]:
        """The lobby's games not over yet, the newest first (at most ``limit``)."""
        with self.engine.connect() as conn:
            game_rows = conn.execute(
                sa.select(db.games).where(db.games.c.listed,
                                          db.games.c.status.not_in(("over", "abandoned")))
                .order_by(db.games.c.created_at.desc()).limit(limit)
            ).all()
            ids = [r.id for r in game_rows]
            seat_rows = conn.execute(
                sa.select(db.seats).where(db.seats.c.game_id.in_(ids))
                .order_by(db.seats.c.game_id, db.seats.c.seat)
            ).all() if ids else []
        by_game: dict[str, list[SeatRow]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game_id, []).append(
                _seat_row(s))
        return [(_game_row(r), by_game.get(r.id, [])) for r in game_rows]

    def unlist(self, game_ids: Sequence[str]) -> None:
        """Take games off the lobby (open tables nobody joined in time)."""
        with self.engine.begin() as conn:
            conn.execute(db.games.update().where(db.games.c.id.in_(list(game_ids)))
                         .values(listed=False, updated_at=now()))
            self.guard.check()

    def free_seat(self, game_id: str, seat: int, name: str, summary: dict[str, Any]) -> None:
        """Open ``seat`` of a game not started again: its token opens nothing any more."""
        with self.engine.begin() as conn:
            conn.execute(db.seats.update().where(db.seats.c.game_id == game_id,
                                                 db.seats.c.seat == seat)
                         .values(token_hash=None, joined_at=None, name=name, invite_hash=None,
                                 left_at=None))
            conn.execute(db.account_seats.delete().where(  # nor does its account
                db.account_seats.c.game_id == game_id, db.account_seats.c.seat == seat))
            conn.execute(db.games.update().where(db.games.c.id == game_id)
                         .values(summary=json.dumps(summary), updated_at=now()))
            self.guard.check()

    def games_of(self, pairs: Sequence[tuple[str, str]]) -> list[tuple[GameRow, list[SeatRow]]]:
        """The games (newest activity first) where one of ``(game_id, token_hash)`` holds a seat."""
        wanted: dict[str, set[str]] = {}
        for game_id, token_hash in pairs:
            wanted.setdefault(game_id, set()).add(token_hash)
        if not wanted:
            return []
        with self.engine.connect() as conn:
            game_rows = conn.execute(
                sa.select(db.games).where(db.games.c.id.in_(list(wanted)))
            ).all()
            seat_rows = conn.execute(
                sa.select(db.seats).where(db.seats.c.game_id.in_(list(wanted)))
                .order_by(db.seats.c.game_id, db.seats.c.seat)
            ).all()
        by_game: dict[str, list[SeatRow]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game_id, []).append(
                _seat_row(s))
        out = []
        for r in game_rows:
            seat_list = by_game.get(r.id, [])
            if any(s.token_hash in wanted[r.id] for s in seat_list):
                out.append((_game_row(r), seat_list))
        out.sort(key=lambda item: item[0].updated_at, reverse=True)
        return out
