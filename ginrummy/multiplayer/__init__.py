"""Deprecated: three players and teams moved to :mod:`ginrummy.core.table_game` (see
CHANGELOG.md); this alias goes in 1.0."""

import warnings

from ginrummy.core.table_game import *  # noqa: F403
from ginrummy.core.table_game import __all__  # noqa: F401

warnings.warn("ginrummy.multiplayer moved to ginrummy.core.table_game", DeprecationWarning,
              stacklevel=2)
