"""Fair play for the operator (``gin admin fair-play``): a scripted account that plays level 5's
moves against people who play like level 2 stands out, the people do not; only rated games are
analysed, each once, and every agent is shown only the view of the player it judges."""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.agents.base import Agent
from ginrummy.agents.levels import make_level
from ginrummy.cli import main
from ginrummy.core.actions import Action, action_name
from ginrummy.core.hand import Phase
from ginrummy.core.views import PlayerView, view_of
from ginrummy.format.verify import read_record
from ginrummy.server.audit.fair_play import analyse_pending, tally_game
from ginrummy.server.audit.fair_play_report import exact_test, standings
from ginrummy.server.storage import db, fair_play_store
from ginrummy.server.storage.fair_play_store import AccountGame, SeatFigures
from ginrummy.server.storage.game_rules import table_rules_of
from ginrummy.server.storage.replay import replay
from ginrummy.server.storage.store import Store
from tests.server.account_kit import PASSWORD, Browser, accounts_app, sign_up
from tests.server.kit import Player, until_dealt
from tests.server.rating_kit import at_the_table, rated_game

SAMPLES = 24
"""Level 5's sampled worlds per decision, when the script plays and in the analysis: small,
so that the games and their analysis take seconds."""
LEAST = 8
"""Hard decisions an account needs to be listed (``--min-decisions``): a few short games'
worth."""
ONE_BAND = 5000
"""``--band``: every account in one band (a few one-hand games' ratings say little about the
players, who are all level 2 but the cheater)."""
CHEATER = "carla"
PEOPLE = ("anna", "bea", "dario")


def own_view(client: TestClient, game_id: str, place: int) -> PlayerView:
    """The view of ``place`` now, as its own client knows it (the script's engine is shown
    nothing else)."""
    store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]
    stored = store.load(game_id)
    assert stored is not None
    game = replay(client.app.state.lobby.tables[game_id].rules,  # type: ignore[attr-defined]
                  stored.row.cut, stored.decks, stored.log)[-1].game
    state = game.hands[0]
    assert state is not None
    return view_of(state, game.players_at(0).index(place))


def play(client: TestClient, game: dict[str, Any], players: tuple[Player, Player],
         agents: Mapping[int, Agent]) -> None:
    """Play the game to its end: each seat's agent chooses from that seat's own view."""
    until_dealt(*players)
    for _ in range(3000):
        if all(p.state["stage"] == "over" for p in players):
            return
        mover = next((p for p in players if p.my_turn), None)
        if mover is not None:
            assert mover.seat is not None
            action = agents[mover.seat].choose(own_view(client, game["game_id"], mover.seat))
            assert mover.act(action_name(action))["type"] == "ack"
        else:
            ready = next((p for p in players if p.state["stage"] == "between_hands"
                          and not p.state["seats"][p.seat]["ready"]), None)
            if ready is None:
                behind = [p for p in players if p.n < max(q.n for q in players)]
                (behind or [players[0]])[0].recv()
                continue
            assert ready.ready()["type"] == "ack"
            mover = ready
        for p in players:
            while p.n < mover.n:
                p.recv()
    raise AssertionError("the game did not end")


def agent_of(name: str, seed: int) -> Agent:
    """The cheater asks level 5 for every move; the people play like level 2."""
    return make_level(5, seed, samples=SAMPLES) if name == CHEATER else make_level(2, seed)


def play_game(client: TestClient, browsers: dict[str, Browser], first: str, second: str,
              seed: int, rated: bool = True) -> str:
    game = rated_game(client, browsers[first], browsers[second], rated=rated)
    with at_the_table(client, game, browsers[first], browsers[second]) as players:
        seats = {p.seat: name for p, name in zip(players, (first, second), strict=True)}
        play(client, game, players, {seat: agent_of(name, seed + seat)
                                     for seat, name in seats.items() if seat is not None})
    return str(game["game_id"])


@dataclass
class Played:
    database: str
    rated: list[str]
    unrated: str
    report: str = ""
    analysed: int = 0


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    """Every pair of four accounts plays two short rated games, the cheater one more with each
    person, and anna and bea one unrated game; then ``gin admin fair-play --analyse`` runs
    once."""
    database = f"sqlite:///{tmp_path_factory.mktemp('fair') / 'games.sqlite3'}"
    names = (CHEATER, *PEOPLE)
    rated: list[str] = []
    with accounts_app(database) as client:
        browsers = {name: Browser(client) for name in names}
        for name, browser in browsers.items():
            with browser.use():
                sign_up(client, name)
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
        for round_no in range(2):
            for number, (a, b) in enumerate(pairs):
                first, second = (a, b) if round_no == 0 else (b, a)
                rated.append(play_game(client, browsers, first, second,
                                       100 * round_no + 10 * number))
        for number, name in enumerate(PEOPLE):  # the cheater's decisions: enough to judge
            rated.append(play_game(client, browsers, CHEATER, name, 300 + 10 * number))
        unrated = play_game(client, browsers, "anna", "bea", 999, rated=False)
    out = io.StringIO()
    found = Played(database, rated, unrated)
    found.report = admin_says(out, "--analyse", "--samples", str(SAMPLES), "--min-decisions",
                              str(LEAST), "--band", str(ONE_BAND), database=database)
    found.analysed = len(fair_play_store.analysed(db.make_engine(database)))
    return found


def admin_says(out: io.StringIO, *options: str, database: str, lang: str = "en") -> str:
    """What ``gin admin fair-play OPTIONS`` prints (its exit status must be 0)."""
    with contextlib.redirect_stdout(out):
        assert main(["admin", "fair-play", *options, "--database", database,
                     "--lang", lang]) == 0
    return out.getvalue()


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_the_account_that_plays_level_5s_moves_stands_out_and_the_people_do_not(
        played: Played) -> None:
    found = {s.username: s for s in standings(
        fair_play_store.analysed(db.make_engine(played.database)), band=ONE_BAND,
        min_decisions=LEAST)}
    assert set(found) == {CHEATER, *PEOPLE}
    assert found[CHEATER].stands_out, found[CHEATER]
    assert not any(found[name].stands_out for name in PEOPLE), [found[n] for n in PEOPLE]
    assert all(t.own.share > t.band.share for t in found[CHEATER].tests)
    assert max(t.z for t in found[CHEATER].tests) >= 3
    # the report names the cheater and its games to look at, and none of the people
    listed = played.report.split("Accounts seen in one browser")[0]
    assert f"* {CHEATER}: rating" in listed
    assert not any(f"{name}: rating" in listed for name in PEOPLE)
    look = listed.split("games to look at")[1].splitlines()[1:-1]
    assert look and all(line.split()[0] in played.rated and "against" in line for line in look)
    assert "1 account stands out, of 4 with analysed games" in listed


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_the_report_never_counts_an_unrated_game(played: Played) -> None:
    engine = db.make_engine(played.database)
    games = {row.figures.game_id for row in fair_play_store.analysed(engine)}
    unrated = Store(engine).load(played.unrated)
    assert unrated is not None and not unrated.row.rated and unrated.row.status == "over"
    assert games == set(played.rated)
    assert played.unrated not in games
    assert fair_play_store.pending_games(engine) == []


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_a_game_is_analysed_once(played: Played) -> None:
    engine = db.make_engine(played.database)

    def never(game_id: str, place: int, table: tuple[int, int]) -> Mapping[str, Agent]:
        raise AssertionError(f"{game_id} was analysed again")

    assert analyse_pending(engine, agents=never).analysed == 0
    assert len(fair_play_store.analysed(engine)) == played.analysed == 2 * len(played.rated)
    report = admin_says(io.StringIO(), "--all", "--min-decisions", str(LEAST), "--band",
                        str(ONE_BAND), database=played.database)
    assert "rated games analysed" not in report  # no --analyse: nothing run, nothing said
    assert report.startswith("Every account with analysed games")


@dataclass
class Recorder:
    """An agent that keeps every view it is given and answers as the real one would."""

    place: int
    inner: Agent
    views: list[PlayerView] = field(default_factory=list)
    name: str = "recorder"

    def choose(self, view: PlayerView) -> Action:
        self.views.append(view)
        return self.inner.choose(view)


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_each_agent_sees_only_the_view_of_the_player_it_judges(played: Played) -> None:
    engine = db.make_engine(played.database)
    stored = Store(engine).load(played.rated[0])
    assert stored is not None
    made: list[Recorder] = []

    def recording(game_id: str, place: int, table: tuple[int, int]) -> Mapping[str, Agent]:
        agents = {"expert": Recorder(place, make_level(4, 1)),
                  "level5": Recorder(place, make_level(3, 2)),
                  "level2": Recorder(place, make_level(2, 3))}
        made.extend(agents.values())
        return agents

    tallies = tally_game(stored, recording)
    positions = replay(table_rules_of(stored.row.rules), stored.row.cut, stored.decks,
                       stored.log)
    expected: dict[int, list[tuple[PlayerView, int]]] = {0: [], 1: []}
    for position, entry in zip(positions, stored.log, strict=False):
        if entry.kind == "play" and entry.seat is not None:
            state = position.game.hands[0]
            assert state is not None
            other = 1 - entry.seat
            shown_by_rules = state.phase is Phase.DEFENDER and state.knocker == other  # R14
            hidden = 0 if shown_by_rules else state.hands[other] & ~state.known[other]
            expected[entry.seat].append((view_of(state, entry.seat), hidden))
    assert {r.place for r in made} == {0, 1} and len(made) == 6
    for recorder in made:
        assert [v for v, _ in expected[recorder.place]] == recorder.views
        for view, hidden in expected[recorder.place]:
            assert view.seat == recorder.place
            assert view.opponent_hand is None or hidden == 0
            shown = view.hand | view.opponent_known | view.laid_off
            for card in view.pile:
                shown |= 1 << card
            for meld in view.melds[0] + view.melds[1]:
                shown |= meld
            assert shown & hidden == 0, "a card the player could not see reached its agent"
    assert sum(t.decisions for t in tallies.values()) > 0


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_the_record_of_a_game_to_look_at_replays_face_up(played: Played) -> None:
    text = admin_says(io.StringIO(), "--record", played.rated[0], database=played.database)
    record = read_record(text)
    assert record.hands and all(hand.deck for hand in record.hands)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["admin", "fair-play", "--record", "nosuchgame", "--database",
                     played.database, "--lang", "en"]) == 1
    assert out.getvalue() == "gin admin: no finished game is named nosuchgame\n"


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_the_report_is_in_the_operators_language(played: Played) -> None:
    report = admin_says(io.StringIO(), "--min-decisions", str(LEAST), "--band", str(ONE_BAND),
                        database=played.database, lang="it")
    assert f"* {CHEATER}: punteggio" in report
    assert "1 account spicca, su 4 con partite analizzate" in report
    assert "partite da esaminare" in report


@pytest.mark.slow  # the module fixture's 16 games and their analysis: 30 s of CPU
def test_shared_accounts_that_played_rated_games_together_are_listed(played: Played) -> None:
    # the test server lets accounts at one address play rated games (one loopback address)
    assert "Accounts seen in one browser or at one address that played rated games" \
        in played.report
    assert f"{CHEATER} and " in played.report or f" and {CHEATER}: the same address" \
        in played.report


@pytest.mark.parametrize(("options", "said"), [
    (["--analyse"], "gin admin: --analyse goes with fair-play (gin admin fair-play --analyse "
                    "...)"),
    (["fair-play", "--games", "0"], "gin admin: --games must be at least 1, got 0"),
    (["fair-play", "--samples", "-3"], "gin admin: --samples must be at least 1, got -3"),
])
def test_fair_play_options_are_checked(tmp_path: Path, options: list[str], said: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    if options[0] != "fair-play":
        options = ["--bans", *options]
    assert main(["admin", *options, "--database", database, "--lang", "en"]) == 2
    assert capsys.readouterr().out == said + "\n"


def figures(game: str, seat: int, rating: float, hard: int, matches: int) -> SeatFigures:
    return SeatFigures(game, seat, f"id-{game}-{seat}", "standard", rating, 2 * hard, hard,
                       hard, hard, matches, matches, 4, datetime(2026, 12, 7, tzinfo=UTC))


def test_an_account_is_compared_with_its_rating_band_only() -> None:
    rows = [AccountGame("ugo", figures("g1", 0, 1650.0, 40, 30)),  # 75%: the band's rate
            AccountGame("vera", figures("g1", 1, 1700.0, 40, 30)),
            AccountGame("zoe", figures("g2", 0, 1250.0, 40, 4)),  # a weaker band: 10%
            AccountGame("yuri", figures("g2", 1, 1220.0, 40, 4))]
    found = {s.username: s for s in standings(rows, min_decisions=20)}
    assert found["ugo"].band == (1600, 1799) and found["zoe"].band == (1200, 1399)
    assert not any(s.stands_out for s in found.values())  # each is its band's rate
    # the same 75% in the weaker band stands out
    rows.append(AccountGame("zoe", figures("g3", 0, 1250.0, 40, 30)))
    found = {s.username: s for s in standings(rows, min_decisions=20)}
    assert found["zoe"].stands_out and not found["ugo"].stands_out
    assert standings(rows, min_decisions=20)[0].username == "zoe"


def test_the_exact_test_counts_the_few_decisions_of_the_account_and_of_its_band() -> None:
    # 3 of 8 against a band that matched 0 of 10: one table in 15 (C(15, 5) / C(18, 8))
    z, p = exact_test(3, 8, 0, 10)
    assert p == pytest.approx(3003 / 43758) and z < 3
    z, p = exact_test(19, 20, 30, 70)  # 95% against the band's 43%
    assert p < 1e-4 and z > 3
    assert exact_test(0, 5, 3, 10) == (-math.inf, 1.0)  # no match: no evidence at all
    assert exact_test(5, 5, 0, 0) == (-math.inf, 1.0)  # no band to compare with
    assert exact_test(20, 40, 200, 400)[1] == pytest.approx(0.5, abs=0.1)


def test_figures_are_kept_once_on_each_backend_and_go_with_a_deleted_account(
        database: str) -> None:
    engine = db.make_engine(database)
    with accounts_app(database) as client:
        browsers = {name: Browser(client) for name in ("anna", "bea")}
        for name, browser in browsers.items():
            with browser.use():
                sign_up(client, name)
        game_id = play_game(client, browsers, "anna", "bea", 5)
        assert [g.game_id for g in fair_play_store.pending_games(engine)] == [game_id]
        assert analyse_pending(engine, samples=4).analysed == 1
        assert analyse_pending(engine, samples=4).analysed == 0
        rows = fair_play_store.analysed(engine)
        assert sorted(r.username for r in rows) == ["anna", "bea"]
        assert all(r.figures.decisions > 0 and r.figures.level5_samples == 4 for r in rows)
        with browsers["anna"].use():
            gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
        assert gone.status_code == 200, gone.text
    with engine.connect() as conn:
        left = conn.execute(sa.select(db.fair_play.c.seat)).scalars().all()
    assert [r.username for r in fair_play_store.analysed(engine)] == ["bea"] and len(left) == 1
    engine.dispose()


def test_a_game_whose_log_does_not_replay_is_kept_with_its_reason_and_counts_nothing(
        sqlite_db: str) -> None:
    engine = db.make_engine(sqlite_db)
    with accounts_app(sqlite_db) as client:
        browsers = {name: Browser(client) for name in ("anna", "bea")}
        for name, browser in browsers.items():
            with browser.use():
                sign_up(client, name)
        game_id = play_game(client, browsers, "anna", "bea", 5)
    with engine.begin() as conn:  # a stored move changed behind the server's back
        first_play = conn.execute(sa.select(sa.func.min(db.log.c.seq)).where(
            db.log.c.game_id == game_id, db.log.c.kind == "play")).scalar_one()
        conn.execute(db.log.update().where(db.log.c.game_id == game_id,
                                           db.log.c.seq == first_play).values(action=999))
    done = analyse_pending(engine, samples=4)
    assert (done.analysed, done.problems) == (1, 1)
    rows = [r.figures for r in fair_play_store.analysed(engine)]
    assert len(rows) == 2 and all(r.decisions == 0 and r.problem for r in rows)
    assert f"entry {first_play}" in (rows[0].problem or "")
    assert analyse_pending(engine, samples=4).analysed == 0  # not tried again
    assert standings(fair_play_store.analysed(engine)) == []
    engine.dispose()
