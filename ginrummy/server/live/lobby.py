"""All the tables of a server: creating games, loading them on demand, listing a player's games."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from ginrummy.core.cut import Cut
from ginrummy.core.game import prefers_to_deal
from ginrummy.core.rules import Rules
from ginrummy.core.table import TableRules
from ginrummy.server.live import adjourn
from ginrummy.server.live.account_news import AccountNews
from ginrummy.server.live.adjourn import LOOK_AT_MOST, Adjournments
from ginrummy.server.live.board import Board
from ginrummy.server.live.challenges import ChallengeFeed
from ginrummy.server.live.clock import ClockRules
from ginrummy.server.live.collector import Collector
from ginrummy.server.live.computer import computer_name
from ginrummy.server.live.daily import DailyDeals
from ginrummy.server.live.lobby_chat import LobbyChat
from ginrummy.server.live.open_seats import OPEN_NAME
from ginrummy.server.live.open_tables import OpenTables
from ginrummy.server.live.presence import Presence, online_now
from ginrummy.server.live.quick_match import QuickMatch
from ginrummy.server.live.summary import status_of, summary
from ginrummy.server.live.table import Table
from ginrummy.server.live.tournament_feed import TournamentFeed
from ginrummy.server.live.tournament_hub import TournamentHub
from ginrummy.server.live.tournament_schedule import TournamentSchedules
from ginrummy.server.live.turn_notices import TurnNotices
from ginrummy.server.live.work import WorkPool
from ginrummy.server.settings import Settings
from ginrummy.server.storage import fairness
from ginrummy.server.storage.accounts import AccountStore
from ginrummy.server.storage.blocks import blocks_between
from ginrummy.server.storage.chat_store import LobbyChatStore
from ginrummy.server.storage.daily_store import DailyStore
from ginrummy.server.storage.fairness import FairRow
from ginrummy.server.storage.friends import FriendStore
from ginrummy.server.storage.game_rules import hand_rules_of
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.replay import ReplayError, start
from ginrummy.server.storage.schedule_store import ScheduleStore
from ginrummy.server.storage.store import GameRow, LogEntry, SeatRow, Store, StoredGame
from ginrummy.server.storage.tokens import new_game_id, new_token, token_hash
from ginrummy.server.storage.tournament_store import TournamentStore
from ginrummy.server.storage.traces import TraceStore
from ginrummy.server.storage.writer import GroupWriter

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Created:
    table: Table
    token: str
    """Seat 0's token (the creator's)."""
    invite_token: str | None
    """Seat 1's token in a game against a friend (a table game: the first invited place's)."""
    watch_token: str
    invites: tuple[tuple[int, str], ...] = ()
    """A table game: (place, token) of every invited place."""


def load_table(stored: StoredGame, store: Store, settings: Settings,
               writer: GroupWriter | None = None, work: WorkPool | None = None
               ) -> Table:
    """The live table of a stored game."""
    return Table(stored, store, settings, writer, work)


def _friends_of(store: Store, account_id: str) -> tuple[str | None, set[str]]:
    """An account's username (None: deleted) and its friends' ids."""
    return (AccountStore(store.engine, store.guard).username_of(account_id),
            FriendStore(store.engine).friends_of(account_id))


class Lobby:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.writer = GroupWriter(store)
        """Every write goes through one thread, the log appends by group commit."""
        self.work = WorkPool(settings.work_threads, settings.work_queue)
        """Hints, event pages and the strongest computer's moves (:mod:`.work`)."""
        self._collecting = Collector.acquire()
        """Short garbage-collection pauses while tables are held (:mod:`.collector`)."""
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.board = Board(store, settings)
        """The lobby's list of open and running listed games, and who watches it."""
        self.board.people_at_tables = lambda: sum(
            1 for table in self.tables.values() for listener in table.listeners
            if listener.seat is not None)
        self.open_tables = OpenTables(self.board, store, self.tables, settings)
        """Unjoined open tables: a limit per client, and their expiry (:mod:`.open_tables`)."""
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        accounts = AccountStore(store.engine, store.guard)
        self.quick_match = QuickMatch(
            self.create, settings.quick_match_computer_seconds,
            claim=lambda account, game, seat: asyncio.to_thread(accounts.claim_seat, account,
                                                                game, seat, now()),
            per_address=settings.seeks_per_address,
            shared=lambda one, other: asyncio.to_thread(
                TraceStore(store.engine, store.guard).shares, one, [other],
                ("browser",) if settings.rated_shared_address else None),
            blocked=lambda one, other: asyncio.to_thread(blocks_between, store.engine, one,
                                                         other))
        self.chat = LobbyChat(LobbyChatStore(store.engine), store.mutes,
                              lambda: self.board.listeners)
        self.news = AccountNews(lambda: self.board.listeners, self.tables.values,
                                lambda account_id: _friends_of(store, account_id))
        """News for an account on every page it has open (:mod:`.account_news`)."""
        self.turns = TurnNotices(AccountStore(store.engine, store.guard).owner_of, self.news.tell)
        """"Your turn" for a player away from the game's page (:mod:`.turn_notices`)."""
        self.presence = Presence(lambda: online_now(
            [*self.board.listeners, *self.news.sockets], self.tables.values()))
        """Who is online (:mod:`.presence`): a page with a socket to the lobby, a table or
        for its notices."""
        self.challenges = ChallengeFeed(
            self.news.tell, lambda: datetime.fromtimestamp(settings.clock(), UTC))
        """Challenges told to their accounts' pages (:mod:`.challenges`)."""
        self.tournaments = TournamentHub(TournamentStore(store.engine),
                                         AccountStore(store.engine, store.guard), self.get,
                                         self.create_seated, settings.rng)
        self.tournaments.per_account = settings.tournaments_per_account
        self.tournaments.shared = lambda accounts: asyncio.to_thread(
            TraceStore(store.engine, store.guard).any_share, accounts,
            ("browser",) if settings.rated_shared_address else None)
        self.tournaments.computer_budget = settings.tournament_computers
        self.tournaments.on_game = self.news.tell
        self.tournaments.clock = lambda: datetime.fromtimestamp(settings.clock(), UTC)
        self.schedules = TournamentSchedules(ScheduleStore(store.engine), self.tournaments,
                                             self.tournaments.clock,
                                             settings.tournament_schedule_seconds)
        """The operator's recurring tournaments (:mod:`.tournament_schedule`)."""
        self.tournament_feed = TournamentFeed(self.tournaments, self.board)
        self.daily = DailyDeals(DailyStore(store.engine, store.guard), settings,
                                self.create_seated, self.tables.get)
        """The daily deal (:mod:`.daily`); its games are held until their day is over."""
        self.adjournments = Adjournments(
            settings.adjourn_seconds,
            lambda before: asyncio.to_thread(store.quiet_games, before, LOOK_AT_MOST), self.get)
        """Ends the games nobody came back to (:mod:`.adjourn`); started by the app."""
        self.board.started = self.adjournments.started

    async def get(self, game_id: str) -> Table | None:
        """The live table of ``game_id``, loaded from the database if needed; None if unknown."""
        table = self.tables.get(game_id)
        if table is not None:
            self.tables.move_to_end(game_id)
            return table
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Table | None] = (
            asyncio.get_running_loop().create_future())
        self._loading[game_id] = future
        try:
            stored = await asyncio.to_thread(self.store.load, game_id)
            table = None if stored is None else load_table(stored, self.store, self.settings,
                                                           self.writer, self.work)
            if table is not None:
                table.tournament_id = await asyncio.to_thread(
                    self.tournaments.store.tournament_of, game_id)
                if table.rated and table.stage() == "over":
                    await table.read_rating_changes()
        except BaseException as failure:
            if isinstance(failure, ReplayError):
                log.exception("game %s does not replay", game_id)
            if isinstance(failure, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(failure)
                future.exception()  # marked as retrieved; waiters re-raise it
            raise
        finally:
            del self._loading[game_id]
        if table is not None:
            self._keep(table)
            table.kick()
        future.set_result(table)
        return table

    def _keep(self, table: Table) -> None:
        self.tables[table.id] = table
        table.on_turns = self.turns.changed
        table.reveals_held = self.tournaments.holds(table.id) or self.daily.holds(table.id)
        if table.listed:
            table.on_change = self.board.show
        excess = len(self.tables) - self.settings.max_cached_tables
        for game_id in list(self.tables):
            if excess <= 0:
                break
            if not self.tables[game_id].busy:
                self.tables.pop(game_id).stop()  # its deadline comes once loaded again
                self.turns.forget(game_id)
                excess -= 1

    async def create(
        self,
        rules: Rules,
        opponent: Literal["computer", "friend", "anyone"],
        level: int | None,
        name: str,
        dealer: int | None = None,
        rematch_of: Table | None = None,
        listed: bool = False,
        owner: str | None = None,
        clock: ClockRules | None = None,
        min_completion: int | None = None,
    ) -> Created:
        """A new two-player game; ``dealer``: the seat whose cut must make it deal first (a
        rematch: the cut is drawn again until it does, so the record still holds a real cut).

        ``rematch_of`` a finished game between two people: the same people sit at the same
        seats, and each takes theirs with :meth:`Table.claim` (the tokens returned here
        open no seat). ``listed``: shown in the lobby (quick match's games). ``owner``: the
        creator's account, for a rated game (none: unrated). ``min_completion``: the least
        completion rate (percent) of who takes its open place."""
        rng = self.settings.rng
        created = now()
        game_id = new_game_id()
        first = fairness.next_deal(rng, 0)  # committed before anyone's seed; it fixes the cut
        cut = Cut(tuple((a, b) for a, b in fairness.first_cut(first, game_id, 2)))
        while dealer is not None and cut.low != dealer:  # it fixes only who deals: the
            first = fairness.next_deal(rng, 0)  # deck still takes the players' seeds
            cut = Cut(tuple((a, b) for a, b in fairness.first_cut(first, game_id, 2)))
        token, invite, watch = new_token(), new_token(), new_token()
        if opponent == "computer":
            other = SeatRow(1, "computer", f"Computer (level {level})", None, True)
        elif opponent == "anyone":  # an open place: no invite, anyone in the lobby takes it
            other = SeatRow(1, "human", OPEN_NAME, None, False)
        else:
            other = SeatRow(1, "human", "Friend", token_hash(invite), False)
        seats = [SeatRow(0, "human", name, token_hash(token), True), other]
        if rematch_of is not None and opponent == "friend":  # nobody holds these tokens
            seats = [SeatRow(s.seat, "human", s.name, token_hash(new_token()), False)
                     for s in rematch_of.seats]
        position = start(rules, cut.rounds)
        entries: list[LogEntry] = []  # hand 1 is dealt once its players' seeds are in
        decks: dict[int, list[int]] = {}
        if opponent == "computer" and position.game.chooser == 1:  # R4: the computer chooses
            deals = prefers_to_deal(rules)
            entries.append(LogEntry(1, "choose", 1, int(deals), at=created))
            position = type(position)(position.game.choose_to_deal(1, deals))
        row = GameRow(
            id=game_id, created_at=created, updated_at=created,
            kind="friend" if opponent == "anyone" else opponent,
            level=level, rules=TableRules(2, rules).to_dict(), cut=cut.rounds,
            watch_hash=token_hash(watch),
            status=status_of(position), log_length=len(entries), summary=summary(position, seats),
            rematch_of=None if rematch_of is None else rematch_of.id,
            listed=listed or opponent == "anyone" or (rematch_of is not None
                                                      and rematch_of.listed),
            rated=owner is not None,
            clock=None if clock is None else clock.to_dict(),
            min_completion=min_completion,
        )
        await self.writer.run(self.store.create, row, seats, entries, dict(decks), [first],
                              owner)
        stored = StoredGame(row, seats, {k: tuple(v) for k, v in decks.items()}, entries,
                            {first.hand_number: first})
        table = Table(stored, self.store, self.settings, self.writer, self.work)
        self._keep(table)
        table.kick()
        self.board.show(table)
        return Created(table, token, invite if opponent == "friend" else None, watch)

    async def create_table(self, table_rules: TableRules, others: Sequence[str], level: int,
                           name: str, owner: str | None = None,
                           clock: ClockRules | None = None,
                           min_completion: int | None = None) -> Created:
        """A table of three or more: the creator at place 0, ``others`` (``"computer"``,
        ``"friend"`` or ``"anyone"``: an open place, listed in the lobby) at places 1, 2, ...;
        dealt at once if no person is to come."""
        game_id = new_game_id()
        token, watch = new_token(), new_token()
        seats = [SeatRow(0, "human", name, token_hash(token), True)]
        invites: list[tuple[int, str]] = []
        for place, kind in enumerate(others, start=1):
            if kind == "computer":
                seats.append(SeatRow(place, "computer", f"Computer {place} (level {level})",
                                     None, True))
            elif kind == "anyone":
                seats.append(SeatRow(place, "human", OPEN_NAME, None, False))
            else:
                invite = new_token()
                invites.append((place, invite))
                seats.append(SeatRow(place, "human", f"Friend {place}", token_hash(invite), False))
        table = await self.create_seated(table_rules, seats, level, token_hash(watch),
                                         listed="anyone" in others, game_id=game_id,
                                         rated=owner is not None, owner=owner, clock=clock,
                                         min_completion=min_completion)
        first = invites[0][1] if invites else None
        return Created(table, token, first, watch, tuple(invites))

    async def create_seated(self, table_rules: TableRules, seats: Sequence[SeatRow],
                            level: int, watch_hash: str, listed: bool,
                            game_id: str | None = None, rated: bool = False,
                            owner: str | None = None,
                            deals: tuple[str, Sequence[FairRow]] | None = None,
                            clock: ClockRules | None = None,
                            min_completion: int | None = None) -> Table:
        """A game of any size whose seats are given (people with their token hashes,
        computers of ``level``); dealt at once if every seat is a computer. ``rated``: its
        end rates its players' accounts; ``owner``: the account that owns place 0. ``deals``:
        a duplicate round's key and its seeds by deal number (from 1), shared with the other
        tables of the round: the cut and every deck come from them alone. ``clock``: the
        players' clock, if any."""
        game_id = game_id or new_game_id()
        created = now()
        tables = table_rules.players // 2 if table_rules.players % 2 == 0 else 1
        if deals is None:
            fair = [fairness.next_deal(self.settings.rng, t) for t in range(tables)]
            cut = Cut(fairness.first_cut(fair[0], game_id, table_rules.players))
        else:
            fair = list(deals[1])
            cut = Cut(fairness.first_cut(fair[0], deals[0], table_rules.players))
        position = start(table_rules, cut.rounds)
        assert position.game.tables == tables
        entries: list[LogEntry] = []  # each table is dealt once its players' seeds are in
        row = GameRow(
            id=game_id, created_at=created, updated_at=created, kind="table", level=level,
            rules=table_rules.to_dict(), cut=cut.rounds, watch_hash=watch_hash,
            status=status_of(position), log_length=len(entries),
            summary=summary(position, list(seats)), listed=listed,
            rated=rated,
            deal_key=None if deals is None else deals[0],
            clock=None if clock is None else clock.to_dict(),
            min_completion=min_completion,
        )
        await self.writer.run(self.store.create, row, list(seats), entries, {}, fair, owner)
        stored = StoredGame(row, list(seats), {}, entries, {r.hand_number: r for r in fair})
        table = Table(stored, self.store, self.settings, self.writer, self.work)
        self._keep(table)
        await table.start()  # a table of computers only is dealt at once
        self.board.show(table)
        return table

    async def games_of(self, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The games in which ``(game_id, token)`` pairs hold a seat, newest activity first."""
        return await self.games_of_hashes([(game_id, token_hash(token))
                                           for game_id, token in pairs])

    async def games_of_hashes(self, pairs: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """The games in which ``(game_id, token_hash)`` pairs hold a seat (an account's)."""
        hashed = set(pairs)
        found = await asyncio.to_thread(self.store.games_of, list(hashed))
        tournaments = await asyncio.to_thread(self.store.in_tournaments,
                                              [row.id for row, _ in found])
        out = []
        for row, seats in found:
            seat = next(s.seat for s in seats if (row.id, s.token_hash) in hashed)
            info = row.summary
            to_act = info.get("to_act")
            rules = hand_rules_of(row.rules)
            waits = seat in to_act if isinstance(to_act, list) else to_act == seat
            your_turn = waits and seat not in info.get("stand_in", ())  # the computer plays
            out.append({
                "game_id": row.id,
                "seat": seat,
                "kind": row.kind,
                "level": row.level,
                "computer": computer_name(row.level) if row.level is not None else None,
                "status": row.status,
                "stage": info.get("stage"),
                "players": len(seats),
                "rules": rules.get("name"),
                "target": rules.get("target"),
                "created_at": row.created_at.isoformat(),
                "updated_at": row.updated_at.isoformat(),
                "hand_number": info.get("hand_number"),
                "totals": info.get("totals"),
                "to_act": to_act,
                "your_turn": your_turn,
                "winner": info.get("winner"),
                "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "joined": s.joined}
                          for s in seats],
                **self._adjourned(row, seats, row.id in tournaments),
            })
        return out

    def _adjourned(self, row: GameRow, seats: list[SeatRow], tournament: bool
                   ) -> dict[str, Any]:
        """Whether a game of a player's list is adjourned, and when it ends if so."""
        seconds, started = self.settings.adjourn_seconds, self.adjournments.started
        table = self.tables.get(row.id)
        if table is not None:
            adjourned = adjourn.adjournable(table) and not adjourn.people_connected(table)
            ends_at = adjourn.deadline(table, started, seconds)
        else:
            rematch = row.rematch_of is not None
            adjourned = (row.status in ("waiting", "active") and (row.listed or row.rated)
                         and not tournament and not adjourn.awaits_players(seats, rematch))
            ends_at = adjourn.stored_deadline(row.updated_at, seats, rematch, started, seconds)
        return {"adjourned": adjourned,
                "ends_at": ends_at.isoformat() if adjourned and ends_at is not None else None}

    async def close(self) -> None:
        await self.adjournments.close()
        await self.challenges.close()
        await self.news.close()
        await self.turns.close()
        await self.quick_match.close()
        await self.schedules.close()
        await self.tournaments.close()
        await self.daily.close()
        await self.tournament_feed.close()
        await self.board.ratings.close()
        tasks = [task for t in self.tables.values()
                 for task in (t.computer.task, t.deadline_task, t.tick_task)
                 if task is not None and not task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.writer.close()
        self.work.close()
        if self._collecting:
            self._collecting = False
            await Collector.release()
