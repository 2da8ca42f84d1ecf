"""The database: the schema, the engine (SQLite or PostgreSQL) and the migrations.

The tables: ``games`` holds each game's rules, kind and a cached status;
``seats`` the seats, each with the SHA-256 of its secret token (and, once an invited
seat is taken, of its spent invite);
``decks`` every deck dealt (server-side only, never sent to a client while
its game is on); ``log`` the append-only action log, one row per event; and
``records`` each finished game's record in a hash chain
(:mod:`ginrummy.server.storage.records`); ``fair_hands`` each hand's server seed
(secret until the hand is over) and players' seeds (:mod:`ginrummy.server.storage.fairness`);
``accounts``, ``account_sessions`` and ``account_seats`` the players' accounts
(:mod:`ginrummy.server.storage.accounts`); ``ratings`` and ``rating_history`` their
ratings (:mod:`ginrummy.server.storage.ratings`); ``daily_seeds`` and ``daily_games``
the daily deal (:mod:`ginrummy.server.storage.daily_store`); ``fair_play`` how often their
moves in rated games matched the computer's (:mod:`ginrummy.server.storage.fair_play_store`).
A game's state is a replay of its cut, decks and log (:mod:`ginrummy.server.storage.replay`).

The schema is created and upgraded by Alembic (``migrations/``) when the
app starts; the :class:`~sqlalchemy.Table` objects below describe the
newest revision and are what the queries use: each table's columns as its
migration created them (``migrations/tables.py``), then those added since.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy import event
from sqlalchemy.engine import Engine

from ginrummy.server.storage.migrations import tables

MIGRATIONS = Path(__file__).with_name("migrations")

metadata = sa.MetaData()


def _table(name: str, columns: tables.Columns, *added: sa.Column[Any]) -> sa.Table:
    """Table ``name``: its columns as its migration created them, then the ones added since."""
    return sa.Table(name, metadata, *columns, *added)


games = _table(
    "games", tables.games(),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.false()),
    # shown in the lobby: its open places are anyone's to take, and anyone may watch it
    sa.Column("deal_key", sa.String(64), nullable=True),
    # a duplicate tournament's game: the key its decks are derived under, the same at every
    # table of its round (instead of the game's id; no player's seed goes into them)
    sa.Column("clock", sa.Text, nullable=True),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    # between accounts only: its end updates their ratings (:mod:`.ratings`)
    sa.Column("min_completion", sa.Integer, nullable=True),
    # the least completion rate, in percent, of a player who takes an open place
    # (:mod:`.completion`); None: anyone
)

seats = _table(
    "seats", tables.seats(),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    # the invite's hash once its seat is taken: the invite then only says "taken"
    sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
    # when its player's last connection to the game closed (None: connected, or never was)
)
sa.Index("ix_seats_token_hash", seats.c.token_hash)
sa.Index("ix_games_rematch_of", games.c.rematch_of)
sa.Index("ix_games_listed_status", games.c.listed, games.c.status)

decks = _table("decks", tables.decks())
log = _table("log", tables.log())
records = _table(
    "records", tables.records(),
    sa.Column("erased_at", sa.DateTime(timezone=True), nullable=True),
    # when a deleted account's name was taken out of the record (its hash is of the record
    # as the game ended, so it can no longer be recomputed from the text)
)
fair_hands = _table("fair_hands", tables.fair_hands())

# Accounts (:mod:`ginrummy.server.storage.accounts`): who they are, their sessions (each
# token's SHA-256) and the seats they own.
accounts = _table(
    "accounts", tables.accounts(),
    sa.Column("name_skeleton", sa.String(64), nullable=True),
    # the username's skeleton (:mod:`.skeleton`): a guest may not take a name that looks
    # like an account's
    sa.Column("challenges_from", sa.String(8), nullable=True),
    # whom it takes challenges from (:mod:`.challenges`): "friends", "no_one" (None: everyone)
)
sa.Index("ix_accounts_name_skeleton", accounts.c.name_skeleton)
# Where each account signed in from, as keyed hashes (:mod:`.traces`), and their key.
account_traces = _table("account_traces", tables.account_traces())
sa.Index("ix_account_traces_digest", account_traces.c.kind, account_traces.c.digest)
server_keys = _table("server_keys", tables.server_keys())
account_sessions = _table("account_sessions", tables.account_sessions())
sa.Index("ix_account_sessions_account_id", account_sessions.c.account_id)
account_seats = _table("account_seats", tables.account_seats())
sa.Index("ix_account_seats_account_id", account_seats.c.account_id)

chat = _table(
    "chat", tables.chat(),
    sa.Column("account_id", sa.String(32), nullable=True),
    # the account behind the line, if any: whom muting the line mutes (never sent out)
)
sa.Index("ix_chat_game_channel", chat.c.game_id, chat.c.channel, chat.c.id)
chat_reports = _table("chat_reports", tables.chat_reports())
sa.Index("ix_chat_reports_once", chat_reports.c.chat_id, chat_reports.c.reporter, unique=True)

# The lobby's chat (:class:`ginrummy.server.storage.chat_store.LobbyChatStore`): said by
# accounts only; a deleted account's lines stay, as said by "Former player".
lobby_chat = _table("lobby_chat", tables.lobby_chat())
lobby_chat_reports = _table("lobby_chat_reports", tables.lobby_chat_reports())
sa.Index("ix_lobby_chat_reports_once", lobby_chat_reports.c.line_id,
         lobby_chat_reports.c.reporter, unique=True)  # one report per reader per line
# Accounts the operator banned (``gin admin --ban``): they cannot sign in, and their
# sessions are over.
account_bans = _table("account_bans", tables.account_bans())
# The players each account muted (:mod:`ginrummy.server.storage.mutes`).
chat_mutes = _table("chat_mutes", tables.chat_mutes())
sa.Index("ix_chat_mutes_pair", chat_mutes.c.account_id, chat_mutes.c.muted_id, unique=True)
# Whom each account follows and whom it blocked (:mod:`ginrummy.server.storage.friends`),
# each looked up from either side.
follows = _table("follows", tables.follows())
sa.Index("ix_follows_followed_id", follows.c.followed_id)
blocks = _table("blocks", tables.blocks())
sa.Index("ix_blocks_blocked_id", blocks.c.blocked_id)
# Challenges from one account to another (:mod:`ginrummy.server.storage.challenges`).
challenges = _table("challenges", tables.challenges())
sa.Index("ix_challenges_challenger", challenges.c.challenger_id, challenges.c.status)
sa.Index("ix_challenges_challenged", challenges.c.challenged_id, challenges.c.status)

# Tournaments (:mod:`ginrummy.server.storage.tournament_store`): what the creator chose,
# who entered and each round's games with their results once over.
tournaments = _table(
    "tournaments", tables.tournaments(),
    sa.Column("clock", sa.Text, nullable=True),
    # the clock of its games (JSON, as POST /api/games takes it), or none
)
tournament_entrants = _table(
    "tournament_entrants", tables.tournament_entrants(),
    sa.Column("place", sa.Integer, nullable=True),
    # its place in the final standings, once the tournament is over (profiles list it)
)
tournament_games = _table(
    "tournament_games", tables.tournament_games(),
    sa.Column("deals", sa.Text, nullable=True),
    # each deal's [dealer, net of seat 0, net of seat 1], JSON (duplicate scoring)
)
sa.Index("ix_tournament_games_game", tournament_games.c.game_id)
sa.Index("ix_tournament_entrants_account", tournament_entrants.c.account_id)
# Tournaments the operator scheduled to recur, and the one occurrence made per schedule and
# day (:mod:`ginrummy.server.storage.schedule_store`).
tournament_schedules = _table("tournament_schedules", tables.tournament_schedules())
tournament_occurrences = _table("tournament_occurrences", tables.tournament_occurrences())
# Which server process owns each live table, with a fencing number
# (:mod:`ginrummy.server.storage.table_owners`).
table_owners = _table("table_owners", tables.table_owners())

# Ratings (:mod:`ginrummy.server.storage.ratings`): each account's rating per rules family, and
# the rating after each rated game (its history, for the profile's chart).
ratings = _table("ratings", tables.ratings())
sa.Index("ix_ratings_family_mu", ratings.c.family, ratings.c.mu)
rating_history = _table("rating_history", tables.rating_history())
# How often each account's moves in a rated game matched the computer's
# (:mod:`ginrummy.server.storage.fair_play_store`), one row per game and account seat.
fair_play = _table("fair_play", tables.fair_play())
sa.Index("ix_fair_play_account", fair_play.c.account_id, fair_play.c.finished_at)

# The daily deal (:mod:`ginrummy.server.storage.daily_store`): each day's seed, secret until
# the day is over, and each account's game of the day with its points.
daily_seeds = _table("daily_seeds", tables.daily_seeds())
daily_games = _table("daily_games", tables.daily_games())
sa.Index("ix_daily_games_points", daily_games.c.day, daily_games.c.points)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
    finally:
        cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file gets WAL and ``synchronous=FULL`` on every connection.

    The SQLite file's folder is created if missing.
    """
    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic configuration for the packaged migrations (no ``alembic.ini`` needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if engine is not None:
        url = engine.url.render_as_string(hide_password=False)
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def migrate(engine: Engine) -> None:
    """Bring the database up to the newest schema (run at every start)."""
    logging.getLogger("alembic").setLevel(logging.WARNING)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class StorageGone(RuntimeError):
    """The SQLite file the server opened is no longer at its path, or another server has
    taken the database over: nothing was written. ``public`` says it to a player."""

    def __init__(self, message: str, public: str = "the server's database file is missing"
                 ) -> None:
        super().__init__(message)
        self.public = public


class FileGuard:
    """Checks, before each write commits, that the SQLite file is still the one opened.

    SQLite keeps writing to a file that was deleted (or whose folder was removed) while it
    is open: the data goes to an inode nobody can reach, and is lost when the server stops.
    The guard compares the device and inode at the file's path with those it first saw.
    A file moved away and back is the same file again; a copy put in its place is not
    (restart the server to serve it).
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.identity: tuple[int, int] | None = None
        self.refusal: str | None = None
        """Set when this server lost its hold on the database (:mod:`.lease`)."""

    def check(self) -> None:
        if self.refusal is not None:
            raise StorageGone(self.refusal, "another server has taken over this server's "
                                            "database")
        if self.path is None:
            return
        try:
            info = self.path.stat()
        except OSError:
            raise StorageGone(f"the database file {self.path} is gone (deleted, moved, or "
                              "its folder removed)") from None
        identity = (info.st_dev, info.st_ino)
        if self.identity is None:
            self.identity = identity
        elif identity != self.identity:
            raise StorageGone(f"the database file {self.path} was replaced by another file; "
                              "restart the server to serve it")


def file_guard(engine: Engine) -> FileGuard:
    """The guard of ``engine``'s SQLite file (one that checks nothing for another database)."""
    url = engine.url
    if url.get_backend_name() != "sqlite":
        return FileGuard(None)
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return FileGuard(None)
    guard = FileGuard(Path(database).absolute())
    with contextlib.suppress(StorageGone):
        guard.check()  # note the file as it is now
    return guard
