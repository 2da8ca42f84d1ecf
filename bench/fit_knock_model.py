"""Fit the expert's knock-or-wait model on simulated hands; write ginrummy/agents/knock_fit.py.

Run from the repository root:  nice -n 10 python -m bench.fit_knock_model --hands 600 --write

For each opponent style, hands are dealt at random (standard rules) and played
by the first expert (``expert_v1``) against opponents of that style:
``eager`` = simple and greedy (they knock as soon as they may), ``waiter`` =
expert_v1 (knocks when its sums say knocking beats waiting), ``camper`` =
camper (knocks early or waits for gin and undercuts). In every
position where the first expert may knock without gin (stock above 3), both
branches are played to the end of the hand with the same agents (copied):
knock now with its best knock, or make its best plain discard and go on
playing. The label is our points minus the opponent's in the knock branch,
minus the same in the wait branch. The features are
:func:`ginrummy.agents.expert.knock_features`, with the opponent's hand
sampled as the new expert samples it for that style. A ridge regression per
style (numpy least squares, ``--ridge``) gives the coefficients.

It also counts the kinds of the opponents' knocks (early, late, gin) in the
first expert's ordinary hands against each style (every opponent of the style
in turn): the likelihoods with which
:class:`~ginrummy.agents.expert.OpponentStyle` tells the styles apart; and
how often the opponent discarded without knocking when it could have knocked
(without gin): the chance of keeping such a sampled hand for a style first
fitted (the hands are sampled with the chance already in ``knock_fit``).
All of this reads the simulator's full state only to play the hands out and
to score them; the features are computed from the deciding seat's view alone.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import json
import random
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ginrummy.agents import knock_fit
from ginrummy.agents.expert import (
    EARLY_TURNS,
    KINDS,
    KNOCK_FEATURES,
    StyleExpertAgent,
    knock_features,
    turns_of,
)
from ginrummy.agents.expert_v1 import Context, ExpertParams, FirstExpertAgent, discard_scores
from ginrummy.agents.registry import make_agent
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN
from ginrummy.core.cards import CARD_VALUES
from ginrummy.core.hand import HandState, Phase, deal_hand, shuffled_deck
from ginrummy.core.melds import min_deadwood
from ginrummy.core.rules import Rules
from ginrummy.core.views import PlayerView, view_of

FIRST_FEATURES = 8
"""The features of the 2026-12-02 fit (the others came later)."""
STYLES = {"eager": ("simple", "greedy"), "waiter": ("expert_v1",), "camper": ("camper",)}
OUT = Path(__file__).resolve().parent.parent / "ginrummy" / "agents" / "knock_fit.py"


def points_for(state: HandState, seat: int) -> int:
    result = state.result
    if result is None or result.winner is None:
        return 0
    return result.points if result.winner == seat else -result.points


def play_out(state: HandState, agents: Sequence[Any]) -> HandState:
    while not state.is_over:
        state = state.apply(agents[state.turn].choose(view_of(state, state.turn)))
    return state


def plain_discard(agent: FirstExpertAgent, state: HandState, seat: int) -> int:
    """The discard the first expert makes when it does not knock."""
    view = view_of(state, seat)
    ctx = Context(view, agent.params)
    discards = actions.discard_cards(view.legal)
    scores = discard_scores(view.hand, discards, ctx, agent.params)
    return min(discards, key=lambda c: (scores[c], -CARD_VALUES[c], c))


def player_for(name: str, style: str, seed: int) -> FirstExpertAgent:
    """The agent whose knock positions are branched: the first expert, or the expert told
    the opponent's style (as it learns it in a game)."""
    if name == "expert_v1":
        return FirstExpertAgent(seed)
    return StyleExpertAgent(seed, style=style)


def collect(style: str, hands: int, seed: int, rows: list[tuple[tuple[float, ...], float]],
            player: str, keep: float) -> tuple[dict[str, int], list[int]]:
    """Play ``hands`` hands against ``style``; add (features, label) rows; count knock
    kinds, and the opponent's discards that could have been knocks (passed, could)."""
    rules = Rules.preset("standard")
    rng = random.Random(seed)
    reader = FirstExpertAgent(seed, unknocked_keep=keep)
    kinds = dict.fromkeys(KINDS, 0)
    passes = [0, 0]
    for number in range(hands):
        opponent_name = STYLES[style][number // 3 % len(STYLES[style])]
        us = number % 2
        agents: list[Any] = [None, None]
        agents[us] = player_for(player, style, rng.randrange(1 << 30))
        agents[1 - us] = make_agent(opponent_name, rng.randrange(1 << 30))
        state = deal_hand(rules, rng.randrange(2), shuffled_deck(rng))
        ordinary = number % 3 == 0  # a third of the hands are played as dealt, for the kinds
        while not state.is_over:
            seat = state.turn
            view = view_of(state, seat)
            knockable = (seat == us and view.phase is Phase.DISCARD and view.stock_size > 3
                         and actions.knock_cards(view.legal) and actions.discard_cards(view.legal))
            if knockable and not ordinary:
                ctx = Context(view, reader.params)
                best = reader._best_knock(view, ctx, view.hand)
                if best is not None and min_deadwood(view.hand & ~(1 << best[0])) > 0:
                    card, value, samples = best
                    kept = view.hand & ~(1 << card)
                    features = knock_features(view, ctx, kept, value, samples, reader.params,
                                              every=True)
                    knocked = play_out(state.apply(actions.knock(card)), copy.deepcopy(agents))
                    throw = plain_discard(agents[us], state, us)
                    waited = play_out(state.apply(actions.discard(throw)), copy.deepcopy(agents))
                    rows.append((features, points_for(knocked, us) - points_for(waited, us)))
                    state = state.apply(actions.discard(throw))
                    continue
            action = agents[seat].choose(view)
            if ordinary and seat != us and _could_knock(view):
                passes[0] += not actions.is_knock(action)
                passes[1] += 1
            state = state.apply(action)
        if ordinary and state.knocker == 1 - us:
            kinds[_kind(state, 1 - us)] += 1
    return kinds, passes


def _could_knock(view: PlayerView) -> bool:
    legal = view.legal
    return (view.phase is Phase.DISCARD and BIG_GIN not in legal
            and any(min_deadwood(view.hand & ~(1 << c)) > 0 for c in actions.knock_cards(legal)))


def _kind(state: HandState, knocker: int) -> str:
    view = view_of(state, 1 - knocker)
    if view.knocker_deadwood_cards() == 0:
        return "gin"
    return "early" if turns_of(view, knocker) <= EARLY_TURNS else "late"


def fit(rows: Sequence[tuple[tuple[float, ...], float]], ridge: float) -> list[float]:
    x = np.array([r[0] for r in rows], dtype=float)
    y = np.array([r[1] for r in rows], dtype=float)
    penalty = ridge * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    beta = np.linalg.solve(x.T @ x + penalty, x.T @ y)
    return [round(float(b), 4) for b in beta]


def policy_gains(rows: Sequence[tuple[tuple[float, ...], float]], beta: Sequence[float]
                 ) -> tuple[float, float]:
    """Points per position, over always waiting, of knocking where the fit says so and
    where the first expert's sums say so (knock value above wait value), on these rows."""
    x = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows])
    fitted = x @ np.array(beta) > 0
    first = x[:, 5] > x[:, 6]
    return float((y * fitted).mean()), float((y * first).mean())


def held_out_gain(rows: Sequence[tuple[tuple[float, ...], float]], ridge: float,
                  columns: int) -> float:
    """Points per position over always waiting of a fit on half of the rows (the first
    ``columns`` features), knocking where it says on the other half; both halves in turn."""
    gains = []
    for fold in (0, 1):
        train = [(r[0][:columns], r[1]) for i, r in enumerate(rows) if i % 2 != fold]
        test = [(r[0][:columns], r[1]) for i, r in enumerate(rows) if i % 2 == fold]
        gains.append(policy_gains(test, fit(train, ridge))[0])
    return sum(gains) / 2


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=600, help="hands per style")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=5.0)
    parser.add_argument("--features", type=int, default=len(KNOCK_FEATURES),
                        help="fit on the first N of expert.KNOCK_FEATURES")
    parser.add_argument("--styles", default=",".join(STYLES),
                        help="the styles to fit; the others keep knock_fit's numbers")
    parser.add_argument("--player", choices=("expert_v1", "expert"), default="expert_v1",
                        help="whose positions are branched and who plays them out "
                             "(expert: the current fit's expert, for a second round)")
    parser.add_argument("--write", action="store_true", help="write ginrummy/agents/knock_fit.py")
    args = parser.parse_args(argv)
    coefficients = {s: list(c) for s, c in knock_fit.COEFFICIENTS.items()}
    likelihood = dict(knock_fit.KNOCK_KIND)
    keeps = dict(knock_fit.UNKNOCKED_KEEP)
    summary = []
    for offset, style in enumerate(STYLES):
        if style not in args.styles.split(","):
            summary.append(previous_summary(style))
            continue
        rows: list[tuple[tuple[float, ...], float]] = []
        keep = keeps.get(style, ExpertParams().unknocked_keep)
        kinds, passes = collect(style, args.hands, args.seed + offset, rows, args.player, keep)
        rows = [(features[:args.features], label) for features, label in rows]
        beta = fit(rows, args.ridge)
        coefficients[style] = beta
        total = sum(kinds.values())
        likelihood[style] = {k: round((kinds[k] + 1) / (total + len(KINDS)), 4) for k in KINDS}
        keeps[style] = round(passes[0] / passes[1], 4) if passes[1] else 1.0
        fitted_gain, first_gain = policy_gains(rows, beta)
        held = held_out_gain(rows, args.ridge, len(beta))
        held_first = held_out_gain(rows, args.ridge, FIRST_FEATURES)
        summary.append(f"{style}: {len(rows)} positions from {args.hands} hands, mean gain of "
                       f"knocking {np.mean([r[1] for r in rows]):+.2f} points; over always "
                       f"waiting, knocking where the fit says gains {fitted_gain:+.2f} per "
                       f"position, where the first expert's sums say {first_gain:+.2f} (same "
                       f"rows); fitted on half the rows, knocking where it says on the other "
                       f"half gains {held:+.2f} ({held_first:+.2f} with the first "
                       f"{FIRST_FEATURES} features only); opponent knocks {kinds}; it "
                       f"discarded without knocking in {passes[0]} of {passes[1]} turns it "
                       f"could have knocked")
        print(summary[-1], file=sys.stderr)
    text = render(coefficients, likelihood, keeps, summary, args)
    if args.write:
        OUT.write_text(text)
    print(text)
    return 0


def previous_summary(style: str) -> str:
    """What knock_fit's docstring says of ``style``'s fit, for a style not refitted."""
    lines = (knock_fit.__doc__ or "").splitlines()
    starts = [i for i, line in enumerate(lines) if line.split(":")[0] in STYLES]
    for i in starts:
        if lines[i].startswith(f"{style}:"):
            end = min([j for j in starts if j > i] + [len(lines)])
            return " ".join(line.strip() for line in lines[i:end] if line.strip())
    return f"{style}: not fitted"


def render(coefficients: dict[str, list[float]], likelihood: dict[str, dict[str, float]],
           keeps: dict[str, float], summary: Sequence[str], args: argparse.Namespace) -> str:
    today = datetime.date.today().isoformat()
    lines = [
        '"""Fitted numbers of the expert\'s knock-or-wait model '
        '(:mod:`ginrummy.agents.expert`).',
        "",
        f"Written on {today} by ``python -m bench.fit_knock_model --hands {args.hands}",
        f"--seed {args.seed} --ridge {args.ridge} --player {args.player} --styles {args.styles}",
        "--write``",
        "(see that script): per opponent style, a ridge regression of the points gained by",
        "knocking now rather than waiting, both branches played out, on :data:`FEATURES`;",
        "and the share of the opponents' knocks of each kind (add-one smoothed).",
        "",
        *(line for item in summary for line in textwrap.wrap(item.replace("'", '"'), 96)),
        '"""',
        "",
        *textwrap.wrap(f"FEATURES = {json.dumps(KNOCK_FEATURES[:args.features])}"
                       .replace("[", "(").replace("]", ")"), 96, subsequent_indent="    "),
        f"STYLE_PRIOR = {json.dumps({style: round(1 / len(STYLES), 4) for style in STYLES})}",
        '"""Before any knock is seen, every style is as likely."""',
        f"UNKNOCKED_KEEP = {json.dumps(keeps)}",
        '"""Chance of keeping a sampled opponent hand that could have knocked but did not, by '
        'style."""',
        "KNOCK_KIND = {",
        *(f"    {json.dumps(style)}: {json.dumps(likelihood[style])}," for style in likelihood),
        "}",
        "COEFFICIENTS = {",
        *(line for style in coefficients for line in textwrap.wrap(
            f"{json.dumps(style)}: ({', '.join(map(str, coefficients[style]))}),", 92,
            initial_indent="    ", subsequent_indent="        ")),
        "}",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
