"""A game's log as people read it (issue 5): every event with its number, time, the player
who held the seat then, a description and its hash, and the board after any event.

What a viewer may read while the game goes on (DESIGN.md §3: ``view`` is the only way hidden
information leaves the engine):

- A decision is described (``describe(state, move)``) only to the seat that made it, and
  only to whoever held the seat at the time. Everyone else reads the public effect: the
  event's type in words, never its payload. A label such as "Keep the objective X" would
  otherwise show another player's hand.
- Table events (``table.*``: reminders, votes, seats changing hands) hold no game secret and
  are described to all.
- Hashes wait for the end as well: an event's hash, beside the hash before it, lets anyone
  try every possible hidden card until one matches.
- The board at a step is ``view(state, seat)`` for the seat's holder at that step, else
  ``view(state, None)``.

Once the game has reached its end by its rules (:attr:`service.store.eventstore.Loaded.finished`)
everything is shown: every move described, every payload, every hash, any seat's view.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from engine import Game, State, contract, registry
from service.boards.naming import with_names
from service.errors import NotFound, Replaced
from service.store import eventstore
from service.store.models import EventRow, GameRow
from service.table import logfold
from service.table import rules as tables
from service.table.logfold import Folded
from service.words import _, n_


@dataclass(frozen=True)
class Viewer:
    """Who reads: a spectator (no seat), or the holder of a seat for the events from
    ``first_seq`` to ``last_seq`` (a replaced holder keeps their own stretch, no more)."""

    seat: str | None = None
    first_seq: int = 1
    last_seq: int | None = None

    def holds(self, seat: str | None, seq: int) -> bool:
        return (
            seat is not None
            and seat == self.seat
            and self.first_seq <= seq
            and (self.last_seq is None or seq <= self.last_seq)
        )


SPECTATOR = Viewer()


@dataclass(frozen=True)
class Entry:
    seq: int
    recorded_at: datetime
    seat: str | None
    name: str | None
    """Who held the seat when the event was recorded."""
    by_bot: bool
    turn: int
    """0 for the opening; then each run of decisions by one seat is a turn."""
    table: bool
    decision: str | None
    """The move's label, on a decision's first event, when the viewer may read it."""
    decided: bool
    """The event opens a decision (its row carries the move)."""
    bookkeeping: bool
    """The event only keeps the engine's books: the game tells nothing of it."""
    text: str
    details: str | None
    """Payload (and move) as JSON, once the game is over."""
    hash: str | None
    undone: bool


@dataclass
class Record:
    """A game's whole log folded once: the rows, and the game after each of them."""

    row: GameRow
    game: Game
    events: list[EventRow]
    payloads: list[dict[str, Any]]
    steps: list[Folded]
    finished: bool
    holders: list[dict[str, str]]
    """For each event, the name of each seat's player at that moment."""
    claims: dict[str, list[int]]
    """For each seat, the seqs at which a new player took it over, in order."""

    @property
    def last(self) -> int:
        return len(self.events)

    @property
    def names(self) -> dict[str, str]:
        """Each seat's player now."""
        return self.holders[-1] if self.holders else {s.seat: s.name for s in self.row.seats}

    def state_after(self, seq: int) -> State:
        return self.steps[seq - 1].state if seq else None

    def viewer(self, seat: str, generation: int) -> Viewer:
        """The stretch of the log the ``generation``-th holder of ``seat`` played."""
        if seat not in self.claims:
            raise NotFound(_("Game {id} has no seat {seat}.", id=str(self.row.id), seat=repr(seat)))
        claims = self.claims[seat]
        if not 0 <= generation <= len(claims):
            raise Replaced(_("This link names a player this seat never had."), game_id=self.row.id)
        first = claims[generation - 1] if generation else 1
        last = claims[generation] - 1 if generation < len(claims) else None
        return Viewer(seat=seat, first_seq=first, last_seq=last)

    def seat_for_view(self, viewer: Viewer, seq: int, chosen: str | None = None) -> str | None:
        """Whose view the board at ``seq`` shows: any seat asked for once the game is over,
        else the viewer's own seat while they held it, else the public view."""
        if self.finished and chosen in self.claims:
            return chosen
        return viewer.seat if viewer.holds(viewer.seat, seq) else None

    def board_view(self, seq: int, seat: str | None) -> dict[str, Any] | None:
        state = self.state_after(seq)
        return None if state is None else self.game.view(state, seat)


def load(session: Session, game_id: str) -> Record:
    row = eventstore.get_row(session, game_id)
    game = registry.get(row.game)
    events = eventstore.events_of(session, game_id)
    payloads = eventstore.payloads(events, row.game)
    seats = [s.seat for s in row.seats]
    steps = list(logfold.steps(game, seats, zip(events, payloads, strict=True)))
    claims: dict[str, list[int]] = {s: [] for s in seats}
    names = _first_names(row, payloads)
    holders = []
    for event, payload in zip(events, payloads, strict=True):
        if payload["type"] == "table.seat_claimed" and payload.get("seat") in claims:
            claims[payload["seat"]].append(event.seq)
            names = {**names, payload["seat"]: str(payload.get("name", ""))}
        holders.append(names)
    final = steps[-1].state if steps else None
    return Record(
        row=row,
        game=game,
        events=events,
        payloads=payloads,
        steps=steps,
        finished=final is not None and game.outcome(final) is not None,
        holders=holders,
        claims=claims,
    )


def _first_names(row: GameRow, payloads: list[dict[str, Any]]) -> dict[str, str]:
    """Each seat's first player: the seat row names the current one, and each hand-over
    names whom it replaced."""
    names = {s.seat: s.name for s in row.seats}
    claimed: set[str] = set()
    for payload in payloads:
        seat = payload.get("seat")
        if payload["type"] == "table.seat_claimed" and seat in names and seat not in claimed:
            claimed.add(seat)
            names[seat] = str(payload.get("replaced", names[seat]))
    return names


def entries(record: Record, viewer: Viewer) -> list[Entry]:
    undone = _undone(record)
    found: list[Entry] = []
    turn, last_decider = 0, None
    for i, (event, payload) in enumerate(zip(record.events, record.payloads, strict=True)):
        before = record.steps[i - 1] if i else None
        names = record.holders[i]
        is_table = tables.is_table(payload)
        decided = event.move is not None and not is_table
        if decided and event.seat != last_decider:
            turn, last_decider = turn + 1, event.seat
        open_book = record.finished or viewer.holds(event.seat, event.seq)
        label = None
        if decided and open_book:
            assert event.move is not None
            label = _label(record.game, before.state if before else None, event.move)
        bookkeeping = False
        if is_table:
            undoer = None
            if payload["type"] == "table.taken_back":
                undoer = _seat_of(record, payload.get("first_seq"))
            text = describe_table(payload, event.seat, names, undoer=undoer)
        else:
            reader = event.seat if record.finished else record.seat_for_view(viewer, event.seq)
            told = _narration(record.game, before.state if before else None, payload, reader)
            text = with_names(told, names) or _bookkeeping(payload)
            bookkeeping = not told and not decided
        details = None
        if record.finished:
            shown = {"payload": payload, "move": event.move} if event.move else payload
            details = json.dumps(shown, sort_keys=True, ensure_ascii=False)
        found.append(
            Entry(
                seq=event.seq,
                recorded_at=event.recorded_at,
                seat=event.seat,
                name=names.get(event.seat) if event.seat else None,
                by_bot=bool(before and event.seat in before.table.bots and decided),
                turn=turn,
                table=is_table,
                decision=label,
                decided=decided,
                bookkeeping=bookkeeping,
                text=text,
                details=details,
                hash=event.hash if record.finished else None,
                undone=event.seq in undone,
            )
        )
    return found


def concerns(entry: Entry, payload: dict[str, Any], seat: str) -> bool:
    """For the seat filter: events the seat recorded, and table events about the seat (a
    game event's payload is never read for it: that could tell where a secret went)."""
    return entry.seat == seat or (entry.table and payload.get("seat") == seat)


def _seat_of(record: Record, seq: Any) -> str | None:
    if isinstance(seq, int) and 1 <= seq <= record.last:
        return record.events[seq - 1].seat
    return None


def _undone(record: Record) -> set[int]:
    if not record.steps:
        return set()
    return {seq for first, last in record.steps[-1].table.undone for seq in range(first, last + 1)}


def _label(game: Game, state: State, move: dict[str, Any]) -> str:
    try:
        return game.describe(state, move)
    except Exception:  # an old move the current wording cannot read: name its type
        return humanise(str(move.get("type", "move")))


def _narration(game: Game, state: State, payload: dict[str, Any], seat: str | None) -> str:
    """The game's own sentence for the event, as ``seat`` may read it; "" for an event that
    only keeps the engine's books."""
    try:
        return game.narrate(state, payload, seat)
    except Exception:  # an old event the current wording cannot read: name its type
        return humanise(payload["type"])


def _bookkeeping(payload: dict[str, Any]) -> str:
    """The row of an event that only keeps the engine's books: every event keeps its row."""
    return _("({event}: bookkeeping)", event=humanise(payload["type"]).lower())


def humanise(kind: str) -> str:
    return contract.humanise(kind.removeprefix(tables.PREFIX))


def describe_table(
    payload: dict[str, Any],
    by: str | None,
    names: dict[str, str],
    *,
    undoer: str | None = None,
) -> str:
    """A ``table.*`` event in plain words; ``by`` is the seat that recorded it, ``undoer``
    the seat whose decision a takeback undid."""
    kind = payload["type"].removeprefix(tables.PREFIX)

    def name(seat: Any) -> str:
        return names.get(seat, str(seat))

    who = name(by) if by else None
    them = name(payload.get("seat")) if payload.get("seat") else None
    first, last = str(payload.get("first_seq")), str(payload.get("last_seq"))
    if kind == "pace_set":
        return _(
            "Pace set: {days} days per decision, first reminder after {hours} h ({zone})",
            days=str(payload.get("days")),
            hours=str(payload.get("remind_after_hours")),
            zone=str(payload.get("timezone")),
        )
    if kind == "reminded":
        return _("Reminder {number} sent to {name}", number=str(payload.get("number")), name=them)
    if kind == "nudged":
        return _("{who} nudged {name}", who=who, name=them)
    if kind == "away":
        return _(
            "{name} is away from {first} to {last}",
            name=them,
            first=str(payload.get("first")),
            last=str(payload.get("last")),
        )
    if kind == "deadline_passed":
        return _("{name}'s deadline passed; the others vote", name=them)
    if kind == "vote_cast":
        return _vote_cast(payload, who)
    if kind == "vote_decided":
        return _vote_decided(payload, them)
    if kind == "seat_offered":
        return _(
            "Seat {seat} offered to {name}",
            seat=str(payload.get("seat")),
            name=str(payload.get("name")),
        )
    if kind == "seat_claimed":
        return _(
            "{name} took over seat {seat} from {old}",
            name=str(payload.get("name")),
            seat=str(payload.get("seat")),
            old=str(payload.get("replaced")),
        )
    if kind == "player_returned":
        return _("{name} is back and plays again (no more bot)", name=them)
    if kind == "dormant":
        if them:
            return _(
                "{name}'s deadline passed with nobody else to vote: the game went quiet",
                name=them,
            )
        return _("Nobody answered the vote: the game went quiet")
    if kind == "resumed":
        if payload.get("imported_from"):
            return _(
                "The game resumed on this server (imported from game {game})",
                game=str(payload["imported_from"]),
            )
        return _("{who} woke the game up", who=who) if who else _("The game resumed")
    if kind == "abandoned":
        return _("The game was ended as it stood")
    if kind == "revive_agreed":
        return _("{who} agreed to revive the game", who=who)
    if kind == "revived":
        return _("Every player agreed: the game goes on")
    if kind == "takeback_requested":
        return _(
            "{who} asked to take back their last decision (events {first}–{last})",
            who=who,
            first=first,
            last=last,
        )
    if kind == "takeback_approved":
        return _("{who} agreed to the takeback", who=who)
    if kind == "takeback_refused":
        return _("{who} refused the takeback", who=who)
    if kind == "taken_back":
        if undoer:
            return _(
                "{name}'s last decision was taken back (events {first}–{last} undone)",
                name=name(undoer),
                first=first,
                last=last,
            )
        return _(
            "The last decision was taken back (events {first}–{last} undone)",
            first=first,
            last=last,
        )
    return humanise(payload["type"])


def _vote_cast(payload: dict[str, Any], who: str | None) -> str:
    ballot = str(payload.get("ballot"))
    if payload.get("newcomer"):
        return _(
            "{who} voted to hand the seat to {name} (vote {ballot})",
            who=who,
            name=str(payload["newcomer"]),
            ballot=ballot,
        )
    choice = str(payload.get("choice"))
    if choice == "wait":
        return _("{who} voted to wait longer (vote {ballot})", who=who, ballot=ballot)
    if choice == "bot":
        return _(
            "{who} voted to let a bot play their decisions until they come back (vote {ballot})",
            who=who,
            ballot=ballot,
        )
    if choice == "replace":
        return _(
            "{who} voted to hand their seat to someone new (vote {ballot})", who=who, ballot=ballot
        )
    if choice == "end":
        return _(
            "{who} voted to end the game, scored as it stands (vote {ballot})",
            who=who,
            ballot=ballot,
        )
    return _("{who} voted to {choice} (vote {ballot})", who=who, choice=choice, ballot=ballot)


def _vote_decided(payload: dict[str, Any], them: str | None) -> str:
    ballot = str(payload.get("ballot"))
    answers = payload.get("answers")
    n = answers if isinstance(answers, int) else 0
    choice = str(payload.get("choice"))
    if choice == "wait":
        return n_(
            "Vote {ballot}: wait for {name} ({n} answer)",
            "Vote {ballot}: wait for {name} ({n} answers)",
            n=n,
            ballot=ballot,
            name=them,
        )
    if choice == "bot":
        return n_(
            "Vote {ballot}: a bot plays for {name} ({n} answer)",
            "Vote {ballot}: a bot plays for {name} ({n} answers)",
            n=n,
            ballot=ballot,
            name=them,
        )
    if choice == "replace":
        return n_(
            "Vote {ballot}: {name}'s seat goes to a new player ({n} answer)",
            "Vote {ballot}: {name}'s seat goes to a new player ({n} answers)",
            n=n,
            ballot=ballot,
            name=them,
        )
    if choice == "end":
        return n_(
            "Vote {ballot}: the game ends as it stands ({n} answer)",
            "Vote {ballot}: the game ends as it stands ({n} answers)",
            n=n,
            ballot=ballot,
        )
    return n_(
        "Vote {ballot}: {choice} ({n} answer)",
        "Vote {ballot}: {choice} ({n} answers)",
        n=n,
        ballot=ballot,
        choice=choice,
    )
