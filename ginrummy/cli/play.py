"""Play Gin Rummy in the terminal against the computer, in English or Italian.

The game runs to the target of the chosen rules: each hand is dealt, played
turn by turn, laid out and scored line by line, with the running totals,
boxes and bonuses; the settlement closes the game. Type 'help' (Italian:
'aiuto') at any prompt for the moves and 'hint' ('sugg') for a suggestion.

With --players 3 the dealer sits out and the loser of each hand deals the
next (R33); with --players 4 (or 6) two teams play at two (three) tables,
each player meeting a new opponent every round (R34, R35). The computer
plays every other place, at the chosen level; hands between computers are
played out at once and shown as results.

Ctrl-C, the end of input or 'quit' ('esci') saves the game (by default to
./data/games/<date-time>.json) and prints how to continue it with --resume.
A saved game holds every deck dealt and every move, the computer's level,
the language and the seed that the coming decks are drawn from, so a resumed
game goes on exactly as it would have without the stop.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

SAVE_FORMAT = "ginrummy-terminal-game"
SAVE_VERSION = 1
LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 3
SAVE_DIR = Path("data") / "games"
PLAYER_COUNTS = (2, 3, 4, 6)


def configure(parser: argparse.ArgumentParser) -> None:
    from ginrummy.core.rules import PRESETS
    from ginrummy.i18n import LANGUAGES

    parser.add_argument("--level", type=int, choices=LEVELS, default=None,
                        help=f"the computer's level, 1 (beginner) to 5 (default: {DEFAULT_LEVEL})")
    parser.add_argument("--rules", default=None, choices=sorted(PRESETS),
                        help="rules preset (default: standard)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="language: en or it (default: from LANG, else English)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for a reproducible game, for tests and research (default: "
                             "a real game, dealt from the operating system's generator)")
    parser.add_argument("--client-seed", metavar="TEXT", default=None,
                        help="your seed for the provably fair deals of a real game: 1 to 64 "
                             "printable characters (default: drawn at random and shown)")
    parser.add_argument("--resume", metavar="FILE", default=None,
                        help="continue a game saved in FILE")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="save the game to FILE when it stops or ends "
                             "(default: ./data/games/<date-time>.json, only when stopped)")
    parser.add_argument("--name", default=None, help="your name on the score sheet")
    parser.add_argument("--players", type=int, choices=PLAYER_COUNTS, default=None,
                        help="2 (default); 3: the dealer sits out (R33); 4 or 6: two teams, "
                             "your partners and opponents played by the computer (R34, R35)")
    parser.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                        help="plain text without colours")


@dataclass
class Setup:
    """What a saved game keeps besides the record: enough to go on exactly."""

    seed: int | None
    """None: a real game, each deck from the operating system's generator (provably fair)."""
    level: int
    agent: str
    lang: str
    names: tuple[str, ...]
    """Two names, or one a place in a three-player or team game (the person at place 0)."""
    human: int = 0
    client_seed: str | None = None
    """The player's seed in the decks of a real game."""


def _stream(seed: int, what: str) -> random.Random:
    return random.Random(f"ginrummy-play:{seed}:{what}")


def deck_for(seed: int, hand_number: int) -> list[int]:
    """The deck of hand ``hand_number`` of a game with ``seed``: the same on every run."""
    from ginrummy.core.hand import shuffled_deck

    return shuffled_deck(_stream(seed, f"deck:{hand_number}"))


def agent_seed(seed: int | None, hand_number: int) -> int:
    if seed is None:
        return secrets.randbits(63)
    return _stream(seed, f"agent:{hand_number}").getrandbits(63)


def table_agent_seed(seed: int | None, player: int, hand_index: int) -> int:
    """The seed of the computer at ``player`` for the ``hand_index``-th hand dealt (from 0)
    of a three-player or team game."""
    if seed is None:
        return secrets.randbits(63)
    return _stream(seed, f"table-agent:{player}:{hand_index}").getrandbits(63)


class LiveDecks:
    """The decks of a real game: each from a server seed of 32 bytes read from ``source``
    (the operating system's generator) and the player's seed, by the provably fair scheme
    (:mod:`ginrummy.format.provably_fair`). The commitment is shown before each deal, the server
    seed once the hand is over (at the next deal, or by :meth:`reveal_last`)."""

    def __init__(self, source: Any, client_seed: str, say: Any, m: Any,
                 game_id: str | None = None, seats: int = 2) -> None:
        self.source = source
        self.client_seed = client_seed
        self.say = say
        self.m = m
        self.game_id = game_id or f"terminal-{source.read(6).hex()}"
        self.seats = seats
        self.hands: dict[int, Any] = {}

    def deck(self, hand_number: int) -> list[int]:
        from ginrummy.format.provably_fair import FairHand

        self.reveal_last()
        hand = FairHand.draw(self.source, self.game_id, hand_number)
        self.say(self.m("game.fair_commitment", number=hand_number, commitment=hand.commitment,
                        seed=self.client_seed))
        seeds = (self.client_seed, *([None] * (self.seats - 1)))
        self.hands[hand_number] = hand = hand.with_client_seeds(seeds)
        return hand.deck()

    def reveal_last(self) -> None:
        if self.hands:
            number = max(self.hands)
            hand = self.hands.pop(number)
            self.say(self.m("game.fair_reveal", number=number,
                            server_seed=hand.server_seed.hex()))


def level_agent_name(level: int) -> str:
    """The registry's name of the computer at ``level`` (``level1`` .. ``level5``)."""
    from ginrummy.agents.registry import agent_names

    name = f"level{level}"
    if name not in agent_names():
        raise ValueError(f"no computer player is registered for level {level}")
    return name


def make_agent_named(name: str, seed: int) -> Any:
    from ginrummy.agents.registry import make_agent

    return make_agent(name, seed=seed)


# ---------------------------------------------------------------- saving


def save_text(game: Any, setup: Setup) -> str:
    """A saved game: the setup, then the game record of :mod:`ginrummy.format.record`."""
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
    dump = dump_record if game.players == 2 else dump_record
    record = dump(game).strip().replace("\n", "\n  ")
    return "{\n" + ",\n".join([*fields, f'  "record": {record}']) + "\n}\n"


class SaveError(ValueError):
    """A saved game that cannot be read."""


def load_saved(text: str) -> tuple[Any, Setup | None]:
    """The game of a saved file and its setup; a bare game record gives no setup."""
    from ginrummy.format.record import TABLE_FORMAT_V1 as TABLE_FORMAT
    from ginrummy.format.record import RecordError, record_from_dict
    from ginrummy.format.record import record_from_dict as table_record_from_dict
    from ginrummy.format.replay import replay
    from ginrummy.format.replay import replay as table_replay

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise SaveError("a saved game is a JSON object")
    try:
        if data.get("format") == "ginrummy-game":
            return replay(record_from_dict(data)), None
        if data.get("format") == TABLE_FORMAT:
            return table_replay(table_record_from_dict(data)), None
        if data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
            raise SaveError(f"not a saved game (format {data.get('format')!r})")
        inner = data.get("record")
        if isinstance(inner, dict) and inner.get("format") == TABLE_FORMAT:
            game: Any = table_replay(table_record_from_dict(inner))
        else:
            game = replay(record_from_dict(inner))
    except RecordError as error:
        raise SaveError(str(error)) from None
    names = data.get("names")
    players = getattr(game, "players", 2)
    if not isinstance(names, list) or len(names) != players:
        raise SaveError(f"names must be a list of {players} names")
    try:
        setup = Setup(
            seed=None if data.get("seed") is None else _int(data, "seed"),
            level=_int(data, "level"), agent=str(data["agent"]),
            lang=str(data["lang"]), names=tuple(str(name) for name in names),
            human=_int(data, "human"), client_seed=_text_or_none(data, "client_seed"),
        )
    except (KeyError, TypeError, IndexError) as error:
        raise SaveError(f"missing or bad field: {error}") from None
    if setup.human not in (0, 1) or (players > 2 and setup.human != 0):
        raise SaveError(f"human must be seat 0 or 1 (place 0 at a table of {players}), "
                        f"got {setup.human}")
    return game, setup


def _text_or_none(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{key} must be text or null, got {value!r}")
    return value


def _int(data: dict[str, Any], key: str) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{key} must be a whole number, got {value!r}")
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


# ---------------------------------------------------------------- the command


def run(args: argparse.Namespace) -> int:
    from ginrummy.core.game import new_game
    from ginrummy.core.rules import Rules
    from ginrummy.i18n import Messages, language_from_environment
    from ginrummy.terminal.play_hand import QuitGame, TerminalGame, choose_first_dealer
    from ginrummy.terminal.screen import Painter, cut_text, rules_lines, settlement_lines

    say = print
    resume_path = Path(args.resume) if args.resume else None
    setup: Setup | None = None
    if resume_path is not None:
        lang = args.lang or language_from_environment(os.environ)
        try:
            game, setup = load_saved(resume_path.read_text(encoding="utf-8"))
        except (OSError, SaveError) as error:
            say(Messages(lang)("game.resume_failed", path=str(resume_path), error=str(error)))
            return 2
    lang = args.lang or (setup.lang if setup else language_from_environment(os.environ))
    m = Messages(lang)
    players = args.players or 2
    if resume_path is not None:
        players = getattr(game, "players", 2)
    if players != 2:
        return run_table(args, game if resume_path is not None else None, setup, lang,
                         resume_path)
    notes: list[str] = []
    paint = Painter(args.colour and sys.stdout.isatty(), m)

    if setup is None:
        seed = args.seed
        level = args.level or DEFAULT_LEVEL
        agent = level_agent_name(level)
        name = args.name or m("game.you")
        setup = Setup(seed, level, agent, lang, (name, m("game.computer")))
        if resume_path is None:
            rules = Rules.preset(args.rules or "standard")
            cut_rng = _stream(seed, "cut") if seed is not None else random.SystemRandom()
            game = new_game(rules, cut_rng)
    else:
        setup.lang = lang
        if args.level is not None or args.rules is not None or args.seed is not None:
            notes.append(m("game.resume_keeps"))
        if args.name:
            setup.names = (args.name, setup.names[1])
    names = (setup.names[0], setup.names[1])
    rules = game.rules

    say(paint.bold(m("game.title", target=rules.target)))
    for line in rules_lines(rules, m):
        say(line)
    say(m("game.opponent", name=names[1], level=setup.level))
    for note in notes:
        say(note)
    if resume_path is not None:
        say(m("game.resumed", path=str(resume_path), hand=game.hand_number))
    else:
        high_chooses = rules.first_dealer == "high_cut_chooses"
        say(m("game.cut", cut=cut_text(game.cut, names, paint, high_chooses)))
    say(m("game.commands"))

    current = setup
    try:
        game = choose_first_dealer(game, current.human, names, input, say, m)
    except (QuitGame, EOFError, KeyboardInterrupt):
        say("")
        say(m("game.stopped"))
        return _save(game, current, Path(args.save) if args.save else resume_path
                     or default_save_path(), m)
    live = _live_decks(args, current, say, m)
    table = TerminalGame(
        game=game, ask=input, say=say, paint=paint, names=names, human=current.human,
        agent_for=lambda n: make_agent_named(current.agent, agent_seed(current.seed, n)),
        deck_for=live.deck if live is not None else lambda n: deck_for(current.seed or 0, n),
    )
    save_to = Path(args.save) if args.save else resume_path
    return _play_out(table, current, save_to, live, say, paint, m,
                     lambda game: settlement_lines(game.settlement(), names, m))


def _play_out(table: Any, setup: Setup, save_to: Path | None, live: LiveDecks | None,
              say: Any, paint: Any, m: Any, settlement: Callable[[Any], list[str]]) -> int:
    """Play the terminal game to its end: saved where asked (or to a new file when the
    player stops), then the settlement."""
    from ginrummy.terminal.play_hand import QuitGame

    try:
        game = table.run()
    except (QuitGame, EOFError, KeyboardInterrupt):
        say("")
        say(m("game.stopped"))
        return _save(table.game, setup, save_to or default_save_path(), m)
    say("")
    if live is not None:
        live.reveal_last()
    say(paint.bold(m("game.over")))
    for line in settlement(game):
        say(line)
    if save_to is not None:
        return _save(game, setup, save_to, m, finished=True)
    return 0


def _live_decks(args: argparse.Namespace, setup: Setup, say: Any, m: Any) -> LiveDecks | None:
    """The decks of a real game (no ``--seed``): the player's seed is ``--client-seed``, the
    saved one, or drawn with :mod:`secrets`; shown before the first deal."""
    from ginrummy.core.shuffle import SystemSource
    from ginrummy.format.provably_fair import client_seed_problem

    if setup.seed is not None:
        return None
    chosen = getattr(args, "client_seed", None)
    if chosen is not None:
        problem = client_seed_problem(chosen)
        if problem is not None:
            raise SystemExit(m("game.bad_client_seed", problem=problem.message(m.lang)))
        setup.client_seed = chosen
    if setup.client_seed is None:
        setup.client_seed = secrets.token_hex(16)
    say(m("game.client_seed", seed=setup.client_seed))
    return LiveDecks(SystemSource(), setup.client_seed, say, m)


def _save(game: Any, setup: Setup, path: Path, m: Any, finished: bool = False) -> int:
    try:
        write_save(path, save_text(game, setup))
    except OSError as error:
        print(m("game.save_failed", path=str(path), error=str(error)))
        return 1
    print(m("game.saved_final" if finished else "game.saved", path=str(path)))
    return 0


# ---------------------------------------------------------------- three players and teams


def run_table(args: argparse.Namespace, game: Any, setup: Setup | None, lang: str,
              resume_path: Path | None) -> int:
    """``gin play --players 3`` (R33) or ``--players 4`` / ``6`` (R34, R35): the person at
    place 0, the computer at every other place, all at the same level."""
    from ginrummy.core.game import new_game
    from ginrummy.core.rules import Rules
    from ginrummy.core.table import TableRules
    from ginrummy.i18n import Messages
    from ginrummy.terminal.play_table import TableTerminal, cut_line, seat_names, table_title
    from ginrummy.terminal.screen import Painter, rules_lines

    say = print
    m = Messages(lang)
    paint = Painter(args.colour and sys.stdout.isatty(), m)
    notes: list[str] = []
    if setup is None:
        seed = args.seed
        level = args.level or DEFAULT_LEVEL
        agent = level_agent_name(level)
        rules = Rules.preset(args.rules or "standard")
        if args.players == 3 and rules.dealer_rule != "loser":
            notes.append(m("table.three_loser_rule", rule=m(f"dealer_rule.{rules.dealer_rule}")))
            rules = rules.replace(dealer_rule="loser")
        names = seat_names(args.players, m, args.name or m("game.you"))
        setup = Setup(seed, level, agent, lang, names)
        if game is None:
            cut_rng = _stream(seed, "cut") if seed is not None else random.SystemRandom()
            game = new_game(TableRules(args.players, rules), cut_rng)
    else:
        setup.lang = lang
        if args.level is not None or args.rules is not None or args.seed is not None:
            notes.append(m("game.resume_keeps"))
        if args.name:
            setup.names = (args.name, *setup.names[1:])
    current = setup
    live = _live_decks(args, current, say, m)
    title, *more = table_title(game.table_rules, current.names, m)
    say(paint.bold(title))
    for line in more:
        say(line)
    shown = game.rules.replace(target=game.table_rules.target)  # teams play to team_target
    for line in rules_lines(shown, m):
        say(line)
    for note in notes:
        say(note)
    if resume_path is not None:
        say(m("table.resumed", path=str(resume_path), round=game.round_number))
    else:
        say(cut_line(game.cut, current.names, paint))
    say(m("game.commands"))
    table = TableTerminal(
        game=game, ask=input, say=say, paint=paint, names=tuple(current.names),
        agent_for=lambda player, n: make_agent_named(
            current.agent, table_agent_seed(current.seed, player, n)),
        deck_for=(lambda n: live.deck(n + 1)) if live is not None else (
            lambda n: deck_for(current.seed or 0, n + 1)),
    )
    save_to = Path(args.save) if args.save else resume_path
    return _play_out(table, current, save_to, live, say, paint, m,
                     lambda game: table.settlement_lines())
