"""The file ``gin play`` saves a game in, and reading it back (old saves of every kind too).

A save is one JSON object, format ``ginrummy-terminal-game`` version 1: the setup
(seed, computer level and agent, language, one name a place, the person's place, the
player's seed of a real game), then ``record``, the game's record
(:mod:`ginrummy.format.record`), version 2 for a game of any seating. Saves written
before hold a version-1 record of either format (two players, or three players and
teams) and load as well. A bare record of any of them resumes too, with a new setup.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginrummy.core.errors import CodedError

if TYPE_CHECKING:
    from ginrummy.core.game import Game

SAVE_FORMAT = "ginrummy-terminal-game"
SAVE_VERSION = 1
SAVE_DIR = Path("data") / "games"


@dataclass
class Setup:
    """What a saved game keeps besides the record: enough to go on exactly."""

    seed: int | None
    """None: a real game, each deck from the operating system's generator (provably fair)."""
    level: int
    agent: str
    lang: str
    names: tuple[str, ...]
    """One name a place (the person's at ``human``)."""
    human: int = 0
    client_seed: str | None = None
    """The player's seed in the decks of a real game."""


def save_text(game: Game, setup: Setup) -> str:
    """A saved game: the setup, then the game's record."""
    from ginrummy.format.replay import dump_record

    head = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "seed": setup.seed,
        "level": setup.level,
        "agent": setup.agent,
        "lang": setup.lang,
        "names": list(setup.names),
        "human": setup.human,
        "client_seed": setup.client_seed,
    }
    fields = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    record = dump_record(game).strip().replace("\n", "\n  ")
    return "{\n" + ",\n".join([*fields, f'  "record": {record}']) + "\n}\n"


class SaveError(CodedError):
    """A saved game that cannot be read (its code and parameters say why, see
    :func:`ginrummy.i18n.errors.error_text`)."""


class _BadField(CodedError, TypeError):
    """A setup field of the wrong kind."""


def load_saved(text: str) -> tuple[Game, Setup | None]:
    """The game of a saved file and its setup; a bare game record gives no setup."""
    from ginrummy.format.record import RecordError, is_game_record, json_error, record_from_dict
    from ginrummy.format.replay import replay

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"not valid JSON: {error}", "record.as_is",
                        error=json_error(error)) from None
    if not isinstance(data, dict):
        raise SaveError("a saved game is a JSON object", "save.not_object")
    try:
        if is_game_record(data):
            return replay(record_from_dict(data)), None
        if data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
            kind = repr(data.get("format"))
            raise SaveError(f"not a saved game (format {kind})", "save.format", kind=kind)
        game = replay(record_from_dict(data.get("record")))
    except RecordError as error:
        raise SaveError(str(error), "record.as_is", error=error) from None
    names = data.get("names")
    players = game.players
    if not isinstance(names, list) or len(names) != players:
        raise SaveError(f"names must be a list of {players} names", "save.names",
                        players=players)
    try:
        setup = Setup(
            seed=None if data.get("seed") is None else _int(data, "seed"),
            level=_int(data, "level"), agent=str(data["agent"]),
            lang=str(data["lang"]), names=tuple(str(name) for name in names),
            human=_int(data, "human"), client_seed=_text_or_none(data, "client_seed"),
        )
    except (KeyError, TypeError, IndexError) as error:
        raise SaveError(f"missing or bad field: {error}", "save.field", error=error) from None
    if setup.human not in (0, 1) or (players > 2 and setup.human != 0):
        raise SaveError(f"human must be seat 0 or 1 (place 0 at a table of {players}), "
                        f"got {setup.human}", "save.human", players=players, value=setup.human)
    return game, setup


def _text_or_none(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise _BadField(f"{key} must be text or null, got {value!r}", "save.text", field=key,
                        value=repr(value))
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _BadField(f"{key} must be a whole number, got {value!r}", "save.int", field=key,
                        value=repr(value))
    return value


def default_save_path(now: datetime | None = None) -> Path:
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = SAVE_DIR / f"{stamp}.json"
    number = 2
    while path.exists():
        path = SAVE_DIR / f"{stamp}-{number}.json"
        number += 1
    return path


def write_save(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)
