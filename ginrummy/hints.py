"""Deprecated: this module moved to :mod:`ginrummy.coach.hints`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.coach.hints as _moved

warnings.warn("ginrummy.hints moved to ginrummy.coach.hints",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
