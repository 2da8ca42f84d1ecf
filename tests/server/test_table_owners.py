"""Each live table owned by one server process (issue 34): a holding taken, renewed, lapsed
and taken over with a higher fence; an append made under an old fence refused; two processes
racing for a lapsed table, one winner; given up, taken at once. Both databases."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa

from ginrummy.server.storage import db
from ginrummy.server.storage.table_owners import TableOwners, still_owned

T0 = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)
LASTS = timedelta(seconds=10)


def owners_of(database: str) -> TableOwners:
    engine = db.make_engine(database)
    db.migrate(engine)
    return TableOwners(engine, LASTS)


def test_a_table_is_held_by_one_process_until_its_holding_lapses(database: str) -> None:
    tables = owners_of(database)
    first = tables.take("g1", "one", T0)
    assert first is not None and first.fence == 1 and first.expires_at == T0 + LASTS
    assert tables.take("g1", "two", T0 + timedelta(seconds=5)) is None
    assert tables.renew("one", {"g1": 1}, T0 + timedelta(seconds=8)) == set()
    assert tables.take("g1", "two", T0 + timedelta(seconds=12)) is None  # renewed to 18 s
    holder = tables.holder("g1", T0 + timedelta(seconds=12))
    assert holder is not None and (holder.owner, holder.fence) == ("one", 1)
    taken = tables.take("g1", "two", T0 + timedelta(seconds=18))
    assert taken is not None and (taken.owner, taken.fence) == ("two", 2)
    assert tables.renew("one", {"g1": 1}, T0 + timedelta(seconds=19)) == {"g1"}
    assert tables.holder("g1", T0 + timedelta(seconds=19)) == taken
    assert tables.lapsed(T0 + timedelta(seconds=19)) == []
    assert tables.lapsed(T0 + timedelta(seconds=40)) == ["g1"]


def test_an_append_under_an_old_fence_is_refused(database: str) -> None:
    tables = owners_of(database)
    old = tables.take("g1", "one", T0)
    new = tables.take("g1", "two", T0 + LASTS)
    assert old is not None and new is not None
    with tables.engine.begin() as conn:
        assert not still_owned(conn, old)
        assert still_owned(conn, new)


def test_a_table_given_up_is_taken_at_once_with_a_higher_fence(database: str) -> None:
    tables = owners_of(database)
    first = tables.take("g1", "one", T0)
    assert first is not None
    tables.release([first], T0 + timedelta(seconds=1))
    assert tables.holder("g1", T0 + timedelta(seconds=1)) is None
    again = tables.take("g1", "two", T0 + timedelta(seconds=1))
    assert again is not None and again.fence == 2  # fences never go back
    with tables.engine.begin() as conn:
        assert not still_owned(conn, first)


def test_a_process_taking_its_own_table_again_gets_a_new_fence(database: str) -> None:
    tables = owners_of(database)
    assert tables.take("g1", "one", T0) is not None
    again = tables.take("g1", "one", T0 + timedelta(seconds=1))
    assert again is not None and again.fence == 2
    assert tables.renew("one", {"g1": 1}, T0 + timedelta(seconds=2)) == {"g1"}


def test_processes_racing_for_a_lapsed_table_have_one_winner(database: str) -> None:
    tables = owners_of(database)
    assert tables.take("g1", "gone", T0) is not None
    racers = [f"p{n}" for n in range(6)]
    start = threading.Barrier(len(racers))
    won: list[str] = []

    def race(name: str) -> None:
        start.wait()
        if tables.take("g1", name, T0 + LASTS) is not None:
            won.append(name)

    threads = [threading.Thread(target=race, args=(name,)) for name in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1
    with tables.engine.connect() as conn:
        fence = conn.execute(sa.select(db.table_owners.c.fence)).scalar()
    assert fence == 2
