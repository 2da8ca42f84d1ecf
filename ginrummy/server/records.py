"""Deprecated: the chain of finished records is :mod:`ginrummy.server.storage.records` and its
check :mod:`ginrummy.server.audit.chain` (see CHANGELOG.md); this alias goes in 1.0."""

import warnings

from ginrummy.server.audit.chain import rebuilt_record, same_record, verify_chain
from ginrummy.server.storage.records import (
    GENESIS,
    ChainLink,
    append_record,
    canonical_record,
    chain,
    chain_hash,
    chain_head,
    links_of,
)

warnings.warn("ginrummy.server.records moved to ginrummy.server.storage.records and "
              "ginrummy.server.audit.chain", DeprecationWarning, stacklevel=2)

__all__ = [
    "GENESIS", "ChainLink", "append_record", "canonical_record", "chain", "chain_hash",
    "chain_head", "links_of", "rebuilt_record", "same_record", "verify_chain",
]
