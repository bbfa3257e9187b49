"""Words in the reader's language (issue 17, DESIGN.md §10.9).

Engines and the service alike say what a player reads as :class:`engine.kit.words.Msg`
values (the English source, its message id, and its parameters). Here they become text in
one of :data:`LANGUAGES`, from gettext catalogs read with Babel: the service's own domain
``messages`` (``service/translations/<lang>/LC_MESSAGES/messages.po``) and each game's,
named after the game (``engine/games/<package>/translations/<lang>/LC_MESSAGES/<name>.po``).
A message missing from a catalog reads in English rather than fail.

The language is this context's (:func:`speaking`): a page sets it for its request, an
email for its seat. Jinja's ``finalize`` (:func:`finalize`) turns every message a template
prints into text, so templates and the dicts they receive carry messages as they are.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import tzinfo
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar, overload
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale
from babel.lists import format_list
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from engine import registry
from engine.kit.words import Listing, Msg, markers, render

LANGUAGES = ("en", "ru", "uk", "es", "ja")
"""The languages we serve; English is the source of every message."""
NAMES = {"en": "English", "ru": "Русский", "uk": "Українська", "es": "Español", "ja": "日本語"}
"""Each language in its own words, for the switchers."""
DOMAIN = "messages"
"""The service's own gettext domain."""
HERE = Path(__file__).parent

_, n_, p_ = markers(DOMAIN)

LANGUAGE: ContextVar[str] = ContextVar("language", default="en")
TIME_ZONE: ContextVar[str | None] = ContextVar("time_zone", default=None)


@contextmanager
def speaking(language: str, time_zone: str | None = None) -> Iterator[None]:
    """Within this block, messages are read in ``language``, and dates in ``time_zone``
    (the reader's own; ``None``: the game's)."""
    token = LANGUAGE.set(language if language in LANGUAGES else "en")
    zone_token = TIME_ZONE.set(time_zone or None)
    try:
        yield
    finally:
        TIME_ZONE.reset(zone_token)
        LANGUAGE.reset(token)


def reader_zone() -> str | None:
    """The reader's own time zone, when this context has one (a seat's page or email)."""
    return TIME_ZONE.get()


def language() -> str:
    return LANGUAGE.get()


def known(language: str | None) -> str | None:
    """``language`` if we serve it (``"uk"``, ``"ja"``), else ``None``."""
    return language if language in LANGUAGES else None


def negotiate(header: str | None) -> str:
    """The best of our languages for an ``Accept-Language`` header; English without one."""
    if not header:
        return "en"
    wanted = []
    for part in header.split(",")[:20]:
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            continue
        if tag and tag != "*":
            wanted.append((weight, tag.strip()))
    ordered = [tag.replace("_", "-") for _, tag in sorted(wanted, key=lambda w: -w[0])]
    found = Locale.negotiate(ordered, list(LANGUAGES), sep="-")
    return str(found) if found is not None else "en"


# ---------------------------------------------------------------- catalogs


@dataclass(frozen=True)
class Catalog:
    strings: dict[tuple[str, str | None], str | tuple[str, ...]]
    plural: Callable[[int], int]


@lru_cache(maxsize=64)
def catalog(domain: str, lang: str) -> Catalog | None:
    """The catalog of ``domain`` in ``lang``, read once per process; ``None`` when there is
    none (English, or a game not yet translated)."""
    if lang == "en":
        return None
    path = _catalog_path(domain, lang)
    if path is None:
        return None
    with path.open("rb") as f:
        read = read_po(f, locale=lang, domain=domain)
    strings: dict[tuple[str, str | None], str | tuple[str, ...]] = {}
    for entry in read:
        if not entry.id or entry.fuzzy:
            continue
        key = entry.id[0] if isinstance(entry.id, tuple | list) else entry.id
        value = tuple(entry.string) if isinstance(entry.string, tuple | list) else entry.string
        if value and all(value):
            strings[(key, entry.context)] = value
    return Catalog(strings, gettext.c2py(read.plural_expr))


def _catalog_path(domain: str, lang: str) -> Path | None:
    """The service's catalog, or the one in the folder of the game registered as
    ``domain`` (the folder of the module its rules come from, or a parent of it)."""
    tail = Path("translations") / lang / "LC_MESSAGES" / f"{domain}.po"
    if domain in (DOMAIN, "engine"):
        where = HERE if domain == DOMAIN else Path(registry.__file__).parent
        return where / tail if (where / tail).is_file() else None
    try:
        game = registry.get(domain)
    except KeyError:
        return None
    for name in (getattr(game.setup, "__module__", None), type(game).__module__):
        file = getattr(sys.modules.get(name or ""), "__file__", None)
        if not file:
            continue
        for folder in Path(file).parents:
            if (folder / tail).is_file():
                return folder / tail
            if folder.name == "games":
                break
    return None


def template(message: Msg, lang: str | None = None) -> str:
    """The text of ``message`` in ``lang`` with its placeholders: the plural form the
    language's rule picks for ``n``; the English source when it is not translated."""
    found = catalog(message.domain, lang or language())
    plural = message.plural is not None
    n = message.kwargs.get("n", 1) if plural else 1
    english = message.plural if plural and n != 1 else message.text
    if found is None:
        return english or message.text
    value = found.strings.get((message.text, message.context))
    if value is None:
        return english or message.text
    if isinstance(value, tuple):
        index = found.plural(int(n)) if isinstance(n, int | float) else 0
        return value[min(index, len(value) - 1)]
    return value


T = TypeVar("T")


@overload
def text(value: str, lang: str | None = None) -> str: ...
@overload
def text(value: T, lang: str | None = None) -> T: ...
def text(value: Any, lang: str | None = None) -> Any:
    """``value`` in words if it is a message (its parameters too), else ``value`` itself."""
    if not isinstance(value, Msg):
        return value
    chosen = lang or language()
    if chosen == "en":  # the source, as the engines write it ("Ann, Bob and Cy")
        return value.english()
    locale = _locale(chosen)
    return render(
        value,
        lambda m: template(m, chosen),
        number=lambda n: format_decimal(n, locale=locale),
        listing=lambda items, style: format_list(
            items, style="or" if style == "or" else "standard", locale=locale
        ),
    )


def listing(items: Any, style: str = "and") -> Listing:
    """Items to join as the reader's language joins a list, for a message's value
    (``_("{games} can be played alone", games=listing(titles))``)."""
    return Listing(tuple(items), "or" if style == "or" else "and")


@lru_cache(maxsize=8)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def finalize(value: Any) -> Any:
    """Jinja's ``finalize``: a message printed by a template, in this context's language."""
    return text(value) if isinstance(value, Msg) else value


# ---------------------------------------------------------------- dates and zones


def zone(name: str | None) -> tzinfo:
    """A seat's time zone (IANA name), UTC when unset or unknown."""
    if not name:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")
