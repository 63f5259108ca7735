"""Where batches of games run: this process, a pool of local processes, or Ray tasks.

Every batch is a pure function of its arguments (a game's seed comes from
its index), so the three give identical results; results come back in the
order the jobs were given, whatever order they finish in, so sums over them
are the same to the last bit.

Ray (``pip install 'houserules[ray]'``) runs each batch as a task: on a
local Ray started for the run (``address`` empty), or on a running cluster
(``address`` such as ``ray://head:10001`` or ``auto``), whose workers need
houserules installed at the same version.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

R = TypeVar("R")


class RayMissing(RuntimeError):
    """Ray was asked for and is not installed."""


def batches(total: int, workers: int, most: int) -> list[tuple[int, int]]:
    """``(start, count)`` batches covering games ``0 .. total - 1``: about eight per worker (so a
    slow batch does not leave the others idle and the progress bar moves), at most ``most`` games
    each (the runners' ``most`` reflects how long one of their games takes)."""
    size = max(1, min(most, total // (max(1, workers) * 8) or 1))
    return [(s, min(size, total - s)) for s in range(0, total, size)]


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
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(fn, *job): i for i, job in enumerate(jobs)}
        for fut in as_completed(futures):
            out[futures[fut]] = result = fut.result()
            if done:
                done(result)
    return out


def _on_ray(fn: Callable[..., R], jobs: Sequence[tuple[Any, ...]], workers: int,
            done: Callable[[R], None] | None, address: str) -> list[R]:
    try:
        import ray
    except ImportError:
        raise RayMissing("--ray needs Ray: pip install 'houserules[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
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
