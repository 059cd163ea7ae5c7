"""The parallel runner shared by random-play simulation (:mod:`canasta.sim`) and bot matches
(:mod:`canasta.match`): ``[fn(*args) for args in jobs]`` on local processes or as Ray tasks.

A module of its own so that neither of its users imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

__all__ = ["run_parallel"]

T = TypeVar("T")


def _call(job: tuple[Callable[..., T], tuple[Any, ...]]) -> T:
    fn, args = job
    return fn(*args)


def run_parallel(fn: Callable[..., T], jobs: Sequence[tuple[Any, ...]], workers: int = 1,
                 ray_address: str | None = None, progress: Callable[[T], None] | None = None) -> list[T]:
    """``[fn(*args) for args in jobs]``, on ``workers`` local processes or as Ray tasks; results in
    the order of ``jobs``. ``fn`` must be a module-level function (picklable)."""
    if ray_address is not None:
        return _run_ray(fn, jobs, ray_address, progress)
    if workers <= 1:
        out: list[T] = []
        for args in jobs:
            r = fn(*args)
            out.append(r)
            if progress is not None:
                progress(r)
        return out
    results: list[T | None] = [None] * len(jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(fn, *args): i for i, args in enumerate(jobs)}
        from concurrent.futures import as_completed
        for fut in as_completed(futures):
            r = fut.result()
            results[futures[fut]] = r
            if progress is not None:
                progress(r)
    return [r for r in results if r is not None]


def _run_ray(fn: Callable[..., T], jobs: Sequence[tuple[Any, ...]], address: str,
             progress: Callable[[T], None] | None) -> list[T]:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the optional extra
        raise RuntimeError("--ray needs the optional 'ray' extra: pip install 'canasta[ray]'") from e
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
