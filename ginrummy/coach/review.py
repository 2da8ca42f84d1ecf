"""After a game, a review: the decisions of one player that were clearly below the best.

:func:`review_record` replays a finished record (:func:`ginrummy.format.replay.walk`) and,
for each draw, discard, knock and wall decision of the player, builds that player's
:class:`~ginrummy.core.views.PlayerView` as it was at that moment (never the hidden cards,
so the review judges with what the player could know) and searches it with the evaluation
behind hints (:func:`ginrummy.agents.montecarlo.action_values`, the engine of
:func:`ginrummy.agents.evaluate.evaluate`): the expected points of the hand after each
candidate move, over the same sampled deals and play-out luck for every candidate.

A decision is **marked** when the best candidate beats the move played by at least
:data:`MIN_LOSS` expected points *and* by :data:`CONFIDENCE` standard errors of the paired
difference. Both are needed: with a few sampled deals a single estimate is noisy (a sensible
move can trail the luckiest candidate by 5 points or more), so a difference counts only
when it is both large for a hand (a knock is worth about 15-25 points, gin 25 and more)
and far outside the search's own noise; the Monte Carlo player uses the same two standard
errors before it leaves the expert's move.

Work per decision is capped: the candidates are the search's own (the legal draws, the
expert's best four discards, the two knocks leaving least deadwood, gin at once) plus the
move played, and :data:`REVIEW_SAMPLES` sampled deals each; only a decision that already
looks marked then gets :data:`CONFIRM_SAMPLES` deals (the first ones are the same deals, so
this only adds evidence), and the mark is made from those. In a game to 100 a player has
45 to 125 decisions, 1 to 9 of them searched again: 2 to 6 CPU seconds (bench/bench_review.py).
Each layout after a knock, the knocker's melds (R14) and the defender's melds and layoffs
(R15-R16), is judged as one decision, exactly: the deadwood it ended with against the least
the hint's layout (:func:`ginrummy.coach.hints.hint_for`) leaves, each point of it a point
of the hand (at least); it is marked from :data:`MIN_LOSS` points, with the hint's first
move as the better one.

Each :class:`Mark` carries its reasons as structured ingredients (a catalogue key and
parameters, as hints do): ``review.<key>`` for what the move played missed, then the
hint's own reasons (``hint.<key>``) for the better move. :func:`review_lines` renders them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ginrummy.agents.expert_v1 import Context, ExpertParams, FirstExpertAgent
from ginrummy.agents.montecarlo import ActionValue, SearchParams, action_values, candidates
from ginrummy.coach.hints import (
    Melds,
    Option,
    Reason,
    action_text,
    explain,
    hint_for,
    render,
    sentence,
    with_card_text,
)
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DRAW_DISCARD, Action
from ginrummy.core.hand import Phase
from ginrummy.core.melds import best_arrangement, min_deadwood, min_deadwood_after_discard
from ginrummy.core.views import PlayerView, view_of
from ginrummy.format.record import GameRecord
from ginrummy.format.replay import walk
from ginrummy.i18n import Messages

MIN_LOSS = 4.0
"""Expected points of the hand below the best before a decision is marked."""
CONFIDENCE = 2.0
"""...and that many standard errors of the paired difference, so noise alone marks nothing."""
REVIEW_SAMPLES = 12
"""Sampled deals per decision for the first look (a hint uses 16 over every legal move)."""
CONFIRM_SAMPLES = 48
"""Sampled deals for a decision the first look suspects: only these values make a mark."""
SEED = 0
"""The search's seed, as for hints: the same record always gets the same review."""
JUDGED_PHASES = (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD, Phase.WALL)


@dataclass(frozen=True, slots=True)
class Mark:
    """One decision clearly below the best."""

    hand: int
    """1-based place of the hand in the record (as ``gin replay`` numbers them)."""
    index: int
    """1-based action number within the hand: the replay step of this decision."""
    phase: str
    """The phase the decision was made in: ``draw``, ``discard``, ``first_upcard``, ``wall``."""
    chosen: Action
    better: Action
    loss: float
    """Expected points of the hand lost by the move played (paired over the same deals)."""
    stderr: float
    chosen_value: float
    better_value: float
    reasons: tuple[Reason, ...]
    """``review.<key>``: what the move played missed."""
    better_reasons: tuple[Reason, ...]
    """``hint.<key>``: why the better move is good (the hint's reasons for it)."""


@dataclass(frozen=True, slots=True)
class Review:
    player: int
    marks: tuple[Mark, ...]
    judged: int
    """Decisions searched (forced moves and layouts are not judged)."""
    lost: float
    """Expected points lost over the marked decisions."""

    @property
    def accuracy(self) -> float:
        """Share of judged decisions not marked, in percent (100 with nothing judged)."""
        return 100.0 if not self.judged else 100.0 * (self.judged - len(self.marks)) / self.judged


def decisions(record: GameRecord, player: int) -> Iterator[tuple[int, int, PlayerView, Action]]:
    """``(hand, index, view, action played)`` for every judged decision of ``player``."""
    for step in walk(record):
        if step.kind != "action" or step.player != player or step.action is None:
            continue
        state = step.before.hands[step.table]
        assert state is not None and step.seat is not None
        view = view_of(state, step.seat)
        if view.phase in JUDGED_PHASES and len(view.legal) > 1:
            yield step.hand, step.index, view, step.action


LAYOUT_PHASES = (Phase.KNOCKER_MELDS, Phase.DEFENDER)


def layouts(record: GameRecord, player: int) -> Iterator[tuple[int, int, PlayerView, Action, int]]:
    """``(hand, index, view, first action, deadwood at the end)`` of each of ``player``'s
    layouts, as the knocker or the defender: the view before its first layout move."""
    start: tuple[int, int, PlayerView, Action] | None = None
    for step in walk(record):
        if step.kind != "action" or step.action is None:
            continue
        state = step.before.hands[step.table]
        assert state is not None
        if start is None and step.player == player and state.phase in LAYOUT_PHASES:
            assert step.seat is not None
            start = (step.hand, step.index, view_of(state, step.seat), step.action)
        if step.finished and start is not None:
            result = [h for h in step.game.played if h.table == step.table][-1].state.result
            assert result is not None
            knocker = start[2].phase is Phase.KNOCKER_MELDS
            yield (*start, result.knocker_deadwood if knocker else result.defender_deadwood)
            start = None


def review_record(record: GameRecord, player: int, samples: int = REVIEW_SAMPLES,
                  confirm: int = CONFIRM_SAMPLES) -> Review:
    """The review of ``player``'s decisions in ``record`` (raises ``RecordError`` on a bad one)."""
    if not 0 <= player < record.players:
        raise ValueError(f"player must be 0..{record.players - 1}, got {player}")
    found: list[Mark] = []
    judged = 0
    for hand, index, view, chosen in decisions(record, player):
        judged += 1
        mark = judge(view, chosen, hand, index, samples, confirm)
        if mark is not None:
            found.append(mark)
    for hand, index, view, first, deadwood in layouts(record, player):
        judged += 1
        mark = judge_layout(view, first, deadwood, hand, index)
        if mark is not None:
            found.append(mark)
    marks = tuple(sorted(found, key=lambda m: (m.hand, m.index)))
    return Review(player, marks, judged, round(sum(m.loss for m in marks), 2))


def judge_layout(view: PlayerView, first: Action, deadwood: int, hand: int = 0,
                 index: int = 0) -> Mark | None:
    """The mark of a knocker's or defender's layout that ended with ``deadwood``, if clearly
    too much."""
    hint = hint_for(view, None)
    least = hint.options[0].deadwood
    if least is None or deadwood - least < MIN_LOSS:
        return None
    loss = float(deadwood - least)
    key = "knock_layout_deadwood" if view.phase is Phase.KNOCKER_MELDS else "layout_deadwood"
    reason = Reason(key, {"after": deadwood, "better_after": round(least)})
    return Mark(hand, index, view.phase.name.lower(), first, hint.action, loss, 0.0,
                -float(deadwood), -least, (reason,), hint.reasons)


def _values(view: PlayerView, chosen: Action, samples: int) -> list[ActionValue]:
    expert = ExpertParams()
    search = SearchParams(samples=samples, min_samples=min(4, samples))
    tried = candidates(view, Context(view, expert), FirstExpertAgent(SEED, expert), search)
    gins = [a for a in view.legal if a == BIG_GIN or (actions.is_knock(a)
            and min_deadwood(view.hand & ~(1 << actions.action_card(a))) == 0)]
    tried = list(dict.fromkeys([*tried, *gins, chosen]))
    return action_values(view, SEED, search, expert, actions=tried, baseline=chosen)


def _best(values: list[ActionValue], chosen: Action) -> ActionValue | None:
    """The candidate clearly better than ``chosen`` (see the module text), if any."""
    best = max(values, key=lambda v: (v.advantage, v.action == chosen))
    if best.action == chosen or best.advantage < MIN_LOSS \
            or best.advantage < CONFIDENCE * best.advantage_stderr:
        return None
    return best


def judge(view: PlayerView, chosen: Action, hand: int = 0, index: int = 0,
          samples: int = REVIEW_SAMPLES, confirm: int = CONFIRM_SAMPLES) -> Mark | None:
    """The mark of playing ``chosen`` in ``view``, or None when it is not clearly worse."""
    values = _values(view, chosen, samples)
    best = _best(values, chosen)
    if best is not None and confirm > samples:
        values = _values(view, chosen, confirm)
        best = _best(values, chosen)
    if best is None:
        return None
    mine = next(v for v in values if v.action == chosen)
    options = [Option(v.action, v.mean) for v in values]
    options.sort(key=lambda o: -o.value)
    return Mark(hand, index, view.phase.name.lower(), chosen, best.action,
                round(best.advantage, 2), round(best.advantage_stderr, 2),
                round(mine.mean, 2), round(best.mean, 2),
                missed(view, chosen, best.action), explain(view, best.action, options))


# ---------------------------------------------------------------- what the move missed


def _kept_deadwood(view: PlayerView, action: Action) -> int:
    if action == BIG_GIN:
        return 0
    return min_deadwood(view.hand & ~(1 << actions.action_card(action)))


def _after_draw(view: PlayerView, action: Action) -> int | None:
    if action == DRAW_DISCARD and view.pile:
        return min_deadwood_after_discard(view.hand | 1 << view.pile[-1])
    return None


def _broken_meld(view: PlayerView, card: int) -> int | None:
    """The meld of the hand's best arrangement that ``card`` belonged to, if any."""
    for meld in best_arrangement(view.hand).melds:
        if int(meld) >> card & 1:
            return int(meld)
    return None


def missed(view: PlayerView, chosen: Action, better: Action) -> tuple[Reason, ...]:
    """What playing ``chosen`` instead of ``better`` gave up, as ``review.<key>`` reasons."""
    if view.phase is not Phase.DISCARD:
        top = view.pile[-1] if view.pile else -1
        if better == DRAW_DISCARD:
            return (Reason("left_upcard", {"card": top, "after": _after_draw(view, better)}),)
        if chosen == DRAW_DISCARD:
            key = "took_upcard_wall" if view.phase is Phase.WALL else "took_upcard"
            return (Reason(key, {"card": top}),)
        return (Reason("weaker_draw", {}),)
    mine, theirs = _kept_deadwood(view, chosen), _kept_deadwood(view, better)
    if better == BIG_GIN:
        return (Reason("missed_big_gin", {"bonus": view.rules.big_gin_bonus}),)
    if actions.is_knock(better) and theirs == 0:
        return (Reason("missed_gin", {"card": actions.action_card(better),
                                      "bonus": view.rules.gin_bonus}),)
    if actions.is_knock(better) and not actions.is_knock(chosen):
        return (Reason("missed_knock", {"card": actions.action_card(better),
                                        "deadwood": theirs}),)
    if actions.is_knock(chosen) and not actions.is_knock(better):
        return (Reason("knocked_early", {"deadwood": mine}),)
    if chosen == BIG_GIN:
        return (Reason("weaker_discard", {"after": mine, "better_after": theirs}),)
    card = actions.action_card(chosen)
    meld = _broken_meld(view, card)
    if meld is not None and mine > theirs:
        return (Reason("broke_meld", {"card": card, "meld": Melds((meld,)),
                                      "after": mine, "better_after": theirs}),)
    if mine == theirs:
        return (Reason("weaker_discard_equal", {"after": mine}),)
    return (Reason("weaker_discard", {"after": mine, "better_after": theirs}),)


# ---------------------------------------------------------------- text


def mark_lines(mark: Mark, m: Messages) -> list[str]:
    """One mark in words: where, what was played, the better move and why."""
    head = m("review.mark", hand=mark.hand, index=mark.index,
             chosen=action_text(mark.chosen, m), better=action_text(mark.better, m),
             points=m.number(mark.loss))
    lines = [head]
    lines += ["  " + sentence(render(with_card_text(r), m, "review")) for r in mark.reasons]
    why = " ".join(sentence(render(with_card_text(r), m)) for r in mark.better_reasons)
    if why:
        lines.append("  " + m("review.why", move=action_text(mark.better, m), reasons=why))
    return lines


def summary_line(review: Review, m: Messages) -> str:
    return m("review.summary", judged=review.judged, marked=len(review.marks),
             points=m.number(review.lost), accuracy=round(review.accuracy))


def review_lines(review: Review, m: Messages) -> list[str]:
    """The whole review in words: the summary, then each mark."""
    lines = [m("review.title", player=review.player), summary_line(review, m)]
    if not review.marks:
        lines.append(m("review.none"))
    for mark in review.marks:
        lines += mark_lines(mark, m)
    return lines


__all__ = [
    "CONFIDENCE",
    "LAYOUT_PHASES",
    "CONFIRM_SAMPLES",
    "MIN_LOSS",
    "REVIEW_SAMPLES",
    "Mark",
    "Review",
    "decisions",
    "judge",
    "judge_layout",
    "layouts",
    "mark_lines",
    "missed",
    "review_lines",
    "review_record",
    "summary_line",
]
