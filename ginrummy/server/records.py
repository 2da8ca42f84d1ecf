"""Deprecated: this module moved to :mod:`ginrummy.server.storage.records`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.server.storage.records as _moved

warnings.warn("ginrummy.server.records moved to ginrummy.server.storage.records",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
