"""Tournaments that recur (``gin admin tournament``): the running server makes each occurrence
of a schedule when its entries open, once per day even across a restart; a cancelled schedule
makes no more; bad input changes nothing and says what was wrong in the operator's language;
a player's profile lists the tournaments they entered, with their place once one is over.

The server's clock is the settings' (``Clock``), turned to the moments the tests need."""

from __future__ import annotations

import contextlib
import io
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.cli import build_parser
from ginrummy.server.storage import db
from tests.server.account_kit import accounts_app, browser, sign_in, sign_up
from tests.server.tournament_kit import created_by, until_status

DAY = 86_400.0


class Clock:
    """The server's wall clock, set to a moment and going on from there."""

    def __init__(self, moment: datetime) -> None:
        self.offset = moment.timestamp() - time.time()

    def __call__(self) -> float:
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)


def tomorrow() -> date:
    return datetime.now(UTC).date() + timedelta(days=1)


def admin(database: str, *words: str, lang: str = "en") -> tuple[int, str]:
    """``gin admin tournament WORDS``: its exit status and what it printed."""
    out = io.StringIO()
    status = admin_says(["admin", "tournament", *words, "--database", database, "--lang", lang],
                        out, lang)
    return status, out.getvalue()


def admin_says(argv: list[str], out: io.StringIO, lang: str = "en") -> int:
    """``gin ARGV`` (an ``admin`` command line), printing to ``out``."""
    args = build_parser("admin", lang).parse_args(argv)
    status: int = args.run(args, out)
    return status


@contextlib.contextmanager
def schedules_app(database: str, clock: Clock, **options: Any) -> Iterator[TestClient]:
    """The server, its schedules looked at when the tests say (:func:`tick`) and once at
    its start."""
    with accounts_app(database, clock=clock, tournament_schedule_seconds=3600.0,
                      **options) as client:
        yield client


def tick(client: TestClient) -> None:
    assert client.portal is not None
    client.portal.call(client.app.state.lobby.schedules.tick)  # type: ignore[attr-defined]


def occurrences(client: TestClient) -> list[tuple[int, str, str]]:
    o = db.tournament_occurrences
    with client.app.state.engine.connect() as conn:  # type: ignore[attr-defined]
        rows = conn.execute(sa.select(o.c.schedule_id, o.c.day, o.c.tournament_id)
                            .order_by(o.c.day)).all()
    return [(r.schedule_id, r.day, r.tournament_id) for r in rows]


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_a_daily_schedule_makes_one_tournament_a_day_even_across_a_restart(
        database: str) -> None:
    status, said = admin(database, "schedule", "--name", "Noon knockout", "--repeat", "daily",
                         "--at", "12:00", "--format", "knockout", "--size", "4", "--level", "1",
                         "--no-fill", "--clock", "move:30", "--option", "target=25")
    assert status == 0 and said.startswith("Schedule 1 made: Noon knockout, knockout of 4 "
                                           "places, every day at 12:00 UTC"), said
    day = tomorrow()
    clock = Clock(at(day, 11, 30))  # entries opened at 11:00, an hour before the start
    with schedules_app(database, clock) as client:
        tick(client)
        listed = client.get("/api/tournaments").json()
        assert [t["name"] for t in listed["tournaments"]] == ["Noon knockout"]
        assert moment(listed["tournaments"][0]["starts_at"]) == at(day, 12)
        coming = listed["scheduled"]
        assert [(c["name"], moment(c["starts_at"]), moment(c["opens_at"]), c["repeat"])
                for c in coming] == [("Noon knockout", at(day + timedelta(days=1), 12),
                                      at(day + timedelta(days=1), 11), "daily")]
        first = listed["tournaments"][0]["id"]
        with browser(client):
            sign_up(client, "annie")
            entered = client.post(f"/api/tournaments/{first}/entry")
            assert entered.status_code == 200, entered.text
        profile = client.get("/api/players/annie").json()["tournaments"]
        assert [(p["id"], p["status"], p["place"], p["of"]) for p in profile] == [
            (first, "entering", None, 1)]
    with schedules_app(database, clock) as client:  # a restart, the same moment
        tick(client)
        tick(client)
        assert occurrences(client) == [(1, day.isoformat(), first)]
        clock.advance(DAY)  # the next day, 11:30: today's is open, yesterday's past its start
        tick(client)
        tick(client)
        made = occurrences(client)
        assert [(s, d) for s, d, _ in made] == [(1, day.isoformat()),
                                               (1, (day + timedelta(days=1)).isoformat())]
        # yesterday's started with annie alone: too few, so the start rules cancelled it
        assert until_status(client, first, "cancelled")["entrants"] == [
            {"name": "annie", "computer": None}]
        today = client.get(f"/api/tournaments/{made[1][2]}").json()
        assert today["status"] == "entering" and today["organiser"] == "Gin Rummy"
        assert today["organiser_is_player"] is False  # no account's start or call-off
        assert today["clock"] == {"kind": "move", "seconds": 30.0}
        assert today["rules"]["target"] == 25 and today["fill"] is False
        assert moment(today["starts_at"]) == at(day + timedelta(days=1), 12)


def test_a_cancelled_schedule_makes_no_more_tournaments(sqlite_db: str) -> None:
    day = tomorrow()
    weekday = day.strftime("%A").lower()
    status, _ = admin(sqlite_db, "schedule", "--name", "Weekly cup", "--repeat", "weekly",
                      "--weekday", weekday, "--at", "20:00", "--opens-before", "120",
                      "--format", "knockout", "--size", "4", "--level", "1")
    assert status == 0
    clock = Clock(at(day, 18, 30))
    with schedules_app(sqlite_db, clock) as client:
        tick(client)
        assert len(occurrences(client)) == 1
        assert admin(sqlite_db, "cancel", "1") == (
            0, "Schedule 1 cancelled: no more of its tournaments will be made (one already "
               "taking entries goes on)\n")
        assert admin(sqlite_db, "cancel", "1") == (
            1, "gin admin: no running schedule has the number 1\n")
        clock.advance(7 * DAY)
        tick(client)
        assert len(occurrences(client)) == 1
        listed = client.get("/api/tournaments").json()
        assert listed["scheduled"] == []
        assert [t["name"] for t in listed["tournaments"]] == ["Weekly cup"]  # it goes on
        # past its start time: it started, the computers filling its places
        started = until_status(client, occurrences(client)[0][2], "playing")
        assert [e["computer"] for e in started["entrants"]] == [1, 2, 3, 4]
    assert admin(sqlite_db, "list") == (0, "0 tournaments recur\n")


BAD_INPUT = [
    (["--repeat", "weekly", "--weekday", "funday", "--at", "18:00"], "it",
     "gin admin: il giorno deve essere uno tra monday, tuesday, wednesday, thursday, friday, "
     "saturday, sunday, non 'funday'"),
    (["--repeat", "weekly", "--weekday", "funday", "--at", "18:00"], "en",
     "gin admin: weekday must be one of monday, tuesday, wednesday, thursday, friday, "
     "saturday, sunday, got 'funday'"),
    (["--repeat", "daily", "--at", "24:00"], "it",
     "gin admin: l'ora deve essere HH:MM in UTC (da 00:00 a 23:59), non '24:00'"),
    (["--repeat", "daily", "--at", "7pm"], "en",
     "gin admin: the time must be HH:MM in UTC (00:00 to 23:59), got '7pm'"),
    (["--repeat", "daily", "--at", "18:00", "--size", "100"], "it",
     "gin admin: il numero di posti deve essere un intero da 4 a 64, non 100"),
    (["--repeat", "daily", "--at", "18:00", "--level", "6"], "en",
     "gin admin: level must be a whole number from 1 to 5, got 6"),
    (["--repeat", "daily", "--at", "18:00", "--opens-before", "0"], "it",
     "gin admin: le iscrizioni devono aprirsi da 1 a 10080 minuti prima dell'inizio, non 0"),
    (["--repeat", "daily", "--at", "18:00", "--clock", "move:1"], "it",
     "gin admin: --clock deve essere move:SECONDI (da 5 a 600) o bank:SECONDI+INCREMENTO "
     "(da 30 a 3600, più da 0 a 60), non \"move:1\""),
    (["--repeat", "daily", "--at", "18:00", "--option", "nope=1"], "en",
     "gin admin: unknown rules option 'nope'"),
    (["--repeat", "weekly", "--at", "18:00"], "en",
     "gin admin: a weekly tournament needs its weekday"),
    (["--repeat", "daily", "--at", "18:00", "--format", "knockout", "--table-size", "3"], "en",
     "gin admin: a knockout is played at tables of two: a table of three has two losers"),
]


@pytest.mark.parametrize(("options", "lang", "said"), BAD_INPUT)
def test_bad_schedule_input_is_refused_precisely_and_stores_nothing(
        sqlite_db: str, options: list[str], lang: str, said: str) -> None:
    status, out = admin(sqlite_db, "schedule", "--name", "Cup", *options, lang=lang)
    assert (status, out) == (2, said + "\n")
    assert admin(sqlite_db, "list") == (0, "0 tournaments recur\n")


def test_a_step_or_a_schedule_option_out_of_place_is_refused(sqlite_db: str) -> None:
    out = io.StringIO()
    assert admin_says(["admin", "--bans", "--at", "10:00", "--database", sqlite_db,
                     "--lang", "it"], out, "it") == 2
    assert out.getvalue() == ("gin admin: --at si usa solo con tournament schedule "
                              "(gin admin tournament schedule --at ...)\n")
    assert admin(sqlite_db, "list", "3") == (
        2, "gin admin: a schedule's number goes with tournament cancel "
           "(gin admin tournament cancel ID)\n")


def test_the_profile_lists_a_finished_tournaments_place(database: str) -> None:
    with accounts_app(database, idle_seconds=0.05) as client:
        made = created_by(client, "annie", name="Tuesday cup", format="knockout", size=4,
                          level=1, options={"target": 25})
        with browser(client):
            sign_in(client, "annie")
            assert client.post(f"/api/tournaments/{made['id']}/start").status_code == 200
        playing = client.get("/api/players/annie").json()["tournaments"]
        assert [(p["name"], p["format"], p["place"], p["of"], p["link"]) for p in playing] == [
            ("Tuesday cup", "knockout", None, 4, f"/tournaments/{made['id']}")]
        over = until_status(client, made["id"], "over")
        place = next(s["place"] for s in over["standings"] if s["player"]["name"] == "annie")
        listed = client.get("/api/players/annie").json()["tournaments"]
        assert [(p["status"], p["place"], p["of"]) for p in listed] == [("over", place, 4)]
        assert "a:" not in str(listed)  # no account id
        assert sorted(stored_places(client).values()) == [1, 2, 3, 4]  # kept at its end


def test_a_tournament_over_before_places_were_kept_gets_them_from_its_results(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, idle_seconds=0.05) as client:
        made = created_by(client, "annie", format="knockout", size=4, level=1,
                          options={"target": 25})
        with browser(client):
            sign_in(client, "annie")
            client.post(f"/api/tournaments/{made['id']}/start")
        over = until_status(client, made["id"], "over")
        kept = stored_places(client)
        e = db.tournament_entrants
        with client.app.state.engine.begin() as conn:  # type: ignore[attr-defined]
            conn.execute(e.update().values(place=None))  # as a database before 0026 has it
        place = next(s["place"] for s in over["standings"] if s["player"]["name"] == "annie")
        listed = client.get("/api/players/annie").json()["tournaments"]
        assert [(p["place"], p["of"]) for p in listed] == [(place, 4)]
        assert stored_places(client) == kept  # worked out once, and kept


def stored_places(client: TestClient) -> dict[str, int | None]:
    e = db.tournament_entrants
    with client.app.state.engine.connect() as conn:  # type: ignore[attr-defined]
        return {r.entrant: r.place for r in conn.execute(sa.select(e.c.entrant, e.c.place))}
