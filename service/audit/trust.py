"""Which key the ``pbem`` command checks an export's signature against (issue 14 §5), and
what a good signature then shows: a key given (``--key``), fetched from an address given
(``--key-url``), fetched from the server the file itself names (``--fetch-key``: that shows
only that this server signed it), or, by default, the key the file carries, which anyone
could have made (``verify``) or this server's own key (``import``, issue 30 §4: a file
becomes a live game that emails its players, so only a key someone chose is trusted)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from service.audit import checks as audit
from service.audit import provenance, signing
from service.config import Settings


@dataclass(frozen=True)
class Trust:
    """The key a file's signature is checked against, and what a good signature then shows."""

    key: Ed25519PublicKey | None
    shows: str
    """Said after "signature: ok, by"; ``{key}`` is the key, ``{events}`` the count."""
    named: bool = False
    """Whether the operator named the key (``--key``, ``--key-url``, ``--fetch-key``): then
    the question is whether that key signed the file, and a file with no signature fails."""


CARRIED = Trust(
    None,
    "the key the file carries ({key}), which anyone could have made: the file is unchanged "
    "since it was signed, not shown to be your server's; check that with --key or --key-url",
)


def own(settings: Settings) -> Trust:
    """This server's own key (``SIGNING_KEY``, or derived from ``SECRET_KEY``): what ``pbem
    import`` checks a file against unless another key is named."""
    try:
        key = signing.private_key(settings).public_key()
    except signing.BadKey as exc:
        raise click.ClickException(str(exc)) from exc
    return Trust(
        key,
        "this server's own key ({key}): this server exported exactly this header, these names "
        "and these {events} events",
    )


KEY = click.option(
    "--key",
    "key_text",
    metavar="KEY",
    help="The server's public key to check the signature against: a file holding it, or its "
    "base64 or PEM text.",
)
KEY_URL = click.option(
    "--key-url",
    metavar="URL",
    help="Fetch the key to check against from URL (a server's address, or its "
    f"{signing.WELL_KNOWN}).",
)


def options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The signature options of ``verify``."""
    added = [
        KEY,
        KEY_URL,
        click.option(
            "--fetch-key",
            is_flag=True,
            help="Fetch the key from the server the file itself names. That shows only that "
            "this server signed it, not that it is the server you think it is.",
        ),
        click.option(
            "--require-signature",
            is_flag=True,
            help="Fail unless the file is signed by the key of --key, --key-url or --fetch-key.",
        ),
    ]
    for option in reversed(added):
        command = option(command)
    return command


def import_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The signature options of ``import``: the key it checks against (this server's own
    unless one is named; never one the file chooses, as ``--fetch-key`` would), and what it
    takes beyond a file that key signed."""
    added = [
        KEY,
        KEY_URL,
        click.option(
            "--require-signature",
            is_flag=True,
            hidden=True,
            help="What import does by default (kept for the scripts that give it).",
        ),
        click.option(
            "--allow-unsigned",
            is_flag=True,
            help="Import a file that carries no signature (an export from before signing), "
            "though nothing shows where it comes from or that it is whole.",
        ),
        click.option(
            "--allow-other-key",
            is_flag=True,
            help="Import a file signed by a key other than the one checked against (this "
            "server's own, or that of --key or --key-url), checking it only against the key "
            "it carries: that shows the file unchanged since it was signed, not who signed it.",
        ),
    ]
    for option in reversed(added):
        command = option(command)
    return command


def choose(
    log: audit.Log,
    key_text: str | None,
    key_url: str | None,
    fetch_key: bool,
    required: bool,
    default: Trust = CARRIED,
) -> Trust:
    if sum(map(bool, (key_text, key_url, fetch_key))) > 1:
        raise click.ClickException("give one of --key, --key-url and --fetch-key")
    if required and default.key is None and not (key_text or key_url or fetch_key):
        raise click.ClickException(
            "--require-signature needs the key to check against: give --key, --key-url or "
            "--fetch-key (the key a file carries proves nothing by itself)"
        )
    try:
        if key_text:
            path = Path(key_text)
            text = path.read_text() if path.is_file() else key_text
            return Trust(
                signing.parse_public_key(text),
                "the key you gave ({key}): its holder published exactly this header, these "
                "names and these {events} events",
                named=True,
            )
        if key_url:
            url = key_url if urlsplit(key_url).path.strip("/") else signing.key_url(key_url)
            return Trust(
                signing.fetch_public_key(url),
                f"the key published at {url} ({{key}}): that server published exactly this "
                "header, these names and these {events} events",
                named=True,
            )
        server = log.signature.get("server") if isinstance(log.signature, dict) else None
        if fetch_key and isinstance(server, str):
            url = signing.key_url(server)
            return Trust(
                signing.fetch_public_key(url),
                f"the key published at {url} ({{key}}), the server the file itself names: that "
                "server signed it, which does not make it the server you think it is",
                named=True,
            )
    except (OSError, signing.BadKey) as exc:
        raise click.ClickException(f"cannot read the key: {exc}") from exc
    return default


def line(signature: provenance.Signature, trust: Trust, events: int) -> str:
    if signature.ok:
        shown = trust.shows.format(key=signature.public_key, events=events)
        return f"signature: ok, by {shown}"
    return f"signature: {signature.status}: {signature.detail}"
