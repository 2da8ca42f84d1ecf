"""The operator's tools over the database (``gin admin``): ban and unban accounts, list the
bans and the chat lines players reported (at tables and in the lobby)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.engine import Engine

from ginrummy.server.api.account_rules import username_key
from ginrummy.server.storage.accounts import AccountStore
from ginrummy.server.storage.chat_store import ChatReport, ChatStore, LobbyChatStore
from ginrummy.server.storage.db import file_guard


class NoSuchAccount(Exception):
    pass


@dataclass(frozen=True, slots=True)
class Reported:
    where: str
    """``"lobby"``, or the game id and channel: ``"g123 players"``."""
    report: ChatReport


class Moderation:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.accounts = AccountStore(engine, file_guard(engine))

    def _account_id(self, username: str) -> str:
        account = self.accounts.by_key(username_key(username))
        if account is None:
            raise NoSuchAccount(username)
        return account.id

    def ban(self, username: str, reason: str) -> None:
        self.accounts.ban(self._account_id(username), reason, datetime.now(UTC))

    def unban(self, username: str) -> bool:
        return self.accounts.unban(self._account_id(username))

    def bans(self) -> list[tuple[str, str, datetime]]:
        return self.accounts.bans()

    def reports(self, limit: int) -> list[Reported]:
        """The newest ``limit`` reports of table and lobby lines, newest first."""
        found = [Reported(f"{r.line.game_id} {r.line.channel}", r)
                 for r in ChatStore(self.engine).reports(limit)]
        found += [Reported("lobby", r) for r in LobbyChatStore(self.engine).reports(limit)]
        found.sort(key=lambda reported: reported.report.created_at, reverse=True)
        return found[:limit]
