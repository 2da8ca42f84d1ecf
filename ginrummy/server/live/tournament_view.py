"""What a stored tournament says, and the tournament as its page and the lobby show it: names
and results only (no account id, no token, no card)."""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from ginrummy.server.storage.tournament_store import StoredTournament, TournamentRow
from ginrummy.tournament import Entrant, GameResult, Tournament, TournamentRules

CALLED_OFF = ("cancelled", "called_off")


def computer_number(entrant: str) -> int | None:
    """A computer entrant's number (``"c:<n>"``), None for an account's (``"a:<id>"``)."""
    kind, _, number = entrant.partition(":")
    return int(number) if kind == "c" else None


def table_size_of(row: TournamentRow) -> int:
    """The players at each of the tournament's tables, as its stored game rules say."""
    return int(row.rules.get("players", 2))


def tournament_rules_of(row: TournamentRow) -> TournamentRules:
    return TournamentRules(row.format, row.size, row.rounds,  # type: ignore[arg-type]
                           table_size_of(row))


def rebuilt(stored: StoredTournament, leaving_out: Set[str] = frozenset()
            ) -> Tournament | None:
    """The tournament of stored entrants and results (None before it starts), without the
    results of the games ``leaving_out``."""
    row = stored.row
    if row.status == "entering" or (row.status in CALLED_OFF and row.started_at is None):
        return None
    rules = tournament_rules_of(row)
    tournament = Tournament.start(rules, [Entrant(e.entrant, e.rating) for e in stored.entrants])
    for link in stored.games:
        if (link.winner is not None and link.points is not None
                and link.game_id not in leaving_out):
            tournament = tournament.record(GameResult(link.round, link.table, link.winner,
                                                      link.points, link.deals))
    return tournament


def page_of(stored: StoredTournament, tournament: Tournament | None, held_games: Set[str]
        ) -> dict[str, Any]:
    """The tournament as its page shows it: rules, entrants, rounds, standings — names
    and results only (no account id, no token, no card). A player is ``{"name",
    "computer"}``: ``computer`` is a computer entrant's number (its name is for
    readers of English), None for an account (or a deleted one's "Former player")."""
    row = stored.row
    names = {e.entrant: {"name": e.name, "computer": computer_number(e.entrant)}
             for e in stored.entrants}
    out: dict[str, Any] = {
        "id": row.id, "name": row.name, "organiser": row.creator_name,
        "organiser_is_player": row.created_by is not None,
        "format": row.format, "size": row.size, "rounds": row.rounds,
        "table_size": table_size_of(row), "rules": row.rules["rules"],
        "team_target": row.rules.get("team_target"), "level": row.level, "fill": row.fill,
        "status": row.status, "clock": row.clock,
        "created_at": row.created_at.isoformat(),
        "starts_at": None if row.starts_at is None else row.starts_at.isoformat(),
        "entrants": [names[e.entrant] for e in stored.entrants],
        "round_count": None, "current_round": None, "round_list": [], "standings": [],
        "winner": None,
    }
    if tournament is None:
        return out
    links = {(g.round, g.table): g for g in stored.games}
    held = {g.game_id for g in stored.games if g.game_id in held_games}
    if held:  # a duplicate round's results wait for its last table: they tell of its decks
        tournament = rebuilt(stored, held) or tournament
    out["round_count"] = tournament.round_count
    out["current_round"] = tournament.current.number
    out["round_list"] = [{
        "number": round_.number,
        "byes": [names[b] for b in round_.byes],
        "tables": [{
            "table": p.table, "seats": [names[s] for s in p.seats],
            "game_id": None if (link := links.get((p.round, p.table))) is None
            else link.game_id,
            "winner": None if (result := round_.result_of(p.table)) is None
            else names[result.winner],
            "points": None if result is None else list(result.points),
            "held": link is not None and link.game_id in held and link.winner is not None,
        } for p in round_.pairings]} for round_ in tournament.rounds]
    out["standings"] = [{
        "place": s.place, "player": names[s.player], "score": s.score, "games": s.games,
        "wins": s.wins, "byes": s.byes, "points_for": s.points_for,
        "points_against": s.points_against, "buchholz": s.buchholz,
        "duplicate": round(float(s.duplicate), 2),
        "out_in_round": s.out_in_round} for s in tournament.standings()]
    winner = tournament.winner()
    out["winner"] = None if winner is None else names[winner]
    return out


def listed(stored: StoredTournament) -> dict[str, Any]:
    """A tournament as the lobby lists it."""
    row = stored.row
    return {"id": row.id, "name": row.name, "format": row.format, "size": row.size,
            "table_size": table_size_of(row), "entered": len(stored.entrants),
            "status": row.status, "rules": row.rules["rules"], "level": row.level,
            "fill": row.fill, "clock": row.clock,
            "starts_at": None if row.starts_at is None else row.starts_at.isoformat()}


def final_places(stored: StoredTournament) -> dict[str, int]:
    """Each entrant's place in a tournament over: as stored at its end, else (one over before
    places were kept) from its results; empty before the end."""
    if stored.row.status != "over":
        return {}
    if all(e.place is not None for e in stored.entrants):
        return {e.entrant: e.place for e in stored.entrants if e.place is not None}
    tournament = rebuilt(stored)
    return {} if tournament is None else {s.player: s.place for s in tournament.standings()}


def history_item(stored: StoredTournament, account_id: str, places: dict[str, int]
                 ) -> dict[str, Any]:
    """A tournament as a player's profile lists it: when, which format, and the player's place
    (in ``places``, :func:`final_places`) of how many once it is over (None before)."""
    row = stored.row
    return {"id": row.id, "name": row.name, "format": row.format,
            "table_size": table_size_of(row), "status": row.status,
            "date": (row.started_at or row.starts_at or row.created_at).isoformat(),
            "place": places.get(f"a:{account_id}"), "of": len(stored.entrants),
            "link": f"/tournaments/{row.id}"}
