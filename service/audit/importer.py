"""Moving a game to this server (issue 5): an exported log becomes a game that replays
identically and goes on by email.

The file must verify first (hash chain, replay, and every chance outcome decided again from
its seed, :func:`service.audit.checks.verify`). Its events are appended again unchanged (payloads,
seats, times, moves): the header is the same (game, ruleset, seats, options, commitment), so
the chain and every hash come out the same. An unfinished game needs its seed (``pbem
export --with-secrets``): the commitment players were shown must keep deciding every
shuffle and roll still to come.

A game imported alone becomes a new game (a new id) whose players are invited by email.
A game moved with its host (``moving``, ``pbem import DIR``, issue 30 §3) keeps its id and
its players' settings, and nobody is emailed: the links in their mailboxes work on the new
host as on the old one.

Trust by default (issue 30 §4): the file becomes a live game that emails its players, so
its signature must be by the key the operator trusts (:class:`Acceptance`: this server's
own unless another is named), and a file with none, or signed by another key, is refused
unless the operator allows it by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy import update
from sqlalchemy.orm import Session

from engine import Game, registry
from engine.chance import commitment
from service.addresses import normal
from service.audit import checks as audit
from service.audit import players as seat_players
from service.audit import provenance, signing
from service.errors import BadRequest
from service.play import suppression, talk
from service.play.games import add_game_row, named_by_address, parse_players
from service.play.moves import outbox
from service.store import eventstore, snapshots
from service.store import people as people_store
from service.store.eventstore import Loaded, now
from service.store.models import EVENT_SCHEMA_VERSION, EventRow, GameRow, TalkRow
from service.store.upcast import upcast
from service.table import logfold, schedule
from service.table.events import RESUMED


class Refused(BadRequest):
    """The file cannot become a game here; the message says why and which event."""


@dataclass(frozen=True)
class Acceptance:
    """Which files an import takes: signed by ``key``, unless allowed otherwise by name."""

    key: Ed25519PublicKey
    whose: str
    """Whose key ``key`` is, for a refusal ("this server's own key", "the key you gave")."""
    allow_unsigned: bool = False
    allow_other_key: bool = False


Accepted = Literal["ok", "missing", "other-key"]
"""How the file's signature was taken: by the trusted key, or allowed without one, or
allowed by another key."""


@dataclass
class Imported:
    loaded: Loaded
    original_id: str | None
    events: int
    outbox_ids: list[int]
    signature: provenance.Signature
    accepted: Accepted


def accept(log: audit.Log, acceptance: Acceptance) -> tuple[provenance.Signature, Accepted]:
    """The file's signature and how it is taken; :class:`Refused` unless ``acceptance``
    takes it. A signature that does not hold under the key it carries is never taken."""
    signature = provenance.check(log, acceptance.key)
    if signature.status == "missing":
        if not acceptance.allow_unsigned:
            raise Refused(
                "The file is not signed: nothing shows where it comes from, nor that it is "
                "whole. Import it only if you trust whoever gave it to you, with "
                "--allow-unsigned."
            )
        return signature, "missing"
    if signature.ok:
        return signature, "ok"
    if not signature.other_key:
        raise Refused(f"The file's signature is bad: {signature.detail}.")
    carried = provenance.check(log)
    if not carried.ok:
        raise Refused(f"The file's signature is bad: {carried.detail}.")
    if not acceptance.allow_other_key:
        raise Refused(
            f"The file is signed by another key ({carried.public_key}) than "
            f"{acceptance.whose} ({signing.public_text(acceptance.key)}): give the key of the "
            "server it comes from with --key or --key-url, or import it all the same with "
            "--allow-other-key."
        )
    return carried, "other-key"


def import_log(
    session: Session,
    log: audit.Log,
    players: dict[str, str],
    snapshot_every: int,
    *,
    acceptance: Acceptance,
    moving: bool = False,
) -> Imported:
    """A game from ``log``; ``players`` maps each seat to ``"Name <email>"`` (else the
    file's own names and addresses, with their settings). Alone, it is a new game whose
    players are invited by email: an unfinished one resumes at its current decision with
    fresh deadlines. ``moving``, it keeps its id, its events are the file's alone (no
    resumption: its deadlines run on as they did) and nobody is emailed."""
    header = log.header
    game, seed = _verified(log)
    signature, accepted = accept(log, acceptance)
    game_id = _kept_id(session, log) if moving else None
    seats = list(header["seats"])
    folded = logfold.fold(
        game,
        seats,
        ((e, upcast(game.name, e.schema_version, e.payload)) for e in log.events),
    )
    # Seats whose player was forgotten; one who resigned (issue 32) is still named.
    gone = {seat for seat, _ in folded.table.left} - set(folded.table.resigned)
    # Seats a bot held from the start (issue 37 §3): no address to give them.
    bots = {seat: folded.table.level(seat) for seat in folded.table.seated_bots}
    people = _people(log, seats, players, gone | bots.keys())
    _admit(session, people, moving)
    chosen = {
        seat: _settings(log, seat)
        for seat in seats
        if seat not in players.keys() | gone | bots.keys()
    }
    over = logfold.over(game, folded)
    created = log.meta.get("created_at")
    row = add_game_row(
        session,
        game,
        header["ruleset"],
        header["options"],
        seed,
        people,
        created_at=datetime.fromisoformat(created) if created else None,
        game_id=game_id,
        # The table's choice (issue 35 §2); a file written before it was kept: the default.
        private_talk_after=log.meta.get("private_talk_after") is True,
    )
    _seat_settings(session, row, gone, chosen)
    for seat_row in row.seats:
        seat_row.bot = bots.get(seat_row.seat)
    # A moved game's scheduler picks up where the old host's left off (a cache of the log).
    due = None if over else schedule.next_due(folded.table, game.to_act(folded.state))
    _append(session, row, log, over, due if moving else None)
    _talk(session, row, log)
    loaded = eventstore.load(session, row.id)
    if not over and not moving:
        # Deadlines count from now: the move between servers is nobody's delay.
        resumed = {"type": RESUMED, "imported_from": log.meta.get("id")}
        loaded = eventstore.record(session, loaded, [resumed], None, snapshot_every=1)
        sent = outbox(session, row, [s for s in seats if s not in gone], "invitation")
    else:
        # A moved game gets a snapshot at its head: however long its log, the first load
        # on its new host folds no event of it.
        every = max(1, loaded.seq) if moving else snapshot_every
        snapshots.maybe_write(session, loaded.row.id, loaded.game.ruleset, loaded.folded, 0, every)
        sent = []
    return Imported(
        loaded=loaded,
        original_id=log.meta.get("id"),
        events=len(log.events),
        outbox_ids=sent,
        signature=signature,
        accepted=accepted,
    )


def _verified(log: audit.Log) -> tuple[Game, bytes]:
    """The file's game and seed, once it is served here, carries the seed it committed to, and
    verifies; :class:`Refused` otherwise."""
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
    return game, log.seed


def _admit(session: Session, people: dict[str, tuple[str | None, str]], moving: bool) -> None:
    """Refuses addresses whose owner asked for no email (issue 31); a moved game's players
    played on the old host: no newcomer's invitation rules here (issue 31 §3)."""
    try:
        suppression.refuse(session, [email for email, _ in people.values() if email is not None])
    except BadRequest as exc:
        raise Refused(exc.message) from exc
    if moving:
        for email, _name in people.values():
            if (key := normal(email) if email else None) is not None:
                people_store.acted(session, key, now())


def _seat_settings(
    session: Session,
    row: GameRow,
    gone: set[str],
    chosen: dict[str, seat_players.SeatSettings],
) -> None:
    moment = now()
    for seat_row in row.seats:
        if seat_row.seat in gone:  # its player asked to be forgotten on the other server
            seat_row.left_at = moment
        elif seat_row.seat in chosen:
            seat_players.apply(session, seat_row, chosen[seat_row.seat], moment)


def _append(
    session: Session, row: GameRow, log: audit.Log, over: bool, due: datetime | None
) -> None:
    """The file's events appended again unchanged; the last one ends the game if it is
    over and, for a moved game, says when its scheduler is next due."""
    for event in log.events:
        last = event is log.events[-1]
        eventstore.append(
            session,
            row,
            [event.payload],
            event.seat,
            event.seq - 1,
            over=over and last,
            move=event.move,
            recorded_at=event.recorded_at,
            due_at=due if last else None,
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


def _talk(session: Session, row: GameRow, log: audit.Log) -> None:
    """The words the file carries beside its ``table.said`` events (issue 35 §2), kept
    beside the log again (they matched their digests: :func:`audit.verify`). A saying the
    file carries no words of (erased, or not shown by a published log) reads as erased."""
    events = {e.seq: e for e in log.events}
    for seq, words in sorted(log.words.items()):
        if len(words.text) > talk.LONGEST:
            raise Refused(f"event {seq}: its words are longer than a saying can be.")
        event = events[seq]
        seat = event.payload.get("seat")
        session.add(
            TalkRow(
                game_id=row.id,
                seq=seq,
                seat=seat if isinstance(seat, str) else str(event.seat),
                said_at=event.recorded_at,
                salt=words.salt,
                text=words.text,
            )
        )
    session.flush()


def _kept_id(session: Session, log: audit.Log) -> str:
    """The id the game had on its old host, which it keeps: refused when it cannot be a
    game's or a game here has it."""
    game_id = log.meta.get("id")
    if not isinstance(game_id, str) or not eventstore.GAME_ID.fullmatch(game_id):
        raise Refused("The file names no game id to keep (export it again with --all).")
    if session.get(GameRow, game_id) is not None:
        raise Refused(f"A game {game_id} is already here: a moved game keeps its id.")
    return game_id


def _settings(log: audit.Log, seat: str) -> seat_players.SeatSettings:
    settings: Any = log.meta.get("settings") or {}
    if not isinstance(settings, dict):
        raise Refused("The file's players' settings are not an object.")
    try:
        return seat_players.read(seat, settings.get(seat))
    except BadRequest as exc:
        raise Refused(f"The file's {exc.message}.") from exc


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
    where an older server made it of the address (:func:`service.play.games.named_by_address`):
    this server shows "Player 2" instead."""
    name = names.get(seat) or ""
    if isinstance(name, str) and isinstance(email, str) and named_by_address(name, email.strip()):
        return ""
    return name
