"""Play Gin Rummy in the terminal against the computer.

The game runs to the target of the chosen rules: each hand is dealt, played
turn by turn, laid out and scored line by line, with the running totals;
the settlement closes the game. Type 'help' at any prompt for the moves.
"""

from __future__ import annotations

import argparse
import random
import sys

HELP = "play a game in the terminal against the computer"


def configure(parser: argparse.ArgumentParser) -> None:
    from ginrummy.rules import PRESETS

    parser.add_argument("--rules", default="standard", choices=sorted(PRESETS),
                        help="rules preset (default: standard)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for a reproducible game (default: a fresh random game)")
    parser.add_argument("--name", default="You", help="your name on the score sheet")
    parser.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                        help="plain text without colours")


def run(args: argparse.Namespace) -> int:
    from ginrummy.agents import RandomAgent
    from ginrummy.game import new_game
    from ginrummy.play_hand import QuitGame, TerminalHand
    from ginrummy.rules import Rules
    from ginrummy.terminal import Painter, result_lines

    rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
    rules = Rules.preset(args.rules)
    paint = Painter(args.colour and sys.stdout.isatty())
    names = (args.name, "Computer")
    say = print

    def ask(prompt: str) -> str:
        return input(prompt)

    game = new_game(rules, rng)
    say(f"Gin Rummy, {rules.name} rules: first to {rules.target} points.")
    say(f"The cut: {game.cut.describe()}")
    table = TerminalHand(ask, say, paint, names, human=0, agent=RandomAgent(rng.getrandbits(64)))
    try:
        while not game.is_over:
            game = game.deal_from(rng)
            assert game.hand is not None
            dealer = names[game.hand.dealer]
            say(paint.bold(f"\nHand {game.hand_number}, dealer: {dealer}"))
            last = table.play(game.hand)
            for action in last.actions()[len(game.hand.actions()):]:
                game = game.apply(action[1])
            result = last.result
            assert result is not None
            if not result.is_void:
                say(f"{names[1]}'s hand: {paint.cards(_cards(last.hands[1]))}")
            for line in result_lines(paint, result, names):
                say(line)
            say(f"Score: {names[0]} {game.points[0]}, {names[1]} {game.points[1]}")
    except (QuitGame, EOFError, KeyboardInterrupt):
        say("\nGame stopped.")
        return 0
    say(paint.bold("\nGame over."))
    for line in game.settlement().describe():
        say(line)
    return 0


def _cards(mask: int) -> list[int]:
    from ginrummy.cards import cards_of

    return cards_of(mask)
