"""Deprecated: this module moved to :mod:`ginrummy.core.actions`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.actions as _moved

warnings.warn("ginrummy.actions moved to ginrummy.core.actions",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
