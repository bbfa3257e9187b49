"""The web process's own CPU per move and per baseline request, in one process.

The app's test client posts planned move links of every registered game, then as many
baseline requests, against the run's database; games are created in this process, so its
state cache always holds them. ``time.process_time`` counts only this process's CPU, which
the machine's other load disturbs far less than wall time: a steadier figure than the HTTP
throughput for comparing two versions of the code (``python -m bench.move_cpu`` in each
checkout). PostgreSQL's own work for the statements is not in it.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

from rq import Queue

from bench.planning import bench_games, plan_links
from service import create_app
from service.config import Settings
from service.mail.queue import connection

MOVES = 400


def run(settings: Settings, moves: int = MOVES) -> dict[str, Any]:
    settings = replace(settings, bench_endpoints=True, queue_name=f"{settings.queue_name}-cpu")
    client = create_app(settings).test_client()
    results: dict[str, Any] = {}
    try:
        for name in bench_games():
            links = plan_links(settings, name, moves, random.Random(7))
            cpu, wall, failed = time.process_time(), time.perf_counter(), 0
            for link in links:
                failed += client.post(link, buffered=True).status_code != 303
            move_cpu, move_wall = time.process_time() - cpu, time.perf_counter() - wall
            cpu = time.process_time()
            for _ in links:
                failed += client.post("/bench/baseline", buffered=True).status_code != 200
            base_cpu = time.process_time() - cpu
            results[name] = {
                "requests": len(links),
                "failed": failed,
                "move_cpu_ms": 1000 * move_cpu / len(links),
                "move_wall_ms": 1000 * move_wall / len(links),
                "baseline_cpu_ms": 1000 * base_cpu / len(links),
                "cpu_ratio": move_cpu / base_cpu if base_cpu else 0.0,
            }
    finally:
        # The emails of these moves are not part of any measurement.
        Queue(settings.queue_name, connection=connection(settings.redis_url)).delete()
    return results


if __name__ == "__main__":
    import json

    from bench.harness import standalone_settings

    bench_settings = standalone_settings("bench-cpu")
    print(json.dumps(run(bench_settings), indent=2))
