"""A person's messages at a live table (``action``, ``ready``, ``cut_choice``, ``back``,
``resign``): the
table command each makes, and its answer (an ``ack`` naming the log entry it made, or an
``error``). Each seat's answers are remembered by message id, so that a message sent again
(a reconnecting client does) gets the same answer and is not applied twice; the ids of the
stored log's entries are remembered from the log when a table is loaded."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ginrummy.core.actions import action_name
from ginrummy.i18n import MessageError, Messages
from ginrummy.livetable import (
    Applied,
    Back,
    ChooseDealer,
    Command,
    LogEntry,
    Play,
    Ready,
    Refused,
    Resign,
)
from ginrummy.livetable.refusal_messages import refusal_json
from ginrummy.server.live.listeners import Listener
from ginrummy.server.live.refusal_text import refusal_text
from ginrummy.server.wire.protocol import ClientError, Message, error, parse_action_message

if TYPE_CHECKING:
    from ginrummy.server.live.table import Table

log = logging.getLogger(__name__)

MAX_REMEMBERED_IDS = 512
ENTRY_OF = {"action": "play", "ready": "ready", "back": "back", "cut_choice": "choose",
            "resign": "resign"}
"""The log entry a client message makes."""
RETRYABLE = frozenset({"storage"})
"""Errors not kept as the answer to a message id: nothing was decided, the same id may be
sent again and be applied."""
RESNAPSHOT = frozenset({"stale", "conflict", "stale_commitment"})
"""Refusals after which the sender is sent a snapshot of the table as it is."""


class Answered(Exception):
    """A message id already answered: the same answer again."""

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__(answer.get("id"))
        self.answer = answer


class PersonMessages:
    """The messages of one table's people, and the answers remembered by seat and id."""

    def __init__(self, table: Table, seats: Iterable[int], log: Iterable[LogEntry]) -> None:
        self.table = table
        self.answers: dict[int, OrderedDict[str, dict[str, Any]]] = {
            seat: OrderedDict() for seat in seats}
        for entry in log:
            if entry.client_id is not None and entry.seat is not None:
                self.remember(entry.seat, entry.client_id, ack_of(entry))

    async def submit(self, listener: Listener, message: Message) -> None:
        """Run ``message`` from ``listener`` as its seat's command; answer on its outbox."""
        table, seat = self.table, listener.seat
        if seat is None:
            listener.push(error("read_only", "this is a watch link: it cannot act", n=table.n,
                                ident=message.id))
            return
        answers = self.answers[seat]

        def not_answered() -> None:
            if message.id is not None and message.id in answers:
                raise Answered(answers[message.id])
            table.not_abandoned()

        def acknowledge(applied: Applied) -> None:
            kind = ENTRY_OF[message.type]
            own = next(e for e in applied.stored.entries if e.seat == seat and e.kind == kind)
            answer = ack_of(own)
            if message.id is not None:
                self.remember(seat, message.id, answer)
            listener.push(answer)

        command: Command | None = None
        try:
            command = command_of(seat, message)
            await table.run(command, before=not_answered, answer=acknowledge)
        except Answered as answered:
            listener.push({**answered.answer, "duplicate": True})
        except (Refused, ClientError) as refused:
            if isinstance(refused, Refused):
                code = refused.code
                answer = refusal_answer(refused, table, command, listener.lang, message.id)
            else:
                code = refused.code
                answer = error(code, refused.message, n=table.n, ident=message.id)
            if message.id is not None and code not in RETRYABLE:
                self.remember(seat, message.id, answer)
            listener.push(answer)
            if code in RESNAPSHOT:
                listener.push(table.snapshot(seat))

    def remember(self, seat: int, ident: str, answer: dict[str, Any]) -> None:
        answers = self.answers[seat]
        answers[ident] = {k: v for k, v in answer.items() if k != "duplicate"}
        while len(answers) > MAX_REMEMBERED_IDS:
            answers.popitem(last=False)


def refusal_answer(refused: Refused, table: Table, command: Command | None, lang: str | None,
                   ident: str | None) -> dict[str, Any]:
    """The ``error`` a refused command is answered with: its ``code``, the facts it names
    (``params``; the rules core's own code as ``reason`` for a refused move) and its
    ``message`` in the reader's language (``refusal.*`` of the web catalogue), or without
    one the English written for programs and logs."""
    said = refusal_json(refused, [s.name for s in table.seats])
    text = refusal_text(refused, table.table, command)
    if lang is not None:
        try:
            text = Messages(lang, domain="web")(said["message"], **said["said"])
        except MessageError:  # a reason without its sentence yet: the English one
            log.error("no message %s for %r", said["message"], refused)
    answer = error(refused.code, text, n=table.n, ident=ident)
    answer["params"] = said["params"]
    return answer


def command_of(seat: int, message: Message) -> Command:
    """The table command a person's ``action``, ``ready``, ``cut_choice``, ``back`` or
    ``resign`` message makes."""
    if message.type == "action":
        return Play(seat, parse_action_message(message), message.expect, message.id)
    if message.type == "ready":
        return Ready(seat, message.seed, message.commitment, message.expect, message.id)
    if message.type == "cut_choice":
        return ChooseDealer(seat, message.deal is True, message.expect, message.id)
    if message.type == "resign":
        return Resign(seat, message.id)
    return Back(seat, message.id)


def ack_of(entry: LogEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "ack", "n": entry.seq, "kind": entry.kind}
    if entry.kind == "play" and entry.action is not None:
        out["action"] = action_name(entry.action)
    if entry.client_id is not None:
        out["id"] = entry.client_id
    return out
