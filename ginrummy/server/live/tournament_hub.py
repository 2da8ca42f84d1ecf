"""The server's tournaments: accounts enter, the computer fills the empty places if asked,
each round's games are ordinary games, and the next round is paired when the last game of
a round ends (:class:`ginrummy.tournament.Tournament` does the pairing and the standings).

What is stored is the tournament, its entrants and its games with their results; the
pairings follow from them, so a restarted server rebuilds every tournament as it was. A
tick (:data:`TICK_SECONDS`) starts the tournaments that are full or due, reads the results
of games that ended, and marks the games of a tournament so that an absent player is
played for by the computer after the idle time (nobody else need be connected): a no-show
cannot hold a round up.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import logging
import random
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from ginrummy.core.table import TableRules, team_of
from ginrummy.rating import family_of
from ginrummy.rating.levels import level_ratings
from ginrummy.server.live.clock import ClockRules
from ginrummy.server.live.clock_feed import clock_rules_of
from ginrummy.server.live.table import Table
from ginrummy.server.live.tasks import cancelled
from ginrummy.server.live.tournament_room import (
    COMPUTER_BUDGET,
    TOURNAMENTS_PER_ACCOUNT,
    check_room,
)
from ginrummy.server.live.tournament_view import (
    listed,
    page_of,
    rebuilt,
    tournament_rules_of,
)
from ginrummy.server.storage.accounts import AccountStore
from ginrummy.server.storage.fairness import FairRow, draw
from ginrummy.server.storage.moments import now
from ginrummy.server.storage.ratings import rating_of
from ginrummy.server.storage.store import SeatRow
from ginrummy.server.storage.tokens import new_game_id, new_token, token_hash
from ginrummy.server.storage.tournament_store import (
    EntrantRow,
    GameLink,
    StoredTournament,
    TournamentRow,
    TournamentStore,
    Unfinished,
)
from ginrummy.server.wire.protocol import ClientError
from ginrummy.tournament import (
    DealResult,
    Entrant,
    GameResult,
    Pairing,
    Tournament,
    TournamentError,
    TournamentRules,
)

log = logging.getLogger(__name__)

TICK_SECONDS = 1.0
ACTIVE = ("entering", "playing")
"""Ended before the start: too few players came, or the organiser called it off."""
DUPLICATE_DEALS = 120
"""Server seeds drawn for each round of a duplicate tournament: deals 1 to 120 of every
table come from them (a game to 100 is rarely longer than 30; a longer one draws its own
seeds past them, and a deal nobody else played counts nothing in the duplicate score)."""

GetTable = Callable[[str], Awaitable[Table | None]]
CreateSeated = Callable[..., Awaitable[Table]]


@dataclass
class Live:
    stored: StoredTournament
    tournament: Tournament | None
    lock: asyncio.Lock


def computer_name(number: int, level: int) -> str:
    return f"Computer {number} (level {level})"


def deals_of(table: Table) -> tuple[DealResult, ...]:
    """Each deal of a finished two-player game: its dealer and each seat's points won minus
    lost in it (a void hand: nothing), for duplicate scoring."""
    out = []
    for number, hand in enumerate(table.game.finished, start=1):
        result = hand.result
        won = 0 if result is None or result.winner is None else result.points
        net = (won, -won) if result is None or result.winner in (None, 0) else (-won, won)
        out.append(DealResult(number, hand.dealer, net))
    return tuple(out)


def links_of(tournament_id: str, pairings: tuple[Pairing, ...]) -> list[GameLink]:
    """A round's games, each with the id of its place in the tournament: the games are made
    before the result that begins their round is stored, so a server stopped in between
    pairs the round again after its restart and finds them made, instead of leaving them
    about, listed and in their players' games, outside the tournament."""
    return [GameLink(p.round, p.table, tournament_game_id(tournament_id, p)) for p in pairings]


def tournament_game_id(tournament_id: str, pairing: Pairing) -> str:
    """12 URL-safe characters, as a game id (the tournament's page shows them to all), of the
    tournament, the round, the table and its players: a round paired otherwise (entries
    changed before a start that the server did not store) gets games of its own."""
    place = json.dumps([tournament_id, pairing.round, pairing.table, list(pairing.seats)])
    digest = hashlib.sha256(place.encode()).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode()


class TournamentHub:
    def __init__(self, store: TournamentStore, accounts: AccountStore, get_table: GetTable,
                 create_seated: CreateSeated, rng: random.Random) -> None:
        self.store = store
        self.accounts = accounts
        self.get_table = get_table
        self.create_seated = create_seated
        self.rng = rng
        self.live: dict[str, Live] = {}
        self.ticker: asyncio.Task[None] | None = None
        self.held: set[str] = set()
        """The games of duplicate rounds still being played: their server seeds stay
        hidden (another table may not have dealt that deck yet)."""
        self.per_account = TOURNAMENTS_PER_ACCOUNT
        """Unfinished tournaments one account may have created (:mod:`.tournament_room`)."""
        self.computer_budget = COMPUTER_BUDGET
        """What the computers of every unfinished tournament may weigh together."""
        self.creating = asyncio.Lock()
        """Held from the check of those limits to the new tournament's row."""
        self.shared: Callable[[list[str]], Awaitable[bool]] | None = None
        """Whether two of these accounts were seen in one browser or at one address: their
        game together is not rated (one person's two accounts do not rate each other up)."""
        self.clock: Callable[[], datetime] = now
        """The server's wall clock: when a tournament with a start time is due."""
        self.on_change: Callable[[str, bool], None] = lambda tournament_id, listed: None
        """Called with a tournament's id when its view changed, and whether what
        :meth:`listing` shows may have changed too (an entry, a start, an end)."""
        self.on_game: Callable[[Collection[str], dict[str, Any]], None] = (
            lambda accounts, message: None)
        """Called with the accounts seated at a game just made and the ``tournament_game``
        message that tells them of it."""

    def holds(self, game_id: str) -> bool:
        return game_id in self.held

    def forget_account(self, account_id: str) -> None:
        """The account was deleted: the tournaments it played or created are read afresh
        (with "Former player" for its name) the next time they are shown."""
        entrant = f"a:{account_id}"
        for tournament_id, live in list(self.live.items()):
            stored = live.stored
            if stored.row.created_by == account_id or any(
                    e.entrant == entrant for e in stored.entrants):
                del self.live[tournament_id]

    # ------------------------------------------------------------ reading

    async def get(self, tournament_id: str) -> Live:
        live = self.live.get(tournament_id)
        if live is None:
            stored = await asyncio.to_thread(self.store.load, tournament_id)
            if stored is None:
                raise ClientError("no_such_tournament", "no tournament has that id")
            live = self.live.setdefault(tournament_id,
                                        Live(stored, rebuilt(stored), asyncio.Lock()))
            self._hold(live)
        return live

    def _hold(self, live: Live) -> None:
        """Hold the seeds of a duplicate tournament's current round."""
        tournament = live.tournament
        if live.stored.row.format != "duplicate" or tournament is None:
            return
        current = tournament.current
        for link in live.stored.games:
            if link.round == current.number and not (tournament.finished):
                self.held.add(link.game_id)

    async def _release(self, live: Live, round_number: int) -> None:
        """A duplicate round is over at every table: its seeds may be shown."""
        for link in live.stored.games:
            if link.round == round_number and link.game_id in self.held:
                self.held.discard(link.game_id)
                table = await self.get_table(link.game_id)
                if table is not None:
                    table.reveals_held = False
                    table.changed_fair()

    async def load_active(self) -> None:
        """The tournaments still entering or playing, after a start."""
        for tournament_id in await asyncio.to_thread(self.store.ids, ACTIVE, 500):
            await self._resume_start(await self.get(tournament_id))
        self._keep_ticking()

    # ------------------------------------------------------------ before the start

    async def create(self, account_id: str, username: str, name: str,
                     rules: TournamentRules, table_rules: TableRules, level: int, fill: bool,
                     starts_in: float | None, enter: bool,
                     clock: ClockRules | None = None) -> str:
        moment = now()
        row = TournamentRow(
            new_game_id(), name, account_id, username, rules.format, rules.size, rules.rounds,
            table_rules.to_dict(), level, fill, "entering", moment,
            None if starts_in is None else self.clock() + timedelta(seconds=starts_in),
            clock=None if clock is None else clock.to_dict())
        first = EntrantRow(f"a:{account_id}", username, account_id,
                           await self._rating(account_id, table_rules), moment)
        async with self.creating:
            check_room(await asyncio.to_thread(self.store.unfinished),
                       Unfinished(account_id, rules.size, level, fill, "entering",
                                  int(enter), 0), self.per_account, self.computer_budget)
            await asyncio.to_thread(self.store.create, row, first if enter else None)
        await self.get(row.id)
        self._keep_ticking()
        self.on_change(row.id, True)
        return row.id

    async def create_scheduled(self, row: TournamentRow,
                               make: Callable[[TournamentRow], bool]) -> bool:
        """A recurring tournament's occurrence (the operator's: no account's limits): ``make``
        stores ``row`` unless that occurrence was made already (then False, nothing made)."""
        if not await asyncio.to_thread(make, row):
            return False
        await self.get(row.id)
        self._keep_ticking()
        self.on_change(row.id, True)
        return True

    async def _rating(self, account_id: str, table_rules: TableRules) -> float:
        """The account's rating in the family of the tournament's games: what seeds it."""
        family = family_of(table_rules.rules, table_rules.players)
        rating = await asyncio.to_thread(rating_of, self.store.engine, account_id, family)
        return rating.mu

    async def enter(self, tournament_id: str, account_id: str, username: str,
                    rating: float | None = None) -> None:
        """Enter the account, seeded by ``rating`` (None: its rating in the family of the
        tournament's games, a new player's if it has none)."""
        live = await self.get(tournament_id)
        if rating is None:
            rating = await self._rating(account_id, TableRules.from_dict(live.stored.row.rules))
        async with live.lock:
            self._check_entering(live)
            entrant = f"a:{account_id}"
            if any(e.entrant == entrant for e in live.stored.entrants):
                raise ClientError("already_entered", "this account is already entered")
            if len(live.stored.entrants) >= live.stored.row.size:
                raise ClientError("tournament_full", f"all {live.stored.row.size} places of "
                                  "this tournament are taken")
            row = EntrantRow(entrant, username, account_id, rating, now())
            await asyncio.to_thread(self.store.enter, tournament_id, row)
            live.stored = replace(live.stored, entrants=[*live.stored.entrants, row])
        self.on_change(tournament_id, True)
        await self._start_if_due(live)

    async def leave(self, tournament_id: str, account_id: str) -> None:
        live = await self.get(tournament_id)
        async with live.lock:
            self._check_entering(live)
            entrant = f"a:{account_id}"
            if not any(e.entrant == entrant for e in live.stored.entrants):
                raise ClientError("not_entered", "this account is not entered")
            await asyncio.to_thread(self.store.leave, tournament_id, entrant)
            live.stored = replace(live.stored, entrants=[
                e for e in live.stored.entrants if e.entrant != entrant])
        self.on_change(tournament_id, True)

    async def start_now(self, tournament_id: str, account_id: str) -> None:
        """The creator starts the tournament before it is full."""
        live = await self._organised(tournament_id, account_id, "start it early")
        async with live.lock:
            self._check_entering(live)
            await self._start(live)

    async def cancel(self, tournament_id: str, account_id: str) -> None:
        """The creator calls the tournament off before it starts."""
        live = await self._organised(tournament_id, account_id, "call it off")
        async with live.lock:
            self._check_entering(live)
            await self._cancelled(live, "called_off")

    async def _organised(self, tournament_id: str, account_id: str, what: str) -> Live:
        """The tournament, if ``account_id`` created it (which only it may do ``what``)."""
        live = await self.get(tournament_id)
        if live.stored.row.created_by != account_id:
            raise ClientError("not_organiser", "only the account that created the "
                              f"tournament may {what}")
        return live

    async def _cancelled(self, live: Live, status: str = "cancelled") -> None:
        """The tournament ends before its start (under its lock): ``cancelled`` with too few
        players at its start, ``called_off`` by its organiser."""
        row = live.stored.row
        await asyncio.to_thread(self.store.cancel, row.id, status)
        live.stored = replace(live.stored, row=replace(row, status=status))
        self.on_change(row.id, True)

    @staticmethod
    def _check_entering(live: Live) -> None:
        if live.stored.row.status != "entering":
            raise ClientError("tournament_started", f"the tournament is "
                              f"{live.stored.row.status}: entries are closed")

    async def _start_if_due(self, live: Live, moment: datetime | None = None) -> None:
        row = live.stored.row
        full = len(live.stored.entrants) >= row.size
        due = row.starts_at is not None and (moment or self.clock()) >= row.starts_at
        if row.status != "entering" or not (full or due):
            return
        async with live.lock:
            if live.stored.row.status != "entering":
                return
            try:
                await self._start(live)
            except ClientError as refused:  # too few came by the start time
                log.info("tournament %s cancelled: %s", row.id, refused.message)
                await self._cancelled(live)

    @staticmethod
    def _opening(live: Live, moment: datetime) -> tuple[list[EntrantRow], Tournament]:
        """The computers that would fill the tournament now, and its first round's pairings."""
        row = live.stored.row
        computers = []
        if row.fill:
            rating = level_ratings()[row.level]
            computers = [EntrantRow(f"c:{n}", computer_name(n, row.level), None, rating, moment)
                         for n in range(1, row.size - len(live.stored.entrants) + 1)]
        entrants = [*live.stored.entrants, *computers]
        rules = tournament_rules_of(row)
        try:
            tournament = Tournament.start(rules, [Entrant(e.entrant, e.rating)
                                                  for e in entrants])
        except TournamentError as refused:
            raise ClientError("cannot_start", str(refused)) from None
        return computers, tournament

    async def _resume_start(self, live: Live) -> None:
        """A start whose first games were made but not stored (the server stopped in
        between) is finished with the same entrants, instead of entries opening again and
        those games staying about outside the tournament."""
        if live.stored.row.status != "entering":
            return
        try:
            _, tournament = self._opening(live, now())
        except ClientError:
            return
        for link in links_of(live.stored.row.id, tournament.current.pairings):
            if await self.get_table(link.game_id) is not None:
                async with live.lock:
                    if live.stored.row.status == "entering":
                        log.info("tournament %s: finishing its interrupted start",
                                 live.stored.row.id)
                        await self._start(live)
                return

    async def _start(self, live: Live) -> None:
        """Fill with computers (if asked), pair round 1 and make its games (under the lock)."""
        row, moment = live.stored.row, now()
        computers, tournament = self._opening(live, moment)
        entrants = [*live.stored.entrants, *computers]
        stored = replace(live.stored, entrants=entrants)
        links = links_of(row.id, tournament.current.pairings)
        await self._make_games(replace(stored, games=links), tournament.current.pairings)
        await asyncio.to_thread(self.store.start, row.id, computers, moment, links)
        live.stored = replace(stored, row=replace(row, status="playing", started_at=moment),
                              games=links)
        live.tournament = tournament
        self.on_change(row.id, True)

    # ------------------------------------------------------------ the games

    async def _make_games(self, stored: StoredTournament,
                          pairings: tuple[Pairing, ...]) -> None:
        """Make the games of a round's links that do not exist yet (after a restart that
        came between making them and storing the round, some or all exist: made once)."""
        if not pairings:
            return
        number = pairings[0].round
        links = {link.table: link for link in stored.games if link.round == number}
        made = {table: await self.get_table(link.game_id) for table, link in links.items()}
        missing = [p for p in pairings if p.table in links and made[p.table] is None]
        for pairing in pairings:  # a restart may have come before the seats were claimed
            if made.get(pairing.table) is not None:
                await self._claim(stored, pairing, links[pairing.table].game_id)
        if not missing:
            return
        deals: tuple[str, list[FairRow]] | None = None
        if stored.row.format == "duplicate":  # one set of decks for every table of the round
            sibling = next((t for t in made.values() if t is not None), None)
            seeds = ([sibling.fair[n] for n in sorted(sibling.fair) if n <= DUPLICATE_DEALS]
                     if sibling is not None else
                     [draw(self.rng, n) for n in range(1, DUPLICATE_DEALS + 1)])
            deals = (f"{stored.row.id}.{number}", seeds)
        for pairing in missing:
            await self._make_game(stored, pairing, links[pairing.table].game_id, deals)

    async def _make_game(self, stored: StoredTournament, pairing: Pairing, game_id: str,
                         deals: tuple[str, list[FairRow]] | None) -> None:
        by_id = {e.entrant: e for e in stored.entrants}
        seats = []
        for seat, entrant in enumerate(pairing.seats):
            who = by_id[entrant]
            if who.account_id is None:
                seats.append(SeatRow(seat, "computer", who.name, None, True))
            else:  # the account plays it; no link opens it
                seats.append(SeatRow(seat, "human", who.name, token_hash(new_token()), True))
        table_rules = TableRules.from_dict(stored.row.rules)
        accounts = [by_id[entrant].account_id for entrant in pairing.seats]
        people = [account for account in accounts if account is not None]
        rated = len(people) == len(accounts)  # results between people feed their ratings
        if rated and self.shared is not None and await self.shared(people):
            rated = False
        duplicate = stored.row.format == "duplicate"
        if duplicate:  # held from its first state on
            self.held.add(game_id)
        table = await self.create_seated(table_rules, seats, stored.row.level,
                                         token_hash(new_token()), listed=not duplicate,
                                         game_id=game_id, rated=rated,
                                         owner=accounts[0] if rated else None, deals=deals,
                                         clock=clock_rules_of(stored.row.clock))
        table.tournament_id = stored.row.id
        await table.hold_alone()
        await self._claim(stored, pairing, game_id)
        self.on_game(people, {"type": "tournament_game",
                              "tournament": {"id": stored.row.id, "name": stored.row.name},
                              "round": pairing.round, "game": f"/play/{game_id}"})

    async def _claim(self, stored: StoredTournament, pairing: Pairing, game_id: str) -> None:
        """Each account's seat becomes its own (place 0 of a rated game is its owner's
        already)."""
        by_id = {e.entrant: e for e in stored.entrants}
        accounts = [by_id[entrant].account_id for entrant in pairing.seats]
        for seat, account in enumerate(accounts):
            if account is not None:
                await asyncio.to_thread(self.accounts.claim_seat, account, game_id, seat,
                                        now())

    async def _collect(self, live: Live) -> None:
        """Record the results of the current round's games that ended."""
        async with live.lock:
            tournament = live.tournament
            if tournament is None or live.stored.row.status != "playing":
                return
            for link in list(live.stored.games):
                if link.winner is not None:
                    continue
                table = await self.get_table(link.game_id)
                if table is None:
                    continue
                if table.stage() != "over":
                    if not table.idle_alone:  # again if it was reloaded (a restart)
                        await table.hold_alone()
                    continue
                await self._record(live, link, table)
                tournament = live.tournament
                assert tournament is not None

    async def _record(self, live: Live, link: GameLink, table: Table) -> None:
        tournament = live.tournament
        assert tournament is not None
        pairing = tournament.current.pairing(link.table)
        game = table.game
        totals = tuple(int(total) for total in game.totals)  # per side: player or team
        winner_side = game.winner
        if winner_side is None:  # a game ended even: the highest total, else the first side,
            lost = game.forfeited_by  # never the side that resigned or forfeited
            out = -1 if lost is None else game.seating.side_of(lost)
            winner_side = max((side for side in range(len(totals)) if side != out),
                              key=lambda side: (totals[side], -side))
        teams = len(pairing.seats) == 4  # R34: sides are teams 0 (seats 0, 2) and 1 (1, 3)
        points = tuple(totals[team_of(seat)] for seat in range(4)) if teams else totals
        deals = deals_of(table) if len(pairing.seats) == 2 else ()  # duplicate: tables of two
        # seat ``side`` is a player of that side: the side itself at two and three, and
        # seat 0 or 1 of team 0 or 1 at four
        done = replace(link, winner=pairing.seats[int(winner_side)], points=points,
                       deals=deals)
        after = tournament.record(GameResult(link.round, link.table, done.winner or "",
                                             points, done.deals))
        new_round = after.current.number != tournament.current.number
        next_games = links_of(live.stored.row.id, after.current.pairings) if new_round else []
        if new_round:
            await self._make_games(replace(live.stored, games=[*live.stored.games, *next_games]),
                                   after.current.pairings)
        status = "over" if after.finished else None
        places = {s.player: s.place for s in after.standings()} if after.finished else None
        await asyncio.to_thread(self.store.result, live.stored.row.id, done, next_games, status,
                                places)
        games = [done if g.round == link.round and g.table == link.table else g
                 for g in live.stored.games] + next_games
        row = live.stored.row if status is None else replace(live.stored.row, status=status)
        live.stored = replace(live.stored, row=row, games=games)
        live.tournament = after
        self.on_change(live.stored.row.id, status is not None)
        if new_round or after.finished:
            await self._release(live, link.round)

    # ------------------------------------------------------------ the tick

    def _keep_ticking(self) -> None:
        if self.ticker is None or self.ticker.done():
            self.ticker = asyncio.create_task(self._tick(), name="tournaments")

    async def _tick(self) -> None:
        while any(live.stored.row.status in ACTIVE for live in self.live.values()):
            await asyncio.sleep(TICK_SECONDS)
            await self.tick()

    async def tick(self) -> None:
        """Start what is due and collect the results of games that ended."""
        for live in list(self.live.values()):
            try:
                await self._start_if_due(live)
                await self._collect(live)
            except Exception:  # noqa: BLE001 - the next tick tries again
                log.exception("tournament %s: could not go on", live.stored.row.id)

    async def close(self) -> None:
        await cancelled(self.ticker)

    # ------------------------------------------------------------ what anyone may see

    def view(self, live: Live) -> dict[str, Any]:
        """The tournament as its page shows it (:func:`.tournament_view.page_of`)."""
        return page_of(live.stored, live.tournament, self.held)

    async def listing(self) -> list[dict[str, Any]]:
        """The tournaments entering or playing, newest first, as the lobby lists them."""
        ids = await asyncio.to_thread(self.store.ids, ACTIVE, 50)
        out = []
        for tournament_id in ids:
            live = await self.get(tournament_id)
            out.append(listed(live.stored))
        return out
