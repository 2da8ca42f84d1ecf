"""Where the games of a match run: in this process, in local worker processes, or as Ray tasks.

A backend runs one function over a list of tasks and yields ``(task index, result)`` as each
task finishes, in whatever order they finish; the caller puts the results back in order, so
what a match plays never depends on the backend. Open one with :func:`open_backend` and use it
as a context manager:

>>> with open_backend("local", jobs=1) as backend:
...     sorted(backend.run(abs, [-2, 3, -5]))
[(0, 2), (1, 3), (2, 5)]

``ray`` is imported only when a Ray backend is opened (``pip install 'ginrummy[cluster]'``).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import socket
from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
CLUSTER_EXTRA = "pip install 'ginrummy[cluster]'"
CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a TCP answer from a Ray address before saying it cannot be reached."""


class BackendError(RuntimeError):
    """A backend that cannot start: Ray not installed, a cluster that cannot be reached.

    ``code`` and ``params`` name the message (``sim.error.<code>`` in the catalogues)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class Backend(Protocol):
    name: str

    @property
    def workers(self) -> int:
        """How many tasks can run at once (to cut the work into enough pieces)."""
        ...

    def run(self, work: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """``work(task)`` for every task, yielded with the task's index as each finishes."""
        ...

    def __enter__(self) -> Backend: ...

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None: ...


class LocalBackend:
    """``jobs`` = 1: in this process; more: that many *spawned* worker processes."""

    name = "local"

    def __init__(self, jobs: int = 1) -> None:
        self.jobs = jobs

    @property
    def workers(self) -> int:
        return self.jobs

    def __enter__(self) -> LocalBackend:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        return None

    def run(self, work: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        if self.jobs == 1 or len(tasks) <= 1:
            for index, task in enumerate(tasks):
                yield index, work(task)
            return
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(min(self.jobs, len(tasks)),
                                                    mp_context=context) as pool:
            futures = {pool.submit(work, task): i for i, task in enumerate(tasks)}
            try:
                for future in concurrent.futures.as_completed(futures):
                    yield futures[future], future.result()
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)
                raise


class RayBackend:
    """Tasks on a Ray cluster: the one at ``address`` (``host:port``, ``ray://host:port`` or
    ``auto``), or without one a Ray started here for this run (``cpus`` CPUs, default all)
    and stopped after it. A Ray session already started in this process is used as it is.
    ``jobs`` caps the tasks in flight at once (default: none, Ray schedules them on every
    CPU it has)."""

    name = "ray"

    def __init__(self, address: str | None = None, jobs: int | None = None) -> None:
        if address is not None:
            host_port(address)
        self.address = address
        self.jobs = jobs
        self._started = False
        self._cpus = 1

    def __enter__(self) -> RayBackend:
        ray = import_ray()
        if not ray.is_initialized():
            if self.address is not None:
                check_reachable(self.address)
            here = self.address is None
            # A Ray started for this run alone: its workers at this process's priority, not
            # Ray's default of 15 steps nicer, which starves them on a busy machine.
            system = {"worker_niceness": 0} if here else None
            try:
                ray.init(address="local" if here else self.address,
                         num_cpus=self.jobs if here else None,
                         include_dashboard=False, logging_level="WARNING",
                         _system_config=system)
            except (ConnectionError, RuntimeError, ValueError) as error:
                where = self.address or "local"
                raise BackendError("ray_failed", f"Ray could not start ({where}): {error}",
                                   address=where, error=str(error)) from None
            self._started = True
        self._cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._started:
            import_ray().shutdown()
            self._started = False

    @property
    def workers(self) -> int:
        return min(self.jobs, self._cpus) if self.jobs else self._cpus

    def run(self, work: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        ray = import_ray()
        remote = ray.remote(work)
        limit = self.jobs or len(tasks)
        waiting = list(enumerate(tasks))
        waiting.reverse()
        running: dict[Any, int] = {}
        try:
            while waiting or running:
                while waiting and len(running) < limit:
                    index, task = waiting.pop()
                    running[remote.remote(task)] = index
                done, _ = ray.wait(list(running), num_returns=1)
                for ref in done:
                    index = running.pop(ref)
                    yield index, _result(ray, ref)
        finally:
            for ref in running:
                ray.cancel(ref, force=True)


def _result(ray: Any, ref: Any) -> Any:
    """The task's value; an exception raised in the task is raised here as itself."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as error:
        cause = error.cause
        if isinstance(cause, Exception):
            raise cause from None
        raise


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError("ray_missing",
                           f"--backend ray needs Ray, which is not installed: {CLUSTER_EXTRA}",
                           install=CLUSTER_EXTRA) from None
    return ray


def host_port(address: str) -> tuple[str, int] | None:
    """``address``'s host and port (None for ``auto``); raises for anything else."""
    if address == "auto":
        return None
    host, colon, port_text = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise BackendError("bad_address",
                           f"--address must be HOST:PORT, ray://HOST:PORT or auto, got "
                           f"{address!r}", address=repr(address))
    return host.strip("[]"), int(port_text)


def check_reachable(address: str) -> None:
    """Say at once that nothing answers at ``address``, instead of Ray's long retries."""
    target = host_port(address)
    if target is None:
        return
    try:
        with socket.create_connection(target, CONNECT_TIMEOUT):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise BackendError("unreachable",
                           f"no Ray cluster answers at {address}: {reason}",
                           address=address, error=reason) from None


def open_backend(name: str = "local", *, jobs: int | None = None,
                 address: str | None = None) -> Backend:
    """A backend by name (see :data:`BACKENDS`), not yet started: use it in a ``with``."""
    if name == "local":
        if address is not None:
            raise BackendError("address_without_ray", "--address needs --backend ray")
        return LocalBackend(jobs or 1)
    if name == "ray":
        return RayBackend(address, jobs)
    raise BackendError("unknown_backend",
                       f"unknown backend {name!r}; known backends: {', '.join(BACKENDS)}",
                       name=name, known=", ".join(BACKENDS))
