"""Research environments over the exact rules (the ``[env]`` extra).

* :mod:`ginrummy.env.gin_rummy_v0`: PettingZoo AEC, every player an agent.
* ``gymnasium.make("ginrummy/GinRummy-v0", opponent="expert")``: one player against a
  registered computer player (:mod:`ginrummy.env.single`), registered on import.
* :func:`ginrummy.env.determinize.determinize`: the hidden cards of a hand sampled
  consistently with one seat's view, for search.
"""

from __future__ import annotations

import gymnasium

from ginrummy.env import gin_rummy_v0
from ginrummy.env.determinize import determinize

GYMNASIUM_ID = "ginrummy/GinRummy-v0"

if GYMNASIUM_ID not in gymnasium.registry:
    gymnasium.register(id=GYMNASIUM_ID, entry_point="ginrummy.env.single:GinRummyEnv",
                       vector_entry_point="ginrummy.env.vector:GinRummyVectorEnv")

__all__ = ["GYMNASIUM_ID", "determinize", "gin_rummy_v0"]
