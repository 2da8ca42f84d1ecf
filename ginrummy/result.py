"""Deprecated: this module moved to :mod:`ginrummy.core.result`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.core.result as _moved

warnings.warn("ginrummy.result moved to ginrummy.core.result",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
