"""Deprecated: this module moved to :mod:`ginrummy.format.record`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.format.record as _moved

warnings.warn("ginrummy.record moved to ginrummy.format.record",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
