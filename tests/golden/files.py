"""The golden record files and ``gin play`` saves (part of :mod:`tests.golden.make_golden`).

Records: the version-1 two-player sample of ``tests/data`` (JSON and notation), and the
records the server kept of the golden database's finished games (two-player and table,
with their fairness data), and a six-player record (R35) of a finished ``gin play`` game.
Saves: ``gin play`` games stopped part-way (two players in English and in Italian, three
players, a team game, a real game dealt from a fixed stand-in for ``os.urandom``), and a
finished one. The terminal is driven with scripted answers, as tests/cli/test_cli_play.py does.
"""

from __future__ import annotations

import builtins
import contextlib
import hashlib
import io
import json
import os
import random
import secrets
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from tests.golden import observe
from tests.terminal_answers import answer, shown_hand

DATA = Path(__file__).parent.parent / "data"


class Terminal:
    """A scripted person at ``gin play``: draws from the stock, knocks when it can, else
    throws its last card; ``stop_after`` prompts, the end of input (the game is saved)."""

    def __init__(self, lang: str, out: io.StringIO, stop_after: int | None) -> None:
        self.lang, self.out, self.stop_after = lang, out, stop_after
        self.read_to = 0
        self.prompts = 0
        self.hand: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        text = self.out.getvalue()[self.read_to:]
        self.read_to += len(text)
        for line in text.splitlines():
            hand = shown_hand(line, self.lang)
            if hand is not None:
                self.hand = hand
        self.prompts += 1
        if self.stop_after is not None and self.prompts > self.stop_after:
            raise EOFError
        return answer(prompt, self.lang, self.hand)


def play(args: list[str], lang: str, stop_after: int | None) -> None:
    from ginrummy.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), mock.patch.object(
            builtins, "input", Terminal(lang, out, stop_after)):
        code = main(["play", "--level", "1", "--no-colour", "--lang", lang, *args])
    assert code == 0, out.getvalue()[-2000:]


@contextlib.contextmanager
def fixed_os_randomness() -> Any:
    """What a real ``gin play`` game draws from the operating system (``os.urandom`` through
    :mod:`ginrummy.core.shuffle`, ``random.SystemRandom`` for the cut, ``secrets.randbits`` for
    the computer's seeds) from fixed sequences instead (generation only)."""
    reads: list[bytes] = []
    stand_in = random.Random(2026)

    def urandom(count: int) -> bytes:
        reads.append(hashlib.sha256(f"golden os {len(reads)}".encode()).digest()[:count])
        return reads[-1]

    with mock.patch.object(os, "urandom", urandom), \
            mock.patch.object(random, "SystemRandom", lambda: random.Random(stand_in.random())), \
            mock.patch.object(secrets, "randbits", stand_in.getrandbits):
        yield


SAVES: list[tuple[str, list[str], str, int | None]] = [
    ("two_standard_mid.json", ["--seed", "5"], "en", 7),
    ("two_oklahoma_italian_mid.json", ["--seed", "6", "--rules", "oklahoma"], "it", 9),
    ("two_classic_finished.json", ["--seed", "3", "--rules", "classic"], "en", None),
    ("three_mid.json", ["--players", "3", "--seed", "8"], "en", 14),
    ("teams_mid.json", ["--players", "4", "--seed", "8"], "en", 9),
    ("two_real_deal_mid.json", ["--client-seed", "golden seed"], "en", 5),
]


def make_saves() -> None:
    observe.SAVES.mkdir(exist_ok=True)
    for name, args, lang, stop in SAVES:
        with fixed_os_randomness():
            play([*args, "--save", str(observe.SAVES / name)], lang, stop)


def make_records() -> None:
    target = observe.RECORDS
    target.mkdir(exist_ok=True)
    shutil.copyfile(DATA / "golden_classic.json", target / "two_classic_v1.json")
    shutil.copyfile(DATA / "golden_classic.txt", target / "two_classic_v1_notation.txt")
    games = json.loads(observe.MANIFEST.read_text(encoding="utf-8"))
    wanted = {"computer, standard, finished": "two_server_fair_v1.json",
              "three, computers, finished": "three_server_fair_v1.json",
              "teams, computers, finished": "teams_server_fair_v1.json"}
    with contextlib.closing(sqlite3.connect(observe.DATABASE)) as conn:
        for game in games:
            if game["label"] in wanted:
                (text,) = conn.execute("SELECT record FROM records WHERE game_id = ?",
                                       (game["game_id"],)).fetchone()
                record = json.loads(text)["record"]
                (target / wanted[game["label"]]).write_text(
                    json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "six.json"
        play(["--players", "6", "--seed", "4", "--rules", "classic", "--save", str(save)],
             "en", None)
        record = json.loads(save.read_text(encoding="utf-8"))["record"]
    (target / "six_terminal_v1.json").write_text(
        json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def make_files() -> None:
    make_records()
    make_saves()
