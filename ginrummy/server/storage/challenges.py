"""Challenges from one account to another (blocking calls; the app runs them in threads).

A challenge names the game (rules and clock, rated or not) and stands until its
``expires_at``: then it has lapsed. The challenged accepts (the game is made) or declines; the
challenger withdraws. A challenge that is not open can never be accepted: accepting takes it
from ``open`` to ``accepting`` in one conditional update, so of two accepts racing one wins,
and the game it makes is written back (``accepted``), or, if making it failed, the challenge
is open again. Each account says whom it takes challenges from (``accounts.challenges_from``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware
from ginrummy.server.storage.tokens import new_game_id

MAX_OPEN = 3
"""Open challenges one account may have sent at once."""

ACCEPT_AT_MOST = timedelta(minutes=1)
"""Past its time by this much, a challenge still being accepted never will be."""

ChallengesFrom = Literal["everyone", "friends", "no_one"]
CHALLENGES_FROM: tuple[ChallengesFrom, ...] = ("everyone", "friends", "no_one")
Status = Literal["open", "accepting", "accepted", "declined", "withdrawn", "lapsed"]

_challenges, _accounts = db.challenges, db.accounts


class TooManyChallenges(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Challenge:
    id: str
    challenger_id: str
    challenger: str
    """The challenger's username."""
    challenged_id: str
    challenged: str
    rules: dict[str, Any]
    """The game's rules as ``TableRules.to_dict`` wrote them."""
    rated: bool
    clock: dict[str, Any] | None
    status: Status
    game_id: str | None
    created_at: datetime
    expires_at: datetime

    def shown_status(self, moment: datetime) -> Status:
        """What the challenge is at ``moment``: an open one past its time has lapsed, and so
        has one whose accept never finished (the server stopped while making the game)."""
        if self.status == "open" and moment >= self.expires_at:
            return "lapsed"
        if self.status == "accepting" and moment >= self.expires_at + ACCEPT_AT_MOST:
            return "lapsed"
        return self.status

    def to_json(self, moment: datetime) -> dict[str, Any]:
        """As both its accounts see it (never a token: the game's place is the account's)."""
        status = self.shown_status(moment)
        return {
            "id": self.id, "from": self.challenger, "to": self.challenged,
            "rules": self.rules, "rated": self.rated, "clock": self.clock,
            "status": status, "expires_at": self.expires_at.isoformat(),
            "seconds_left": max(0, round((self.expires_at - moment).total_seconds()))
            if status == "open" else 0,
            "game": None if self.game_id is None or status != "accepted"
            else f"/play/{self.game_id}",
        }


def _select() -> sa.Select[Any]:
    challenger, challenged = _accounts.alias("challenger"), _accounts.alias("challenged")
    return (sa.select(_challenges, challenger.c.username.label("challenger_name"),
                      challenged.c.username.label("challenged_name"))
            .join(challenger, challenger.c.id == _challenges.c.challenger_id)
            .join(challenged, challenged.c.id == _challenges.c.challenged_id))


def _challenge(row: Any) -> Challenge:
    return Challenge(row.id, row.challenger_id, row.challenger_name, row.challenged_id,
                     row.challenged_name, json.loads(row.rules), bool(row.rated),
                     None if row.clock is None else json.loads(row.clock), row.status,
                     row.game_id, aware(row.created_at), aware(row.expires_at))


class ChallengeStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def accepts_from(self, account_id: str) -> ChallengesFrom:
        """Whom ``account_id`` takes challenges from."""
        with self.engine.connect() as conn:
            found = conn.execute(sa.select(_accounts.c.challenges_from)
                                 .where(_accounts.c.id == account_id)).scalar()
        return found if found in CHALLENGES_FROM else "everyone"

    def set_accepts_from(self, account_id: str, who: ChallengesFrom) -> None:
        with self.engine.begin() as conn:
            conn.execute(_accounts.update().where(_accounts.c.id == account_id)
                         .values(challenges_from=None if who == "everyone" else who))

    def create(self, challenger_id: str, challenged_id: str, rules: dict[str, Any],
               rated: bool, clock: dict[str, Any] | None, moment: datetime,
               lapse: timedelta) -> Challenge:
        """A new open challenge, standing for ``lapse``. Raises :class:`TooManyChallenges`
        when the challenger has :data:`MAX_OPEN` open ones."""
        ident = new_game_id()
        with self.engine.begin() as conn:
            count = conn.execute(sa.select(sa.func.count()).select_from(_challenges).where(
                _challenges.c.challenger_id == challenger_id,
                _challenges.c.status.in_(("open", "accepting")),
                _challenges.c.expires_at > moment)).scalar_one()
            if count >= MAX_OPEN:
                raise TooManyChallenges(challenger_id)
            conn.execute(_challenges.insert().values(
                id=ident, challenger_id=challenger_id, challenged_id=challenged_id,
                rules=json.dumps(rules, sort_keys=True), rated=rated,
                clock=None if clock is None else json.dumps(clock, sort_keys=True),
                status="open", created_at=moment, expires_at=moment + lapse))
        found = self.get(ident)
        assert found is not None
        return found

    def get(self, ident: str) -> Challenge | None:
        with self.engine.connect() as conn:
            row = conn.execute(_select().where(_challenges.c.id == ident)).first()
        return None if row is None else _challenge(row)

    def mine(self, account_id: str, since: datetime) -> list[Challenge]:
        """The challenges ``account_id`` sent or received created since ``since``, the
        newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(_select().where(
                sa.or_(_challenges.c.challenger_id == account_id,
                       _challenges.c.challenged_id == account_id),
                _challenges.c.created_at >= since)
                .order_by(_challenges.c.created_at.desc()).limit(4 * MAX_OPEN + 20)).all()
        return [_challenge(row) for row in rows]

    def take(self, ident: str, moment: datetime) -> bool:
        """Start accepting the open challenge ``ident`` (not lapsed at ``moment``): whether
        this call is the one that does (of two racing, one is)."""
        with self.engine.begin() as conn:
            taken = conn.execute(_challenges.update().where(
                _challenges.c.id == ident, _challenges.c.status == "open",
                _challenges.c.expires_at > moment).values(status="accepting",
                                                          answered_at=moment)).rowcount
        return bool(taken)

    def made(self, ident: str, game_id: str | None) -> None:
        """The game the accept made (None: making it failed, the challenge is open again)."""
        with self.engine.begin() as conn:
            conn.execute(_challenges.update().where(
                _challenges.c.id == ident, _challenges.c.status == "accepting").values(
                status="open" if game_id is None else "accepted", game_id=game_id,
                answered_at=None if game_id is None else _challenges.c.answered_at))

    def end(self, ident: str, status: Literal["declined", "withdrawn"],
            moment: datetime) -> bool:
        """Decline or withdraw the open challenge ``ident``; whether it was open."""
        with self.engine.begin() as conn:
            ended = conn.execute(_challenges.update().where(
                _challenges.c.id == ident, _challenges.c.status == "open",
                _challenges.c.expires_at > moment).values(status=status,
                                                          answered_at=moment)).rowcount
        return bool(ended)

    def end_between(self, blocker_id: str, blocked_id: str, moment: datetime) -> list[str]:
        """End the open challenges between two accounts, one of which has just blocked the
        other: those ``blocker_id`` sent are withdrawn, those it received declined. The ids of
        the challenges ended."""
        ended: list[str] = []
        with self.engine.begin() as conn:
            for sender, receiver, status in ((blocker_id, blocked_id, "withdrawn"),
                                             (blocked_id, blocker_id, "declined")):
                where = (_challenges.c.challenger_id == sender,
                         _challenges.c.challenged_id == receiver,
                         _challenges.c.status == "open", _challenges.c.expires_at > moment)
                ids = conn.execute(sa.select(_challenges.c.id).where(*where)).scalars().all()
                if ids:
                    conn.execute(_challenges.update().where(*where, _challenges.c.id.in_(ids))
                                 .values(status=status, answered_at=moment))
                    ended.extend(ids)
        return ended


def forget(conn: sa.Connection, account_id: str) -> None:
    """A deleted account's challenges, sent and received."""
    conn.execute(_challenges.delete().where(sa.or_(
        _challenges.c.challenger_id == account_id,
        _challenges.c.challenged_id == account_id)))
