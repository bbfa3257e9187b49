"""The operator's commands against abuse (issue 30): ``pbem block``, ``unblock``,
``blocked`` and ``close``. Each refusal is one line and exit status 1, as every ``pbem``
command's (:class:`service.cli.commands.Commands`)."""

from __future__ import annotations

import json

import click
from flask import current_app
from flask.cli import with_appcontext

from service import secret_key
from service.config import Settings
from service.mail.queue import enqueue_outbox
from service.play import blocklist, closing
from service.store.db import sessions


def _settings() -> Settings:
    settings: Settings = current_app.extensions["pbem"]
    return settings


@click.command()
@click.argument("target", metavar="ADDRESS|@DOMAIN")
@with_appcontext
def block(target: str) -> None:
    """Send no email to ADDRESS, or to any address at @DOMAIN and its subdomains, and
    refuse it as a new player (a new game, an import, a seat handed over, a sign-in)."""
    with sessions(_settings().database_url).begin() as session:
        kept = blocklist.block(session, target)
    click.echo(f"blocked {blocklist.shown(kept)}")


@click.command()
@click.argument("target", metavar="ADDRESS|@DOMAIN")
@with_appcontext
def unblock(target: str) -> None:
    """Lift the block on ADDRESS or @DOMAIN, exactly as it was blocked."""
    with sessions(_settings().database_url).begin() as session:
        kept = blocklist.unblock(session, target)
    click.echo(f"unblocked {blocklist.shown(kept)}")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="One JSON object per line.")
@with_appcontext
def blocked(as_json: bool) -> None:
    """List what is blocked, oldest first: each address or @domain, and since when."""
    with sessions(_settings().database_url)() as session:
        rows = blocklist.listing(session)
    for row in rows:
        since = row.created_at.isoformat(timespec="seconds")
        readable = blocklist.shown(row.pattern)
        if as_json:
            click.echo(
                json.dumps(
                    {"blocked": row.pattern, "reads": readable, "since": since},
                    ensure_ascii=False,
                )
            )
        else:
            also = f" ({row.pattern})" if readable != row.pattern else ""
            click.echo(f"{readable}{also}  since {since}")


@click.command()
@click.argument("game_id")
@with_appcontext
def close(game_id: str) -> None:
    """End GAME_ID as it stands, for good, and email its players that the host closed it.
    Refused for a game that is finished."""
    settings = _settings()
    secret_key.require(settings.secret_key)  # its emails carry links signed with the key
    with sessions(settings.database_url).begin() as session:
        applied = closing.close(session, game_id)
    enqueue_outbox(settings, applied.outbox_ids)
    click.echo(
        json.dumps({"closed": game_id, "seq": applied.loaded.seq, "told": len(applied.outbox_ids)})
    )


COMMANDS = (block, unblock, blocked, close)
