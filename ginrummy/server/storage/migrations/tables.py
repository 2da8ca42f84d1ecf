"""Each table's columns as the migration that created it made them.

The migrations create their tables from these, and :mod:`ginrummy.server.storage.db`
describes the newest schema with the same lists plus the columns later migrations
added, so a column is spelled once.

Frozen: a migration must build the same schema for as long as databases at its
revision exist, so nothing here may change once a migration uses it. A change to a
table is a new migration, with its columns written in that migration and added after
these in ``db.py``.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

Columns = list[sa.Column[Any]]


def _timestamp(name: str, nullable: bool = False) -> sa.Column[Any]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _part_of_game() -> sa.Column[Any]:
    """The first half of a row's key: the game it belongs to."""
    return sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True)


def _account(primary_key: bool = False, nullable: bool = False) -> sa.Column[Any]:
    return sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"),
                     primary_key=primary_key, nullable=nullable)


def _line_id() -> sa.Column[Any]:
    return sa.Column("id", sa.Integer, primary_key=True, autoincrement=True)


def _said() -> Columns:
    """Who said a chat line and what: free text, or a quick phrase's code (each reader
    sees it in their own language)."""
    return [
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=True),
        sa.Column("phrase", sa.String(32), nullable=True),
        _timestamp("created_at"),
    ]


def _report(line: sa.Column[Any]) -> Columns:
    """A report of the chat line ``line`` points at: who made it and why."""
    return [
        _line_id(),
        line,
        sa.Column("reporter", sa.String(64), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        _timestamp("created_at"),
    ]


# 0001: games, seats, decks and the action log.
def games() -> Columns:
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        _timestamp("created_at"),
        _timestamp("updated_at"),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("level", sa.Integer, nullable=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("cut", sa.Text, nullable=False),
        sa.Column("watch_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("log_length", sa.Integer, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
    ]


def seats() -> Columns:
    return [
        _part_of_game(),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        _timestamp("joined_at", nullable=True),
    ]


def decks() -> Columns:
    return [
        _part_of_game(),
        sa.Column("hand_number", sa.Integer, primary_key=True),
        sa.Column("cards", sa.Text, nullable=False),
        _timestamp("created_at"),
    ]


def log() -> Columns:
    return [
        _part_of_game(),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.Integer, nullable=True),
        sa.Column("client_id", sa.String(64), nullable=True),
        _timestamp("created_at"),
    ]


# 0002: the chain of finished games.
def records() -> Columns:
    return [
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False,
                  unique=True),
        _timestamp("finished_at"),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("hash", sa.String(64), nullable=False, unique=True),
    ]


# 0003: provably fair dealing.
def fair_hands() -> Columns:
    return [
        _part_of_game(),
        sa.Column("hand_number", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("server_seed", sa.String(64), nullable=False),
        sa.Column("client_seeds", sa.Text, nullable=False),
    ]


# 0007: the tables' chat and its reports.
def chat() -> Columns:
    return [
        _line_id(),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        # "players" (seen by the seats only) or "watchers" (by the watchers only)
        sa.Column("seat", sa.Integer, nullable=True),
        *_said(),
    ]


def chat_reports() -> Columns:
    # reporter: "seat 1", or "watcher" with the reporter's address
    return _report(sa.Column("chat_id", sa.Integer, sa.ForeignKey("chat.id"), nullable=False))


# 0008: accounts, their sessions (each token's SHA-256) and the seats they own.
def accounts() -> Columns:
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("username", sa.String(32), nullable=False),
        sa.Column("username_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        _timestamp("created_at"),
        _timestamp("password_changed_at"),
    ]


def account_sessions() -> Columns:
    return [
        sa.Column("token_hash", sa.String(64), primary_key=True),
        _account(),
        _timestamp("created_at"),
        _timestamp("expires_at"),
    ]


def account_seats() -> Columns:
    return [
        _part_of_game(),
        sa.Column("seat", sa.Integer, primary_key=True),
        _account(),
        _timestamp("claimed_at"),
    ]


# 0009: the lobby's chat (said by accounts only) and banned accounts.
def lobby_chat() -> Columns:
    return [_line_id(), _account(nullable=True), *_said()]


def lobby_chat_reports() -> Columns:
    # reporter: the reporting account's username
    return _report(sa.Column("line_id", sa.Integer, sa.ForeignKey("lobby_chat.id"),
                             nullable=False))


def account_bans() -> Columns:
    return [
        _account(primary_key=True),
        sa.Column("reason", sa.Text, nullable=False),
        _timestamp("banned_at"),
    ]


# 0010: tournaments, their entrants and their games.
def _part_of_tournament() -> sa.Column[Any]:
    return sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"),
                     primary_key=True)


def tournaments() -> Columns:
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_by", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("creator_name", sa.String(64), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("fill", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        # "entering", "playing", "over" or "cancelled"
        _timestamp("created_at"),
        _timestamp("starts_at", nullable=True),
        _timestamp("started_at", nullable=True),
    ]


def tournament_entrants() -> Columns:
    return [
        _part_of_tournament(),
        sa.Column("entrant", sa.String(40), primary_key=True),
        # "a:<account id>", or "c:<n>" for a computer
        sa.Column("name", sa.String(64), nullable=False),
        _account(nullable=True),
        sa.Column("rating", sa.Float, nullable=False),
        _timestamp("entered_at"),
    ]


def tournament_games() -> Columns:
    return [
        _part_of_tournament(),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("winner", sa.String(40), nullable=True),
        sa.Column("points", sa.Text, nullable=True),
        # the seats' final totals, JSON, once the game is over
    ]


# 0011: each account's rating per rules family, and its rating after each rated game.
def ratings() -> Columns:
    return [
        _account(primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        _timestamp("updated_at"),
    ]


def rating_history() -> Columns:
    return [
        _account(primary_key=True),
        sa.Column("family", sa.String(16), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        # one row per account and rated game: a game's end is applied once
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        _timestamp("at"),
    ]


# 0016: the players an account muted in the chats (each shown by the name its line bore).
def chat_mutes() -> Columns:
    return [
        _line_id(),
        _account(),
        sa.Column("muted_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        _timestamp("created_at"),
    ]


# 0020: whom each account follows, and whom it blocked (by account, never by a typed name).
def follows() -> Columns:
    return [
        _account(primary_key=True),
        sa.Column("followed_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        _timestamp("created_at"),
    ]


def blocks() -> Columns:
    return [
        _account(primary_key=True),
        sa.Column("blocked_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        _timestamp("created_at"),
    ]


def account_traces() -> Columns:
    """Where an account signed in from: a keyed hash of each address and browser id."""
    return [
        _account(primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("digest", sa.String(64), primary_key=True),
        _timestamp("first_at"),
        _timestamp("last_at"),
    ]


def server_keys() -> Columns:
    """The server's secret keys, made once (the key of :func:`account_traces`' hashes)."""
    return [
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    ]


# 0021: the daily deal (:mod:`ginrummy.server.storage.daily_store`).
def daily_seeds() -> Columns:
    """Each day's secret seed (hex), drawn the first time the day was asked for."""
    return [
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("server_seed", sa.String(64), nullable=False),
        _timestamp("created_at"),
    ]


def daily_games() -> Columns:
    """Each account's game of a day, and its points once it ended within the day."""
    return [
        sa.Column("day", sa.String(10), primary_key=True),
        _account(primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False,
                  unique=True),
        sa.Column("watch_token", sa.String(64), nullable=False),
        _timestamp("started_at"),
        _timestamp("finished_at", nullable=True),
        sa.Column("points", sa.Integer, nullable=True),
        sa.Column("closed", sa.Boolean, nullable=False, server_default=sa.false()),
    ]


# 0022: how often each account's moves in a rated game matched the computer's (fair play).
def fair_play() -> Columns:
    """One row per game and account seat, written once by ``gin admin fair-play --analyse``:
    its decisions and how many matched each agent's choice, in all and where the plain
    player's move is not the expert's (``problem``: the game could not be analysed, and
    why)."""
    return [
        _part_of_game(),
        sa.Column("seat", sa.Integer, primary_key=True),
        _account(),
        sa.Column("family", sa.String(16), nullable=False),
        sa.Column("rating", sa.Float, nullable=True),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("expert_matches", sa.Integer, nullable=False),
        sa.Column("level5_matches", sa.Integer, nullable=False),
        # the decisions where the plain player (level 2) would not have made the expert's
        # choice, and the matches among them
        sa.Column("hard_decisions", sa.Integer, nullable=False),
        sa.Column("hard_expert_matches", sa.Integer, nullable=False),
        sa.Column("hard_level5_matches", sa.Integer, nullable=False),
        sa.Column("level5_samples", sa.Integer, nullable=False),
        sa.Column("problem", sa.Text, nullable=True),
        _timestamp("finished_at"),
        _timestamp("analysed_at"),
    ]


def challenges() -> Columns:
    """A challenge from one account to another: the game it asks for (rules and clock as
    JSON, rated or not), until when it stands, and what became of it."""
    return [
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenger_id", sa.String(32), sa.ForeignKey("accounts.id"),
                  nullable=False),
        sa.Column("challenged_id", sa.String(32), sa.ForeignKey("accounts.id"),
                  nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        # open, accepting (an accept is making the game), accepted, declined, withdrawn
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        _timestamp("created_at"),
        _timestamp("expires_at"),
        _timestamp("answered_at", nullable=True),
    ]


# 0026: tournaments the operator scheduled to recur, and each occurrence made of them.
def tournament_schedules() -> Columns:
    """A tournament the operator (``gin admin tournament schedule``) repeats: its name, its
    rules as ``POST /api/tournaments`` takes them (JSON), when it recurs (``repeat``: "daily"
    or a weekday's "weekly:<0-6>", Monday 0; ``at``: "HH:MM" UTC) and how many minutes before
    each start its entries open."""
    return [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("repeat", sa.String(16), nullable=False),
        sa.Column("at", sa.String(5), nullable=False),
        sa.Column("opens_before", sa.Integer, nullable=False),
        _timestamp("created_at"),
        _timestamp("cancelled_at", nullable=True),
    ]


def tournament_occurrences() -> Columns:
    """Each occurrence of a schedule that was made: one per schedule and day (the key), so a
    restarted server never makes one twice."""
    return [
        sa.Column("schedule_id", sa.Integer, sa.ForeignKey("tournament_schedules.id"),
                  primary_key=True),
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey("tournaments.id"),
                  nullable=False, unique=True),
    ]


def table_owners() -> Columns:
    """Which server process owns each live table (one process appends to a table's log): the
    owner's name, a fencing number raised at every change of owner (an append made with an
    older one is refused), and when the ownership lapses unless renewed."""
    return [
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(128), nullable=False),
        sa.Column("fence", sa.BigInteger, nullable=False),
        _timestamp("expires_at"),
    ]
