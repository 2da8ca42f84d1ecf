"""Accounts in the database: who they are, their sessions, and the seats they own.

Three tables beside the games': ``accounts`` (a username, the key it is unique by, and the
Argon2 hash of the password), ``account_sessions`` (the SHA-256 of each session's random
token, with when it ends) and ``account_seats`` (which seat of which game belongs to which
account). A session's token is 144 random bits, so, like a seat's token, a plain SHA-256
keeps the database from holding a usable credential.

Blocking calls, one transaction each; the app runs them in threads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ginrummy.server.storage import (
    blocks,
    challenges,
    daily_store,
    db,
    fair_play_store,
    ratings,
    records,
    traces,
)
from ginrummy.server.storage.db import account_seats, account_sessions, accounts
from ginrummy.server.storage.moments import aware
from ginrummy.server.storage.skeleton import skeleton
from ginrummy.server.storage.tokens import new_game_id, new_token, token_hash

FORMER_PLAYER = "Former player"
"""The name a deleted account's seats, chat lines and tournament places take."""

class NameTaken(ValueError):
    """Another account has this username (in any case)."""


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    username: str
    password_hash: str
    created_at: datetime


def _account(row: Any) -> Account:
    return Account(row.id, row.username, row.password_hash, aware(row.created_at))


_COLUMNS = (accounts.c.id, accounts.c.username, accounts.c.password_hash, accounts.c.created_at)


class AccountStore:
    """The accounts of one database; ``key`` is a username as it is unique (its casefold)."""

    def __init__(self, engine: Engine, guard: db.FileGuard) -> None:
        self.engine = engine
        self.guard = guard

    def create(self, username: str, key: str, password_hash: str, moment: datetime) -> Account:
        account = Account(new_game_id(), username, password_hash, moment)
        try:
            with self.engine.begin() as conn:
                if conn.execute(sa.select(accounts.c.id)
                                .where(accounts.c.username_key == key)).first() is not None:
                    raise NameTaken(username)
                conn.execute(accounts.insert().values(
                    id=account.id, username=username, username_key=key,
                    password_hash=password_hash, created_at=moment, password_changed_at=moment,
                    name_skeleton=skeleton(username)))
                self.guard.check()
        except IntegrityError:  # the same name, created at the same moment elsewhere
            raise NameTaken(username) from None
        return account

    def by_key(self, key: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(*_COLUMNS).where(accounts.c.username_key == key)).first()
        return None if row is None else _account(row)

    def username_of(self, account_id: str) -> str | None:
        """The account's username (None: no such account)."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                sa.select(accounts.c.username).where(accounts.c.id == account_id)).scalar()
        return found

    def named_like(self, name: str) -> str | None:
        """The username of an account whose name looks like ``name`` (the same skeleton)."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(
                sa.select(accounts.c.username)
                .where(accounts.c.name_skeleton == skeleton(name)).limit(1)).scalar()
        return found

    def set_password_hash(self, account_id: str, password_hash: str, moment: datetime,
                          ends_sessions: bool) -> None:
        """A new hash for the password (a new password, or the same one rehashed); with
        ``ends_sessions`` every session of the account ends."""
        with self.engine.begin() as conn:
            conn.execute(accounts.update().where(accounts.c.id == account_id).values(
                password_hash=password_hash,
                **({"password_changed_at": moment} if ends_sessions else {})))
            if ends_sessions:
                conn.execute(account_sessions.delete()
                             .where(account_sessions.c.account_id == account_id))
            self.guard.check()

    # ------------------------------------------------------------ sessions

    def open_session(self, account_id: str, moment: datetime, lifetime: timedelta,
                     replaces: str | None = None) -> str:
        """A new session's token; the session whose token is ``replaces`` ends (the browser's
        old one), and so do the account's expired sessions."""
        token = new_token()
        with self.engine.begin() as conn:
            if replaces is not None:
                conn.execute(account_sessions.delete()
                             .where(account_sessions.c.token_hash == token_hash(replaces)))
            conn.execute(account_sessions.delete().where(
                account_sessions.c.account_id == account_id,
                account_sessions.c.expires_at <= moment))
            conn.execute(account_sessions.insert().values(
                token_hash=token_hash(token), account_id=account_id, created_at=moment,
                expires_at=moment + lifetime))
            self.guard.check()
        return token

    def session(self, token: str, moment: datetime) -> Account | None:
        """The account whose live session ``token`` is."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(*_COLUMNS)
                .join(account_sessions, account_sessions.c.account_id == accounts.c.id)
                .where(account_sessions.c.token_hash == token_hash(token),
                       account_sessions.c.expires_at > moment,
                       ~sa.exists().where(db.account_bans.c.account_id == accounts.c.id))
            ).first()
        return None if row is None else _account(row)

    def end_session(self, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(account_sessions.delete()
                         .where(account_sessions.c.token_hash == token_hash(token)))
            self.guard.check()

    def end_sessions(self, account_id: str, keep: str | None = None) -> None:
        """End every session of the account but the one whose token is ``keep``."""
        with self.engine.begin() as conn:
            query = account_sessions.delete().where(account_sessions.c.account_id == account_id)
            if keep is not None:
                query = query.where(account_sessions.c.token_hash != token_hash(keep))
            conn.execute(query)
            self.guard.check()

    # ------------------------------------------------------------ bans

    def ban(self, account_id: str, reason: str, moment: datetime) -> None:
        """Ban the account (again, with this reason): its sessions end, and it cannot sign
        in until :meth:`unban`."""
        bans = db.account_bans
        with self.engine.begin() as conn:
            conn.execute(bans.delete().where(bans.c.account_id == account_id))
            conn.execute(bans.insert().values(account_id=account_id, reason=reason,
                                              banned_at=moment))
            conn.execute(account_sessions.delete()
                         .where(account_sessions.c.account_id == account_id))
            self.guard.check()

    def unban(self, account_id: str) -> bool:
        """Lift the account's ban; whether it was banned."""
        bans = db.account_bans
        with self.engine.begin() as conn:
            gone = conn.execute(bans.delete().where(bans.c.account_id == account_id)).rowcount
            self.guard.check()
        return bool(gone)

    def ban_of(self, account_id: str) -> str | None:
        """The reason the account is banned, or None."""
        bans = db.account_bans
        with self.engine.connect() as conn:
            found = conn.execute(sa.select(bans.c.reason)
                                 .where(bans.c.account_id == account_id)).first()
        return None if found is None else str(found.reason)

    def bans(self) -> list[tuple[str, str, datetime]]:
        """``(username, reason, banned at)`` of every banned account, newest first."""
        bans = db.account_bans
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(accounts.c.username, bans.c.reason, bans.c.banned_at)
                                .join(bans, bans.c.account_id == accounts.c.id)
                                .order_by(bans.c.banned_at.desc())).all()
        return [(r.username, r.reason, aware(r.banned_at)) for r in rows]

    # ------------------------------------------------------------ seats

    def claim_tokens(self, account_id: str, pairs: Sequence[tuple[str, str]],
                     moment: datetime) -> int:
        """Make the taken seats that ``(game_id, token)`` pairs open the account's, unless
        another account owns them already; how many became the account's."""
        if not pairs:
            return 0
        hashes = {(game_id, token_hash(token)) for game_id, token in pairs}
        games = {game_id for game_id, _ in hashes}
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.seats.c.game_id, db.seats.c.seat, db.seats.c.token_hash)
                .where(db.seats.c.game_id.in_(games), db.seats.c.joined_at.is_not(None))).all()
            owned = {(r.game_id, r.seat) for r in conn.execute(
                sa.select(account_seats.c.game_id, account_seats.c.seat)
                .where(account_seats.c.game_id.in_(games))).all()}
        opened = [(r.game_id, r.seat) for r in rows
                  if (r.game_id, r.token_hash) in hashes and (r.game_id, r.seat) not in owned]
        return sum(self.claim_seat(account_id, game_id, seat, moment)
                   for game_id, seat in opened)

    def claim_seat(self, account_id: str, game_id: str, seat: int, moment: datetime) -> bool:
        """Make a seat the account's if nobody owns it; whether it became the account's."""
        try:
            with self.engine.begin() as conn:
                owner = conn.execute(sa.select(account_seats.c.account_id).where(
                    account_seats.c.game_id == game_id, account_seats.c.seat == seat)).scalar()
                if owner is not None:
                    return False
                conn.execute(account_seats.insert().values(
                    game_id=game_id, seat=seat, account_id=account_id, claimed_at=moment))
                self.guard.check()
        except IntegrityError:  # claimed at the same moment by another request
            return False
        return True

    def owner_of(self, game_id: str, seat: int) -> str | None:
        """The id of the account that owns a seat, if one does."""
        with self.engine.connect() as conn:
            owner: str | None = conn.execute(sa.select(account_seats.c.account_id).where(
                account_seats.c.game_id == game_id, account_seats.c.seat == seat)).scalar()
        return owner

    def seat_in(self, account_id: str, game_id: str) -> int | None:
        """The account's seat in a game (its first, if it plays several)."""
        with self.engine.connect() as conn:
            seat: int | None = conn.execute(
                sa.select(sa.func.min(account_seats.c.seat)).where(
                    account_seats.c.account_id == account_id,
                    account_seats.c.game_id == game_id)).scalar()
        return seat

    def seats_of(self, account_id: str) -> list[tuple[str, int, str]]:
        """``(game_id, seat, token_hash)`` of every seat the account owns."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(account_seats.c.game_id, account_seats.c.seat, db.seats.c.token_hash)
                .join(db.seats, sa.and_(db.seats.c.game_id == account_seats.c.game_id,
                                        db.seats.c.seat == account_seats.c.seat))
                .where(account_seats.c.account_id == account_id)).all()
        return [(r.game_id, r.seat, r.token_hash) for r in rows]

    # ------------------------------------------------------------ deletion

    def active_tournament(self, account_id: str) -> str | None:
        """The name of a tournament still entering or playing that the account created or
        entered, if there is one (it cannot be deleted until that tournament is over)."""
        t, entrants = db.tournaments, db.tournament_entrants
        entered = sa.select(entrants.c.tournament_id).where(entrants.c.account_id == account_id)
        with self.engine.connect() as conn:
            name: str | None = conn.execute(
                sa.select(t.c.name).where(
                    t.c.status.in_(("entering", "playing")),
                    sa.or_(t.c.created_by == account_id, t.c.id.in_(entered)))
                .order_by(t.c.created_at).limit(1)).scalar()
        return name

    def delete(self, account_id: str, moment: datetime) -> list[tuple[str, int]]:
        """Delete the account, its sessions, ratings, daily deal results and claim on seats, and
        take its name out of everything that stays: its seats in every game (and those games'
        summaries and finished records), its chat lines at tables and in the lobby, its lobby
        reports, its fair-play figures, its mutes, follows and blocks both ways (it forgets
        whom it muted, followed or blocked; who did so to it forgets it), and the
        tournaments it created or played are :data:`FORMER_PLAYER`'s. Returns the seats
        renamed."""
        with self.engine.begin() as conn:
            username = conn.execute(sa.select(accounts.c.username)
                                    .where(accounts.c.id == account_id)).scalar_one()
            renamed = [(r.game_id, r.seat, r.status) for r in conn.execute(
                sa.select(account_seats.c.game_id, account_seats.c.seat, db.games.c.status)
                .join(db.games, db.games.c.id == account_seats.c.game_id)
                .where(account_seats.c.account_id == account_id)).all()]
            for game_id, seat, status in renamed:
                _rename_seat(conn, game_id, seat)
                if status == "over":
                    records.erase_name(conn, game_id, seat, FORMER_PLAYER, moment)
            conn.execute(db.lobby_chat.update().where(db.lobby_chat.c.account_id == account_id)
                         .values(account_id=None, name=FORMER_PLAYER))
            conn.execute(db.chat.update().where(db.chat.c.account_id == account_id)
                         .values(account_id=None, name=FORMER_PLAYER))
            mutes = db.chat_mutes.c
            conn.execute(db.chat_mutes.delete().where(
                sa.or_(mutes.account_id == account_id, mutes.muted_id == account_id)))
            blocks.forget(conn, account_id)
            challenges.forget(conn, account_id)
            conn.execute(db.lobby_chat_reports.update()
                         .where(db.lobby_chat_reports.c.reporter == username)
                         .values(reporter=FORMER_PLAYER))
            _leave_tournaments(conn, account_id)
            conn.execute(db.account_bans.delete()
                         .where(db.account_bans.c.account_id == account_id))
            conn.execute(account_seats.delete().where(account_seats.c.account_id == account_id))
            ratings.forget(conn, account_id)
            daily_store.forget(conn, account_id)
            traces.forget(conn, account_id)
            fair_play_store.forget(conn, account_id)
            conn.execute(account_sessions.delete()
                         .where(account_sessions.c.account_id == account_id))
            conn.execute(accounts.delete().where(accounts.c.id == account_id))
            self.guard.check()
        return [(game_id, seat) for game_id, seat, _ in renamed]


def _rename_seat(conn: sa.Connection, game_id: str, seat: int) -> None:
    """The seat, its place in the game's summary and what it said in the game's chat are
    :data:`FORMER_PLAYER`'s."""
    conn.execute(db.seats.update().where(db.seats.c.game_id == game_id, db.seats.c.seat == seat)
                 .values(name=FORMER_PLAYER))
    conn.execute(db.chat.update().where(db.chat.c.game_id == game_id, db.chat.c.seat == seat)
                 .values(name=FORMER_PLAYER))
    summary = json.loads(conn.execute(sa.select(db.games.c.summary)
                                      .where(db.games.c.id == game_id)).scalar_one())
    names = summary.get("names")
    if isinstance(names, list) and seat < len(names):
        names[seat] = FORMER_PLAYER
        conn.execute(db.games.update().where(db.games.c.id == game_id)
                     .values(summary=json.dumps(summary)))


def _leave_tournaments(conn: sa.Connection, account_id: str) -> None:
    """The account's places in finished tournaments, and those it created, are no one's."""
    conn.execute(db.tournament_entrants.update()
                 .where(db.tournament_entrants.c.account_id == account_id)
                 .values(account_id=None, name=FORMER_PLAYER))
    conn.execute(db.tournaments.update().where(db.tournaments.c.created_by == account_id)
                 .values(created_by=None, creator_name=FORMER_PLAYER))
