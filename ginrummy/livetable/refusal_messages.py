"""A refusal as a client is sent it: the code, the parameters, and the key of the message
that says it in the reader's language (``refusal.*`` in the ``web`` catalogue) with the
parameters that message names.

The key is ``refusal.<code>``, or ``refusal.<code>.<why>`` when the refusal says why
(``why``, ``waiting_for``). A move the rules refuse (``illegal_action``) is said by the
core's own reason: ``refusal.illegal.<reason>`` (``illegal.just_taken`` of
:mod:`ginrummy.core.why_illegal` is ``refusal.illegal.just_taken``; the game's
``game.action_over`` is ``refusal.illegal.action_over``). Places are named by their seat's
name (``mover_name``), cards by rank and suit symbol (``7♥``), the same in every language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ginrummy.core.errors import CodedError
from ginrummy.livetable.refusals import Refused

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUBREASONS = ("why", "waiting_for")
"""The parameters that choose among the messages of one code."""
NAMED_PLACES = ("mover", "chooser")
"""Parameters that are places, said by the name of whoever holds them (``mover_name``)."""

MESSAGE_PARAMS: Mapping[str, tuple[str, ...]] = {
    "refusal.no_such_place": (),
    "refusal.not_away": (),
    "refusal.not_computers_turn": (),
    "refusal.nothing_due": (),
    "refusal.seat_taken": (),
    "refusal.no_player_there": (),
    "refusal.already_started": (),
    "refusal.no_rematch.players": (),
    "refusal.not_over": (),
    "refusal.rematch_started": (),
    "refusal.game_over": (),
    "refusal.not_started.cut_choice": ("chooser_name",),
    "refusal.not_started.ready": (),
    "refusal.not_started.players": (),
    "refusal.no_hand.sits_out": (),
    "refusal.no_hand.hand_over": (),
    "refusal.no_hand.round_elsewhere": (),
    "refusal.stale": (),
    "refusal.not_your_turn": ("mover_name",),
    "refusal.clock_ran_out": (),
    "refusal.in_hand": (),
    "refusal.nothing_to_ready.sits_out": (),
    "refusal.nothing_to_ready.round_elsewhere": (),
    "refusal.already_ready": (),
    "refusal.stale_commitment": (),
    "refusal.no_cut_choice.lowest_cut_deals": (),
    "refusal.no_cut_choice.low_cut_deals": (),
    "refusal.no_cut_choice.already_chosen": (),
    "refusal.no_cut_choice.dealt": (),
    "refusal.not_your_choice": ("chooser_name",),
    "refusal.illegal_action": (),
    "refusal.illegal.not_in_hand": ("card",),
    "refusal.illegal.taken_at_wall": ("card",),
    "refusal.illegal.just_taken": ("card",),
    "refusal.illegal.knock_limit": ("left", "limit"),
    "refusal.illegal.wall_knock_only": (),
    "refusal.illegal.meld_not_free": (),
    "refusal.illegal.big_gin_rest": (),
    "refusal.illegal.meld_limit": ("limit",),
    "refusal.illegal.layoff_on_gin": (),
    "refusal.illegal.layoff_used": ("card",),
    "refusal.illegal.layoff_fit": (),
    "refusal.illegal.meld_hidden": ("cards",),
    "refusal.illegal.big_gin_left": ("left",),
    "refusal.illegal.done_limit": ("left", "limit"),
    "refusal.illegal.stock_only": (),
    "refusal.illegal.wall_take": (),
    "refusal.illegal.wall_take_other": (),
    "refusal.illegal.not_now": (),
    "refusal.illegal.action_over": (),
    "refusal.illegal.action_no_hand": (),
    "refusal.illegal.action_no_table_hand": (),
}
"""Every refusal's message key, and the parameters its message names."""


def card_text(name: str) -> str:
    """``7H`` as ``7♥``, ``TS`` as ``10♠``."""
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SYMBOLS.get(name[1], name[1])


def message_key(refused: Refused) -> tuple[str, dict[str, object]]:
    """The key of ``refused``'s message, and the parameters it may name."""
    cause = refused.cause
    if refused.code == "illegal_action" and cause is not None and cause.code is not None:
        reason = cause.params.get("reason")
        said = reason if isinstance(reason, CodedError) and reason.code else cause
        assert said.code is not None
        return f"refusal.illegal.{said.code.split('.')[-1]}", dict(said.params)
    key = f"refusal.{refused.code}"
    for name in SUBREASONS:
        if isinstance(refused.params.get(name), str):
            key += f".{refused.params[name]}"
    return key, dict(refused.params)


def refusal_json(refused: Refused, names: Sequence[str] = ()) -> dict[str, Any]:
    """``refused`` as a client is sent it: ``code`` and ``params`` (the facts, for programs),
    ``message`` (the catalogue key) and ``said`` (the parameters the message names).
    ``names``: each place's seat name, to say who is meant."""
    key, facts = message_key(refused)
    for place in NAMED_PLACES:
        at = facts.get(place)
        if isinstance(at, int) and 0 <= at < len(names):
            facts[f"{place}_name"] = names[at]
    if isinstance(facts.get("card"), str):
        facts["card"] = card_text(str(facts["card"]))
    if isinstance(facts.get("cards"), str):
        facts["cards"] = " ".join(card_text(c) for c in str(facts["cards"]).split())
    said = {name: facts[name] for name in MESSAGE_PARAMS.get(key, ()) if name in facts}
    params = {name: value for name, value in refused.params.items()
              if isinstance(value, (str, int, float, bool, type(None)))}
    return {"code": refused.code, "params": params, "message": key, "said": said}
