"""The opening of a terminal game: the title, the rules, who plays, and the cut (R4).

Every word comes from the message catalogues of :mod:`ginrummy.i18n`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.core.cards import cards_of
from ginrummy.core.cut import Cut
from ginrummy.core.game import Game
from ginrummy.core.rules import Rules
from ginrummy.i18n import Messages
from ginrummy.i18n.options import option_value
from ginrummy.terminal.scores import team_name
from ginrummy.terminal.screen import Painter


def opening_lines(game: Game, names: Sequence[str], paint: Painter, level: int,
                  notes: Sequence[str], resumed_from: str | None) -> list[str]:
    """What ``gin play`` shows before the first deal: the kind of game and its rules, who
    plays, ``notes``, then the cut or (``resumed_from``, a saved file) where the game resumes."""
    m = paint.m
    table_rules = game.table_rules
    if table_rules.kind == "two":
        lines = [paint.bold(m("game.title", target=game.rules.target)),
                 *rules_lines(game.rules, m), m("game.opponent", name=names[1], level=level)]
    else:
        if table_rules.kind == "three":
            title = m("table.title_three", target=table_rules.target)
            who = m("table.players", names=", ".join(names))
        else:
            title = m("table.title_teams", size=table_rules.team_size, target=table_rules.target)
            who = m("table.teams", team0=team_name(game.players, 0, names, m),
                    team1=team_name(game.players, 1, names, m))
        shown = game.rules.replace(target=table_rules.target)  # teams play to team_target
        lines = [paint.bold(title), who, *rules_lines(shown, m)]
    lines += notes
    if resumed_from is not None and table_rules.kind == "two":
        lines.append(m("game.resumed", path=resumed_from, hand=game.hand_number))
    elif resumed_from is not None:
        lines.append(m("table.resumed", path=resumed_from, round=game.round_number))
    elif table_rules.kind == "two":
        high_chooses = game.rules.first_dealer == "high_cut_chooses"
        lines.append(m("game.cut", cut=cut_text(game.cut, names, paint, high_chooses)))
    else:
        lines.append(cut_line(game.cut, names, paint))
    return [*lines, m("game.commands")]


def cut_text(cut: Cut, names: Sequence[str], paint: Painter, high_chooses: bool = False) -> str:
    """The cut between two players in words (R4); ``high_chooses``: the higher card chooses
    who deals (``first_dealer`` ``high_cut_chooses``)."""
    m = paint.m
    parts = []
    for a, b in cut.rounds:
        text = m("cut.round", name0=names[0], card0=paint.card(a), name1=names[1],
                 card1=paint.card(b))
        if a % 13 == b % 13:
            text += m("cut.tie")
        parts.append(text)
    if high_chooses:
        return "; ".join(parts) + "; " + m("cut.high_chooses", name=names[cut.high])
    return "; ".join(parts) + "; " + m("cut.result", name=names[cut.low])


def cut_line(cut: Cut, names: Sequence[str], paint: Painter) -> str:
    """The cut among three or more players in words (R4): every round, then who cut lowest."""
    m = paint.m
    rounds = []
    for cards in cut.rounds:
        rounds.append(", ".join(f"{names[p]} {paint.card(c)}" for p, c in enumerate(cards)))
    lowest = cards_of(1 << cut.rounds[-1][cut.low])
    return m("table.cut", rounds="; ".join(rounds), name=names[cut.low],
             card=paint.cards(lowest))


RULE_OPTIONS = (
    "knock_limit", "oklahoma", "ace_upcard_gin_only", "spade_double", "extra_boxes",
    "first_dealer", "dealer_rule", "eleven_card_deal", "allow_discard_of_drawn_upcard",
    "big_gin", "knocker_may_hide_melds", "gin_bonus",
    "undercut_bonus", "big_gin_bonus", "undercut_on_tie", "fiftieth_card_action",
    "max_turns_without_stock_draw", "discard_pile_draw_limit", "void_on_second_returned_discard",
    "target", "box_bonus", "game_bonus", "shutout_rule", "max_hands", "time_limit_minutes",
    "limit_awards_game_bonus", "stake_per_point",
)
"""The options of :class:`~ginrummy.core.rules.Rules` that have a label ``option.<name>``."""


def rules_lines(rules: Rules, m: Messages) -> list[str]:
    """The preset's description and its main options, one per line."""
    key = f"preset.{rules.name}"
    lines = [m(key) if m.has(key) else m("preset.custom", name=rules.name)]
    shown = ["knock_limit", "gin_bonus", "undercut_bonus"]
    if rules.big_gin:
        shown.append("big_gin_bonus")
    for name in ("box_bonus", "game_bonus"):
        if getattr(rules, name):
            shown.append(name)
    if rules.game_bonus and rules.shutout_rule != "none":
        shown.append("shutout_rule")
    shown += ["target", "dealer_rule"]
    if rules.first_dealer != "low_cut_deals":
        shown.append("first_dealer")
    if rules.fiftieth_card_action != "off":
        shown.append("fiftieth_card_action")
    for name in ("spade_double", "ace_upcard_gin_only", "extra_boxes", "eleven_card_deal",
                 "allow_discard_of_drawn_upcard", "knocker_may_hide_melds", "max_hands",
                 "time_limit_minutes", "stake_per_point"):
        if getattr(rules, name):
            shown.append(name)
    if rules.limit_awards_game_bonus and rules.game_bonus and (
            rules.max_hands or rules.time_limit_minutes):
        shown.append("limit_awards_game_bonus")
    parts = [f"{m(f'option.{name}')}: {option_value(rules, name, m, ace_note=False)}"
             for name in shown]
    lines.append("; ".join(parts))
    return lines
