"""The key that signs every link (``SECRET_KEY``, DESIGN.md §5), refused when anyone could
know it (issue 14) or when it is plainly not random (issue 30 §4): a forged link shows a
player's hidden cards and moves for them.

Every process that signs links, or starts work that does, checks it before it starts: the
web app (:func:`service.create_app`), the RQ worker (:class:`workers.process.Worker`), the
scheduler (``workers.cron``) and the commands that mail players (``create-game``,
``import``, ``sweep``). There is no development switch that turns the check off, since a
switch can be left on in production: ``make demo`` makes a key of its own and keeps it in
``instance/secret_key``, and the tests pass theirs.

"Plainly not random" is judged by rules a key drawn at random never meets in practice (each
below says how rarely), so that no key made as :data:`HOW` says, nor by ``openssl rand
-hex 32`` or ``-base64 32``, is ever refused; the reasons never quote the key, since they
are logged.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

MIN_BYTES = 32
"""256 bits when random, as the command in :data:`HOW` makes it: beyond guessing offline
from a link someone forwarded, which is all a forger needs to check a guess."""
HOW = 'make one with: python -c "import secrets; print(secrets.token_urlsafe(48))"'
MIN_DISTINCT = 16
"""Different bytes a key must hold: 32 or more bytes drawn from an alphabet of 64 letters
(base64, :data:`HOW`'s) show fewer than 16 of them about once in 10^7 draws. A phrase, a
word typed over and over, a date or a number shows fewer."""
SMALL_ALPHABETS = (
    (frozenset(b"0123456789abcdef"), 8),
    (frozenset(b"0123456789ABCDEF"), 8),
    (frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567="), 12),
)
"""Alphabets of random keys too small for :data:`MIN_DISTINCT`, each with the fewest
different bytes a key of theirs must hold: 32 random hex digits (``openssl rand -hex 16``)
miss one of the 16 almost always and show fewer than 8 about once in 10^7 draws; 32 base32
letters show fewer than 12 as rarely."""
MOST_RUNS = 0.75
"""The share of neighbouring characters that may be equal or next to each other in the
alphabet ('aa', 'ab', '43'): about one pair in six in a random hex key, nearly all of them
in 'aaaa...' or 'abcdefgh...'."""


class UnsafeKey(RuntimeError):
    """The key would sign links anyone could forge; the message is one line."""


def problem(key: str) -> str | None:
    """Why ``key`` must not sign links, in one line with the advice; ``None`` when it may."""
    if not key.strip():
        return f"SECRET_KEY is not set, and every link is signed with it: {HOW}"
    found = flaw(key)
    return None if found is None else f"SECRET_KEY {found}: {HOW}"


def flaw(key: str) -> str | None:
    """What is wrong with ``key`` ("is not set", "is too short (...)..."), else ``None``."""
    if not key.strip():
        return "is not set"
    return next((found for rule in RULES if (found := rule(key)) is not None), None)


def _padded(key: str) -> str | None:
    if key != key.strip():
        return (
            "begins or ends with whitespace (a space or line break copied with it?), which "
            "one process may keep and another drop, and is not random"
        )
    return None


def _short(key: str) -> str | None:
    size = len(key.encode())
    if size < MIN_BYTES:
        return (
            f"is too short ({size} bytes, at least {MIN_BYTES}): a short key can be guessed "
            "and links forged"
        )
    return None


def _one_character(key: str) -> str | None:
    if len(set(key)) == 1:
        return "is one character repeated: anyone could guess it"
    return None


def _repeating(key: str) -> str | None:
    """A run of characters written over and over ('abcabcabc...', 'secretsecret...'): the
    key equals itself shifted by at most half its length."""
    if any(key[period:] == key[:-period] for period in range(1, len(key) // 2 + 1)):
        return "is a few characters repeated over and over: anyone could guess it"
    return None


def _runs(key: str) -> str | None:
    steps = [abs(ord(b) - ord(a)) <= 1 for a, b in pairwise(key)]
    if steps and sum(steps) > MOST_RUNS * len(steps):
        return "is mostly runs such as 'aaaa' or 'abcd', not random"
    return None


def _few_distinct(key: str) -> str | None:
    used = set(key.encode())
    distinct = len(used)
    least = next((n for letters, n in SMALL_ALPHABETS if used <= letters), MIN_DISTINCT)
    if distinct < least:
        return (
            f"holds only {distinct} different bytes (a random one holds at least {least}): it "
            "looks like a word, a phrase or a number, not random"
        )
    return None


RULES: tuple[Callable[[str], str | None], ...] = (
    _padded,
    _short,
    _one_character,
    _repeating,
    _runs,
    _few_distinct,
)
"""In order: the first that finds a problem names it."""


def require(key: str) -> None:
    """Raise :class:`UnsafeKey` unless ``key`` may sign links."""
    found = problem(key)
    if found is not None:
        raise UnsafeKey(found)


def refuse_to_start(key: str) -> None:
    """Stop this process with the one-line reason (exit status 1) unless the key may sign
    links: for the RQ processes, whose command-line tools print a traceback for any other
    exception. Not for the web app: gunicorn starts a new worker whenever one exits this way,
    for ever, so :func:`service.create_app` raises :class:`UnsafeKey` instead, which gunicorn
    reports and stops on."""
    found = problem(key)
    if found is not None:
        raise SystemExit(found)
