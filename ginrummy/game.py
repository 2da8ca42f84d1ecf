"""Deprecated: this module moved to :mod:`ginrummy.core.game`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.game as _moved

warnings.warn("ginrummy.game moved to ginrummy.core.game",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
