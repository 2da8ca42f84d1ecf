"""Deprecated: this module moved to :mod:`ginrummy.core.views`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.views as _moved

warnings.warn("ginrummy.views moved to ginrummy.core.views",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
