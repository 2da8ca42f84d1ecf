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
import os
import random
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginrummy.cli import add_language_option
from ginrummy.cli.play_save import (
    SaveError,
    Setup,
    default_save_path,
    load_saved,
    save_text,
    write_save,
)

if TYPE_CHECKING:
    from ginrummy.core.game import Game
    from ginrummy.i18n import Messages

__all__ = ["SaveError", "Setup", "deck_for", "load_saved", "make_agent_named", "run"]

LEVELS = (1, 2, 3, 4, 5)
DEFAULT_LEVEL = 3
PLAYER_COUNTS = (2, 3, 4, 6)


def configure(parser: argparse.ArgumentParser) -> None:
    from ginrummy.core.rules import PRESETS

    parser.add_argument("--level", type=int, choices=LEVELS, default=None,
                        help=f"the computer's level, 1 (beginner) to 5 (default: {DEFAULT_LEVEL})")
    parser.add_argument("--rules", default=None, choices=sorted(PRESETS),
                        help="rules preset (default: standard)")
    add_language_option(parser)
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


def _stream(seed: int, what: str) -> random.Random:
    return random.Random(f"ginrummy-play:{seed}:{what}")


def deck_for(seed: int, hand_number: int) -> list[int]:
    """The deck of hand ``hand_number`` of a game with ``seed``: the same on every run."""
    from ginrummy.core.hand import shuffled_deck

    return shuffled_deck(_stream(seed, f"deck:{hand_number}"))


def agent_seed(seed: int | None, players: int, player: int, hand_index: int) -> int:
    """The seed of the computer at ``player`` for the ``hand_index``-th hand dealt (from 0)
    in a game of ``players`` with ``seed``; a real game's (no seed) from :mod:`secrets`. The
    two streams are those of the saves written before, so that they resume as they would have."""
    if seed is None:
        return secrets.randbits(63)
    what = f"agent:{hand_index + 1}" if players == 2 else f"table-agent:{player}:{hand_index}"
    return _stream(seed, what).getrandbits(63)


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


# ---------------------------------------------------------------- the command


def run(args: argparse.Namespace) -> int:
    from ginrummy.i18n import Messages, language_from_environment
    from ginrummy.terminal.moves import QuitGame, choose_first_dealer
    from ginrummy.terminal.opening import opening_lines
    from ginrummy.terminal.scores import game_end_lines, seat_names
    from ginrummy.terminal.screen import Painter
    from ginrummy.terminal.session import Session

    say = print
    resume_path = Path(args.resume) if args.resume else None
    game: Game | None = None
    setup: Setup | None = None
    if resume_path is not None:
        lang = args.lang or language_from_environment(os.environ)
        try:
            game, setup = load_saved(resume_path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, SaveError) as error:
            m = Messages(lang)
            say(m("game.resume_failed", path=str(resume_path), error=_why(error, m)))
            return 2
    lang = args.lang or (setup.lang if setup else language_from_environment(os.environ))
    m = Messages(lang)
    paint = Painter(args.colour and sys.stdout.isatty(), m)
    notes: list[str] = []
    if game is None:
        game = _new_game(args, m, notes)
    if setup is None:
        level = args.level or DEFAULT_LEVEL
        names = seat_names(game.players, m, args.name or m("game.you"))
        setup = Setup(args.seed, level, level_agent_name(level), lang, names)
    else:
        setup.lang = lang
        if args.level is not None or args.rules is not None or args.seed is not None:
            notes.append(m("game.resume_keeps"))
        if args.name:
            setup.names = (args.name, *setup.names[1:])
    current = setup
    resumed_from = None if resume_path is None else str(resume_path)
    for line in opening_lines(game, current.names, paint, current.level, notes, resumed_from):
        say(line)
    save_to = Path(args.save) if args.save else resume_path
    try:
        game = choose_first_dealer(game, current.human, current.names, input, say, m)
    except (QuitGame, EOFError, KeyboardInterrupt):
        say("")
        say(m("game.stopped"))
        return _save(game, current, save_to or default_save_path(), m)
    live = _live_decks(args, current, say, m)
    players = game.players
    session = Session(
        game=game, ask=input, say=say, paint=paint, names=tuple(current.names),
        human=current.human,
        agent_for=lambda player, index: make_agent_named(
            current.agent, agent_seed(current.seed, players, player, index)),
        deck_for=live.deck if live is not None else lambda n: deck_for(current.seed or 0, n),
    )
    try:
        game = session.run()
    except (QuitGame, EOFError, KeyboardInterrupt):
        say("")
        say(m("game.stopped"))
        return _save(session.game, current, save_to or default_save_path(), m)
    say("")
    if live is not None:
        live.reveal_last()
    say(paint.bold(m("game.over")))
    for line in game_end_lines(game, current.names, m):
        say(line)
    if save_to is not None:
        return _save(game, current, save_to, m, finished=True)
    return 0


def _new_game(args: argparse.Namespace, m: Messages, notes: list[str]) -> Game:
    """A game of ``--players`` with ``--rules``, cut for the deal from ``--seed`` (or the
    operating system's generator); three players always play ``dealer_rule`` loser (R33)."""
    from ginrummy.core.game import new_game
    from ginrummy.core.rules import Rules
    from ginrummy.core.table import TableRules

    players = args.players or 2
    rules = Rules.preset(args.rules or "standard")
    if players == 3 and rules.dealer_rule != "loser":
        notes.append(m("table.three_loser_rule", rule=m(f"dealer_rule.{rules.dealer_rule}")))
        rules = rules.replace(dealer_rule="loser")
    cut_rng = _stream(args.seed, "cut") if args.seed is not None else random.SystemRandom()
    return new_game(TableRules(players, rules), cut_rng)


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


def _why(error: Exception, m: Messages) -> str:
    """Why a save could not be read or written: a save's problem, or the system's reason (in
    English exactly as Python words it)."""
    from ginrummy.i18n.errors import error_text, file_error_text

    if isinstance(error, (OSError, UnicodeDecodeError)) and m.lang != "en":
        return file_error_text(error, m)
    return error_text(error, m)


def _save(game: Any, setup: Setup, path: Path, m: Any, finished: bool = False) -> int:
    try:
        write_save(path, save_text(game, setup))
    except OSError as error:
        print(m("game.save_failed", path=str(path), error=_why(error, m)))
        return 1
    print(m("game.saved_final" if finished else "game.saved", path=str(path)))
    return 0
