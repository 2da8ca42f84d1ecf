"""What the server processes on one database say to each other: a table's events
published by the process that owns it, to every process holding sockets of that table;
commands sent to the owner. One process needs no other (:class:`LocalBus`); several share
Redis's publish/subscribe (:class:`RedisBus`). Messages are bytes; what they mean is the
caller's."""

from ginrummy.server.bus.base import Bus, Subscription
from ginrummy.server.bus.local import LocalBus

__all__ = ["Bus", "LocalBus", "Subscription"]
