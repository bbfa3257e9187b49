"""``make bench``'s replies (issue 18), run small: real replies stored, read by a real burst
worker beside no-op jobs, each counted applied and answered, and its figures and summary."""

from __future__ import annotations

import pytest

from bench import replies

pytestmark = pytest.mark.slow  # real worker processes


def test_the_replies_bench_counts_each_reply_applied_and_answered_and_is_invalid_otherwise(
    settings,
):
    r = replies.run(settings, log=lambda _line: None, replies=4, noop_jobs=10)
    read = r["replies"]
    assert read["jobs"] == read["expected"] == 4 and read["failed"] == 0
    assert read["outcomes"] == {"applied": 4}
    assert read["applied"] == read["moves_in_logs"] == read["answered"] == 4
    assert read["received_by_smtp"] == read["emails_sent"] >= 4  # the answers and next turns
    assert r["noop"]["jobs"] == 10 and r["noop"]["per_s"] > 0
    assert read["per_s"] > 0 and r["ratio"] == read["per_s"] / r["noop"]["per_s"]
    assert replies.valid(r)
    figures = replies.judged(r)
    assert [f.name for f in figures] == [
        "no-op RQ jobs per worker (replies run)",
        "replies read per worker, tictactoe",
        "replies/no-op jobs ratio",
    ]
    assert all(f.valid for f in figures)
    assert "4/4 applied (4 moves in the logs), 4/4 answered" in "\n".join(replies.lines(r))

    r["replies"]["applied"] -= 1  # a reply not applied makes the run INVALID
    assert not replies.valid(r)
    assert not any(f.valid for f in replies.judged(r))
