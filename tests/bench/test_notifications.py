"""``make bench``'s notifications (issue 36 §3), run small: turn notifications written as the
fan-out writes them, delivered by real burst workers to local receivers of each channel kind
beside no-op jobs, each counted sent and received once, and its figures and summary."""

from __future__ import annotations

import pytest

from bench import notifications

pytestmark = pytest.mark.slow  # real worker processes


def test_the_notifications_bench_delivers_each_kind_once_to_its_receiver_and_is_invalid_otherwise(
    settings,
):
    r = notifications.run(settings, log=lambda _line: None, notifications=3, warm_up=1,
                          noop_jobs=10)  # fmt: skip
    assert r["noop"]["jobs"] == 10 and r["noop"]["per_s"] > 0
    assert list(r["kinds"]) == ["discord", "slack", "json", "push"]
    for k in r["kinds"].values():
        assert k["jobs"] == 3 and k["failed"] == 0, "the warm-up job is not timed"
        assert k["results"] == {"sent": 4}
        assert k["sent"] == k["received"] == k["expected"] == 4
        assert k["checked"], "the push message decrypts, the JSON one's signature holds"
        assert k["per_s"] > 0 and k["ratio"] == k["per_s"] / r["noop"]["per_s"]
        assert k["ms_per_job"] == pytest.approx(1000 / k["per_s"])
    assert notifications.valid(r)
    figures = notifications.judged(r)
    assert len(figures) == 1 + 3 * 4 and all(f.valid and not f.target for f in figures)
    summary = "\n".join(notifications.lines(r))
    assert "Web Push (encrypted, VAPID)" in summary and "4/4 of 4" in summary

    r["kinds"]["push"]["received"] -= 1  # a message not received makes the run INVALID
    assert not notifications.valid(r)
    assert not any(f.valid for f in notifications.judged(r))
