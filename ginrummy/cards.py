"""Deprecated: this module moved to :mod:`ginrummy.core.cards`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.cards as _moved

warnings.warn("ginrummy.cards moved to ginrummy.core.cards",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
