"""The chat's rows: messages said at a table or in the lobby, and the reports players make
of them (blocking calls; the app runs them in threads)."""

from __future__ import annotations

import abc
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.moments import aware, now


@dataclass(frozen=True, slots=True)
class ChatLine:
    id: int
    game_id: str | None
    """None: a line of the lobby (``channel`` ``"lobby"``)."""
    channel: str
    seat: int | None
    name: str
    text: str | None
    phrase: str | None
    created_at: datetime
    account_id: str | None = None
    """The account that said it, if any: never sent out."""

    def to_json(self) -> dict[str, Any]:
        return {"chat_id": self.id, "channel": self.channel, "seat": self.seat,
                "name": self.name, "text": self.text, "phrase": self.phrase,
                "at": self.created_at.isoformat()}


@dataclass(frozen=True, slots=True)
class ChatReport:
    id: int
    line: ChatLine
    reporter: str
    reason: str
    created_at: datetime


def _line(r: Any) -> ChatLine:
    return ChatLine(r.id, r.game_id, r.channel, r.seat, r.name, r.text, r.phrase,
                    aware(r.created_at), r.account_id)


LOBBY = "lobby"


def _lobby_line(r: Any) -> ChatLine:
    return ChatLine(r.id, None, LOBBY, None, r.name, r.text, r.phrase, aware(r.created_at),
                    r.account_id)


class _Reportable(abc.ABC):
    """A chat's lines (in ``lines``) that players report (in ``reports``, whose column
    ``reported`` holds the line's id)."""

    lines: sa.Table
    reports_table: sa.Table
    reported: str

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @abc.abstractmethod
    def line_of(self, row: Any) -> ChatLine:
        """The chat line a row of ``lines`` holds."""

    def line(self, line_id: int) -> ChatLine | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(self.lines)
                               .where(self.lines.c.id == line_id)).first()
        return None if row is None else self.line_of(row)

    def report(self, line_id: int, reporter: str, reason: str) -> bool:
        """Store ``reporter``'s report of line ``line_id``; False if they had reported it
        already (one report per reader per line: the first stands)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(self.reports_table.insert().values({
                    self.reported: line_id, "reporter": reporter, "reason": reason,
                    "created_at": now()}))
        except sa.exc.IntegrityError:
            return False
        return True

    def reports(self, limit: int = 100) -> list[ChatReport]:
        """The newest reports, with the lines they report."""
        lines, reports = self.lines, self.reports_table
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(reports.c.id.label("report_id"), reports.c.reporter,
                          reports.c.reason, reports.c.created_at.label("reported_at"),
                          *lines.c)
                .join(lines, lines.c.id == reports.c[self.reported])
                .order_by(reports.c.id.desc()).limit(limit)).all()
        return [ChatReport(r.report_id, self.line_of(r), r.reporter, r.reason,
                           aware(r.reported_at)) for r in rows]


class ChatStore(_Reportable):
    lines, reports_table, reported = db.chat, db.chat_reports, "chat_id"

    def line_of(self, row: Any) -> ChatLine:
        return _line(row)

    def say(self, game_id: str, channel: str, seat: int | None, name: str, text: str | None,
            phrase: str | None, account_id: str | None = None) -> ChatLine:
        moment = now()
        with self.engine.begin() as conn:
            result = conn.execute(db.chat.insert().values(
                game_id=game_id, channel=channel, seat=seat, name=name, text=text,
                phrase=phrase, created_at=moment, account_id=account_id))
            key = result.inserted_primary_key
            assert key is not None
        return ChatLine(int(key[0]), game_id, channel, seat, name, text, phrase, moment,
                        account_id)

    def recent(self, game_id: str, channel: str, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines of a channel, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.chat).where(db.chat.c.game_id == game_id,
                                         db.chat.c.channel == channel)
                .order_by(db.chat.c.id.desc()).limit(limit)).all()
        return [_line(r) for r in reversed(rows)]


class LobbyChatStore(_Reportable):
    """The lobby's lines, each said by an account (``account_id``)."""

    lines, reports_table, reported = db.lobby_chat, db.lobby_chat_reports, "line_id"

    def line_of(self, row: Any) -> ChatLine:
        return _lobby_line(row)

    def say(self, account_id: str, name: str, text: str | None, phrase: str | None
            ) -> ChatLine:
        moment = now()
        with self.engine.begin() as conn:
            result = conn.execute(db.lobby_chat.insert().values(
                account_id=account_id, name=name, text=text, phrase=phrase, created_at=moment))
            key = result.inserted_primary_key
            assert key is not None
        return ChatLine(int(key[0]), None, LOBBY, None, name, text, phrase, moment, account_id)

    def recent(self, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.lobby_chat).order_by(db.lobby_chat.c.id.desc())
                                .limit(limit)).all()
        return [_lobby_line(r) for r in reversed(rows)]
