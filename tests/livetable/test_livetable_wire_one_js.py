"""The browser's composition of wire 1's state from wire 2's (``wireone.js``), run by
``node --test``: for every reader of the golden games and of a game of three, at every step,
the composed object is wire 1's state for that reader then (but for the keys it lists as not
composed yet), so the table's renderers can be moved to wire 2 without a change of what
they read."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from ginrummy.core.actions import NUM_ACTIONS, action_name
from tests.livetable.wire_one_fixture import equivalence_games

NODE = shutil.which("node") or "/usr/bin/node"
NODE_TEST = Path(__file__).parent / "js" / "wireone.test.mjs"
pytestmark = pytest.mark.skipif(not Path(NODE).exists(), reason="node is not installed")


def test_the_composed_state_is_wire_ones_for_every_reader_at_every_step(tmp_path: Path) -> None:
    path = tmp_path / "wire-one-streams.json"
    melds = [[action, action_name(action)] for action in range(NUM_ACTIONS)]
    path.write_text(json.dumps({"games": equivalence_games(), "melds": melds}),
                    encoding="utf-8")
    done = subprocess.run([NODE, "--test", "--test-reporter=dot", str(NODE_TEST)],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "WIRE_ONE_STREAMS": str(path)})
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
