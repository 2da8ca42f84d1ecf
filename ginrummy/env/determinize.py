"""Determinization for search: a whole hand consistent with what one seat knows.

:func:`determinize` is the sampling the computer players search with
(:func:`ginrummy.agents.sampling.sample_state`), so an environment, a search over it and
the agents all draw hidden cards the same way: the seat's own cards and every public fact
are kept, the opponent's unknown cards and the stock's order are drawn at random from the
cards the seat has not seen.

>>> from ginrummy.core.hand import new_hand
>>> from ginrummy.core.rules import Rules
>>> from ginrummy.core.views import view_of
>>> view = view_of(new_hand(Rules.preset("standard"), dealer=0, rng=3), 1)
>>> view_of(determinize(view, rng=5), 1) == view
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ginrummy.agents.sampling import SamplingError, sample_state
from ginrummy.core.hand import HandState
from ginrummy.core.views import PlayerView


def determinize(view: PlayerView, rng: random.Random | int | None = None, *,
                weights: Sequence[float] | None = None, improve: int = 0,
                keep_history: bool = True) -> HandState:
    """A full :class:`HandState` whose view for ``view.seat`` equals ``view``.

    ``rng`` is a ``random.Random`` or a seed (None: fresh entropy). ``weights`` (52 numbers,
    by card) make some of the opponent's unknown cards likelier; ``improve`` plays the
    sampled opponent hand forward that many simulated draws (see
    :func:`ginrummy.agents.sampling.sample_opponent_hand`). A view whose card counts do not
    add up raises :class:`~ginrummy.agents.sampling.SamplingError`. ``keep_history=False``
    leaves the public log out of the state (faster for play-outs; its views then show no
    history).
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"determinize needs a PlayerView, got {type(view).__name__}")
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    return sample_state(view, generator, weights=weights, keep_history=keep_history,
                        improve=improve)


__all__ = ["SamplingError", "determinize"]
