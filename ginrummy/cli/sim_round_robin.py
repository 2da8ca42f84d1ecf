"""The standings of a round robin (``gin sim --tournament``) for people."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ginrummy.sim.round_robin import RoundRobinResult


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    """The first column to the left, the others to the right."""
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) if c == 0 else cell.rjust(w)
                      for c, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in rows]


def render_round_robin(result: RoundRobinResult) -> str:
    first = result.matches[0]
    unit = "games" if first.mode == "games" else "single hands"
    mode = "duplicate " if first.duplicate else ""
    won = "games won" if first.mode == "games" else "hands won"
    lines = [f"round robin of {len(result.agents)} agents: {first.trials} {mode}{unit} a pair, "
             f"rules {first.rules.name}, seed {result.seed}", ""]
    standings = sorted(result.standings(), key=lambda s: -s.rating.elo)
    rows: list[tuple[str, ...]] = [
        ("agent", "Elo", "95% interval", won, "win share", "95% interval", "points/hand")]
    for s in standings:
        rows.append((s.agent, f"{s.rating.elo:.0f}",
                     f"{s.rating.low:.0f}-{s.rating.high:.0f}",
                     f"{s.wins + s.undecided / 2:g} of {s.trials}", _pct(s.win_share),
                     f"{_pct(s.ci95[0])}-{_pct(s.ci95[1])}", f"{s.points_per_hand:.2f}"))
    lines += _table(rows)
    order = [result.agents.index(s.agent) for s in standings]
    lines += ["", "win share of the row's agent against the column's:"]
    grid: list[tuple[str, ...]] = [("", *(result.agents[j] for j in order))]
    for i in order:
        grid.append((result.agents[i], *("-" if i == j else _pct(result.share(i, j))
                                         for j in order)))
    lines += _table(grid)
    workers = f"{result.jobs} {'Ray worker' if result.backend == 'ray' else 'job'}" + \
        ("s" if result.jobs > 1 else "")
    played = sum(m.trials for m in result.matches)
    lines += [
        "",
        "Elo: Bradley-Terry maximum likelihood, average 1500, bootstrap 95% interval; "
        + ("an undecided game" if first.mode == "games" else "a void or tied hand")
        + " counts half a win to each side",
        f"{played} {unit} in {result.seconds:.2f} s with {workers}",
    ]
    return "\n".join(lines) + "\n"
