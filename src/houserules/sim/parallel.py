"""Where batches of games run: this process, a pool of local processes, or Ray tasks.

Every batch is a pure function of its arguments (a game's seed comes from
its index), so the three give identical results; results come back in the
order the jobs were given, whatever order they finish in, so sums over them
are the same to the last bit.

Ray (``pip install 'houserules[ray]'``) runs each batch as a task: on a
local Ray started for the run (``address`` empty), or on a running cluster
(``address`` such as ``ray://head:10001`` or ``auto``), whose workers need
houserules installed at the same version. A ``ray://`` address needs Ray's
client (``ray[client]``, in the extra); a cluster that cannot be reached, or
refuses the connection (token authentication), is one line (``RayUnreachable``).
A local Ray that fails to start (it can, on a busy machine) is started once
more, with a line saying so; a second failure is one line too.
"""

from __future__ import annotations

import signal
import socket
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

R = TypeVar("R")


class RayError(RuntimeError):
    """Ray could not run the batches (one line, for the command line)."""


class RayMissing(RayError):
    """Ray was asked for and is not installed."""


def batches(total: int, workers: int, most: int) -> list[tuple[int, int]]:
    """``(start, count)`` batches covering games ``0 .. total - 1``: about eight per worker (so a
    slow batch does not leave the others idle and the progress bar moves), at most ``most`` games
    each (the runners' ``most`` reflects how long one of their games takes)."""
    size = max(1, min(most, total // (max(1, workers) * 8) or 1))
    return [(s, min(size, total - s)) for s in range(0, total, size)]


class RayUnreachable(RayError):
    """The Ray cluster named by an address could not be reached or refused us."""


#: seconds to wait for a cluster's port to answer before saying it is unreachable
PROBE_SECONDS = 5.0


def probe(address: str) -> None:
    """RayUnreachable unless something listens at ``address`` (``ray://HOST:PORT`` or
    ``HOST:PORT``; ``auto`` is found by Ray itself). Why first: Ray's own client retries an
    address where nothing listens for half a minute and then raises a long internal error."""
    if address in ("", "auto"):
        return
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host or not port.isdigit():
        raise RayUnreachable(f"--ray {address!r}: give ray://HOST:PORT (a Ray client port, 10001), HOST:PORT or auto")
    try:
        socket.create_connection((host, int(port)), timeout=PROBE_SECONDS).close()
    except OSError as exc:
        raise RayUnreachable(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}") from None


def _start_here(ray: Any, workers: int) -> None:
    """Start a local Ray for the run, once more if it fails (on a busy machine its processes can
    miss their start-up deadlines: 2 starts in 4 under load), saying so in one line; RayError
    when the second fails too. Why: Ray's own failure is a long internal traceback, which the
    command line could only call an internal error."""
    for attempt in (1, 2):
        try:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
            return
        except Exception as exc:  # Ray fails to start in many ways (a raylet's deadline, a port, a socket)
            why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            ray.shutdown()  # whatever it left half-started
            if attempt == 2:
                raise RayError(f"Ray did not start here, twice: {why}") from None
            print(f"Ray did not start here ({why}); trying once more", file=sys.stderr, flush=True)


def run_jobs(fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], workers: int = 1,
             done: Callable[[R], None] | None = None, ray: str | None = None) -> list[R]:
    """``[fn(*job) for job in jobs]``, run ``workers`` at a time (or on Ray when
    ``ray`` is not None: "" for a local Ray, else a cluster address); ``done``
    is called with each result as it finishes."""
    if ray is not None:
        return _on_ray(fn, jobs, workers, done, ray)
    out: list[Any] = [None] * len(jobs)
    if workers <= 1:
        for i, job in enumerate(jobs):
            out[i] = fn(*job)
            if done:
                done(out[i])
        return out
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_leave_interrupts_to_the_parent)
    try:
        futures = {pool.submit(fn, *job): i for i, job in enumerate(jobs)}
        for fut in as_completed(futures):
            out[futures[fut]] = result = fut.result()
            if done:
                done(result)
    except KeyboardInterrupt:  # Ctrl-C: stop every batch; the caller says so in one line
        _stop(pool)
        raise
    pool.shutdown()
    return out


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drop the batches not started and end the workers now: ``shutdown`` alone left each
    worker playing out its batch (minutes of a long run) after the command had returned."""
    workers = list(pool._processes.values())  # ProcessPoolExecutor.terminate_workers from Python 3.14
    pool.shutdown(wait=False, cancel_futures=True)  # (which forgets its processes)
    for worker in workers:
        worker.terminate()


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C (the terminal sends it to the whole process group): the parent
    stops the run and says so once, instead of every worker printing its own traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_ray(fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], workers: int,
            done: Callable[[R], None] | None, address: str) -> list[R]:
    try:
        import ray
    except ImportError:
        raise RayMissing("--ray needs Ray: pip install 'houserules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            probe(address)
            try:
                ray.init(address=address, log_to_driver=False)
            except Exception as exc:  # Ray's many ways to fail to connect (a missing ray[client], a token)
                why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
                raise RayUnreachable(f"cannot connect to the Ray cluster at {address}: {why}") from None
        else:
            _start_here(ray, workers)
    try:
        task = ray.remote(num_cpus=1)(fn)
        refs = [task.remote(*job) for job in jobs]
        index = {ref: i for i, ref in enumerate(refs)}
        out: list[Any] = [None] * len(jobs)
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                out[index[ref]] = result = ray.get(ref)
                if done:
                    done(result)
        return out
    finally:
        if started:
            ray.shutdown()
