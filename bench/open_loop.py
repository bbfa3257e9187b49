"""Requests at a fixed arrival rate (open loop, issue 19), each timed from when it was DUE.

A closed loop (each client waits for its answer before it asks again) slows down with the
server, so a stall delays the requests that would have waited in it and they are never
timed: coordinated omission, the p99 it reports is too kind. Here request ``i`` is due at
``i / rate`` seconds after the start whatever the server does, and its latency runs from
that due time to its answer: time spent waiting to be sent counts.

The requests are dealt round-robin to ``streams`` threads (request ``i`` to stream
``i % streams``), each sending its own in order: a player's moves must follow each other,
so a stream whose previous request has not come back sends its next one late, and that
lateness is in the next one's latency. With ``streams`` well above ``rate`` times the
latency, a stream is idle when its next request falls due and the arrivals are the fixed
rate's.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Sent:
    """One request: when it was due, sent and answered (seconds after the start)."""

    due: float
    sent: float
    answered: float
    status: int

    @property
    def latency(self) -> float:
        """From the due time, not the send time: waiting to be sent counts."""
        return self.answered - self.due


def due_times(count: int, rate: float) -> list[float]:
    """Seconds after the start at which each of ``count`` requests is due."""
    if rate <= 0:
        raise ValueError(f"rate must be positive, not {rate}")
    return [i / rate for i in range(count)]


def deal(paths: Sequence[str], streams: int) -> list[list[tuple[int, str]]]:
    """``(index, path)`` of each stream: request ``i`` goes to stream ``i % streams``."""
    dealt: list[list[tuple[int, str]]] = [[] for _ in range(min(streams, len(paths)))]
    for i, path in enumerate(paths):
        dealt[i % len(dealt)].append((i, path))
    return dealt


def drive(
    send: Callable[[str], int],
    paths: Sequence[str],
    rate: float,
    streams: int,
    clock: Callable[[], float] = time.perf_counter,
    sleep: Callable[[float], None] = time.sleep,
) -> list[Sent]:
    """Send ``paths`` (``send(path)`` returns the status) at ``rate`` per second over
    ``streams`` threads; every request, in the order of ``paths``."""
    due = due_times(len(paths), rate)
    results: list[Sent | None] = [None] * len(paths)
    dealt = deal(paths, streams)
    barrier = threading.Barrier(len(dealt) + 1)
    start = 0.0

    def stream(mine: list[tuple[int, str]]) -> None:
        barrier.wait()
        for i, path in mine:
            wait = start + due[i] - clock()
            if wait > 0:
                sleep(wait)
            sent = clock()
            status = send(path)
            results[i] = Sent(due[i], sent - start, clock() - start, status)

    threads = [threading.Thread(target=stream, args=(mine,)) for mine in dealt]
    for t in threads:
        t.start()
    start = clock()
    barrier.wait()
    for t in threads:
        t.join()
    return [r for r in results if r is not None]


def interleave(per_stream: Sequence[Sequence[str]]) -> list[str]:
    """The one list that :func:`deal` hands back as ``per_stream`` (streams of equal length):
    each stream's paths stay in their order."""
    lengths = {len(paths) for paths in per_stream}
    if len(lengths) > 1:
        raise ValueError(f"streams of unequal lengths {sorted(lengths)}")
    return [path for step in zip(*per_stream, strict=True) for path in step]
