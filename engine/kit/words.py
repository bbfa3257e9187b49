"""Words a player reads, as message ids with parameters (DESIGN.md §10.9).

An engine never chooses a language: where it has something to say (a narration, a move's
label, a prompt, a panel's heading) it returns a :class:`Msg`: the English source text,
which is also the message id of the gettext catalogs, with ``{named}`` placeholders and the
values that fill them. The service translates it in the reader's language, from the
catalog of the message's domain (each game has its own, in its folder, beside its
glossary), and formats the values: numbers, nested messages, lists (``Listing``, joined
as the language joins them) and seats (:class:`Seat`, which become players' names: a
seat is never found again in rendered text, DESIGN.md §10.9).

Each game makes its own markers, bound to its domain, and uses them as gettext's are used,
so ``pybabel extract`` finds every message::

    _, n_, p_ = markers("mygame")
    _("{seat} migrated the {pawn} to {territory}", seat=seat, pawn=..., territory=...)
    n_("{n} point", "{n} points", n=3)
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

Arg = Any
"""A parameter's value: ``str`` (taken as it is: a name, a number's digits), :class:`Seat`,
``int``, ``float``, :class:`Msg` or :class:`Listing`."""


class Seat(str):
    """A seat ("p2", as the service names seats, DESIGN.md §3) as a message's value: the
    reader's renderer says the player who holds it (issue 32 §1). Untranslated (logs, JSON,
    the view's hash) it reads as the seat itself. A seat is always one of these where words
    name it, never a ``str`` put in a sentence, so nothing has to find it in text again."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Seat({str.__repr__(self)})"

    def __reduce__(self) -> Any:
        return (Seat, (str.__str__(self),))


class Msg(str):
    """A message: its value as a ``str`` is its English rendering (so an untranslated
    message reads as today's English everywhere: JSON, logs, the view's hash), and it keeps
    what a translation needs. Formatting it with other text (``msg + "."``, an f-string)
    makes plain English text: compose whole messages instead."""

    domain: str
    text: str
    """The English source, and the catalogs' message id."""
    args: tuple[tuple[str, Arg], ...]
    plural: str | None
    """The English plural source: ``n`` (in ``args``) chooses the form, by the language's
    own rule (Russian and Ukrainian have three)."""
    context: str | None
    """Sets apart the same English words that mean two things (gettext's msgctxt)."""
    seated: bool
    """A seat is among its values (nested ones too): only then does its English for a reader
    differ from this English (the seat said as its player's name)."""

    def __new__(
        cls,
        domain: str,
        text: str,
        args: tuple[tuple[str, Arg], ...] = (),
        plural: str | None = None,
        context: str | None = None,
    ) -> Msg:
        # Issue 34 §2: the English is formatted once, from the English its nested messages
        # already hold, never by rendering them again.
        english, seated = _english(_source(text, plural, args), args)
        self = super().__new__(cls, english)
        self.domain, self.text, self.args = domain, text, args
        self.plural, self.context = plural, context
        self.seated = seated
        return self

    def __reduce__(self) -> Any:
        return (Msg, (self.domain, self.text, self.args, self.plural, self.context))

    @property
    def kwargs(self) -> dict[str, Arg]:
        return dict(self.args)

    def plural_n(self) -> Arg:
        """The value of ``n`` (which chooses a plural form), else 1."""
        for name, value in self.args:
            if name == "n":
                return value
        return 1

    def english(self) -> str:
        """The message in its source language, untranslated (logs, tests, the API)."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Msg({self.domain!r}, {self.text!r}, {self.args!r})"


@dataclass(frozen=True)
class Listing:
    """Items joined as the reader's language joins a list ("a, b and c")."""

    items: tuple[Arg, ...]
    style: Literal["and", "or"] = "and"


Text = str
"""What an engine returns where a player reads words: a :class:`Msg`, or a plain ``str``
that needs no translation (a name, a number); every ``Msg`` is a ``str``."""

_FIELDS = string.Formatter()


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``{placeholders}``."""
    return set(_placeholders(text))


@lru_cache(maxsize=4096)
def _placeholders(text: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in _FIELDS.parse(text) if name)


def _check(text: str, args: dict[str, Arg], plural: str | None) -> None:
    wanted = _placeholders(text) | (_placeholders(plural) if plural else frozenset())
    if wanted.issubset(args):
        return
    missing = wanted - set(args)
    if missing:
        raise KeyError(f"{text!r} needs {sorted(missing)}")


@dataclass(frozen=True)
class Markers:
    """A domain's three markers: ``_`` (a message), ``n_`` (one with plural forms, chosen by
    ``n``) and ``p_`` (one with a context)."""

    domain: str

    def message(self, text: str, /, **args: Arg) -> Msg:
        _check(text, args, None)
        return Msg(self.domain, text, tuple(sorted(args.items())))

    def plural(self, singular: str, plural: str, /, n: int, **args: Arg) -> Msg:
        every = {"n": n, **args}
        _check(singular, every, plural)
        return Msg(self.domain, singular, tuple(sorted(every.items())), plural=plural)

    def context(self, context: str, text: str, /, **args: Arg) -> Msg:
        _check(text, args, None)
        return Msg(self.domain, text, tuple(sorted(args.items())), context=context)


def markers(
    domain: str,
) -> tuple[Callable[..., Msg], Callable[..., Msg], Callable[..., Msg]]:
    """``(_, n_, p_)`` for ``domain``: the names ``pybabel extract`` looks for."""
    words = Markers(domain)
    return words.message, words.plural, words.context


def _source(text: str, plural: str | None, args: tuple[tuple[str, Arg], ...]) -> str:
    if plural is None:
        return text
    n = next((value for name, value in args if name == "n"), None)
    return plural if n != 1 else text


def _english(template: str, args: tuple[tuple[str, Arg], ...]) -> tuple[str, bool]:
    """``template`` filled in English, as :func:`render` fills it with the English
    templates and no reader's names (a nested message by its own English), and whether a
    seat is among the values. A template without values is formatted too: its escaped
    braces ("{{}}") are read as braces."""
    values = {}
    seated = False
    for name, arg in args:
        values[name], named = _english_value(arg)
        seated = seated or named
    return template.format_map(values), seated


def _english_value(arg: Arg) -> tuple[str, bool]:
    if isinstance(arg, Msg):
        return str.__str__(arg), arg.seated
    if isinstance(arg, Seat):
        return str.__str__(arg), True
    if isinstance(arg, Listing):
        said = [_english_value(item) for item in arg.items]
        return _english_list([s for s, _ in said], arg.style), any(n for _, n in said)
    return str(arg), False


Translate = Callable[[Msg], str]
"""The template of a message in the reader's language (its plural form chosen)."""


def render(
    message: Msg,
    translate: Translate,
    number: Callable[[int | float], str] = str,
    listing: Callable[[list[str], str], str] | None = None,
    seat: Callable[[Seat], str] = str.__str__,
) -> str:
    """``message`` in words: its template from ``translate``, its values formatted (nested
    messages and lists too) with ``number``, ``listing`` and ``seat`` (who holds it)."""
    return _format(translate(message), message.args, translate, number, listing, seat)


def _format(
    template: str,
    args: tuple[tuple[str, Arg], ...],
    translate: Translate,
    number: Callable[[int | float], str] = str,
    listing: Callable[[list[str], str], str] | None = None,
    seat: Callable[[Seat], str] = str.__str__,
) -> str:
    def value(arg: Arg) -> str:
        if isinstance(arg, Msg):
            return render(arg, translate, number, listing, seat)
        if isinstance(arg, Seat):
            return seat(arg)
        if isinstance(arg, Listing):
            items = [value(i) for i in arg.items]
            if listing is not None:
                return listing(items, arg.style)
            return _english_list(items, arg.style)
        if isinstance(arg, bool):
            return str(arg)
        if isinstance(arg, int | float):
            return number(arg)
        return str(arg)

    return template.format_map({name: value(arg) for name, arg in args})


def _english_list(items: list[str], style: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {style} {items[-1]}"


def english(text: Text | Iterable[Text]) -> str:
    """Text in its source language: a message rendered, a string as it is."""
    if isinstance(text, str):
        return str.__str__(text)
    return "".join(english(t) for t in text)
