"""Hints: the move to make now, why, and what the other moves are worth.

:func:`hint_for` looks only at a seat's :class:`~ginrummy.core.views.PlayerView`
(never the hidden state) and returns a :class:`Hint`: the recommended action,
its reasons as structured ingredients (a catalogue key and its figures, so the
text comes out in any language of :mod:`ginrummy.i18n`; :mod:`ginrummy.coach.reasons`
chooses them so that no comparison they state is false), and every
alternative with its estimated value. :func:`hint_lines` renders it.

The values come from the evaluation API of the agents
(``ginrummy.agents.evaluate.evaluate``), or, with ``evaluator=None`` (or when the
evaluation fails), from deadwood arithmetic on the view: the deadwood each discard leaves, and for a
draw the deadwood after taking the face-up card against the average over the
cards this seat has not seen.

>>> from ginrummy.core.cards import parse_cards
>>> from ginrummy.core.hand import deal_hand
>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.views import view_of
>>> state = deal_hand(Rules.preset("standard"), dealer=1, deck=list(range(52)))
>>> hint = hint_for(view_of(state, 0))
>>> hint.action in view_of(state, 0).legal
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ginrummy.coach import figures
from ginrummy.coach.reasons import Cards, Melds, Move, Option, Reason, explain
from ginrummy.core import actions
from ginrummy.core.actions import BIG_GIN, DONE, DRAW_DISCARD, DRAW_STOCK, PASS, Action
from ginrummy.core.cards import card_value, cards_of
from ginrummy.core.hand import Phase
from ginrummy.core.melds import (
    Arrangement,
    LayoffTargets,
    arrangements,
    best_defence,
    min_deadwood,
)
from ginrummy.core.views import PlayerView
from ginrummy.i18n import Messages

HINT_SAMPLES = 16
"""Sampled deals per hint of the agents' search evaluation."""

Evaluator = Callable[[PlayerView], Sequence[tuple[Action, float, Mapping[str, Any]]]]
"""``view -> [(action, value, details)]``, as :func:`ginrummy.agents.evaluate.evaluate` returns:
``details["measure"]`` says what ``value`` is (``"points"``, ``"win"`` or ``"deadwood"``) and
``details.get("deadwood_after")`` is the deadwood after the move, when known."""


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action
    """The recommended action."""
    reasons: tuple[Reason, ...]
    options: tuple[Option, ...]
    """Every move considered, best first; the recommended one is first."""
    measure: str
    """What ``Option.value`` measures: ``"deadwood"`` (minus the deadwood left),
    ``"points"`` (expected points of the hand) or ``"win"`` (chance to win the hand)."""
    source: str
    """``"evaluate"`` (an :data:`Evaluator`) or ``"deadwood"`` (this module)."""
    plan: tuple[Action, ...] = ()
    """For layouts: the whole sequence of melds and layoffs this hint suggests, ending in DONE."""


class HintError(ValueError):
    """No hint: the seat is not to act in this view."""


# ---------------------------------------------------------------- the deadwood evaluation


def _discard_options(view: PlayerView) -> list[Option]:
    hand = view.hand
    options = []
    for action in view.legal:
        if action == BIG_GIN:
            options.append(Option(action, 100.0, 0.0, ()))
            continue
        card = actions.action_card(action)
        left = min_deadwood(hand & ~(1 << card))
        if actions.is_knock(action):
            bonus = 50.0 if left == 0 else 20.0
            options.append(Option(action, bonus - left, float(left), ()))
            continue
        danger = figures.danger(view, card)
        notes: list[Reason] = []
        score = -float(left)
        if danger.needed_by:
            notes.append(Reason("risky", {"took": Cards(danger.needed_by)}))
            score -= 4.0
        elif danger.thrown:
            notes.append(Reason("safe", {"threw": Cards(danger.thrown[:1])}))
            score += 1.0
        score += card_value(card) / 100.0  # shed the higher card when all else is equal
        options.append(Option(action, score, float(left), tuple(notes)))
    return options


def _draw_options(view: PlayerView) -> list[Option]:
    top = view.pile[-1] if view.pile else None
    options = []
    expected = figures.stock_expectation(view)
    for action in view.legal:
        if action == DRAW_DISCARD and top is not None:
            left = figures.after_taking(view, top)
            joins = figures.joins_meld(view, top)
            if view.phase is Phase.WALL:
                options.append(Option(action, 20.0 - left, float(left), ()))
                continue
            score = -float(left) + (1.5 if joins else -1.5)
            options.append(Option(action, score, float(left), ()))
        elif action in (DRAW_STOCK, PASS):
            if view.phase is Phase.WALL:
                options.append(Option(action, -10.0, None, ()))
                continue
            value = expected if expected is not None else float(min_deadwood(view.hand))
            options.append(Option(action, -value, value, ()))
    return options


def _deadwood_options(view: PlayerView) -> list[Option]:
    if view.phase is Phase.DISCARD:
        return _discard_options(view)
    return _draw_options(view)


def _from_evaluator(view: PlayerView, evaluator: Evaluator) -> tuple[list[Option], str] | None:
    try:
        rows = list(evaluator(view))
    except Exception:  # an evaluation that fails must not stop the game: fall back
        return None
    legal = set(view.legal)
    options = []
    measure = "points"
    for action, value, details in rows:
        if action not in legal:
            continue
        measure = str(details["measure"])
        deadwood = details.get("deadwood_after")
        options.append(Option(int(action), float(value),
                              None if deadwood is None else float(deadwood), ()))
    return (options, measure) if options else None


def _default_evaluator() -> Evaluator:
    from ginrummy.agents.evaluate import evaluate

    # A fixed number of sampled deals, not a time budget: the same view always
    # gets the same hint, whatever the machine's load.
    return functools.partial(evaluate, seed=0, samples=HINT_SAMPLES)


# ---------------------------------------------------------------- layouts


def _exposure(option: Arrangement, unseen: int) -> int:
    return LayoffTargets.of(option.melds).reach(unseen).bit_count()


def best_knock_arrangement(view: PlayerView) -> tuple[Arrangement, int] | None:
    """The knocker's arrangement with the least deadwood, then the fewest possible layoffs (R20)."""
    limit = 0 if view.big_gin else view.knock_limit
    options = arrangements(view.free_cards(), limit, maximal=not view.rules.knocker_may_hide_melds)
    if not options:
        return None
    unseen = view.unseen()
    best = min(options, key=lambda o: (o.deadwood, _exposure(o, unseen), len(o.melds)))
    return best, _exposure(best, unseen)


def _layout_hint(view: PlayerView) -> Hint:
    if view.phase is Phase.KNOCKER_MELDS:
        found = best_knock_arrangement(view)
        if found is None:
            return Hint(DONE, (), (Option(DONE, 0.0),), "deadwood", "deadwood", (DONE,))
        chosen, exposure = found
        plan = tuple(actions.meld(m) for m in chosen.melds) + (DONE,)
        reason = Reason("arrange", {"melds": Melds(chosen.melds), "deadwood": chosen.deadwood,
                                    "layable": exposure})
        return Hint(plan[0], (reason,), (Option(plan[0], -float(chosen.deadwood),
                                                float(chosen.deadwood)),),
                    "deadwood", "deadwood", plan)
    free = view.free_cards()
    gin = view.knocker_deadwood_cards() == 0
    defence = best_defence(free, view.melds[view.knocker], gin=gin)
    plan_list: list[Action] = []
    laid = 0
    targets = LayoffTargets.of(view.melds[view.knocker])
    pending = cards_of(defence.layoffs)
    while pending:  # lay off in an order the rules accept one card at a time
        for card in pending:
            if targets.accepts(laid | 1 << card):
                plan_list.append(actions.layoff(card))
                laid |= 1 << card
                pending.remove(card)
                break
        else:
            break
    plan_list.extend(actions.meld(m) for m in defence.melds)
    plan_list.append(DONE)
    plan = tuple(plan_list)
    before = min_deadwood(free)
    if gin:
        reason = Reason("defend_gin", {"deadwood": defence.deadwood})
    elif defence.layoffs:
        reason = Reason("defend_layoff", {"cards": Cards(cards_of(defence.layoffs)),
                                          "before": before, "after": defence.deadwood})
    else:
        reason = Reason("defend_none", {"deadwood": defence.deadwood})
    option = Option(plan[0], -float(defence.deadwood), float(defence.deadwood))
    return Hint(plan[0], (reason,), (option,), "deadwood", "deadwood", plan)


# ---------------------------------------------------------------- the hint


def hint_for(view: PlayerView, evaluator: Evaluator | None | bool = True) -> Hint:
    """The hint for ``view``, whose seat must be the one to act.

    ``evaluator``: ``True`` uses the agents' evaluation API,
    ``None`` or ``False`` only the deadwood arithmetic of this module, a callable
    ``view -> [(action, value, details)]`` that function.
    """
    if not view.is_my_turn or not view.legal:
        raise HintError(f"seat {view.seat} is not to act (phase {view.phase.name})")
    if view.phase in (Phase.KNOCKER_MELDS, Phase.DEFENDER):
        return _layout_hint(view)
    chosen = _default_evaluator() if evaluator is True else evaluator or None
    found = _from_evaluator(view, chosen) if callable(chosen) else None
    if found is not None:
        options, measure = found
        source = "evaluate"
        # The deadwood shown is this module's, the figures the reasons are made of, so a
        # reason and the estimates never show two numbers for one thing.
        mine = {o.action: o for o in _deadwood_options(view)}
        options = [Option(o.action, o.value, _deadwood_of(mine, o),
                          mine[o.action].notes if o.action in mine else ())
                   for o in options]
    else:
        options, measure, source = _deadwood_options(view), "deadwood", "deadwood"
    options.sort(key=lambda o: -o.value)
    best = options[0].action
    return Hint(best, explain(view, best, options, measure), tuple(options), measure, source)


def _deadwood_of(mine: Mapping[Action, Option], option: Option) -> float | None:
    own = mine.get(option.action)
    return own.deadwood if own is not None and own.deadwood is not None else option.deadwood


# ---------------------------------------------------------------- text


def render(reason: Reason, m: Messages, prefix: str = "hint") -> str:
    params = {name: _param_text(value, m) for name, value in reason.params.items()}
    return m(f"{prefix}.{reason.key}", **params)


def _param_text(value: object, m: Messages) -> object:
    if isinstance(value, Melds):
        return " ".join(f"[{m.cards(cards_of(meld))}]" for meld in value)
    if isinstance(value, Cards):
        return m.card_list_words(value)
    if isinstance(value, Move):
        return action_text(value, m)
    if isinstance(value, float):
        return m.number(value)
    return value


def _is_card_param(name: str) -> bool:
    return name in ("card",)


def action_text(action: Action, m: Messages) -> str:
    """A move in words, in the reader's language ("discard KD", "scarta K♦")."""
    if action == DRAW_STOCK:
        return m("action.draw_stock")
    if action == DRAW_DISCARD:
        return m("action.take")
    if action == PASS:
        return m("action.pass")
    if action == DONE:
        return m("action.done")
    if action == BIG_GIN:
        return m("action.big_gin")
    if actions.is_meld_action(action):
        return m("action.meld", cards=m.cards(cards_of(actions.action_meld(action))))
    if actions.is_layoff(action):
        return m("action.layoff", card=m.card(actions.action_card(action)))
    if actions.is_knock(action):
        return m("action.knock", card=m.card(actions.action_card(action)))
    return m("action.discard", card=m.card(actions.action_card(action)))


def value_text(option: Option, measure: str, m: Messages) -> str:
    if measure == "win":
        return m("hint.value.win", percent=round(100 * option.value))
    if measure == "points":
        sign = "+" if option.value > 0 else ""
        return m("hint.value.points", points=sign + m.number(option.value))
    if option.deadwood is None:
        return m("hint.value.unknown")
    if option.action in (DRAW_STOCK, PASS):
        return m("hint.value.expected_deadwood", deadwood=m.number(option.deadwood))
    return m("hint.value.deadwood", deadwood=round(option.deadwood))


def hint_lines(hint: Hint, m: Messages, alternatives: int = 3) -> list[str]:
    """The hint in words: the move with its reasons, then the best alternatives."""
    texts = [sentence(render(with_card_text(r), m)) for r in hint.reasons]
    if texts:  # the first reason follows a colon: no capital
        texts[0] = render(with_card_text(hint.reasons[0]), m).strip()
        texts[0] = texts[0] if texts[0].endswith((".", "!", "?")) else texts[0] + "."
    move = action_text(hint.action, m)
    first = hint.reasons[0] if hint.reasons else None
    card = first.params.get("card") if first is not None else None
    if hint.action == DRAW_DISCARD and first is not None and isinstance(card, int) \
            and m.has(f"hint.{first.key}.after_take"):
        # "take the 3♥: it goes into a meld…", the card named once
        move = m("action.take_card", card=m.card_words(card))
        texts[0] = render(Reason(f"{first.key}.after_take", first.params), m) + "."
    reasons = " ".join(texts)
    head = m("hint.title") if hint.plan else m("hint.recommend", move=move)
    lines = [f"{head}: {reasons}" if reasons else head]
    others = [o for o in hint.options if o.action != hint.action][:alternatives]
    if others:
        best = hint.options[0]
        parts = [f"{action_text(best.action, m)} ({value_text(best, hint.measure, m)})"]
        for option in others:
            text = f"{action_text(option.action, m)} ({value_text(option, hint.measure, m)}"
            notes = "; ".join(render(note, m, "hint.note") for note in option.notes)
            parts.append(text + (f"; {notes})" if notes else ")"))
        lines.append(m("hint.compare", options=", ".join(parts)))
    return lines


def with_card_text(reason: Reason) -> Reason:
    """``reason`` with its card parameters as cards, so each language names them."""
    params = {k: Cards((v,)) if _is_card_param(k) and isinstance(v, int) else v
              for k, v in reason.params.items()}
    return Reason(reason.key, params)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last (unless it ends already)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def hint_text(view: PlayerView, lang: str = "en", evaluator: Evaluator | None | bool = True) -> str:
    """:func:`hint_for` rendered in ``lang``, one line per part."""
    return "\n".join(hint_lines(hint_for(view, evaluator), Messages(lang)))


__all__ = [
    "Cards",
    "Evaluator",
    "Hint",
    "HintError",
    "Melds",
    "Move",
    "Option",
    "Reason",
    "action_text",
    "best_knock_arrangement",
    "explain",
    "hint_for",
    "hint_lines",
    "hint_text",
    "render",
    "value_text",
]
