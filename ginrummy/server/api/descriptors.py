"""How many connections ``gin serve`` holds, from the file descriptors it may open.

Every connection takes a descriptor, and so do the database's files and connections, the
listening socket, the log and the files served. A server whose connections took every
descriptor could neither accept (the accept fails with EMFILE, and uvicorn waits a
second before it tries again) nor open its database: a client holding half-open
connections from a few addresses would starve everyone else. So at start the server reads
its limit (``RLIMIT_NOFILE``; the soft limit is raised to the hard one first), keeps
:data:`RESERVED` descriptors for everything but connections, and fits in the rest:

- the accept backlog: the event loop accepts up to that many connections in a row before
  any of them is looked at (and closed, if over a limit), an eighth of the room;
- the connections open at once, the rest of the room
  (:class:`~ginrummy.server.api.guard.Connections` makes room for a new one by closing the
  one that has waited longest for its request's headers);
- the connections of one address, an eighth of those.

``--max-connections`` and ``--connections-per-address`` choose other limits.
"""

from __future__ import annotations

import resource
from dataclasses import dataclass

RESERVED = 64
"""Descriptors kept for the database, the files served, the log and the listening socket."""
SHARE = 8
"""The backlog is an eighth of the room, and one address holds an eighth of the connections."""
MAX_CONNECTIONS = 2048
MAX_PER_ADDRESS = 64
"""The default limits where descriptors are plenty."""
UNLIMITED = 1 << 20
"""What an unlimited RLIMIT_NOFILE counts as."""


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """The connection limits chosen, and the descriptor limit they were fitted in."""

    descriptors: int
    max_connections: int
    per_address: int
    backlog: int


def descriptor_limit() -> int:
    """This process's descriptor limit, its soft limit raised to the hard one if it can be."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard and soft != resource.RLIM_INFINITY:
        wanted = UNLIMITED if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass  # some systems cap it lower than they say (macOS): keep the soft limit
    return UNLIMITED if soft == resource.RLIM_INFINITY else int(soft)


def connection_limits(descriptors: int, max_connections: int | None = None,
                      per_address: int | None = None) -> ConnectionLimits:
    """The limits for ``descriptors``: each one given is kept (0: none), each one None is
    fitted.

    >>> connection_limits(256)
    ConnectionLimits(descriptors=256, max_connections=168, per_address=21, backlog=24)
    >>> connection_limits(1_048_576)
    ConnectionLimits(descriptors=1048576, max_connections=2048, per_address=64, backlog=2048)
    >>> connection_limits(1024, per_address=0)
    ConnectionLimits(descriptors=1024, max_connections=840, per_address=0, backlog=120)
    """
    room = max(descriptors - RESERVED, descriptors // 2)
    backlog = max(1, min(MAX_CONNECTIONS, room // SHARE))
    if max_connections is None:
        max_connections = min(MAX_CONNECTIONS, room - backlog)
    if per_address is None:
        fitted = (max_connections or room) // SHARE
        per_address = max(1, min(MAX_PER_ADDRESS, fitted))
    return ConnectionLimits(descriptors, max_connections, per_address, backlog)
