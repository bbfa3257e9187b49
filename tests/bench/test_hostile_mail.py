"""``make bench``'s hostile mail (issue 31 §4), run small: an ordinary reply played and a
message of thousands of parts refused for them, each every time, and the figures."""

from __future__ import annotations

from bench import hostile_mail


def test_the_hostile_mail_bench_reads_both_messages_as_the_reader_should(settings):
    r = hostile_mail.run(settings, log=lambda _line: None, reads=2, parts=5000)
    assert r["ordinary"]["outcomes"] == ["applied"]
    assert r["hostile"]["outcomes"] == ["ignored: too many MIME parts"]
    assert r["delimiters"] == 5001 and hostile_mail.valid(r)
    figures = hostile_mail.judged(r)
    assert [f.name for f in figures] == [
        "an ordinary reply read",
        "a 5,000-part message read",
        "the same parsed whole, as before issue 31",
    ]
    assert all(f.valid for f in figures)
    assert "5,000 empty MIME parts" in "\n".join(hostile_mail.lines(r))

    r["ordinary"]["outcomes"] = ["refused: code"]  # a reply not played makes the run INVALID
    assert not hostile_mail.valid(r)
    assert not any(f.valid for f in hostile_mail.judged(r))
