"""Words in the reader's language (issue 17, DESIGN.md §10.9).

Engines and the service alike say what a player reads as :class:`engine.kit.words.Msg`
values (the English source, its message id, and its parameters). Here they become text in
one of :data:`LANGUAGES`, from gettext catalogs: the service's own domain ``messages``
(``service/translations/<lang>/LC_MESSAGES/messages.po``) and each game's, named after the
game (``engine/games/<package>/translations/<lang>/LC_MESSAGES/<name>.po``), each read as
the ``.mo`` compiled beside it (``make``, the wheel's build, the test session). A message
missing from a catalog reads in English rather than fail.

The language is this context's (:func:`speaking`): a page sets it for its request, an
email for its seat. Jinja's ``finalize`` (:func:`finalize`) turns every message a template
prints into text, so templates and the dicts they receive carry messages as they are.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime, tzinfo
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar, overload
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale
from babel.dates import format_date, format_time, get_timezone_location
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.support import Translations

from engine import registry
from engine.kit.words import Listing, Msg, Seat, markers, render

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
PLAYERS: ContextVar[Mapping[str, str] | None] = ContextVar("players", default=None)
"""The players of the game this context reads, by seat: who a :class:`Seat` in a message
names (issue 32 §1)."""


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


@contextmanager
def naming(names: Mapping[str, str] | None) -> Iterator[None]:
    """Within this block, a seat in a message reads as the name ``names`` gives its player
    (an email for one game's seat, a page of one game)."""
    token = PLAYERS.set(names)
    try:
        yield
    finally:
        PLAYERS.reset(token)


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


@lru_cache(maxsize=64)
def catalog(domain: str, lang: str) -> Translations | None:
    """The compiled catalog of ``domain`` in ``lang``, read once per process; ``None`` when
    there is none (English, or a game not yet translated)."""
    if lang == "en":
        return None
    path = _catalog_path(domain, lang)
    if path is None:
        return None
    with path.open("rb") as f:
        return Translations(f, domain=domain)


def _catalog_path(domain: str, lang: str) -> Path | None:
    """The service's compiled catalog, or the one in the folder of the game registered as
    ``domain`` (the folder of the module its rules come from, or a parent of it)."""
    tail = Path("translations") / lang / "LC_MESSAGES" / f"{domain}.mo"
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
    if message.plural is None:
        if found is None:
            return message.text
        if message.context is None:
            return found.gettext(message.text)
        return str(found.pgettext(message.context, message.text))
    n = message.plural_n()
    if found is None:
        return message.plural if n != 1 else message.text
    count = int(n) if isinstance(n, int | float) else 1
    if message.context is None:
        return found.ngettext(message.text, message.plural, count)
    return found.npgettext(message.context, message.text, message.plural, count)


T = TypeVar("T")


@overload
def text(value: str, lang: str | None = None, names: Mapping[str, str] | None = None) -> str: ...
@overload
def text(value: T, lang: str | None = None, names: Mapping[str, str] | None = None) -> T: ...
def text(value: Any, lang: str | None = None, names: Mapping[str, str] | None = None) -> Any:
    """``value`` in words if it is a message (its parameters too), else ``value`` itself; a
    seat, in it or alone, is the name of its player from ``names`` (else this context's,
    :func:`naming`). Names go in as values, after translation: a translation never sees one,
    and nothing is looked for in the text afterwards."""
    if isinstance(value, Seat):
        return _seat_name(value, names)
    if not isinstance(value, Msg):
        return value
    chosen = lang or language()

    def seat(arg: Seat) -> str:
        return _seat_name(arg, names)

    if chosen == "en":  # the source, as the engines write it ("Ann, Bob and Cy")
        if not value.seated:  # issue 34 §2: then its English is already this
            return str.__str__(value)
        return render(value, lambda m: template(m, "en"), seat=seat)
    locale = _locale(chosen)
    return render(
        value,
        lambda m: template(m, chosen),
        number=lambda n: _number(chosen, type(n).__name__, n),
        listing=lambda items, style: format_list(
            items, style="or" if style == "or" else "standard", locale=locale
        ),
        seat=seat,
    )


def bound(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` (a message, or data holding messages: a dict, a list) with each seat in it
    already said as its player's name from ``names``, the rest still to be read in the
    reader's language: for what is shown beside other games' words (an email of several
    games), where no one context names every seat."""
    if isinstance(value, Seat):
        return _seat_name(value, names)
    if isinstance(value, Msg):
        args = tuple((k, bound(v, names)) for k, v in value.args)
        return Msg(value.domain, value.text, args, value.plural, value.context)
    if isinstance(value, Listing):
        return Listing(tuple(bound(i, names) for i in value.items), value.style)
    if isinstance(value, dict):
        return {k: bound(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(bound(v, names) for v in value)
    return value


def _seat_name(seat: Seat, names: Mapping[str, str] | None = None) -> str:
    """Who holds ``seat``: the name ``names`` (or this context) gives; the seat as the
    engine names it only where no game's players are known (logs, the API's JSON)."""
    known = names if names is not None else PLAYERS.get()
    found = known.get(seat) if known else None
    return found if found is not None else str.__str__(seat)


def listing(items: Any, style: str = "and") -> Listing:
    """Items to join as the reader's language joins a list, for a message's value
    (``_("{games} can be played alone", games=listing(titles))``)."""
    return Listing(tuple(items), "or" if style == "or" else "and")


@lru_cache(maxsize=4096)
def _number(lang: str, kind: str, n: int | float) -> str:
    """``n`` as ``lang`` writes it, formatted once per process (issue 34 §2: Babel's
    formatting was a fifth of a board's words in Japanese); ``kind`` keeps 1 and 1.0 apart."""
    return str(format_decimal(n, locale=_locale(lang)))


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


UNIVERSAL = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Zulu"})
"""The names of UTC itself, which every language writes "UTC"."""


def zone_name(name: str | None, lang: str | None = None) -> str:
    """A time zone as a reader names it, in their language (issue 32 §2: "время
    Europe/Moscow" read as the id): its city, as the CLDR writes it ("Москва", "東京",
    "Moscú"), "UTC" for UTC; the id itself where no city is known. A form's value keeps the
    id (:func:`zone`)."""
    if not name or name in UNIVERSAL:
        return "UTC"
    try:
        ZoneInfo(name)
        city = get_timezone_location(name, locale=_locale(lang or language()), return_city=True)
    except (ZoneInfoNotFoundError, ValueError, LookupError):
        return name
    return str(city) or name


def day_words(day: date) -> str:
    """A day as the reader's language writes it in a sentence ("27 November 2026",
    "27 ноября 2026 г.", "2026年11月27日"), never ISO (issue 32 §2)."""
    lang = language()
    if lang == "en":
        return f"{day.day} {day:%B %Y}"
    return format_date(day, "long", locale=_locale(lang))


def moment_words(moment: datetime) -> str:
    """A day and a time of day, as the reader's language writes them."""
    lang = language()
    if lang == "en":
        return f"{day_words(moment.date())}, {moment:%H:%M}"
    time = format_time(moment, "short", locale=_locale(lang))
    return f"{day_words(moment.date())}{' ' if lang == 'ja' else ', '}{time}"
