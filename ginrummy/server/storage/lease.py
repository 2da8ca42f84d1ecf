"""One server per database: a lock held for as long as a server runs on it.

Two servers on one database would each keep their own tables in memory and disagree (a
game created on one and joined on the other stays "waiting" on the first), so a second
server is refused at start, with the first one's pid, host and start time.

The lock is one the operating system or the database frees when its holder dies, so a
killed server (SIGKILL, a crash) never blocks a restart; no lease row, no renewal, no
clocks to agree on:

- SQLite: an exclusive ``flock`` on the database file itself, so that the lock follows the
  file, not a name: a symlink or a hard link to it finds it taken, and there is no lock
  file to delete. (SQLite locks with ``fcntl``, which is separate from ``flock``; the lock's
  descriptor is closed only after the server's connections.) The kernel drops the lock
  with the process. A note beside the file, ``<file>.serving``, says who holds it; without
  it the holder's pid is read from ``/proc/locks``.
- PostgreSQL: ``pg_try_advisory_lock`` on a dedicated connection, keyed by the database
  and schema; the server drops it when that connection ends. The connection's
  ``application_name`` names the holder, its ``backend_start`` says since when, and TCP
  keepalives (about 30 s) end it if the holder's machine vanishes without closing it.
"""

from __future__ import annotations

import abc
import contextlib
import fcntl
import json
import os
import socket
import time
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.pool import NullPool

LOCK_CLASS = 0x67696E  # "gin": the first key of the PostgreSQL advisory lock
DEAD_HOLDER_WAIT = 10.0
"""Seconds to wait for PostgreSQL to notice that a holder on this machine has died."""


class DatabaseInUse(RuntimeError):
    """Another server runs on this database (the message says which; ``params``: the
    ``database`` and its ``lock`` file or ``schema``, for saying it in another language)."""

    def __init__(self, message: str, holder: Holder | None = None, **params: str) -> None:
        super().__init__(message)
        self.holder = holder
        self.params = params


@dataclass(frozen=True, slots=True)
class Holder:
    pid: int | None
    host: str
    since: str

    def describe(self) -> str:
        pid = "an unknown pid" if self.pid is None else f"pid {self.pid}"
        return f"{pid} on {self.host or 'an unknown host'}, since {self.since}"


def _me() -> Holder:
    return Holder(os.getpid(), socket.gethostname(),
                  datetime.now(UTC).isoformat(timespec="seconds"))


def _alive_here(holder: Holder) -> bool:
    if holder.host != socket.gethostname() or holder.pid is None:
        return True  # cannot tell: assume it runs
    if holder.pid == os.getpid():
        return False  # this server's own lost connection, which PostgreSQL is ending
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Lease(abc.ABC):
    """The held lock; :meth:`release` (or the process's end) frees it."""

    def check(self) -> str | None:
        """Why this server no longer holds the database (None: it does, or cannot tell now)."""
        return None

    @abc.abstractmethod
    def release(self) -> None:
        """Free the lock."""


class FileLease(Lease):
    """The ``flock`` on the database file's descriptor ``fd``; ``note``: who holds it."""

    def __init__(self, note: Path, fd: int) -> None:
        self.note, self.fd = note, fd

    def release(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = -1


class AdvisoryLease(Lease):
    """The advisory lock's connection. If it ends (PostgreSQL restarted, the network
    failed), :meth:`check` takes the lock again on a new one, unless another server has."""

    def __init__(self, url: str, engine: sa.Engine, conn: sa.Connection) -> None:
        self.url, self.engine, self.conn = url, engine, conn

    def check(self) -> str | None:
        try:
            self.conn.execute(sa.text("SELECT 1"))
            return None
        except sa.exc.SQLAlchemyError:
            self.release()
        try:
            fresh = _lock_postgres(self.url)
        except DatabaseInUse as taken:
            mine = taken.holder is not None and taken.holder.pid == os.getpid() and (
                taken.holder.host == socket.gethostname())
            return None if mine else str(taken)  # ours: the old connection, on its way out
        except sa.exc.SQLAlchemyError:
            return None  # PostgreSQL is away: the writes fail by themselves; try again later
        self.engine, self.conn = fresh.engine, fresh.conn
        return None

    def release(self) -> None:
        with contextlib.suppress(sa.exc.SQLAlchemyError):
            self.conn.close()
        self.engine.dispose()


def acquire(url: str) -> Lease | None:
    """Take the database of ``url`` for this server, or raise :class:`DatabaseInUse`.

    None for a database no other process can open (SQLite in memory).
    """
    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if not database or database == ":memory:" or database.startswith("file:"):
            return None
        return _lock_file(Path(database), url)
    return _lock_postgres(url)


def _lock_file(database: Path, url: str) -> FileLease:
    real = database.resolve()
    real.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(real, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _file_holder(real, os.fstat(fd))
        os.close(fd)
        raise DatabaseInUse(f"the database {database} is already served by "
                            f"{holder.describe()} (lock file {real}); stop that server "
                            "first, or give this one another --database", holder,
                            database=str(database), lock=str(real)) from None
    me = _me()
    note = _note_path(real)
    with contextlib.suppress(OSError):
        note.write_text(json.dumps({"pid": me.pid, "host": me.host, "since": me.since,
                                    "database": str(real)}) + "\n", encoding="utf-8")
    return FileLease(note, fd)


def _note_path(real: Path) -> Path:
    return real.with_name(real.name + ".serving")


def _file_holder(real: Path, info: os.stat_result) -> Holder:
    """Who holds the lock on the database file: its note, unless the kernel names another
    process (the note is gone, stale, or beside another link to the file)."""
    try:
        with _note_path(real).open("rb") as note:
            noted = _read_holder(note.fileno())
    except OSError:
        noted = Holder(None, "", "an unknown time")
    pid = _flock_pid(info)
    if pid is None or pid == noted.pid:
        return noted
    return Holder(pid, socket.gethostname(), "an unknown time")


def _flock_pid(info: os.stat_result) -> int | None:
    """The process holding a ``flock`` on the file of ``info``, from ``/proc/locks``
    (Linux; None elsewhere or if it is not listed)."""
    inode = f"{os.major(info.st_dev):02x}:{os.minor(info.st_dev):02x}:{info.st_ino}"
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return None
    for line in lines:  # "6: FLOCK  ADVISORY  WRITE 10118 fe:00:2187794 0 EOF"
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == inode \
                and fields[4].isdigit():
            return int(fields[4])
    return None


def _read_holder(fd: int) -> Holder:
    try:
        data: Any = json.loads(os.pread(fd, 4096, 0) or b"{}")
    except (OSError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    pid = data.get("pid")
    return Holder(pid if isinstance(pid, int) else None, str(data.get("host", "")),
                  str(data.get("since", "an unknown time")))


def _lock_postgres(url: str) -> AdvisoryLease:
    me = _me()
    name = f"gin serve {me.pid}@{me.host}"[:63]
    engine = sa.create_engine(url, poolclass=NullPool, connect_args={
        "application_name": name, "keepalives": 1, "keepalives_idle": 15,
        "keepalives_interval": 5, "keepalives_count": 3})
    conn = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
    try:
        for setting, value in (("tcp_keepalives_idle", 15), ("tcp_keepalives_interval", 5),
                               ("tcp_keepalives_count", 3)):
            conn.execute(sa.text(f"SET {setting} = {value}"))
        schema = conn.execute(sa.text("SELECT current_schema()")).scalar() or "public"
        key = zlib.crc32(schema.encode()) & 0x7FFFFFFF
        deadline = time.monotonic() + DEAD_HOLDER_WAIT
        while True:
            taken = conn.execute(sa.text(f"SELECT pg_try_advisory_lock({LOCK_CLASS}, {key})")
                                 ).scalar()
            if taken:
                return AdvisoryLease(url, engine, conn)
            holder = _postgres_holder(conn, key)
            if _alive_here(holder) or time.monotonic() > deadline:
                database = conn.execute(sa.text("SELECT current_database()")).scalar()
                raise DatabaseInUse(f"the database {database} (schema {schema}) is already "
                                    f"served by {holder.describe()}; stop that server first, "
                                    "or give this one another --database", holder,
                                    database=str(database), schema=schema)
            time.sleep(0.2)  # its holder died here: PostgreSQL is about to notice
    except BaseException:
        conn.close()
        engine.dispose()
        raise


def _postgres_holder(conn: sa.Connection, key: int) -> Holder:
    row = conn.execute(sa.text(
        "SELECT a.application_name, a.backend_start, a.client_addr FROM pg_locks l "
        "JOIN pg_stat_activity a ON a.pid = l.pid "
        "WHERE l.locktype = 'advisory' AND l.granted "
        f"AND l.classid = {LOCK_CLASS} AND l.objid = {key} AND l.objsubid = 2 "
        "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
    )).first()
    if row is None:
        return Holder(None, "", "an unknown time")
    pid, host = None, str(row.client_addr or "")
    label = str(row.application_name or "")
    if label.startswith("gin serve ") and "@" in label:
        number, _, host = label[len("gin serve "):].partition("@")
        pid = int(number) if number.isdigit() else None
    since = row.backend_start.astimezone(UTC).isoformat(timespec="seconds") \
        if row.backend_start is not None else "an unknown time"
    return Holder(pid, host, since)
