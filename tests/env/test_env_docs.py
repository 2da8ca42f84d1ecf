"""The environments' documentation says what the code does."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

from ginrummy.core.hand import Phase
from ginrummy.env import encoding


@pytest.mark.parametrize("module_name", ["ginrummy.env.gin_rummy_v0", "ginrummy.env.single",
                                         "ginrummy.env.determinize", "ginrummy.env.vector"])
def test_env_docstring_examples_run(module_name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(module_name))
    assert tried and not failures


def test_observation_table_gives_every_offset_and_size() -> None:
    table = encoding.__doc__ or ""
    rows = re.findall(r"^(\d+) +``(\w+)`` +(\d+|``sides``):", table, re.MULTILINE)
    offsets = {name: int(offset) for offset, name, _ in rows}
    for name in encoding.CARD_PLANES:
        assert offsets[name] == encoding.plane_offset(name)
    assert offsets["phase"] == encoding.PHASE_OFFSET and len(Phase) == 7
    assert offsets["flags"] == encoding.FLAGS_OFFSET
    assert offsets["counts"] == encoding.COUNTS_OFFSET
    assert offsets["target"] == encoding.TARGET_OFFSET
    assert offsets["scores"] == encoding.SCORES_OFFSET
    assert encoding.observation_size(2) == encoding.SCORES_OFFSET + 2 == 491
