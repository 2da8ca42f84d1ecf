"""Deprecated: this module moved to :mod:`ginrummy.core.melds`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.melds as _moved

warnings.warn("ginrummy.melds moved to ginrummy.core.melds",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
