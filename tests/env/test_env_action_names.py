"""``infos[agent]["legal_actions"]`` reads as the list of the legal actions' names, whether
made from their numbers or from an action mask, and cannot be changed."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from ginrummy.core.actions import DRAW_DISCARD, DRAW_STOCK, NUM_ACTIONS, action_name
from ginrummy.env.action_names import NO_ACTION_NAMES, ActionNames

LEGAL = [DRAW_STOCK, DRAW_DISCARD, 40]
NAMES = [action_name(action) for action in LEGAL]


def _from_mask() -> ActionNames:
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[LEGAL] = 1
    return ActionNames(mask.tobytes())


@pytest.mark.parametrize("names", [ActionNames(tuple(LEGAL)), _from_mask()],
                         ids=["numbers", "mask"])
def test_the_names_read_as_their_list(names: ActionNames) -> None:
    assert names == NAMES
    assert NAMES == names  # noqa: SIM300  # the list on the left asks the names too
    assert names != NAMES[:2] and names != [*NAMES, "pass"]
    assert len(names) == 3 and names[0] == NAMES[0] and names[-1] == NAMES[-1]
    assert names[1:] == NAMES[1:] and list(names) == NAMES and list(reversed(names)) == NAMES[::-1]
    assert NAMES[2] in names and "knock" not in names
    assert names.index(NAMES[1]) == 1 and names.count(NAMES[1]) == 1
    assert repr(names) == repr(NAMES) and str(names) == str(NAMES)
    assert names == ActionNames(tuple(LEGAL))
    assert pickle.loads(pickle.dumps(names)) == NAMES and copy.deepcopy(names) == NAMES


def test_the_names_cannot_be_changed_nor_hashed() -> None:
    names = ActionNames(tuple(LEGAL))
    sliced = names[:]
    sliced.append("x")
    assert names == NAMES
    with pytest.raises(TypeError):
        names[0] = "x"  # type: ignore[index]
    with pytest.raises(TypeError):
        hash(names)


def test_no_names_is_the_empty_list() -> None:
    assert NO_ACTION_NAMES == [] and len(NO_ACTION_NAMES) == 0 and not NO_ACTION_NAMES
    assert NO_ACTION_NAMES != ["pass"]
