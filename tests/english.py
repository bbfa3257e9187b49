"""English left in what a reader of another language reads (issue 32 §2), found by the
catalogs themselves, never by a list kept by hand.

- A *sentence*: a run of two words or more of an English source message (any catalog's:
  the service's, the engine's, each game's), cut at its placeholders, which the reader's
  own catalogs do not say as they are ("Take tile", "turn ended").
- A *word*: a word of three letters or more of the English sources (the vocabulary of the
  games and the service), which no translation in the reader's language keeps as it is.
  What the catalogs keep identical (a proper noun: "Origin" the territory, "Alaska" in
  Spanish; "UTC"; an example such as "Europe/Kyiv") is not English to that reader.

:func:`english_in` reads plain text; :func:`readable` makes it of an email's parts or a
page: no tag, URL, address, code or JSON, players' names taken out (names are the players'
own text). A test gives it whatever its harness collected (``tests/whole_games.py``'s
readings, or the emails of a game played here).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from engine import registry
from service import words

FIELD = re.compile(r"\{[^{}]*\}")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’ -]*[A-Za-z]")
TAG = re.compile(r"<[^>]+>")
SCRIPT = re.compile(r"<(script|style|code|head)\b.*?</\1>", re.S | re.I)
URLS = re.compile(r"(?:https?|mailto):[^\s<>\"']+|[\w.+-]+@[\w.-]+")
CODES = re.compile(
    r"\[[0-9a-z]+\]|\b[0-9]+[a-z]{1,3}\b|#\w+|\b[a-z0-9]*[0-9][a-z0-9]*\b"
    r"|\b[a-z]+(?:-[a-z]+)*-[0-9]+\b"
)
"""Option codes ([2b], 2b), game numbers (#obcggi6d), rulesets (origin-2) and anything
mixing digits and letters (hashes, ids)."""
SHORTEST_WORD = 3


def _catalog_paths(lang: str) -> Iterator[tuple[str, Path]]:
    for domain in (words.DOMAIN, "engine", *sorted(registry.GAMES)):
        found = words._catalog_path(domain, lang)
        if found is not None:
            yield domain, found.with_suffix(".po")


def _entries(lang: str) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every entry of every catalog in ``lang``: its English sources and translations."""
    for _domain, path in _catalog_paths(lang):
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        for entry in catalog:
            if not entry.id:
                continue
            ids = entry.id if isinstance(entry.id, tuple | list) else (entry.id,)
            strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
            yield tuple(ids), tuple(s for s in strings if s)


def _fragments(source: str) -> Iterator[str]:
    for part in FIELD.split(source):
        for run in LATIN_RUN.findall(part):
            run = " ".join(run.split()).strip(" -'’")
            if len(WORD.findall(run)) >= 2:
                yield run


@cache
def _kept(lang: str) -> frozenset[str]:
    """Every word the translations into ``lang`` hold (lowercase): words a reader of it
    may meet in Latin letters."""
    found: set[str] = set()
    for _ids, strings in _entries(lang):
        for s in strings:
            found |= {w.lower() for w in WORD.findall(FIELD.sub(" ", s))}
    return frozenset(found)


@cache
def vocabulary(lang: str) -> frozenset[str]:
    """The English words (lowercase, three letters or more) of every source message, less
    those ``lang``'s translations keep."""
    found: set[str] = set()
    for ids, _strings in _entries(lang):
        for source in ids:
            found |= {w.lower() for w in WORD.findall(FIELD.sub(" ", source))}
    return frozenset(w for w in found if len(w) >= SHORTEST_WORD) - _kept(lang)


@cache
def sentences(lang: str) -> frozenset[str]:
    """The English runs of two words or more of every source message that no translation
    into ``lang`` holds as it is."""
    found: set[str] = set()
    kept: list[str] = []
    for ids, strings in _entries(lang):
        for source in ids:
            found |= set(_fragments(source))
        kept += strings
    everything = "\n".join(kept)
    return frozenset(f for f in found if f not in everything)


def readable(markup_or_text: str, names: Iterable[str] = (), markup: bool = False) -> str:
    """What a reader reads of an email's part or a page, with nothing that is not words of
    ours: tags, scripts and the log's JSON (``<code>``) gone, entities decoded, then URLs,
    addresses, codes and the players' ``names`` taken out."""
    text = markup_or_text
    if markup:
        text = html.unescape(TAG.sub(" ", SCRIPT.sub(" ", text)))
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    text = URLS.sub(" ", text)
    return CODES.sub(" ", text)


def english_in(text: str, lang: str) -> list[str]:
    """The English sentences and words of our catalogs in ``text`` (from :func:`readable`),
    for a reader of ``lang``; none in a text wholly in that language."""
    flat = " ".join(text.split())
    lowered = flat.lower()
    found = sorted(s for s in sentences(lang) if len(s) > 3 and _has_run(lowered, s.lower()))
    vocabulary_ = vocabulary(lang)
    found += sorted({w for w in WORD.findall(flat) if w.lower() in vocabulary_})
    return found


def _has_run(text: str, run: str) -> bool:
    """``run`` in ``text`` as whole words."""
    at = text.find(run)
    while at >= 0:
        before = text[at - 1] if at else " "
        end = at + len(run)
        after = text[end] if end < len(text) else " "
        if not (before.isalpha() or after.isalpha()):
            return True
        at = text.find(run, at + 1)
    return False
