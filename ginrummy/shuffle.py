"""Deprecated: this module moved to :mod:`ginrummy.core.shuffle`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.shuffle as _moved

warnings.warn("ginrummy.shuffle moved to ginrummy.core.shuffle",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
