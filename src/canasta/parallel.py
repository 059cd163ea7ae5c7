"""The parallel runner shared by random-play simulation (:mod:`canasta.sim`) and bot matches
(:mod:`canasta.match`): ``fn(*args)`` for each of a stream of jobs, on local processes or as Ray tasks.

A module of its own so that neither of its users imports the other.

Local processes: no more than the jobs need and the machine has cores (a hundred thousand asked
for one game start one), started as jobs reach them (``forkserver``: a process is made only when
no idle one can take the job); the jobs are read from their iterator as the workers take them, so a
long run holds a few jobs in memory, not its whole list. Whatever stops the run (Ctrl-C, an error
in a job) stops every worker before it returns: none is left running.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from .error_words import coded
from .errors import MissingExtra

__all__ = ["MAX_JOBS", "check_games", "local_workers", "run_parallel", "stream_parallel"]

T = TypeVar("T")

#: The most jobs (games) one run takes: more would not end in a lifetime (a run plays tens to
#: thousands of games a second), and a bound turns a typo into a clear error.
MAX_JOBS = 1_000_000_000


def check_games(games: object) -> int:
    """``games`` if it is a number of games a run can take (0 to ``MAX_JOBS``); else ValueError
    saying so (a run never builds a list of that many jobs to find out)."""
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_JOBS:
        raise ValueError(f"the number of games must be a whole number from 0 to {MAX_JOBS:,}, not "
                         f"{games!r:.40}")
    return games


def local_workers(asked: int | None, jobs: int) -> int:
    """The worker processes a run of ``jobs`` jobs uses when ``asked`` for (None: one per core):
    no more than the jobs, nor than the machine's cores, and at least one."""
    cores = os.cpu_count() or 1
    want = cores if asked is None else asked
    return max(1, min(want, jobs, cores))


def _call(job: tuple[Callable[..., T], tuple[Any, ...]]) -> T:
    fn, args = job
    return fn(*args)


def _quiet_worker() -> None:
    """A worker ignores Ctrl-C: the parent, which the terminal's Ctrl-C reaches too, stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_parallel(fn: Callable[..., T], jobs: Iterable[tuple[Any, ...]], workers: int | None = 1,
                 ray_address: str | None = None, progress: Callable[[T], None] | None = None) -> list[T]:
    """``[fn(*args) for args in jobs]``, on up to ``workers`` local processes (``local_workers``;
    None: one per core) or as Ray tasks; results in the order of ``jobs``. ``fn`` must be a
    module-level function (picklable)."""
    return list(stream_parallel(fn, jobs, workers, ray_address, progress, ordered=True))


def stream_parallel(fn: Callable[..., T], jobs: Iterable[tuple[Any, ...]], workers: int | None = 1,
                    ray_address: str | None = None, progress: Callable[[T], None] | None = None,
                    ordered: bool = False, count: int | None = None) -> Iterator[T]:
    """``fn(*args)`` for each job, yielded as they finish (``ordered``: in the order of ``jobs``),
    ``progress`` called with each. ``count``: how many jobs there are, where ``jobs`` cannot tell
    (an iterator), so that no more workers start than jobs. Workers: ``local_workers``."""
    if ray_address is not None:
        yield from _run_ray(fn, list(jobs), ray_address, progress)
        return
    if count is None:
        count = len(jobs) if isinstance(jobs, Sized) else MAX_JOBS
    n = local_workers(workers, count)
    if n <= 1:
        for args in jobs:
            r = fn(*args)
            if progress is not None:
                progress(r)
            yield r
        return
    pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("forkserver"),
                               initializer=_quiet_worker)
    pending: deque[Future[T]] = deque()
    todo = iter(jobs)
    finished = False
    try:
        while True:
            # keep twice the workers' jobs submitted: no worker waits, few jobs are held
            while not finished and len(pending) < 2 * n:
                try:
                    args = next(todo)
                except StopIteration:
                    finished = True
                    break
                pending.append(pool.submit(fn, *args))
            if not pending:
                break
            if ordered:
                r = pending.popleft().result()
            else:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                fut = next(iter(done))
                pending.remove(fut)
                r = fut.result()
            if progress is not None:
                progress(r)
            yield r
        pool.shutdown(wait=True)
    except BaseException:  # Ctrl-C, a job's error, or the consumer closing the stream early
        _stop(pool, pending)
        raise


def _stop(pool: ProcessPoolExecutor, pending: Iterable[Future[Any]]) -> None:
    """Stop the pool now: its jobs cancelled, its worker processes ended (none left behind)."""
    for fut in pending:
        fut.cancel()
    if hasattr(pool, "terminate_workers"):  # Python 3.14
        pool.terminate_workers()
        return
    # (before 3.14 the executor lists its processes only in this attribute)
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(timeout=5)


def _run_ray(fn: Callable[..., T], jobs: list[tuple[Any, ...]], address: str,
             progress: Callable[[T], None] | None) -> list[T]:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the optional extra
        raise coded(MissingExtra, "extra_missing", option="--ray", extra="ray") from e
    if not ray.is_initialized():
        if address == "auto":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    task: Any = ray.remote(_call)
    refs = [task.remote((fn, args)) for args in jobs]
    index = {ref: i for i, ref in enumerate(refs)}
    results: list[Any] = [None] * len(refs)
    pending = list(refs)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            r = ray.get(ref)
            results[index[ref]] = r
            if progress is not None:
                progress(r)
    return results
