"""The bare RQ jobs the email fan-out is compared with: one does nothing; the other sends a
finished message, which is all an email job must do once its row is read and its message
composed (the floor under every email job's cost)."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from functools import cache
from pathlib import Path

from service.mail import smtp


def noop() -> None:
    return None


@cache
def _finished(path: str) -> EmailMessage:
    return message_from_bytes(Path(path).read_bytes(), _class=EmailMessage, policy=smtp.POLICY)


def send_finished(url: str, path: str, to: str) -> None:
    """Send the message stored at ``path`` (read once per worker) to ``to`` over the
    worker's kept connection to ``url``, as :func:`workers.jobs.send_outbox` sends."""
    smtp.send(url, _finished(path), to=to)
