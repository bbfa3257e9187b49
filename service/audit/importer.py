"""Moving a game to this server (issue 5): an exported log becomes a new game that replays
identically and goes on by email.

The file must verify first (hash chain, replay, and every chance outcome decided again from
its seed, :func:`service.audit.checks.verify`). Its events are appended again unchanged (payloads,
seats, times, moves): the header is the same (game, ruleset, seats, options, commitment), so
the chain and every hash come out the same under the new game id. An unfinished game needs
its seed (``pbem export --with-secrets``): the commitment players were shown must keep
deciding every shuffle and roll still to come.

A signed file's signature is checked first (:mod:`service.audit.provenance`), against the key the
operator gives or else the one the file carries: a bad signature is refused. An unsigned file
(exports from before signing) is accepted unless a signature is required; the caller is told
which (``Imported.signature``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import update
from sqlalchemy.orm import Session

from engine import registry
from engine.chance import commitment
from service.audit import checks as audit
from service.audit import provenance
from service.errors import BadRequest
from service.play.moves import add_game_row, outbox, parse_players
from service.store import eventstore, snapshots
from service.store.eventstore import Loaded
from service.store.models import EVENT_SCHEMA_VERSION, EventRow
from service.store.upcast import upcast
from service.table import logfold


class Refused(BadRequest):
    """The file cannot become a game here; the message says why and which event."""


@dataclass
class Imported:
    loaded: Loaded
    original_id: str | None
    events: int
    outbox_ids: list[int]
    signature: provenance.Signature


def import_log(
    session: Session,
    log: audit.Log,
    players: dict[str, str],
    snapshot_every: int,
    *,
    key: Ed25519PublicKey | None,
    require_signature: bool,
) -> Imported:
    """A new game from ``log``; ``players`` maps each seat to ``"Name <email>"`` (else the
    file's own names and addresses). Every player is invited by email; an unfinished game
    resumes at its current decision with fresh deadlines. The file's signature is checked
    against ``key`` (else the key it carries); ``require_signature`` refuses an unsigned
    file."""
    header = log.header
    try:
        game = registry.get(header["game"])
    except KeyError as exc:
        raise Refused(f"This server does not serve {header['game']!r}: {exc}") from exc
    if log.seed is None:
        raise Refused(
            "The file carries no seed, so the game could not go on with the chance it "
            "committed to. Export it again with --with-secrets."
        )
    if commitment(log.seed) != header["commitment"]:
        raise Refused("event 1: the seed does not match the game's commitment.")
    report = audit.verify(log)
    if not report.ok:
        raise Refused("The file does not verify: " + "; ".join(report.failures) + ".")
    signature = provenance.check(log, key)
    if signature.status == "bad":
        raise Refused(f"The file's signature is bad: {signature.detail}.")
    if signature.status == "missing" and require_signature:
        raise Refused("The file is not signed, and a signature is required.")
    seats = list(header["seats"])
    people = _people(log, seats, players)
    folded = logfold.fold(
        game,
        seats,
        ((e, upcast(game.name, e.schema_version, e.payload)) for e in log.events),
    )
    over = logfold.over(game, folded)
    created = log.meta.get("created_at")
    row = add_game_row(
        session,
        game,
        header["ruleset"],
        header["options"],
        log.seed,
        dict(zip(seats, people, strict=True)),
        created_at=datetime.fromisoformat(created) if created else None,
    )
    for event in log.events:
        eventstore.append(
            session,
            row,
            [event.payload],
            event.seat,
            event.seq - 1,
            over=over and event is log.events[-1],
            move=event.move,
            recorded_at=event.recorded_at,
        )
        if event.schema_version != EVENT_SCHEMA_VERSION:
            # Kept as recorded: upcasters read it, as they would have on the old server.
            session.execute(
                update(EventRow)
                .where(EventRow.game_id == row.id, EventRow.seq == event.seq)
                .values(schema_version=event.schema_version)
            )
    if row.head_hash != log.events[-1].hash:
        raise Refused(f"event {log.events[-1].seq}: the chain came out different here.")
    loaded = eventstore.load(session, row.id)
    if not over:
        # Deadlines count from now: the move between servers is nobody's delay.
        resumed = {"type": "table.resumed", "imported_from": log.meta.get("id")}
        loaded = eventstore.record(session, loaded, [resumed], None, snapshot_every=1)
        sent = outbox(session, row, seats, "invitation")
    else:
        snapshots.maybe_write(
            session, loaded.row.id, loaded.game.ruleset, loaded.folded, 0, snapshot_every
        )
        sent = []
    return Imported(
        loaded=loaded,
        original_id=log.meta.get("id"),
        events=len(log.events),
        outbox_ids=sent,
        signature=signature,
    )


def _people(log: audit.Log, seats: list[str], players: dict[str, str]) -> list[tuple[str, str]]:
    """``(email, name)`` per seat: given on the command line, else from a private export."""
    unknown = sorted(set(players) - set(seats))
    if unknown:
        raise Refused(f"The game has no seat {unknown[0]!r} (its seats: {', '.join(seats)}).")
    emails: dict[str, Any] = log.meta.get("emails") or {}
    names: dict[str, Any] = log.meta.get("names") or {}
    entries: list[Any] = []
    for seat in seats:
        if seat in players:
            given = players[seat].strip()
            entries.append(
                given if "<" in given else {"email": given, "name": names.get(seat) or ""}
            )
        elif emails.get(seat):
            entries.append({"email": emails[seat], "name": names.get(seat) or ""})
        else:
            raise Refused(
                f"No address for seat {seat}: give --player {seat}='Name <email>' "
                "(or import a file exported with --with-secrets)."
            )
    try:
        return parse_players(entries)
    except BadRequest as exc:
        raise Refused(exc.message) from exc
