"""Deprecated: this module moved to :mod:`ginrummy.format.provably_fair`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.format.provably_fair as _moved

warnings.warn("ginrummy.provably_fair moved to ginrummy.format.provably_fair",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
