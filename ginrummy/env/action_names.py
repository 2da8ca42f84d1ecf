"""``infos[agent]["legal_actions"]``: the names of an agent's legal actions, made when first
read.

An environment step keeps only what the names are made from (the legal action numbers,
or the bytes of the action mask), so a loop that never reads the infos' names does not
pay for them. :class:`ActionNames` reads as the list of names it stands for: indexing,
slicing, ``len``, iteration, ``in``, and it is equal to that list.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import numpy as np

from ginrummy.core.actions import NUM_ACTIONS, action_name

ACTION_NAMES = tuple(action_name(a) for a in range(NUM_ACTIONS))


class ActionNames(Sequence[str]):
    """The names of the legal actions ``source`` gives: their numbers in increasing order,
    or an action mask's bytes (one byte per action, non-zero where legal)."""

    __slots__ = ("_source", "_names")

    def __init__(self, source: Sequence[int] | bytes) -> None:
        self._source = source
        self._names: list[str] | None = None

    def _named(self) -> list[str]:
        names = self._names
        if names is None:
            source = self._source
            if type(source) is bytes:
                source = np.flatnonzero(np.frombuffer(source, dtype=np.int8)).tolist()
            names = self._names = [ACTION_NAMES[action] for action in source]
        return names

    def __len__(self) -> int:
        return len(self._named())

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        return self._named()[index]

    def __iter__(self) -> Iterator[str]:
        return iter(self._named())

    def __contains__(self, name: object) -> bool:
        return name in self._named()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionNames):
            return self._named() == other._named()
        if isinstance(other, list):
            return self._named() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a list's stand-in is not hashable either

    def __repr__(self) -> str:
        return repr(self._named())


NO_ACTION_NAMES = ActionNames(())
"""The names for an agent not to act (shared: an :class:`ActionNames` cannot be changed)."""
