"""What today's code makes of the golden fixtures, as plain JSON.

:mod:`tests.golden.make_golden` writes these observations to ``expected/`` once;
``tests/core/test_golden.py`` makes them again from the committed fixtures and compares.
Only what depends on the wall clock or on who is connected is left out:

- ``seats[].connected`` (whether a socket is open: presence, not game state);
- ``event.at`` of every event (the moment it was logged) and ``finished_at`` of a record.

Event pages give each event as one line: its ``event`` part in full and a SHA-256 prefix
of its ``state`` (canonical JSON), so that a difference names the event without the
expected files holding hundreds of full states; the snapshot of every seat is kept in full.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import random
import shutil
import unittest.mock
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ginrummy.core.cards import card_name, cards_of
from ginrummy.server import Settings, create_app

HERE = Path(__file__).parent
DATABASE = HERE / "games.sqlite3"
OLD_DATABASE = HERE / "games_rev0003.sqlite3"
OLD_MANIFEST = HERE / "games_rev0003.json"
MANIFEST = HERE / "games.json"
RECORDS = HERE / "records"
SAVES = HERE / "saves"
EXPECTED = HERE / "expected"
FIXED_CLOCK = 1_800_000_000.0
"""The wall clock the observing server reads (R31 time limits): the same every run."""


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    return hashlib.sha256(canonical(value).encode()).hexdigest()


# ---------------------------------------------------------------- the server's answers


@contextlib.contextmanager
def serving(database: Path) -> Iterator[TestClient]:
    """A server on ``database`` (migrated at start) whose rng, clock and idle rule are fixed."""
    settings = Settings(
        database=f"sqlite:///{database}", rng=random.Random(0), computer_delay=0.0,
        rate_per_second=10_000.0, rate_burst=10_000, allowed_hosts=("testserver",),
        refusal_delay=0.0, requests_per_minute=0, create_per_minute=0, hints_per_minute=0,
        event_pages_per_minute=0, max_sockets_per_game=0, max_sockets_per_address=0,
        idle_seconds=None, clock=lambda: FIXED_CLOCK)
    with TestClient(create_app(settings)) as client:
        yield client


ADDED_SINCE_THE_FIXTURES = ("first_deal_awaits_you", "listed", "rated")
"""State fields the server gained after the fixtures were made (each has tests of its own)."""

TWO_PLAYER_CUT = ("rounds", "dealer", "high", "first_dealer", "chooser", "high_cut_deals")
TABLE_CUT = ("rounds", "low")
TWO_PLAYER_SCORE = ("hand", "outcome", "winner", "points", "extra_boxes")
TABLE_SCORE = ("round", "table", "players", "outcome", "winner", "points", "extra_boxes")
TWO_PLAYER_SETTLEMENT = ("final", "points", "hands_won", "box_points", "extra_boxes",
                         "extra_box_points", "game_bonus", "shutout", "shutout_points",
                         "totals", "winner", "end_reason", "margin", "payer", "payment", "lines")
TABLE_SETTLEMENT = ("final", "totals", "winner", "end_reason", "lines", "payments")
TWO_PLAYER_EVENT = ("kind", "seat", "action", "hand_number")
TABLE_EVENT = ("kind", "seat", "action", "table", "deal")
SEAT = ("seat", "kind", "name", "joined", "ready", "stand_in")
TABLE_SEAT = (*SEAT, "team", "table", "hand_seat")
"""What the observations keep of each part of a state: the facts of the game that the state
shapes of every version say alike (the two-player and the table states of version 1, the one
state since), so that a change of shape alone does not read as a change of the game."""


def _pick(value: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: value.get(k) for k in keys}


def _two_player_fair(fair: dict[str, Any]) -> dict[str, Any]:
    dealt = fair.get("hands", fair.get("deals", []))
    upcoming = fair.get("next")
    if isinstance(upcoming, list):
        upcoming = upcoming[0] if upcoming else None
    keys = ("hand_number", "version", "commitment", "server_seed", "client_seeds", "game_id")
    return {"hands": [_pick(hand, keys) for hand in dealt],
            "next": None if upcoming is None else _pick(
                upcoming, ("hand_number", "version", "commitment", "client_seeds", "game_id"))}


def _table_fair(fair: dict[str, Any]) -> dict[str, Any]:
    coming = ("table", "players", "version", "commitment", "client_seeds", "game_id")
    return {"deals": fair["deals"], "next": [_pick(entry, coming) for entry in fair["next"]]}


def _mover(state: dict[str, Any]) -> Any:
    """The two-player seat to move: the state's own ``to_act`` in version 1, its table's
    since."""
    tables = state.get("tables")
    return tables[0]["to_act"] if tables else state.get("to_act")


def game_facts(state: Any) -> Any:
    """``state`` as the facts of the game it shows (:data:`SEAT` and the rest), less the
    presence of each seat (``connected``) and the fields added since the fixtures."""
    if not isinstance(state, dict):
        return state
    two = state.get("mode", "two") == "two"
    out = {k: v for k, v in state.items() if k not in ADDED_SINCE_THE_FIXTURES}
    out["seats"] = [_pick(seat, SEAT if two else TABLE_SEAT) for seat in state["seats"]]
    out["cut"] = _pick(state["cut"], TWO_PLAYER_CUT if two else TABLE_CUT)
    out["scores"] = [_pick(score, TWO_PLAYER_SCORE if two else TABLE_SCORE)
                     for score in state["scores"]]
    out["settlement"] = _pick(state["settlement"],
                              TWO_PLAYER_SETTLEMENT if two else TABLE_SETTLEMENT)
    hand = state.get("table_hand")
    if two:
        out["fair"] = _two_player_fair(state["fair"])
        out["to_act"] = _mover(state)
        for gone in ("players", "target", "team_target", "round_number", "dealing_team",
                     "sitting_out", "tables", "my_table", "table_hand", "rounds"):
            out.pop(gone, None)
    else:
        out["fair"] = _table_fair(state["fair"])
        out["view"] = state["view"] if "view" in state else hand and hand.get("view")
        if hand is not None and out["view"] is None:  # a table before its first deal: since
            out["table_hand"] = None  # version 2 it is named (with no hand yet)
        elif hand is not None:
            players = hand.get("players") or [seat["seat"] for seat in hand["seats"]]
            out["table_hand"] = {**_pick(hand, ("table", "round", "you", "dealer", "to_act",
                                               "hand_number")), "players": players}
        for gone in ("hand_number", "hands_finished", "box_points", "last_result"):
            out.pop(gone, None)
    return out


def event_facts(event: dict[str, Any], state: Any) -> dict[str, Any]:
    """An event's part that every version says alike (:data:`TWO_PLAYER_EVENT`...)."""
    two = state.get("mode", "two") == "two"
    return _pick(event, TWO_PLAYER_EVENT if two else TABLE_EVENT)


def _get(client: TestClient, url: str) -> Any:
    response = client.get(url)
    return {"status": response.status_code, "body": response.json()}


def snapshot(client: TestClient, game_id: str, token: str) -> Any:
    answer = _get(client, f"/api/games/{game_id}?token={token}")
    if answer["status"] == 200:
        answer["body"]["state"] = game_facts(answer["body"]["state"])
    return answer


def event_pages(client: TestClient, game_id: str, token: str, open_: bool = False) -> Any:
    """Every event as ``token`` sees it, page by page (100 a page), states as hashes."""
    pages = []
    since = 0
    while True:
        url = f"/api/games/{game_id}/events?token={token}&since={since}"
        answer = _get(client, url + ("&open=1" if open_ else ""))
        body = answer["body"]
        if answer["status"] != 200:
            return {"error": answer}
        events = [event_line(e) for e in body["events"]]
        pages.append({"since": body["since"], "n": body["n"], "seat": body["seat"],
                      "events": events})
        if not events:
            return pages
        since = body["events"][-1]["n"]


def event_line(event: dict[str, Any]) -> str:
    """One event as a line: its type and number, its ``event`` part (less ``at``) and the
    first 16 hex digits of its state's SHA-256."""
    said = event_facts(event["event"], event["state"])
    shown = digest(game_facts(event["state"]))[:16]
    return f"{event['type']} {event['n']} {canonical(said)} {shown}"


def game_record(client: TestClient, game_id: str, token: str) -> Any:
    answer = _get(client, f"/api/games/{game_id}/record?token={token}")
    answer["body"].pop("finished_at", None)
    return answer


def observe_games(database: Path, games: list[dict[str, Any]]) -> dict[str, Any]:
    """Every game of the manifest as each of its seats and a watcher see it, the records of
    the finished ones and the chain; ``database`` is a working copy (the server migrates it)."""
    observed: dict[str, Any] = {}
    with serving(database) as client:
        for game in games:
            seen: dict[str, Any] = {}
            for who, token in game["tokens"].items():
                seen[who] = {"snapshot": snapshot(client, game["game_id"], token),
                             "events": event_pages(client, game["game_id"], token)}
            if game["over"]:
                seen["record"] = game_record(client, game["game_id"], game["tokens"]["watcher"])
                if game["kind"] != "table":
                    seen["open_events"] = event_pages(client, game["game_id"],
                                                      game["tokens"]["seat 0"], open_=True)
            observed[game["label"]] = seen
        observed["chain head"] = _get(client, "/api/records")
    observed["verify records"] = verify_records_output(database)
    return observed


def verify_records_output(database: Path, head: str | None = None) -> list[str]:
    """What ``gin serve --verify-records [--head HEAD]`` prints about the chain and the
    stored decks."""
    from ginrummy.cli.serve import verify_records

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = verify_records(f"sqlite:///{database}", head)
    return [f"exit {code}", *out.getvalue().splitlines()]


def working_copy(source: Path, folder: Path) -> Path:
    """A copy of the committed database in ``folder`` (the fixture itself is never opened)."""
    target = folder / source.name
    shutil.copyfile(source, target)
    return target


# ---------------------------------------------------------------- games in memory


def plain(value: Any) -> Any:
    """A dataclass, enum or tuple of today's game objects as JSON values."""
    if isinstance(value, Enum):
        return value.name
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return int(value)
    return repr(value)


def names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(int(mask))]


def hand_state(state: Any) -> Any:
    """A hand as it stands: whose turn, every hand, the pile, the stock, the result."""
    if state is None:
        return None
    return {
        "dealer": state.dealer, "phase": plain(state.phase), "turn": state.turn,
        "hands": [names(h) for h in state.hands], "pile": [card_name(c) for c in state.pile],
        "upcard": None if state.upcard is None else card_name(state.upcard),
        "stock_pos": state.stock_pos, "deck": [card_name(c) for c in state.deck],
        "knocker": state.knocker, "melds": [[names(m) for m in side] for side in state.melds],
        "result": plain(state.result),
    }


def game_state(game: Any) -> dict[str, Any]:
    """A two-player game or a table game: scores, the hands in progress, the record."""
    two = getattr(game, "players", 2) == 2
    hands = [game.hand] if two else list(game.hands)
    finished = ([plain(h.result) for h in game.finished] if two else
                [{"table": h.table, "players": list(h.players), "dealer": h.dealer,
                  "result": plain(h.state.result)} for h in _table_hands(game)])
    return {
        "players": 2 if two else game.players, "is_over": game.is_over,
        "points": list(game.points), "winner": game.winner, "end_reason": plain(game.end_reason),
        "finished_hands": finished, "hands_in_progress": [hand_state(h) for h in hands],
        "settlement": settlement(game) if game.is_over else None,
        "record": written_record(game),
    }


def written_record(game: Any) -> dict[str, Any]:
    """What the record written again holds, whatever its version: the rules, the cut, each
    hand's deck, actions and checks, and the final outcome (the envelope left out: version 1
    wrote a game of two and a table game in two formats, version 2 in one)."""
    try:
        from ginrummy.format.record import record_to_dict
        from ginrummy.format.replay import record_of
        data = record_to_dict(record_of(game))
    except ImportError:  # the code before record version 2
        from ginrummy.format import record as two_player
        from ginrummy.format import table_record
        module = two_player if getattr(game, "players", 2) == 2 else table_record
        data = module.record_to_dict(module.record_of(game))  # type: ignore[attr-defined]
    players = data.get("players", 2)
    keep = ("dealer", "deck", "actions", "action_ids", "result", "totals", "fair") + (
        () if players == 2 else ("round", "table", "players", "deal"))
    final = data.get("final") or {}
    return {
        "players": players, "rules": data["rules"], "cut": data["cut"],
        "high_cut_deals": data.get("high_cut_deals"), "time_up": data["time_up"],
        "hands": [{k: hand[k] for k in keep if k in hand} for hand in data["hands"]],
        "final": {k: final.get(k) for k in ("winner", "end_reason", "points", "final_totals")},
    }


def settlement(game: Any) -> dict[str, Any]:
    """The score sheet, and at a table who pays whom; the same whether the sheet and the
    payments are one object or two (a table's settlement held its sheet apart before)."""
    whole = game.settlement()
    sheet = getattr(whole, "sheet", whole)
    out = {f.name: plain(getattr(sheet, f.name)) for f in fields(sheet) if f.name != "payments"}
    if getattr(game, "players", 2) != 2:  # two: the sheet's payer and payment say it
        out["payments"] = plain(whole.payments)
    return out


def _table_hands(game: Any) -> list[Any]:
    if game.table_rules.kind == "teams":
        return [hand for scored in game.rounds for hand in scored.hands]
    return list(getattr(game, "played", game.finished))  # where each hand was played


# ---------------------------------------------------------------- files


def cli_output(args: list[str]) -> list[str]:
    """``gin ARGS``'s exit code and output lines (files named by their base name)."""
    from ginrummy.cli import main

    out, err = io.StringIO(), io.StringIO()
    neutral = {name: "C" for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
            unittest.mock.patch.dict(os.environ, neutral):  # a reader's LANG picks no language
        code = main(args)
    text = out.getvalue() + err.getvalue()
    return [f"exit {code}", *text.replace(str(HERE) + "/", "").splitlines()]


def observe_record(path: Path) -> dict[str, Any]:
    """A record file: the game its loader gives, and ``gin replay`` and ``gin verify``."""
    from ginrummy.format.notation import read_any

    text = path.read_text(encoding="utf-8")
    try:
        from ginrummy.format.replay import replay
        game = replay(read_any(text))
    except ImportError:  # the code before record version 2
        from ginrummy.format import record as two_player
        from ginrummy.format import table_record
        if table_record.is_table_record(text):  # type: ignore[attr-defined]
            game = table_record.load_table_record(text)  # type: ignore[attr-defined]
        else:
            game = two_player.replay(read_any(text))  # type: ignore[attr-defined]
    return {"game": game_state(game),
            "gin replay": cli_output(["replay", str(path)]),
            "gin replay --seat 1": cli_output(["replay", "--seat", "1", str(path)]),
            "gin verify": cli_output(["verify", "--lang", "en", str(path)])}


def observe_save(path: Path) -> dict[str, Any]:
    """A ``gin play`` save: the game and the setup that loading it gives."""
    from ginrummy.cli.play import load_saved

    game, setup = load_saved(path.read_text(encoding="utf-8"))
    return {"game": game_state(game), "setup": plain(setup)}


def observe_files() -> dict[str, Any]:
    return {
        "records": {p.name: observe_record(p) for p in sorted(RECORDS.iterdir())},
        "saves": {p.name: observe_save(p) for p in sorted(SAVES.iterdir())},
    }
