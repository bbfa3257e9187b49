"""Move acceptance over HTTP against a bare one-row baseline of the same app, same run.

gunicorn with 2 workers (as the Procfile) serves the app. For 16 and then 64 concurrent
clients, and for every registered game, the clients POST one-click move links of real games
as fast as the server answers (each client follows its own games, one move after the other),
and as many times the baseline endpoint (one row inserted in one transaction through the
same app), in alternating slices so that the machine's other load falls on both. Targets
at 16 clients: moves/baseline throughput ratio >= 0.70 (issue 34 §1; 0.4 in issue 11), move
p99 <= 50 ms. The same server plays at least 10 000 moves, after which its workers' peak
resident memory is read.

Then, at 16 clients' worth of arrivals, an open loop (:mod:`bench.open_loop`, issue 19): for
every game, moves and the baseline each at one fixed rate, half the baseline's throughput
that game's closed loop measured, in alternating slices; each request timed from when it was
due, so queueing counts. Target: move p99 <= 2 x baseline p99 at that rate.
"""

from __future__ import annotations

import http.client
import math
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import open_loop
from bench.checkout import ROOT
from bench.memory import children, peak_rss_mib
from bench.planning import bench_games, plan_links
from service.cli.localnet import free_port, wait_for_http
from service.config import Settings

CLIENT_COUNTS = (16, 64)
WORKERS = 2
TOTAL_MOVES = int(os.environ.get("BENCH_MOVES", "10000"))
WARM_UP = 40
SLICES = 5
TARGET_CLIENTS = 16
RATIO_MIN = 0.70
P99_MAX_MS = 50.0
OPEN_REQUESTS = int(os.environ.get("BENCH_OPEN_REQUESTS", "1200"))
"""Moves (and as many baseline requests) per game at the fixed rate."""
OPEN_STREAMS = 32
"""Threads sending the open loop's requests: at half the capacity each is idle when its next
request falls due, unless the server stalls (and then the wait is timed)."""
OPEN_SLICES = 2
OPEN_RATE_SHARE = float(os.environ.get("BENCH_OPEN_RATE_SHARE", "0.5"))
"""The fixed rate, as a share of the baseline's closed-loop throughput at 16 clients (issue 19:
half; another share only to explore where the moves' p99 turns)."""
OPEN_P99_VS_BASELINE_MAX = 2.0


@dataclass
class Timing:
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0
    expected: int = 200
    sent_late: list[float] = field(default_factory=list)
    """Open loop only: how long after its due time each request was sent."""

    @property
    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status != self.expected)

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)
        n = len(ordered)
        return {
            "requests": n,
            "errors": self.errors,
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "seconds": round(self.seconds, 3),
            "throughput_per_s": n / self.seconds if self.seconds else 0.0,
            "p50_ms": 1000 * _rank(ordered, 0.50),
            "p99_ms": 1000 * _rank(ordered, 0.99),
            "mean_ms": 1000 * statistics.fmean(ordered) if n else 0.0,
            **(
                {"sent_late_p99_ms": 1000 * _rank(sorted(self.sent_late), 0.99)}
                if self.sent_late
                else {}
            ),
        }


def _rank(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def _post(host: str, port: int, path: str) -> int:
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request(
            "POST", path, body=b"", headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        response = conn.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        conn.close()


def _timed(sent: list[open_loop.Sent], expected: int) -> Timing:
    timing = Timing(expected=expected)
    for s in sent:
        timing.statuses[s.status] += 1
        timing.latencies.append(s.latency)
    timing.seconds = max((s.answered for s in sent), default=0.0)
    timing.sent_late = [s.sent - s.due for s in sent]
    return timing


def _open(port: int, per_stream: list[list[str]], rate: float) -> tuple[Timing, Timing]:
    """Moves and baseline at ``rate``, in alternating slices (as :func:`_alternate`); each
    stream of ``per_stream`` (a client's moves, in order) sent by one thread."""
    moves, baseline = Timing(expected=303), Timing(expected=200)

    def send(path: str) -> int:
        return _post("127.0.0.1", port, path)

    for i in range(OPEN_SLICES):
        chunk = [_slice(paths, i, OPEN_SLICES) for paths in per_stream]
        flat = open_loop.interleave(chunk)
        m = _timed(open_loop.drive(send, flat, rate, len(chunk)), 303)
        b = _timed(open_loop.drive(send, ["/bench/baseline"] * len(flat), rate, len(chunk)), 200)
        for total, part in ((moves, m), (baseline, b)):
            total.latencies += part.latencies
            total.statuses.update(part.statuses)
            total.seconds += part.seconds
            total.sent_late += part.sent_late
    return moves, baseline


def _drive(port: int, per_client: list[list[str]], expected: int) -> Timing:
    """Each client posts its paths one after the other; all clients start together."""
    timing = Timing(expected=expected)
    lock = threading.Lock()
    barrier = threading.Barrier(len(per_client) + 1)

    def loop(paths: list[str]) -> None:
        mine: list[tuple[int, float]] = []
        barrier.wait()
        for path in paths:
            t0 = time.perf_counter()
            status = _post("127.0.0.1", port, path)
            mine.append((status, time.perf_counter() - t0))
        with lock:
            for status, latency in mine:
                timing.statuses[status] += 1
                timing.latencies.append(latency)

    threads = [threading.Thread(target=loop, args=(paths,)) for paths in per_client]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    timing.seconds = time.perf_counter() - started
    return timing


@dataclass
class Server:
    """gunicorn serving the app, as the Procfile's ``web`` process does."""

    settings: Settings
    process: subprocess.Popen[bytes] | None = None
    port: int = 0

    def __enter__(self) -> Server:
        self.port = free_port()
        base = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            **self.settings.as_env(),
            "BENCH_ENDPOINTS": "1",
            "PYTHONPATH": str(ROOT),
            "BASE_URL": base,
        }
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        self.process = subprocess.Popen(
            [
                *(gunicorn, "--config", "python:service.gunicorn_config"),
                *("--workers", str(WORKERS), "--bind", f"127.0.0.1:{self.port}"),
                *("--log-level", "warning", "service:create_app()"),
            ],
            env=env,
            cwd=ROOT,
        )
        if not wait_for_http(f"{base}/healthz"):
            self.__exit__()
            raise RuntimeError("gunicorn did not start")
        return self

    def workers_peak_rss_mib(self) -> list[float]:
        assert self.process is not None
        peaks = (peak_rss_mib(pid) for pid in children(self.process.pid))
        return [round(p, 1) for p in peaks if p is not None]

    def __exit__(self, *_exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)


def _alternate(port: int, per_client: list[list[str]]) -> tuple[Timing, Timing, list[float]]:
    """Moves and baseline in alternating slices (moves, baseline, moves, ...), each baseline
    slice as many requests per client as the moves slice before it: whatever else the machine
    is doing falls on both alike. Returns both timings, summed, and each slice pair's ratio."""
    moves, baseline, ratios = Timing(expected=303), Timing(expected=200), []
    for i in range(SLICES):
        chunk = [_slice(paths, i) for paths in per_client]
        m = _drive(port, chunk, 303)
        b = _drive(port, [["/bench/baseline"] * len(c) for c in chunk], 200)
        for total, part in ((moves, m), (baseline, b)):
            total.latencies += part.latencies
            total.statuses.update(part.statuses)
            total.seconds += part.seconds
        if m.latencies and b.latencies:  # a short run's last slice may be empty
            ratios.append((len(m.latencies) / m.seconds) / (len(b.latencies) / b.seconds))
    return moves, baseline, ratios


def _slice(paths: list[str], i: int, slices: int = SLICES) -> list[str]:
    """The ``i``-th of ``slices`` consecutive parts (a client's moves stay in order)."""
    size = math.ceil(len(paths) / slices)
    return paths[i * size : (i + 1) * size]


def _split(paths: list[str], clients: int) -> list[list[str]]:
    size = math.ceil(len(paths) / clients)
    return [paths[i * size : (i + 1) * size] for i in range(clients)]


def run(
    settings: Settings, total_moves: int = TOTAL_MOVES, log: Callable[[str], None] = print
) -> dict[str, Any]:
    games = bench_games()
    per_run = math.ceil(total_moves / (len(games) * len(CLIENT_COUNTS)))
    rng = random.Random(2026)
    log(f"http: planning {per_run} moves per run for {', '.join(games)} ...")
    plans: dict[tuple[int, str], list[list[str]]] = {}
    warm_ups: dict[str, list[str]] = {}
    for name in games:
        warm_ups[name] = plan_links(settings, name, WARM_UP, rng)
        for clients in CLIENT_COUNTS:
            per_client = math.ceil(per_run / clients)
            plans[clients, name] = [
                plan_links(settings, name, per_client, rng) for _ in range(clients)
            ]
    open_plans = {
        name: [
            plan_links(settings, name, math.ceil(OPEN_REQUESTS / OPEN_STREAMS), rng)
            for _ in range(OPEN_STREAMS)
        ]
        for name in games
    }
    runs: list[dict[str, Any]] = []
    fixed_rate: list[dict[str, Any]] = []
    moves_made = 0
    with Server(settings) as server:
        # Untimed: each worker's first requests compile statements and fill its caches.
        warm_up_errors = _drive(server.port, _split(["/bench/baseline"] * WARM_UP, 4), 200).errors
        for name in games:
            warm = _drive(server.port, _split(warm_ups[name], 1), 303)
            warm_up_errors += warm.errors
            moves_made += len(warm.latencies)
        for clients in CLIENT_COUNTS:
            for name in games:
                moves, baseline, ratios = _alternate(server.port, plans[clients, name])
                moves_made += len(moves.latencies)
                m, b = moves.summary(), baseline.summary()
                ratio = m["throughput_per_s"] / b["throughput_per_s"] if b["seconds"] else 0.0
                runs.append(
                    {
                        "game": name,
                        "clients": clients,
                        "moves": m,
                        "baseline": b,
                        "ratio": ratio,
                        "slice_ratios": [round(r, 3) for r in ratios],
                    }
                )
                log(
                    f"http: {name:>12} {clients:>2} clients: {m['throughput_per_s']:6.1f} moves/s "
                    f"p99 {m['p99_ms']:6.1f} ms | baseline {b['throughput_per_s']:6.1f}/s "
                    f"p99 {b['p99_ms']:6.1f} ms | ratio {ratio:.2f}"
                )
        for name in games:
            closed = next(r for r in runs if r["game"] == name and r["clients"] == TARGET_CLIENTS)
            rate = OPEN_RATE_SHARE * closed["baseline"]["throughput_per_s"]
            moves, baseline = _open(server.port, open_plans[name], rate)
            moves_made += len(moves.latencies)
            m, b = moves.summary(), baseline.summary()
            fixed_rate.append(
                {
                    "game": name,
                    "rate_per_s": rate,
                    # The rate as a share of what the moves managed in the closed loop: at 1
                    # or more they cannot keep up and their queue (and p99) grows with time.
                    "moves_load": rate / closed["moves"]["throughput_per_s"],
                    "moves": m,
                    "baseline": b,
                }
            )
            log(
                f"http: {name:>12} at {rate:6.1f}/s: moves p50 {m['p50_ms']:6.1f} "
                f"p99 {m['p99_ms']:6.1f} ms | baseline p50 {b['p50_ms']:6.1f} "
                f"p99 {b['p99_ms']:6.1f} ms"
            )
        peaks = server.workers_peak_rss_mib()
    return {
        "workers": WORKERS,
        "games": games,
        "runs": runs,
        "fixed_rate": fixed_rate,
        "moves_made": moves_made,
        "warm_up_errors": warm_up_errors,
        "web_worker_peak_rss_mib": peaks,
        "targets": {
            "clients": TARGET_CLIENTS,
            "ratio_min": RATIO_MIN,
            "p99_max_ms": P99_MAX_MS,
            "rate_share": OPEN_RATE_SHARE,
            "streams": OPEN_STREAMS,
            "p99_vs_baseline_max": OPEN_P99_VS_BASELINE_MAX,
        },
    }
