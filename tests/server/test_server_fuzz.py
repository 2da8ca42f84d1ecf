"""Bad input (issue 6): a Hypothesis fuzzer against a live table.

Malformed JSON, JSON of any shape, wrong types, unknown types and fields, actions of
every kind for the wrong seat, out of turn, on a stale position or from a watcher,
binary frames and huge messages: each gets an error, nothing changes (the event number,
every seat's state and the stored log), and the server stays up and plays on.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ginrummy.cli import build_parser
from ginrummy.core.actions import NUM_ACTIONS, action_name
from ginrummy.server import Settings
from ginrummy.server.wire.protocol import ClientError, Message, parse_message
from tests.server.kit import Player, receive
from tests.server.test_server_bad_messages import Table, friend_table

FUZZ = settings(max_examples=300, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                  max_size=5),
    max_leaves=25,
)
TYPES = ["action", "ready", "resync", "ping", "back", "dance", "", "ACTION", 5, None]
ACTION_TEXTS = ([action_name(a) for a in range(NUM_ACTIONS)]
                + ["fly", "discard", "discard 1Z", "knock", "meld 7H", "layoff", "", " stock"])


def _garbage() -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=20),
                     st.lists(st.integers(), max_size=3), st.integers(-2**40, 2**40))


@st.composite
def structured(draw: st.DrawFn, n: int) -> dict[str, Any]:
    """A message close to a real one: real types, actions, numbers near ``n``, odd fields."""
    message: dict[str, Any] = {"type": draw(st.sampled_from(TYPES))}
    if draw(st.booleans()):
        message["action"] = draw(st.one_of(st.sampled_from(ACTION_TEXTS),
                                           st.integers(-5, NUM_ACTIONS + 5), _garbage()))
    if draw(st.booleans()):
        message["expect"] = draw(st.one_of(st.sampled_from([n, n - 1, n + 1, 0, -1, 10**9]),
                                           _garbage()))
    if draw(st.booleans()):
        message["since"] = draw(st.one_of(st.integers(-3, n + 3), _garbage()))
    if draw(st.booleans()):
        message["id"] = draw(st.one_of(st.text(min_size=1, max_size=70), _garbage()))
    if draw(st.integers(0, 5)) == 0:
        message[draw(st.text(max_size=8))] = draw(_garbage())
    return message


def could_be_carried_out(text: str, legal: list[str] | None, expect: int | None = None) -> bool:
    """A message the server may carry out (not what the fuzzer is for): a ping or a resync, or
    an action among ``legal`` (None: the sender has no move) sent with ``expect`` if given."""
    try:
        message = parse_message(text)
    except ClientError:
        return False
    if message.type in ("ping", "resync"):
        return True
    if legal is None or message.type != "action":
        return False
    return (expect is None or message.expect == expect) and named_action(message) in legal


def _accepted(table: Table, sender: str, text: str) -> bool:
    legal = table.mover.state["view"]["legal"] if sender == "mover" else None
    return could_be_carried_out(text, legal, table.mover.n)


def named_action(message: Message) -> str | None:
    """The name of the action an ``action`` message sends, if it names one."""
    action = message.action
    if isinstance(action, str):
        return action
    if isinstance(action, int) and 0 <= action < NUM_ACTIONS:
        return action_name(action)
    return None


def _refused_and_unchanged(table: Table, player: Player, text: str,
                           before: tuple[int, dict[str, Any], int]) -> None:
    player.send(text)
    ident = player.next_id()
    player.send({"type": "ping", "id": ident})
    answers = []
    while True:
        message = player.recv()
        assert message["type"] != "closed", (text, message)
        if message["type"] == "pong" and message.get("id") == ident:
            break
        if message["type"] != "presence":  # someone (dis)connected: not an answer
            answers.append(message)
    kinds = [m["type"] for m in answers]
    assert kinds[:1] == ["error"], (text, answers)
    assert "ack" not in kinds and "event" not in kinds, (text, answers)
    assert answers[0]["n"] == before[0] and answers[0]["message"], answers
    assert table.picture() == before, text


def _fuzz(table: Table, sender: str, text: str) -> None:
    assume(not _accepted(table, sender, text))
    player = {"mover": table.mover, "waiter": table.waiter,
              "watcher": table.players[-1]}[sender]
    _refused_and_unchanged(table, player, text, table.picture())


SENDERS = st.sampled_from(["mover", "waiter", "watcher"])


def _with_watcher(table: Table) -> Any:
    token = table.game["watch_token"]
    return table.client.websocket_connect(f"/ws/{table.gid}?token={token}")


@pytest.mark.slow
def test_fuzzed_messages_are_refused_and_change_nothing(sqlite_db: str) -> None:
    with friend_table(sqlite_db) as table, _with_watcher(table) as ws:
        table.players[-1] = Player(ws)
        n = table.mover.n

        @FUZZ
        @given(sender=SENDERS, text=st.text(max_size=200))
        def any_text(sender: str, text: str) -> None:
            _fuzz(table, sender, text)

        @FUZZ
        @given(sender=SENDERS, value=json_values)
        def any_json(sender: str, value: Any) -> None:
            _fuzz(table, sender, json.dumps(value))

        @FUZZ
        @given(sender=SENDERS, message=structured(n))
        def near_misses(sender: str, message: dict[str, Any]) -> None:
            _fuzz(table, sender, json.dumps(message))

        any_text()
        any_json()
        near_misses()
        mover = table.mover  # the server plays on
        assert mover.act(mover.state["view"]["legal"][0])["type"] == "ack"


def test_fuzzed_binary_frames_are_refused(sqlite_db: str) -> None:
    with friend_table(sqlite_db) as table:

        @FUZZ
        @given(data=st.binary(max_size=300))
        def frames(data: bytes) -> None:
            before = table.picture()
            mover = table.mover
            mover.ws.send_bytes(data)
            reply = mover.until(lambda m: m["type"] == "error")
            assert reply["code"] == "bad_message" and reply["n"] == before[0]
            assert table.picture() == before

        frames()


def test_huge_messages_close_the_connection_and_change_nothing(sqlite_db: str) -> None:
    with friend_table(sqlite_db) as table:
        before = table.picture()
        token = table.game["tokens"][table.mover.seat]
        for size in (4097, 65_536, 1_000_000):
            with table.client.websocket_connect(f"/ws/{table.gid}?token={token}") as ws:
                player = Player(ws)
                body = json.dumps({"type": "action", "action": "pass", "expect": player.n,
                                   "id": "x"})
                player.send(body[:-1] + ', "pad": "' + "x" * size + '"}')
                reply = player.until(lambda m: m["type"] == "error")
                assert reply["code"] == "too_large"
                assert receive(ws)["code"] == 1009
            assert table.picture() == before
        with table.client.websocket_connect(f"/ws/{table.gid}?token={token}") as ws:
            assert Player(ws).act("pass")["type"] == "ack"  # the seat (its newest socket)


@FUZZ
@given(text=st.text(max_size=300) | json_values.map(json.dumps))
def test_the_message_parser_refuses_with_a_client_error_or_reads_a_message(text: str) -> None:
    try:
        message = parse_message(text)
    except ClientError as refused:
        assert refused.code in ("bad_json", "bad_message", "unknown_type", "bad_action")
        assert refused.message
    else:
        assert message.type in ("action", "ready", "resync", "ping", "back")


def test_a_client_within_the_rate_limit_is_never_throttled(sqlite_db: str) -> None:
    with friend_table(sqlite_db, rate_per_second=20.0, rate_burst=21) as table:
        waiter = table.waiter
        for i in range(20):  # a whole burst at once (with the ready that sent the seed)
            waiter.send({"type": "ping", "id": f"b{i}"})
        for i in range(20):
            assert waiter.until(lambda m: m["type"] == "pong")["id"] == f"b{i}"
        time.sleep(1.0)  # the bucket refills at 20 per second
        for _ in range(30):  # then 15 a second, sustained
            started = time.monotonic()
            assert waiter.ping()["type"] == "pong"
            time.sleep(max(0.0, 1 / 15 - (time.monotonic() - started)))
        assert table.mover.act("pass")["type"] == "ack"


def test_gin_serve_limits_each_connection_to_20_messages_a_second_by_default() -> None:
    args = build_parser().parse_args(["serve"])
    assert args.rate_limit == 20.0 and Settings().rate_per_second == 20.0
