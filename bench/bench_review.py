"""How long the review of a whole game takes (``ginrummy.coach.review``), on one core.

Run from the repository root:  python -m bench.bench_review [--games 4] [--seed 1] [--write]

Each game is played to 100 under ``standard`` by ``simple`` (player 0) against ``greedy``
(player 1), dealt from the seed as ``gin sim`` deals game 0 of a match; then each player's
review is made from the game's record. Times are CPU seconds of this process
(``time.process_time``), so other work on a shared machine does not count; the search is
single-threaded. "searched again" counts the decisions the first look suspected, which get
the confirming search.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

from bench.report import add_write_flag, publish, report_head


def play_record(seed: int) -> object:
    from ginrummy.agents.registry import make_agent
    from ginrummy.core.game import Game
    from ginrummy.core.rules import Rules
    from ginrummy.core.views import view_of
    from ginrummy.format.replay import record_of
    from ginrummy.sim.play import AT_A_TABLE, deal_all

    agents = [make_agent("simple", seed=seed), make_agent("greedy", seed=seed + 1)]
    game = Game.start(Rules.preset("standard"), AT_A_TABLE.cut_of(seed, 0, 2))
    if game.chooser is not None:
        game = game.choose_to_deal(game.chooser, True)
    deals = 0
    while not game.is_over:
        game, deals = deal_all(game, seed, 0, deals)
        while (hand := game.hands[0]) is not None:
            seat = hand.turn
            game = game.apply(agents[game.players_at(0)[seat]].choose(view_of(hand, seat)))
    return record_of(game)


def main(argv: Sequence[str] | None = None) -> int:
    from ginrummy.coach import review as review_module
    from ginrummy.format.record import GameRecord

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    add_write_flag(parser)
    args = parser.parse_args(argv)
    searched = review_module._values
    again = [0]

    def counted(view, chosen, samples):  # type: ignore[no-untyped-def]
        again[0] += samples == review_module.CONFIRM_SAMPLES
        return searched(view, chosen, samples)

    review_module._values = counted  # type: ignore[assignment]
    body = [*report_head(f"python -m bench.bench_review --games {args.games} --seed {args.seed}",
                         machine="2 cores"),
            f"Samples: {review_module.REVIEW_SAMPLES} deals a decision, "
            f"{review_module.CONFIRM_SAMPLES} to confirm; a mark needs "
            f"{review_module.MIN_LOSS:g} points and {review_module.CONFIDENCE:g} standard errors.",
            "",
            "| game (seed) | hands | player | decisions judged | searched again | marked "
            "| CPU s | ms per decision |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    per_review = []
    for game in range(args.games):
        seed = args.seed + game
        record = play_record(seed)
        assert isinstance(record, GameRecord)
        for player in (0, 1):
            again[0] = 0
            start = time.process_time()
            review = review_module.review_record(record, player)
            spent = time.process_time() - start
            per_review.append(spent)
            body.append(f"| {seed} | {len(record.hands)} | {player} | {review.judged} "
                        f"| {again[0]} | {len(review.marks)} | {spent:.1f} "
                        f"| {1000 * spent / max(review.judged, 1):.0f} |")
    body += ["", f"Median review of one player's game: {statistics.median(per_review):.1f} CPU s; "
             f"longest {max(per_review):.1f} s."]
    publish("bench_review", body, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
