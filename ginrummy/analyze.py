"""Deprecated: this module moved to :mod:`ginrummy.coach.analyze`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.coach.analyze as _moved

warnings.warn("ginrummy.analyze moved to ginrummy.coach.analyze",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
