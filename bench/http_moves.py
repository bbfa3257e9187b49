"""Move acceptance over HTTP against a bare one-row baseline of the same app, same run.

gunicorn with 2 workers serves the app; 16 client threads POST signed move links (each
client plays its own games, knowing the state because tic-tac-toe's moves are not random),
then POST the baseline endpoint the same number of times. Targets (issue 2): moves/baseline
throughput ratio >= 0.4, move p99 <= 50 ms.
"""

from __future__ import annotations

import http.client
import os
import random
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from engine import registry
from service.config import ROOT, Settings, load_extra_games
from service.db import migrate, sessions
from service.localnet import free_port, wait_for_http
from service.play import create_game
from service.tokens import action_token

CLIENTS = int(__import__("os").environ.get("BENCH_CLIENTS", "16"))
WORKERS = 2


@dataclass
class Timing:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0

    def summary(self) -> dict[str, float]:
        ordered = sorted(self.latencies)
        n = len(ordered)
        return {
            "requests": n,
            "errors": self.errors,
            "throughput_per_s": n / self.seconds if self.seconds else 0.0,
            "p50_ms": 1000 * ordered[n // 2] if n else 0.0,
            "p99_ms": 1000 * ordered[min(n - 1, int(n * 0.99))] if n else 0.0,
            "mean_ms": 1000 * statistics.fmean(ordered) if n else 0.0,
        }


def _post(conn_url: str, path: str, body: bytes = b"") -> int:
    parts = urlsplit(conn_url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.request(
            "POST", path, body=body, headers={"Content-Type": "application/x-www-form-urlencoded"}
        )
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _run(clients: list[Any], work: Any) -> Timing:
    timing = Timing()
    lock = threading.Lock()
    barrier = threading.Barrier(len(clients) + 1)

    def loop(client: Any) -> None:
        barrier.wait()
        for ok, latency in work(client):
            with lock:
                timing.latencies.append(latency)
                timing.errors += 0 if ok else 1

    threads = [threading.Thread(target=loop, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    barrier.wait()
    started = time.perf_counter()
    for t in threads:
        t.join()
    timing.seconds = time.perf_counter() - started
    return timing


def run(settings: Settings, games_per_client: int = 12) -> dict[str, Any]:
    load_extra_games(settings)
    migrate(settings.database_url)
    game = registry.get("tictactoe")
    rng = random.Random(2026)
    clients: list[list[dict[str, Any]]] = []
    with sessions(settings.database_url).begin() as s:
        for _ in range(CLIENTS):
            mine = []
            for _ in range(games_per_client):
                applied = create_game(s, "tictactoe", ["a@bench.test", "b@bench.test"])
                mine.append(
                    {
                        "id": applied.loaded.row.id,
                        "state": applied.loaded.state,
                        "head": applied.loaded.seq,
                        "turn": applied.loaded.turn_seq,
                    }
                )
            clients.append(mine)

    # Every move link is made before timing (tic-tac-toe's moves draw nothing, so each
    # game's whole sequence is known): the timed loops then do nothing but HTTP.
    planned = [[path for g in mine for path in _plan(settings, game, g, rng)] for mine in clients]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        **settings.as_env(),
        "BENCH_ENDPOINTS": "1",
        "PYTHONPATH": str(ROOT),
        "BASE_URL": base,
    }
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "--workers",
            str(WORKERS),
            "--bind",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
            "service:create_app()",
        ],
        env=env,
        cwd=ROOT,
    )
    try:
        if not wait_for_http(f"{base}/healthz"):
            raise RuntimeError("gunicorn did not start")

        def moves(paths: list[str]):  # type: ignore[no-untyped-def]
            for path in paths:
                t0 = time.perf_counter()
                status = _post(base, path)
                yield status == 303, time.perf_counter() - t0

        move_timing = _run(planned, moves)
        per_client = max(1, len(move_timing.latencies) // CLIENTS)

        def baseline(_client: Any):  # type: ignore[no-untyped-def]
            for _ in range(per_client):
                t0 = time.perf_counter()
                status = _post(base, "/bench/baseline")
                yield status == 200, time.perf_counter() - t0

        base_timing = _run(planned, baseline)
    finally:
        server.terminate()
        server.wait(timeout=30)
    moves_s, base_s = move_timing.summary(), base_timing.summary()
    return {
        "moves": moves_s,
        "baseline": base_s,
        "ratio": moves_s["throughput_per_s"] / base_s["throughput_per_s"],
        "targets": {"ratio_min": 0.4, "p99_max_ms": 50},
    }


def _plan(settings: Settings, game: Any, g: dict[str, Any], rng: random.Random) -> list[str]:
    """The links of one game's moves, in order, to the end."""
    paths, state, head, turn = [], g["state"], g["head"], g["turn"]
    while game.to_act(state):
        seat = sorted(game.to_act(state))[0]
        move = rng.choice(game.legal_moves(state, seat))
        paths.append(f"/act/{action_token(settings.secret_key, g['id'], seat, turn, move)}")
        events = game.decide(state, seat, move, random.Random(0))
        for event in events:
            state = game.apply(state, event)
        head += len(events)
        turn = head  # a link names the newest game event; table events do not move it
    return paths
