"""Deprecated: this module moved to :mod:`ginrummy.format.table_record`
(see CHANGELOG.md); this alias goes in 1.0.
"""

import sys
import warnings

import ginrummy.format.table_record as _moved

warnings.warn("ginrummy.multiplayer.record moved to ginrummy.format.table_record",
              DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _moved
