"""Reading emails back and following their links, as a player would."""

from __future__ import annotations

import itertools
import re
from email.message import EmailMessage
from urllib.parse import urlsplit

URL = re.compile(r"https?://[^\s<>\"']+")


def text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None, "every email has a plain-text part"
    return part.get_content()


def html_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert part is not None, "every email has an HTML part"
    return part.get_content()


def option_links(message: EmailMessage) -> list[tuple[str, str]]:
    """``[(label, url)]`` of the one-click options in an email's text part."""
    lines = text_of(message).splitlines()
    found = []
    for label_line, url_line in itertools.pairwise(lines):
        if label_line.startswith("  * ") and URL.fullmatch(url_line.strip()):
            found.append((label_line[4:].strip(), url_line.strip()))
    return found


def links(message: EmailMessage) -> list[str]:
    return URL.findall(text_of(message))


def path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def act_token(url: str) -> str:
    return urlsplit(url).path.split("/act/", 1)[1].split("/")[0]
