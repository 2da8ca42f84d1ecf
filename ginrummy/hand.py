"""Deprecated: this module moved to :mod:`ginrummy.core.hand`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.hand as _moved

warnings.warn("ginrummy.hand moved to ginrummy.core.hand",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
