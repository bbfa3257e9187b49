"""The key that signs every link (``SECRET_KEY``, DESIGN.md §5), refused when anyone could
know it (issue 14): a forged link shows a player's hidden cards and moves for them.

Every process that signs links, or starts work that does, checks it before it starts: the
web app (:func:`service.create_app`), the RQ worker (:class:`workers.process.Worker`), the
scheduler (``workers.cron``) and the commands that mail players (``create-game``,
``import``, ``sweep``). There is no development switch that turns the check off, since a
switch can be left on in production: ``make demo`` makes a key of its own and keeps it in
``instance/secret_key``, and the tests pass theirs.
"""

from __future__ import annotations

MIN_BYTES = 32
"""256 bits when random, as the command in :data:`HOW` makes it: beyond guessing offline
from a link someone forwarded, which is all a forger needs to check a guess."""
HOW = 'make one with: python -c "import secrets; print(secrets.token_urlsafe(48))"'


class UnsafeKey(RuntimeError):
    """The key would sign links anyone could forge; the message is one line."""


def problem(key: str) -> str | None:
    """Why ``key`` must not sign links, in one line; ``None`` when it may."""
    size = len(key.encode())
    if not key.strip():
        return f"SECRET_KEY is not set, and every link is signed with it: {HOW}"
    if size < MIN_BYTES:
        return (
            f"SECRET_KEY is too short ({size} bytes, at least {MIN_BYTES}): a short key can "
            f"be guessed and links forged; {HOW}"
        )
    return None


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
