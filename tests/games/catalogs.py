"""A game's catalogs are complete (issue 17): every message its code marks, and every message
it makes while playing, is translated in every language we serve, with its placeholders and
its plural forms.

A game's words live in its own folder (DESIGN.md §10.3): its markers (``engine.kit.words``)
use the game's name as the gettext domain, and its catalogs are
``engine/games/<package>/translations/<lang>/LC_MESSAGES/<name>.po``. Each game's test module
calls :func:`assert_catalogs_complete` and, over messages gathered from real play,
:func:`assert_made_messages_translated`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from engine.kit.words import Listing, Msg, placeholders

LANGUAGES = ("ru", "uk", "es", "ja")
"""The languages every game is translated into; English is the source."""

KEYWORDS: dict[str, Any] = {"_": None, "n_": (1, 2), "p_": ((1, "c"), 2)}
"""The markers of ``engine.kit.words.markers``, as ``pybabel extract -k`` reads them."""

SHARED = "engine"
"""The domain of the words every game shares (``engine.contract``)."""

Key = tuple[str, str | None]
"""A message's identity in a catalog: its English source (the singular for plurals) and its
context."""


def package_dir(game_module: Any) -> Path:
    """The folder of a game's package (``engine.games.origin`` → ``engine/games/origin``)."""
    return Path(game_module.__file__).parent


def catalog_path(folder: Path, domain: str, lang: str) -> Path:
    return folder / "translations" / lang / "LC_MESSAGES" / f"{domain}.po"


PYTHON = (("**.py", "python"),)


def extracted(
    folder: Path, method_map: Iterable[tuple[str, str]] = PYTHON
) -> dict[Key, str | tuple[str, ...]]:
    """Every message marked in the code under ``folder`` (a game's: its Python; the
    service's: its Python and Jinja templates), found as ``pybabel extract`` finds them.
    A marker called with something other than literal text cannot be extracted, so it is
    refused here: the catalog would never hold it."""
    found: dict[Key, str | tuple[str, ...]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(folder), method_map=list(method_map), keywords=KEYWORDS
    ):
        parts = message if isinstance(message, tuple) else (message,)
        assert all(isinstance(p, str) and p for p in parts), (
            f"{filename}:{lineno}: a marker must be called with literal text, got {message!r}"
        )
        found[(parts[0], context)] = message if len(parts) > 1 else parts[0]
    return found


def catalogs(folder: Path, domain: str) -> dict[str, Catalog]:
    out = {}
    for lang in LANGUAGES:
        path = catalog_path(folder, domain, lang)
        assert path.is_file(), f"no {lang} catalog at {path}"
        with path.open("rb") as f:
            out[lang] = read_po(f, locale=lang, domain=domain)
    return out


def _problems(catalog: Catalog, lang: str, key: Key, plural: str | None) -> Iterator[str]:
    msgid, context = key
    entry = catalog.get(msgid, context=context)
    where = f"[{lang}] {msgid!r}" + (f" (context {context!r})" if context else "")
    if entry is None:
        yield f"{where}: missing"
        return
    if entry.fuzzy:
        yield f"{where}: fuzzy"
    strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
    if plural is not None and len(strings) != catalog.num_plurals:
        yield f"{where}: {len(strings)} plural forms, the language has {catalog.num_plurals}"
    if not all(strings):
        yield f"{where}: untranslated"
        return
    allowed = placeholders(msgid) | (placeholders(plural) if plural else set())
    for s in strings:
        unknown = placeholders(s) - allowed
        if unknown:
            yield f"{where}: unknown placeholders {sorted(unknown)} in {s!r}"
        # A plural form may leave out {n} ("одно очко"); every other value must be shown.
        lost = allowed - {"n"} - placeholders(s) if plural else allowed - placeholders(s)
        if lost:
            yield f"{where}: drops {sorted(lost)} in {s!r}"


def assert_translated(
    found: dict[str, Catalog], messages: dict[Key, str | tuple[str, ...]]
) -> None:
    """Every one of ``messages`` is translated, not fuzzy, in every catalog of ``found``
    (by language), with the language's number of plural forms and the source's
    placeholders."""
    problems = [
        problem
        for lang, catalog in found.items()
        for key, message in messages.items()
        for problem in _problems(
            catalog, lang, key, message[1] if isinstance(message, tuple) else None
        )
    ]
    assert not problems, f"{len(problems)} catalog problems:\n" + "\n".join(problems[:60])


def assert_catalogs_complete(game_module: Any, domain: str) -> None:
    """Every marked message of the game is translated, not fuzzy, in every language, with
    the language's number of plural forms and the source's placeholders."""
    folder = package_dir(game_module)
    messages = extracted(folder)
    assert messages, f"no marked message in {folder}"
    assert_translated(catalogs(folder, domain), messages)


def messages_in(value: Any) -> Iterator[Msg]:
    """Every message inside ``value`` (nested in lists, dicts, tuples and other messages)."""
    if isinstance(value, Msg):
        yield value
        for _name, arg in value.args:
            yield from messages_in(arg)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from messages_in(item)
    elif isinstance(value, dict):
        for v in value.values():
            yield from messages_in(v)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            yield from messages_in(v)


def assert_made_messages_translated(game_module: Any, domain: str, made: Iterable[Any]) -> None:
    """Every message the game made while playing (narrations, labels, views, refusals) is of
    its domain and in its catalogs: a message built from text the extractor cannot see
    would reach a player untranslated."""
    folder = package_dir(game_module)
    known = extracted(folder)
    seen = {(m.domain, m.text, m.context) for value in made for m in messages_in(value)}
    assert seen, "no message was made"
    # The refusals every game shares (engine/contract.py) are of domain "engine", whose
    # catalogs tests/engine/test_words.py checks.
    wrong_domain = sorted({d for d, _t, _c in seen if d not in (domain, SHARED)})
    assert not wrong_domain, f"messages of other domains: {wrong_domain}"
    seen = {(d, t, c) for d, t, c in seen if d == domain}
    unknown = sorted((t, c) for _d, t, c in seen if (t, c) not in known)
    assert not unknown, f"{len(unknown)} messages not marked in the code: {unknown[:20]}"
