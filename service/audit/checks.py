"""Checking a game's log (DESIGN.md §4, §6): the hash chain, a full replay through the
engine and, once the seed is known, every chance outcome decided again from it.

Works on a stored game or on an exported file alike: both become a :class:`Log`.
"""

from __future__ import annotations

import hmac
import json
from dataclasses import asdict, fields
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Game, IllegalMove, State, codec, registry, setup_under
from engine.chance import commitment, rng_for
from engine.kit import plans as orders
from service.audit import players, provenance, signing

# Re-exported: the log's readers (the importer, the CLI, the tests) name them `checks.Log`.
from service.audit.gamelog import Log as Log
from service.audit.gamelog import LogEvent as LogEvent
from service.audit.gamelog import Report as Report
from service.audit.gamelog import Words
from service.play import bots, talk
from service.store import eventstore, hashchain, snapshots
from service.store.models import GameRow, SnapshotRow
from service.store.upcast import upcast
from service.table import logfold
from service.table.events import PLAN_DROPPED, PLAN_FIRED, PLAN_SET, SAID
from service.table.state import is_table

FORMAT = "pbem-log/1"
EVENT_FIELDS = tuple(f.name for f in fields(LogEvent))
HEADER_FIELDS = ("game", "ruleset", "seats", "options", "commitment")
META_FIELDS = ("id", "names", "emails", "settings", "created_at", "private_talk_after")
CLAIM_TYPES = {
    "head_hash": (str, "a text"),
    "last_seq": (int, "a number"),
    "over": (bool, "true or false"),
}
"""What an export says of the server's record when it was written: covered by its signature,
and checked against the events (``last_seq`` short of them is a cut log)."""


def from_file_lines(lines: list[str]) -> Log:
    """A log written by :func:`to_file_lines` (``pbem export``)."""
    records = [json.loads(line) for line in lines if line.strip()]
    if not records or records[0].get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} export: the first line must be its header")
    head = records[0]
    events = [
        LogEvent(
            **{
                **{k: r.get(k) for k in EVENT_FIELDS},
                "recorded_at": datetime.fromisoformat(r["recorded_at"]),
            }
        )
        for r in records[1:]
    ]
    seed = bytes.fromhex(head["seed"]) if head.get("seed") else None
    claimed = {k: head.get(k) for k in CLAIM_TYPES}
    for name, (kind, said) in CLAIM_TYPES.items():
        if claimed[name] is not None and type(claimed[name]) is not kind:
            raise ValueError(f"the header's {name} must be {said}")
    if head.get("private_talk_after") not in (None, True, False):
        raise ValueError("the header's private_talk_after must be true or false")
    return Log(
        header={k: head[k] for k in HEADER_FIELDS},
        events=events,
        seed=seed,
        meta={k: head[k] for k in META_FIELDS if head.get(k) is not None},
        signature=head.get("signature"),
        words={r.get("seq"): _words_read(r) for r in records[1:] if r.get("words") is not None},
        **claimed,
    )


def _words_read(record: dict[str, Any]) -> Words:
    """The words an event line carries beside its event (issue 35 §2)."""
    given = record["words"]
    if (
        not isinstance(given, dict)
        or not isinstance(given.get("salt"), str)
        or not isinstance(given.get("text"), str)
    ):
        raise ValueError(
            f"event {record.get('seq')}: its words must be an object of a salt and a text"
        )
    return Words(salt=given["salt"], text=given["text"])


def to_file_lines(
    session: Session,
    game_id: str,
    *,
    with_secrets: bool = False,
    signer: signing.Signer | None = None,
) -> list[str]:
    """The game as JSON lines: a header (the seed only once the game is over), then every
    event; what :func:`from_file_lines` reads back. The header says the head hash, the
    number of events and whether the game is over and, with ``signer``, carries the server's
    signature over all that (:func:`service.audit.provenance.claims`).

    Once the game is over, the line of each ``table.said`` event carries its words and salt
    beside the event (``words``, issue 35 §2): the words said to the table, and those said
    to one player alone only where the table chose so at creation (``private_talk_after``,
    in the header); erased words never.

    ``with_secrets`` adds the seed at any time, the players' addresses and their settings
    (:mod:`service.audit.players`) and every word kept: what moving an unfinished game to
    another server needs (``pbem import``). Such a file is private: the seed foretells every
    shuffle and roll still to come."""
    row = eventstore.get_row(session, game_id)
    log = _log_of(session, row)
    log.meta = {
        "id": row.id,
        "names": {s.seat: s.name for s in row.seats},
        "created_at": hashchain.timestamp(row.created_at),
        "private_talk_after": row.private_talk_after,
    }
    # What a finished game's export shows, and a private one at any time.
    revealed = with_secrets or eventstore.load(session, game_id).finished
    head = {
        "format": FORMAT,
        **log.header,
        **log.meta,
        "head_hash": log.head_hash,
        "last_seq": log.last_seq,
        "over": log.over,
        "seed": row.seed if revealed else None,
    }
    if signer is not None:
        head["signature"] = provenance.sign(log, signer)
    if with_secrets:
        head["emails"] = {s.seat: s.email for s in row.seats}
        head["settings"] = players.written(session, row)
    shown = shown_words(session, row, log, everything=with_secrets) if revealed else {}
    lines = [json.dumps(head, sort_keys=True)]
    for event in log.events:
        record = asdict(event) | {"recorded_at": hashchain.timestamp(event.recorded_at)}
        if event.seq in shown:
            record["words"] = asdict(shown[event.seq])
        lines.append(json.dumps(record, sort_keys=True))
    return lines


def shown_words(session: Session, row: GameRow, log: Log, *, everything: bool) -> dict[int, Words]:
    """The words an export carries beside the game's ``table.said`` events (issue 35 §2):
    ``everything`` kept (a host's move takes the game's talk with it), else the words said
    to the table, and those said to one player alone only where the table chose so at
    creation. Erased words never: their player was forgotten."""
    private = everything or row.private_talk_after
    seqs = [
        e.seq
        for e in log.events
        if e.payload.get("type") == SAID and (private or talk.hears(e.payload, None))
    ]
    return {
        seq: Words(salt, text) for seq, (salt, text) in talk.kept(session, row.id, seqs).items()
    }


def verify(log: Log) -> Report:
    report = Report(events=len(log.events))
    report.failures.extend(_chain(log))
    report.failures.extend(_words(log))
    report.failures.extend(_replay(log, report))
    report.failures.extend(_plans(log))
    if log.seed is not None:
        report.chance_checked = True
        if commitment(log.seed) != log.header["commitment"]:
            report.failures.append("event 1: the seed does not match the game's commitment")
        else:
            report.failures.extend(_chance(log))
    return report


def _chain(log: Log) -> list[str]:
    failures = []
    prev = hashchain.header_hash(log.header)
    for expected_seq, event in enumerate(log.events, start=1):
        if event.seq != expected_seq:
            failures.append(f"event {expected_seq}: missing (found {event.seq} in its place)")
            break
        if event.prev_hash != prev:
            failures.append(f"event {event.seq}: does not follow the event before it")
        digest = hashchain.event_hash(
            event.prev_hash, event.seq, event.seat, event.recorded_at, event.payload, event.move
        )
        if digest != event.hash:
            failures.append(f"event {event.seq}: its contents do not match its hash")
        if event.type != event.payload.get("type"):
            failures.append(f"event {event.seq}: its type differs from its payload's")
        prev = event.hash
    if log.events and log.head_hash is not None and log.head_hash != log.events[-1].hash:
        failures.append(f"event {log.events[-1].seq}: the game's head hash differs")
    if log.last_seq is not None and log.last_seq != len(log.events):
        failures.append(
            f"event {log.last_seq}: the game expects {log.last_seq} events, "
            f"the log has {len(log.events)}"
        )
    return failures


def _words(log: Log) -> list[str]:
    """The words a file carries beside its ``table.said`` events (issue 35 §2), each checked
    against the salted digest its event's payload holds, which the chain covers: a word
    changed in the file is caught here."""
    events = {e.seq: e for e in log.events}
    failures = []
    for seq, words in sorted(log.words.items()):
        event = events.get(seq)
        if event is None or event.payload.get("type") != SAID:
            failures.append(f"event {seq}: it carries words, but it is no saying")
        elif not words.salt.isascii() or not hmac.compare_digest(
            talk.digest(words.salt, words.text), str(event.payload.get("digest"))
        ):
            failures.append(f"event {seq}: the words beside it do not match its digest")
    return failures


def _replay(log: Log, report: Report) -> list[str]:
    name = log.header["game"]
    try:
        game = registry.get(name)
    except KeyError as exc:
        return [exc.args[0]]
    failures: list[str] = []
    folder = logfold.Folder(game, log.header["seats"])
    for event in log.events:
        try:
            folder.feed(event, upcast(name, event.schema_version, event.payload))
        except Exception as exc:  # a log the engine cannot fold is what this tool reports
            return [*failures, f"event {event.seq}: the engine cannot apply it ({exc!r})"]
        if event.seq in log.snapshots:
            folder.settle()
            try:
                state, table = snapshots.read(log.snapshots[event.seq])
                if (state, table) != (folder.now.state, folder.now.table):
                    failures.append(f"event {event.seq}: the snapshot differs from the replay")
            except snapshots.OlderSnapshot:
                pass  # an older service's cache, never loaded: nothing of the game's
            except (codec.CodecError, TypeError, KeyError) as exc:
                failures.append(f"event {event.seq}: the snapshot cannot be read ({exc})")
    folded = folder.done()
    ended = logfold.over(game, folded)
    report.over = ended
    if folded.state is not None and log.over is not None and ended != log.over:
        failures.append(f"event {len(log.events)}: the replay and the game disagree on the end")
    return failures


def _plans(log: Log) -> list[str]:
    """Issue 38: each planned move is the one its plan plays where it was played, at a
    decision of its seat begun after the plan was set, and every plan named was set first.
    A fold of its own (it settles the table before each planned move), for a log with
    plans only."""
    if not any(e.type == PLAN_SET for e in log.events):
        return []
    name = log.header["game"]
    try:
        game = registry.get(name)
    except KeyError:
        return []  # the replay names the game this server does not serve
    failures: list[str] = []
    folder = logfold.Folder(game, log.header["seats"])
    set_: dict[tuple[Any, Any], dict[str, Any]] = {}
    pending: tuple[Any, Any] | None = None
    for event in log.events:
        try:
            payload = upcast(name, event.schema_version, event.payload)
        except ValueError:
            return failures  # a schema this server cannot read: the replay names the event
        kind = payload["type"]
        plan = (payload.get("seat"), payload.get("plan"))
        if kind == PLAN_SET:
            set_[plan] = payload
            if orders.problem(game, payload.get("order")) is not None:
                failures.append(f"event {event.seq}: a plan this game does not offer")
        elif kind in (PLAN_FIRED, PLAN_DROPPED) and plan not in set_:
            failures.append(f"event {event.seq}: a plan never set")
        elif kind == PLAN_FIRED:
            pending = plan
        elif pending is not None and event.move is not None and not is_table(payload):
            failures += _planned(game, folder, event, set_[pending])
            pending = None
        try:
            folder.feed(event, payload)
        except Exception:  # the replay reports a log the engine cannot fold
            return failures
    return failures


def _planned(
    game: Game, folder: logfold.Folder, event: LogEvent, plan: dict[str, Any]
) -> list[str]:
    folder.settle()
    state, table = folder.now.state, folder.now.table
    seat = plan.get("seat")
    if event.seat != seat or state is None:
        return [f"event {event.seq}: a plan of {seat} played another seat's move"]
    began = table.decision_seq(str(seat))
    if began is None or began <= int(plan.get("after") or 0):
        return [f"event {event.seq}: a plan played a decision begun before it was set"]
    chosen = orders.act(game, state, str(seat), plan.get("order") or {})
    if not isinstance(chosen, dict) or orders.key(chosen) != orders.key(event.move or {}):
        return [f"event {event.seq}: the planned move is not the one its plan plays there"]
    return []


def _chance(log: Log) -> list[str]:
    """Decide every recorded move again with the rng of its ``seq``: the same events must come
    out, so no shuffle or roll was chosen after the fact. Events recorded under an older
    schema are compared as the engine reads them today (through the upcasters)."""
    assert log.seed is not None
    name = log.header["game"]
    try:
        game = registry.get(name)
    except KeyError:
        return []  # the replay names the game this server does not serve
    events = log.events
    try:
        today = [upcast(name, e.schema_version, e.payload) for e in events]
    except ValueError:  # a schema this server cannot read: the replay names the event
        return []
    # The opening of the ruleset the game was recorded under (an older one the engine still
    # plays sets up as it did then).
    try:
        opening_events = setup_under(
            game,
            log.header["ruleset"],
            list(log.header["seats"]),
            log.header["options"],
            rng_for(log.seed, 1),
        )
    except KeyError as exc:
        return [f"event 1: {exc.args[0]}"]
    expected = _plain(opening_events)
    opening = today[: len(expected)]
    if opening != expected:
        if _cut_short(opening, expected):
            return [_cut(events, "the game's opening")]
        return ["event 1: the opening events differ from those the seed gives"]
    folder = logfold.Folder(game, log.header["seats"])
    for event, payload in zip(events[: len(expected)], opening, strict=True):
        folder.feed(event, payload)
    i = len(expected)
    while i < len(events):
        first = events[i]
        if is_table(today[i]):
            folder.feed(first, today[i])
            i += 1
            continue
        if first.seat is None:
            return [f"event {first.seq}: no recorded move to decide again"]
        state = folder.now.state
        if first.move is None:
            # Recorded before moves were (schema 0001, issue 30 §3): one of the seat's legal
            # moves, decided again with this event's rng, must give these very events.
            found = _found(game, state, first.seat, log.seed, first.seq, today[i:])
            if found is None:
                return [
                    f"event {first.seq}: recorded without its move, and no legal move of "
                    f"{first.seat} gives these events with the seed"
                ]
            produced = found
        else:
            table = folder.now.table
            if first.seat in table.bots and table.recorded(first.seat):
                # Issue 37: a bot's move is the one its level chooses from the seed.
                chosen = bots.move_for(game, state, table, first.seat, log.seed, first.seq)
                if _plain([chosen]) != _plain([first.move]):
                    return [
                        f"event {first.seq}: the bot's recorded move is not the one its "
                        "level chooses with the seed"
                    ]
            try:
                rng = rng_for(log.seed, first.seq)
                produced = _plain(game.decide(state, first.seat, first.move, rng))
            except IllegalMove as exc:
                return [f"event {first.seq}: its recorded move is not legal there ({exc})"]
        batch = today[i : i + len(produced)]
        if batch != produced:
            if _cut_short(batch, produced):
                return [_cut(events, f"the events of the move at event {first.seq}")]
            return [f"event {first.seq}: the seed gives different events for this move"]
        for event, payload in zip(events[i : i + len(produced)], batch, strict=True):
            folder.feed(event, payload)
        i += len(produced)
    return []


def _found(
    game: Game, state: State, seat: str, seed: bytes, seq: int, rest: list[dict[str, Any]]
) -> list[dict[str, Any]] | None:
    """The events of the first legal move of ``seat`` that, decided with the rng of
    ``seq``, gives the events ``rest`` begins with; None when none does."""
    for move in game.legal_moves(state, seat):
        produced = _plain(game.decide(state, seat, move, rng_for(seed, seq)))
        if rest[: len(produced)] == produced:
            return produced
    return None


def _cut_short(found: list[dict[str, Any]], expected: list[dict[str, Any]]) -> bool:
    """Whether the log ends part-way through events that agree with the seed so far."""
    return len(found) < len(expected) and found == expected[: len(found)]


def _cut(events: list[LogEvent], where: str) -> str:
    """A log that ends part-way through the events of one decision (or of the opening) was
    cut, a truncated file: not the seed disagreeing."""
    last = events[-1].seq if events else 0
    return f"event {last + 1}: missing: the log is cut after event {last}, part-way through {where}"


def _plain(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    plain: list[dict[str, Any]] = json.loads(json.dumps(events))
    return plain


def kept_words(session: Session, game_id: str, log: Log) -> list[str]:
    """What the stored game's players said (issue 35 §2), checked against the log: words
    kept beside a ``table.said`` event must match the salted digest its hash covers. Erased
    words (their player was forgotten) are no failure: the chain never held them."""
    digests = {
        e.seq: str(e.payload.get("digest")) for e in log.events if e.payload.get("type") == SAID
    }
    return [
        f"event {seq}: the words kept beside it do not match its digest"
        for seq in talk.altered(session, game_id, digests)
    ]


def from_store(session: Session, game_id: str) -> Log:
    """A stored game's log; the server holds the seed, so chance is checked too."""
    return _log_of(session, eventstore.get_row(session, game_id))


def _log_of(session: Session, row: GameRow) -> Log:
    events = [
        LogEvent(**{k: getattr(e, k) for k in EVENT_FIELDS})
        for e in eventstore.events_of(session, row.id)
    ]
    stored = {
        s.seq: s.state
        for s in session.scalars(
            select(SnapshotRow).where(
                SnapshotRow.game_id == row.id, SnapshotRow.ruleset == row.ruleset
            )
        )
    }
    return Log(
        header=eventstore.header(row),
        events=events,
        seed=bytes.fromhex(row.seed),
        head_hash=row.head_hash,
        last_seq=row.last_seq,
        over=row.over,
        snapshots=stored,
    )
