"""What quick match costs the server: pairing compares only seekers who want the same game and
lie within the widest window of each other (2,000 seekers who each want other rules cost no
comparison), pairs exactly as comparing every pair did, and one address may keep only a few
seekers waiting (a guest id is a cookie anyone makes up)."""

from __future__ import annotations

import asyncio
import random
import time
from itertools import combinations

from ginrummy.core.rules import Rules
from ginrummy.server.live.quick_match import MAX_SEEKS, SEEKS_PER_ADDRESS
from ginrummy.server.live.seeks import WINDOW_MAX, Seek, candidates, pairs
from tests.server.account_kit import error_of
from tests.server.kit import other_browser, running
from tests.server.test_quick_match import seek, started
from tests.server.test_quick_match_pairing import Hub


def every_pair(seeks: list[Seek]) -> list[tuple[Seek, Seek]]:
    """What pairing looked at before seekers were grouped: every pair (the reference)."""
    return list(combinations(seeks, 2))


def test_pairing_2000_seekers_who_each_want_other_rules_compares_no_pair() -> None:
    seeks = [Seek(f"t{n}", f"guest:{n}", 1500.0, ("rules", n), since=0.0)
             for n in range(MAX_SEEKS)]
    assert sum(1 for _ in candidates(seeks)) == 0
    started_at = time.perf_counter()
    assert pairs(seeks, 60.0) == []
    assert time.perf_counter() - started_at < 1.0  # generous: it was 2M pairs, now 2,000 steps


def test_pairing_2000_seekers_of_one_game_compares_only_those_within_the_widest_window(
) -> None:
    spread = 100.0  # a rating every 100 points: at most 7 others within the widest window
    seeks = [Seek(f"t{n}", f"guest:{n}", 1000.0 + spread * n, "standard", since=0.0)
             for n in range(MAX_SEEKS)]
    compared = list(candidates(seeks))
    assert all(b.rating - a.rating <= WINDOW_MAX for a, b in compared)
    assert len(compared) <= MAX_SEEKS * int(WINDOW_MAX / spread)


def test_grouped_pairing_meets_exactly_as_comparing_every_pair_did() -> None:
    rng = random.Random(14)
    for trial in range(200):
        count = rng.randint(0, 40)
        seeks = [Seek(f"t{trial}-{n}", f"who{rng.randint(0, 30)}",
                      rng.choice([1500.0, rng.uniform(900, 2300)]),
                      rng.choice(["standard", "oklahoma", ("standard", "clock")]),
                      since=rng.uniform(0, 60)) for n in range(count)]
        now = rng.uniform(0, 80)
        assert pairs(seeks, now) == pairs(seeks, now, among=every_pair), trial


def test_a_fifth_seeker_from_one_address_is_refused_and_nothing_changes() -> None:
    async def scenario() -> None:
        hub = Hub()
        far = [await hub.match.start(f"guest:{n}", "G", Rules(), False, 1000.0 + 800 * n,
                                     address="10.0.0.1") for n in range(SEEKS_PER_ADDRESS)]
        try:
            await hub.match.start("guest:x", "X", Rules(), False, 5000.0, address="10.0.0.1")
        except Exception as refused:  # noqa: BLE001 - the code is what is checked
            assert getattr(refused, "code", None) == "too_many_seeks"
        else:
            raise AssertionError("a fifth seek from one address was taken")
        assert hub.match.waiting() == SEEKS_PER_ADDRESS
        assert all(seeking.status == "waiting" for _, seeking in far)
        again = await hub.match.start("guest:0", "G", Rules(), False, 1000.0,
                                      address="10.0.0.1")  # one of them seeks anew: fine
        assert again[1].status == "waiting" and far[0][1].status == "replaced"
        other = await hub.match.start("guest:y", "Y", Rules(), False, 5000.0,
                                      address="10.0.0.2")
        assert other[1].status == "waiting"
        await hub.match.close()

    asyncio.run(scenario())


def test_minting_guest_ids_from_one_address_gets_too_many_seeks(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        for n in range(SEEKS_PER_ADDRESS):
            with other_browser(client):  # a new guest id each time
                started(client, name=f"G{n}", options={"target": 100 + n})
        with other_browser(client):
            refused = seek(client, name="X", options={"target": 50})
        assert refused.status_code == 409
        assert error_of(refused)["code"] == "too_many_seeks"
        assert client.get("/api/lobby").status_code == 200
