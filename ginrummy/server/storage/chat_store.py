"""The chat's rows: messages said at a table or in the lobby, and the reports players make
of them (blocking calls; the app runs them in threads)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ginrummy.server.storage import db
from ginrummy.server.storage.store import now


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


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=now().tzinfo)


def _line(r: Any) -> ChatLine:
    return ChatLine(r.id, r.game_id, r.channel, r.seat, r.name, r.text, r.phrase,
                    _aware(r.created_at))


LOBBY = "lobby"


def _lobby_line(r: Any) -> ChatLine:
    return ChatLine(r.id, None, LOBBY, None, r.name, r.text, r.phrase, _aware(r.created_at))


class ChatStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def say(self, game_id: str, channel: str, seat: int | None, name: str, text: str | None,
            phrase: str | None) -> ChatLine:
        moment = now()
        with self.engine.begin() as conn:
            result = conn.execute(db.chat.insert().values(
                game_id=game_id, channel=channel, seat=seat, name=name, text=text,
                phrase=phrase, created_at=moment))
            key = result.inserted_primary_key
            assert key is not None
        return ChatLine(int(key[0]), game_id, channel, seat, name, text, phrase, moment)

    def recent(self, game_id: str, channel: str, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines of a channel, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.chat).where(db.chat.c.game_id == game_id,
                                         db.chat.c.channel == channel)
                .order_by(db.chat.c.id.desc()).limit(limit)).all()
        return [_line(r) for r in reversed(rows)]

    def line(self, chat_id: int) -> ChatLine | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.chat).where(db.chat.c.id == chat_id)).first()
        return None if row is None else _line(row)

    def report(self, chat_id: int, reporter: str, reason: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(db.chat_reports.insert().values(
                chat_id=chat_id, reporter=reporter, reason=reason, created_at=now()))

    def reports(self, limit: int = 100) -> list[ChatReport]:
        """The newest reports, with the lines they report."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(db.chat_reports, db.chat)
                .join(db.chat, db.chat.c.id == db.chat_reports.c.chat_id)
                .order_by(db.chat_reports.c.id.desc()).limit(limit)).all()
        out = []
        for r in rows:
            m = r._mapping
            line = ChatLine(m[db.chat.c.id], m[db.chat.c.game_id], m[db.chat.c.channel],
                            m[db.chat.c.seat], m[db.chat.c.name], m[db.chat.c.text],
                            m[db.chat.c.phrase], _aware(m[db.chat.c.created_at]))
            out.append(ChatReport(m[db.chat_reports.c.id], line, m[db.chat_reports.c.reporter],
                                  m[db.chat_reports.c.reason],
                                  _aware(m[db.chat_reports.c.created_at])))
        return out


class LobbyChatStore:
    """The lobby's lines, each said by an account (``account_id``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def say(self, account_id: str, name: str, text: str | None, phrase: str | None
            ) -> ChatLine:
        moment = now()
        with self.engine.begin() as conn:
            result = conn.execute(db.lobby_chat.insert().values(
                account_id=account_id, name=name, text=text, phrase=phrase, created_at=moment))
            key = result.inserted_primary_key
            assert key is not None
        return ChatLine(int(key[0]), None, LOBBY, None, name, text, phrase, moment)

    def recent(self, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(db.lobby_chat).order_by(db.lobby_chat.c.id.desc())
                                .limit(limit)).all()
        return [_lobby_line(r) for r in reversed(rows)]

    def line(self, line_id: int) -> ChatLine | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(db.lobby_chat)
                               .where(db.lobby_chat.c.id == line_id)).first()
        return None if row is None else _lobby_line(row)

    def report(self, line_id: int, reporter: str, reason: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(db.lobby_chat_reports.insert().values(
                line_id=line_id, reporter=reporter, reason=reason, created_at=now()))

    def reports(self, limit: int = 100) -> list[ChatReport]:
        """The newest reports, with the lines they report."""
        chat, reports = db.lobby_chat, db.lobby_chat_reports
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(reports.c.id.label("report_id"), reports.c.reporter,
                          reports.c.reason, reports.c.created_at.label("reported_at"),
                          chat.c.id, chat.c.name, chat.c.text, chat.c.phrase,
                          chat.c.created_at)
                .join(chat, chat.c.id == reports.c.line_id)
                .order_by(reports.c.id.desc()).limit(limit)).all()
        return [ChatReport(r.report_id, _lobby_line(r), r.reporter, r.reason,
                           _aware(r.reported_at)) for r in rows]
