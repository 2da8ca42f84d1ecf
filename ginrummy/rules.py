"""Deprecated: this module moved to :mod:`ginrummy.core.rules`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.rules as _moved

warnings.warn("ginrummy.rules moved to ginrummy.core.rules",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
