"""The open loop of ``make bench`` (issue 19): requests due at fixed intervals, each timed from
when it was due, so a stall shows in the requests queued behind it (no coordinated omission).
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import ClassVar

import pytest

from bench import __main__ as bench_main
from bench import http_moves, open_loop


class FakeClock:
    """Time that passes only when the driver sleeps or the fake server answers."""

    def __init__(self, service: dict[str, float]) -> None:
        self.now = 100.0
        self.service = service

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    def send(self, path: str) -> int:
        self.now += self.service[path]
        return 303


def test_requests_are_due_at_fixed_intervals_whatever_the_server_does():
    assert open_loop.due_times(4, rate=8) == [0, 0.125, 0.25, 0.375]
    with pytest.raises(ValueError):
        open_loop.due_times(4, rate=0)


def test_requests_are_dealt_round_robin_and_interleaving_undoes_the_deal():
    streams = [["a1", "a2", "a3"], ["b1", "b2", "b3"]]
    flat = open_loop.interleave(streams)
    assert flat == ["a1", "b1", "a2", "b2", "a3", "b3"]
    assert [[p for _, p in mine] for mine in open_loop.deal(flat, 2)] == streams
    assert [[i for i, _ in mine] for mine in open_loop.deal(flat, 2)] == [[0, 2, 4], [1, 3, 5]]
    with pytest.raises(ValueError):
        open_loop.interleave([["a1"], ["b1", "b2"]])


def test_a_stall_counts_in_the_latency_of_every_request_queued_behind_it():
    # 10 requests a second on one stream; the second takes 350 ms, the others 50 ms.
    fake = FakeClock({"/0": 0.05, "/1": 0.35, "/2": 0.05, "/3": 0.05, "/4": 0.05})
    sent = open_loop.drive(
        fake.send, ["/0", "/1", "/2", "/3", "/4"], 10, 1, clock=fake.clock, sleep=fake.sleep
    )
    assert [s.due for s in sent] == pytest.approx([0, 0.1, 0.2, 0.3, 0.4])
    assert [s.sent for s in sent] == pytest.approx([0, 0.1, 0.45, 0.5, 0.55])
    # A closed loop would time each from its send: 50, 350, 50, 50, 50 ms.
    assert [s.latency for s in sent] == pytest.approx([0.05, 0.35, 0.3, 0.25, 0.2])
    timing = http_moves._timed(sent, 303)
    figures = timing.summary()
    assert figures["requests"] == 5 and figures["errors"] == 0
    assert figures["p50_ms"] == pytest.approx(250)  # nearest rank: the 3rd of 5
    assert figures["p99_ms"] == pytest.approx(350)
    assert figures["sent_late_p99_ms"] == pytest.approx(250)
    assert figures["seconds"] == pytest.approx(0.6)


class Recorder(BaseHTTPRequestHandler):
    seen: ClassVar[dict[str, list[str]]] = defaultdict(list)
    lock = threading.Lock()

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        with self.lock:
            self.seen[self.path.split("-")[0]].append(self.path)
        self.send_response(303 if self.path.startswith("/act/") else 200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *_args: object) -> None:
        pass


@pytest.fixture
def fake_server() -> Iterator[int]:
    Recorder.seen.clear()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def test_the_open_loop_sends_each_clients_moves_in_order_and_as_many_baseline_requests(
    fake_server,
):
    per_stream = [[f"/act/s{s}-{k}" for k in range(6)] for s in range(3)]
    moves, baseline = http_moves._open(fake_server, per_stream, rate=500)
    for s, paths in enumerate(per_stream):
        assert Recorder.seen[f"/act/s{s}"] == paths
    assert len(Recorder.seen["/bench/baseline"]) == 18
    assert moves.statuses == {303: 18} and moves.errors == 0
    assert baseline.statuses == {200: 18} and baseline.errors == 0
    assert len(moves.sent_late) == len(moves.latencies) == 18
    # Timed from the due time: never less than the wait before the request was sent.
    timed = zip(moves.latencies, moves.sent_late, strict=True)
    assert all(latency >= late for latency, late in timed)


def fixed(moves_p99: float, base_p99: float, errors: int = 0) -> dict[str, object]:
    figures = {"p50_ms": 1.0, "throughput_per_s": 50.0, "statuses": {}, "sent_late_p99_ms": 0.5}
    return {
        "targets": {"clients": 16, "rate_share": 0.5, "streams": 32, "p99_vs_baseline_max": 2.0},
        "fixed_rate": [
            {
                "game": "tictactoe",
                "rate_per_s": 50.0,
                "moves": {**figures, "p99_ms": moves_p99, "errors": errors},
                "baseline": {**figures, "p99_ms": base_p99, "errors": 0},
            }
        ],
    }


@pytest.mark.parametrize(("moves_p99", "verdict"), [(19.0, "met"), (20.0, "met"), (20.5, "MISSED")])
def test_the_move_p99_at_the_fixed_rate_is_judged_against_twice_the_baselines(moves_p99, verdict):
    judged = bench_main.fixed_rate_figures(fixed(moves_p99, 10.0))
    assert [(f.name, f.target, f.verdict) for f in judged if f.target] == [
        ("moves tictactoe at a fixed 50/s: p99", "<= 20 ms", verdict)
    ]
    assert len(bench_main.fixed_rate_lines(fixed(moves_p99, 10.0))) == 4


def test_a_fixed_rate_run_with_failed_requests_is_not_judged():
    (judged,) = [f for f in bench_main.fixed_rate_figures(fixed(1.0, 10.0, errors=1)) if f.target]
    assert judged.verdict.startswith("INVALID")
