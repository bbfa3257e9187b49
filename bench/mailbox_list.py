"""The demo mailbox's list (issue 20): one page of a Maildir of many turn emails, each
with its board picture, against the old list's way (every stored email parsed whole)."""

from __future__ import annotations

import mailbox
import statistics
import tempfile
import time
from dataclasses import replace
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from service.config import Settings

STORED = 1000
PICTURE_BYTES = 60_000
"""About a board PNG's size: what the old list read and parsed for every email."""
LOADS = 5
TARGETS = {"ratio_max": 0.1}
"""A page costs at most a tenth of parsing every email: it reads 50 emails' headers and the
opening of each one's body (its snippet, ``SNIPPET_BYTES``)."""


def _email(n: int) -> EmailMessage:
    message = EmailMessage()
    message["To"] = f"Player {n % 4} <p{n % 4}@example.org>"
    message["Subject"] = f"[Origin #{n:05d}] Turn {n}: your turn"
    message["Date"] = "Mon, 2 Mar 2026 09:00:00 +0000"
    message.set_content("Reply 1 to play.\n" * 40)
    message.add_alternative('<p>Your turn</p><img src="cid:b@x" alt="">', subtype="html")
    list(message.iter_parts())[1].add_related(
        bytes(PICTURE_BYTES), "image", "png", cid="<b@x>", disposition="inline"
    )
    return message


def run(settings: Settings, log: Any = print) -> dict[str, Any]:
    from service import create_app

    with tempfile.TemporaryDirectory() as tmp:
        folder = f"{tmp}/mail"
        box = mailbox.Maildir(folder, create=True)
        for n in range(STORED):
            box.add(_email(n))
        log(f"mailbox: {STORED} emails stored")
        client = create_app(replace(settings, mailbox_dir=folder)).test_client()
        pages = []
        for _ in range(LOADS):
            started = time.perf_counter()
            assert client.get("/mailbox/?page=2").status_code == 200
            pages.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        for _key, stored in box.items():
            message_from_bytes(stored.as_bytes(), policy=policy.default)
        whole_ms = (time.perf_counter() - started) * 1000
    page_ms = statistics.median(pages)
    return {
        "stored": STORED,
        "page_ms": round(page_ms, 1),
        "every_email_parsed_ms": round(whole_ms, 1),
        "ratio": round(page_ms / whole_ms, 4),
        "targets": TARGETS,
    }


if __name__ == "__main__":
    from bench.harness import bench_settings

    with bench_settings() as settings:
        print(run(settings))
