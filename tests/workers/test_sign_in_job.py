"""The job that emails a desk sign-in link (issue 20): made and sent in the worker."""

from __future__ import annotations

import pytest

from workers.jobs import send_sign_in

# Players of earlier games: a newcomer's own rules (issue 31 §3) are tested on their own.
pytestmark = pytest.mark.usefixtures("regulars")


def test_a_sign_in_job_sends_its_link_and_says_so(settings, smtp):
    assert send_sign_in("ann@example.org", "en") == "sent"
    (message,) = smtp.to("ann@example.org")
    assert "/me/sign-in/" in message.get_body(("plain",)).get_content()
