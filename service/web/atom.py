"""Atom documents (RFC 4287) for the feeds (issue 36 §1), written by feedgen from plain
data, and answered with the caching headers a feed reader polls with.

Every text is the players' as much as ours, so hostile: it goes into the document as text
(feedgen sets each element's text, which lxml escapes: a name ``<script>`` is characters,
never an element), titles and contents are ``type="text"``, and what XML 1.0 cannot hold
at all (control characters, lone surrogates, U+FFFE and U+FFFF) is left out, with the
characters that only turn the text around them (bidirectional embeddings, overrides and
isolates), so that one bad name never breaks a reader's whole feed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import urlsplit

from feedgen.feed import FeedGenerator
from flask import Response, request

MEDIA_TYPE = "application/atom+xml; charset=utf-8"
UNSAFE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff"
    "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]"
)
"""Characters XML 1.0 cannot hold (C0 controls but tab and line breaks, surrogates,
U+FFFE/U+FFFF), DEL, and those that only reorder the text around them."""
LONGEST_TITLE = 140
"""A title is one line of at most this many characters (the content holds it all)."""


def clean(text: str) -> str:
    """``text`` as the document holds it: without :data:`UNSAFE` characters."""
    return UNSAFE.sub("", text)


def one_line(text: str, longest: int = LONGEST_TITLE) -> str:
    """``text`` as a title: cleaned, on one line, cut at ``longest`` characters."""
    line = " ".join(clean(text).split())
    return line if len(line) <= longest else line[: longest - 1].rstrip() + "…"


def aware(moment: datetime) -> datetime:
    """A time the database gave back as UTC, with its zone (SQLite forgets it)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def tag(base_url: str, day: datetime, specific: str) -> str:
    """A tag URI (RFC 4151) minted by this site's host on ``day``: ids that stay the same
    whatever link an entry carries, and however often it is read."""
    host = urlsplit(base_url).hostname or "localhost"
    return f"tag:{host},{aware(day).date().isoformat()}:{specific}"


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    content: str
    updated: datetime
    link: str
    author: str | None = None
    """Who recorded it; None: the feed's own author (the site)."""


@dataclass(frozen=True)
class Feed:
    id: str
    title: str
    subtitle: str
    author: str
    """The site, in the reader's words: every entry without its own author is the site's."""
    language: str
    self_url: str
    page_url: str
    """The page the feed is a view of (the desk, the game's page)."""
    updated: datetime
    entries: Sequence[Entry]


def document(feed: Feed) -> bytes:
    """The feed as an Atom document, its entries in the order given."""
    fg = FeedGenerator()
    fg.id(feed.id)
    fg.title(one_line(feed.title))
    fg.subtitle(one_line(feed.subtitle, 400))
    fg.author({"name": one_line(feed.author, 200)})
    fg.language(feed.language)
    fg.link(href=feed.self_url, rel="self", type="application/atom+xml")
    fg.link(href=feed.page_url, rel="alternate", type="text/html")
    fg.updated(aware(feed.updated))
    fg.generator("pbem")
    for item in feed.entries:
        entry = fg.add_entry(order="append")
        entry.id(item.id)
        entry.title(one_line(item.title) or "…")
        entry.updated(aware(item.updated))
        entry.content(clean(item.content), type="text")
        entry.link(href=item.link, rel="alternate", type="text/html")
        if item.author:
            entry.author({"name": one_line(item.author, 200)})
    written: bytes = fg.atom_str(pretty=True, encoding="UTF-8", xml_declaration=True)
    return written


def etag(*parts: object) -> str:
    """A weak validator of everything a feed is made from (not of its bytes: a decision's
    link is signed anew each time)."""
    digest = hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f'W/"{digest}"'


def unchanged(validator: str, modified: datetime | None) -> bool:
    """Whether the reader's copy is current (RFC 9110 §13.2.2: ``If-None-Match`` when sent,
    else ``If-Modified-Since``)."""
    if request.if_none_match:
        return request.if_none_match.contains_weak(validator.removeprefix("W/").strip('"'))
    since = request.if_modified_since
    return (
        since is not None
        and modified is not None
        and aware(modified).replace(microsecond=0) <= aware(since)
    )


def answer(
    body: bytes | None, validator: str, modified: datetime | None, *, private: bool
) -> Response:
    """The feed (``body``), or 304 when ``body`` is None, with its validators and caching:
    a private feed is for its reader alone (no shared cache keeps it)."""
    response = Response(body or b"", status=200 if body is not None else 304)
    if body is not None:
        response.headers["Content-Type"] = MEDIA_TYPE
    else:
        response.headers.pop("Content-Type", None)
    response.headers["ETag"] = validator
    if modified is not None:
        response.last_modified = aware(modified)
    scope = "private" if private else "public"
    response.headers["Cache-Control"] = f"{scope}, max-age=60, must-revalidate"
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response
