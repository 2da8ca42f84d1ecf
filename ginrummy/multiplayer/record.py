"""Deprecated: three-player and team records are version 2 records of
:mod:`ginrummy.format.record` (replayed by :mod:`ginrummy.format.replay`), the same format as
every game's (see CHANGELOG.md); these aliases go in 1.0."""

import warnings

from ginrummy.format.record import GameRecord as TableRecord
from ginrummy.format.record import HandRecord as TableHandRecord
from ginrummy.format.record import parse_record as parse_table_record
from ginrummy.format.record import record_from_dict, record_to_dict
from ginrummy.format.record import record_text as table_record_text
from ginrummy.format.record import with_fairness as with_table_fairness
from ginrummy.format.replay import Step as TableStep
from ginrummy.format.replay import dump_record as dump_table_record
from ginrummy.format.replay import load_record as load_table_record
from ginrummy.format.replay import record_of, replay, walk

warnings.warn("ginrummy.multiplayer.record moved: records of every game are "
              "ginrummy.format.record", DeprecationWarning, stacklevel=2)

__all__ = [
    "TableHandRecord", "TableRecord", "TableStep", "dump_table_record", "load_table_record",
    "parse_table_record", "record_from_dict", "record_of", "record_to_dict", "replay",
    "table_record_text", "walk", "with_table_fairness",
]
