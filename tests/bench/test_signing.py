"""``make bench``'s signing figures (issue 31 §6), run small: invitation emails sent by real
burst workers with DKIM signing off and on in the same run, each counted sent, every signed
one in the ledger, and the figures valid only then."""

from __future__ import annotations

import pytest

from bench import signing

pytestmark = pytest.mark.slow  # real worker processes


def test_the_signing_bench_sends_each_email_once_with_signing_off_and_on(settings):
    r = signing.run(settings, log=lambda _line: None, emails=4, signatures=2)
    for mode in ("off", "on"):
        assert r[mode]["jobs"] == r[mode]["sent"] == r[mode]["expected"] == 4 * signing.SLICES
        assert r[mode]["failed"] == 0 and r[mode]["per_s"] > 0
    assert r["signed_in_ledger"] == 4 * signing.SLICES
    assert r["received_by_smtp"] == 8 * signing.SLICES
    assert r["ratio"] == r["on"]["per_s"] / r["off"]["per_s"]
    assert r["alone"]["rsa_ms"] > 0 and r["alone"]["rsa_and_ed25519_ms"] > 0
    assert signing.valid(r)
    figures = signing.judged(r)
    assert all(f.valid for f in figures) and len(figures) == 5
    assert "signed/unsigned" in "\n".join(signing.lines(r))

    r["on"]["sent"] -= 1  # an email not sent makes the run INVALID
    assert not signing.valid(r)
    assert not any(f.valid for f in signing.judged(r)[:3])
