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
from service.play import blocklist
from service.play.moves import add_game_row, named_by_address, outbox, parse_players
from service.store import eventstore, snapshots
from service.store.eventstore import Loaded, now
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
    folded = logfold.fold(
        game,
        seats,
        ((e, upcast(game.name, e.schema_version, e.payload)) for e in log.events),
    )
    gone = {seat for seat, _ in folded.table.left}
    people = _people(log, seats, players, gone)
    try:
        blocklist.refuse(session, [email for email, _ in people.values() if email is not None])
    except BadRequest as exc:
        raise Refused(exc.message) from exc
    over = logfold.over(game, folded)
    created = log.meta.get("created_at")
    row = add_game_row(
        session,
        game,
        header["ruleset"],
        header["options"],
        log.seed,
        people,
        created_at=datetime.fromisoformat(created) if created else None,
    )
    for seat_row in row.seats:
        if seat_row.seat in gone:  # its player asked to be forgotten on the other server
            seat_row.left_at = now()
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
        sent = outbox(session, row, [s for s in seats if s not in gone], "invitation")
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


def _people(
    log: audit.Log, seats: list[str], players: dict[str, str], gone: set[str]
) -> dict[str, tuple[str | None, str]]:
    """``(email, name)`` per seat: given on the command line, else from a private export;
    none for a seat whose player left and was forgotten (``gone``), which takes none."""
    unknown = sorted(set(players) - set(seats))
    if unknown:
        raise Refused(f"The game has no seat {unknown[0]!r} (its seats: {', '.join(seats)}).")
    refused = sorted(set(players) & gone)
    if refused:
        raise Refused(
            f"Seat {refused[0]}'s player left the game and was forgotten: the seat takes no "
            "address (its table decides about it, as for a player who went quiet)."
        )
    emails: dict[str, Any] = log.meta.get("emails") or {}
    names: dict[str, Any] = log.meta.get("names") or {}
    entries: list[Any] = []
    present = [seat for seat in seats if seat not in gone]
    for seat in present:
        if seat in players:
            given = players[seat].strip()
            entries.append(
                given if "<" in given else {"email": given, "name": _name(names, seat, given)}
            )
        elif emails.get(seat):
            entries.append({"email": emails[seat], "name": _name(names, seat, emails[seat])})
        else:
            raise Refused(
                f"No address for seat {seat}: give --player {seat}='Name <email>' "
                "(or import a file exported with --with-secrets)."
            )
    try:
        parsed = dict(zip(present, parse_players(entries), strict=True)) if present else {}
    except BadRequest as exc:
        raise Refused(exc.message) from exc
    return {seat: parsed.get(seat, (None, "")) for seat in seats}


def _name(names: dict[str, Any], seat: str, email: Any) -> Any:
    """The file's name for ``seat`` (read as any name is, by :func:`parse_players`); none
    where an older server made it of the address (:func:`service.play.moves.named_by_address`):
    this server shows "Player 2" instead."""
    name = names.get(seat) or ""
    if isinstance(name, str) and isinstance(email, str) and named_by_address(name, email.strip()):
        return ""
    return name
