"""Sending a message to the relay named by ``SMTP_URL``.

``smtp://[user:password@]host[:port]`` (plain, STARTTLS if the server offers it),
``smtps://…`` (TLS from the start).
"""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit


def send(url: str, message: EmailMessage, timeout: float = 30) -> None:
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    if parts.scheme == "smtps":
        client: smtplib.SMTP = smtplib.SMTP_SSL(host, parts.port or 465, timeout=timeout)
    elif parts.scheme == "smtp":
        client = smtplib.SMTP(host, parts.port or 25, timeout=timeout)
    else:
        raise ValueError(f"SMTP_URL must start with smtp:// or smtps://, not {url!r}")
    with client:
        client.ehlo()
        if parts.scheme == "smtp" and client.has_extn("starttls"):
            client.starttls()
            client.ehlo()
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)
