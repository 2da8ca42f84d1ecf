"""Deprecated: this module moved to :mod:`ginrummy.format.notation`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.format.notation as _moved

warnings.warn("ginrummy.notation moved to ginrummy.format.notation",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
