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
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlalchemy.orm import Session

from engine import Game, State, contract
from engine.kit.events import Vocabulary
from service import words
from service.boards.naming import with_names
from service.errors import Left, NotFound, Replaced
from service.play import plans, talk
from service.play.holders import LEFT
from service.store import eventstore
from service.store import names as shown_names
from service.store.models import EventRow, GameRow
from service.table import events as ev
from service.table.events import EVENTS
from service.table.logfold import Folded
from service.table.state import PREFIX, is_table
from service.words import _, listing, n_


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
    talk: bool = False
    """A seat said something to the table (issue 35 §2): part of the story players read."""
    hidden: bool = False
    """Words to one player that this viewer may not read: no page lists it."""
    planned: bool = False
    """The seat's plan played this decision (issue 38: it follows ``table.plan_fired``)."""


@dataclass
class Record:
    """A stretch of a game's log (the whole log, a page of the history, one replay step) with
    the game after each of its events, and what narrating it needs from the rest of the log:
    the game as it stands now (finished? what was taken back?) and who held each seat when.
    All of it is read from the newest snapshot before the stretch and a few chosen rows, never
    the whole log (issue 19), unless the stretch is the whole log."""

    row: GameRow
    game: Game
    first: int
    """The seq of the stretch's first event."""
    events: list[EventRow]
    payloads: list[dict[str, Any]]
    before: Folded | None
    """The game before the stretch (None before the first event)."""
    steps: list[Folded]
    finished: bool
    undone: set[int]
    """Every seq a takeback undid, to this day."""
    claims: dict[str, list[int]]
    """For each seat, the seqs at which a new player took it over, in order."""
    players: dict[str, list[str]]
    """For each seat, the name of each of its players in turn, the first one first: one more
    than its claims. Names are read beside the chain (seat rows and past holders, issue
    30), in this context's language where a player gave none or left."""
    undoers: dict[int, str | None]
    """The seat that recorded event ``seq``, for the decisions the stretch's takebacks undid."""
    turns: int
    """Turns begun so far."""
    said: dict[int, str | None] = field(default_factory=dict)
    """The words of the stretch's ``table.said`` events, by seq (None: erased, issue 35 §2)."""

    @property
    def last(self) -> int:
        return self.row.last_seq

    @property
    def holders(self) -> list[dict[str, str]]:
        """For each event of the stretch, the name of each seat's player at that moment."""
        return [self.names_at(e.seq) for e in self.events]

    @property
    def names(self) -> dict[str, str]:
        """Each seat's player now."""
        return self.names_at(self.last)

    def names_at(self, seq: int) -> dict[str, str]:
        return {
            seat: self.players[seat][sum(1 for since in claims if since <= seq)]
            for seat, claims in self.claims.items()
        }

    def state_after(self, seq: int) -> State:
        if seq >= self.first:
            return self.steps[seq - self.first].state
        if seq == self.first - 1 and self.before is not None:
            return self.before.state
        return None

    def viewer(self, seat: str, generation: int) -> Viewer:
        """The stretch of the log the ``generation``-th holder of ``seat`` played."""
        if seat not in self.claims:
            raise NotFound(_("Game {id} has no seat {seat}.", id=str(self.row.id), seat=repr(seat)))
        claims = self.claims[seat]
        if not 0 <= generation <= len(claims):
            raise Replaced(_("This link names a player this seat never had."), game_id=self.row.id)
        if self.left(seat, generation):
            raise Left(LEFT, game_id=self.row.id)
        first = claims[generation - 1] if generation else 1
        last = claims[generation] - 1 if generation < len(claims) else None
        return Viewer(seat=seat, first_seq=first, last_seq=last)

    def left(self, seat: str, generation: int) -> bool:
        """Whether the ``generation``-th player of ``seat`` left and was forgotten: their
        links show nothing more (issue 30)."""
        claims = self.claims[seat]
        if generation == len(claims):
            return any(s.left_at is not None for s in self.row.seats if s.seat == seat)
        until = claims[generation]
        return any(
            h.left_at is not None
            for h in self.row.holders
            if h.seat == seat and h.until_seq == until
        )

    def seat_for_view(self, viewer: Viewer, seq: int, chosen: str | None = None) -> str | None:
        """Whose view the board at ``seq`` shows: any seat asked for once the game is over,
        else the viewer's own seat while they held it, else the public view."""
        if self.finished and chosen in self.claims:
            return chosen
        return viewer.seat if viewer.holds(viewer.seat, seq) else None

    def board_view(self, seq: int, seat: str | None) -> dict[str, Any] | None:
        state = self.state_after(seq)
        return None if state is None else self.game.view(state, seat)


def load(session: Session, game_id: str, first: int = 1, last: int | None = None) -> Record:
    """Events ``first`` to ``last`` (the newest when None) of the game, and what narrating them
    needs. The game now comes from the state cache or the newest snapshot; the stretch from the
    newest snapshot before it; when each seat changed hands from the table now, and who held
    it from its seat row and its past holders."""
    now = eventstore.load(session, game_id)
    row, game = now.row, now.game
    last = row.last_seq if last is None else min(last, row.last_seq)
    first = max(first, 1)
    part = eventstore.stretch(session, row, game, first, last)
    claims: dict[str, list[int]] = {s.seat: [] for s in row.seats}
    for seat, since in now.table.holders:
        if seat in claims:
            claims[seat].append(since)
    undone_firsts = [
        p.get("first_seq")
        for p in part.payloads
        if p["type"] == "table.taken_back" and isinstance(p.get("first_seq"), int)
    ]
    wanted = {s for s in undone_firsts if isinstance(s, int) and s >= 1}
    rows = eventstore.events_at(session, row.id, wanted)
    seat_of = {r.seq: r.seat for r in rows}
    return Record(
        row=row,
        game=game,
        first=first,
        events=part.events,
        payloads=part.payloads,
        before=part.before,
        steps=part.steps,
        finished=now.finished,
        undone={s for a, b in now.table.undone for s in range(a, b + 1)},
        claims=claims,
        players=players_of(row, claims),
        undoers={seq: seat_of.get(seq) for seq in undone_firsts if isinstance(seq, int)},
        turns=now.table.turns,
        said=talk.words_at(
            session,
            row.id,
            (
                e.seq
                for e, p in zip(part.events, part.payloads, strict=True)
                if p["type"] == ev.SAID
            ),
        ),
    )


def _said_seqs(events: list[EventRow], payloads: list[dict[str, Any]]) -> list[int]:
    return [e.seq for e, p in zip(events, payloads, strict=True) if p["type"] == ev.SAID]


def players_of(row: GameRow, claims: dict[str, list[int]]) -> dict[str, list[str]]:
    """Each seat's players in turn: whom each hand-over replaced (a past holder kept beside
    the chain; "Player 2" for one never kept), then the seat row's player now."""
    past = {(h.seat, h.until_seq): h for h in row.holders}
    players: dict[str, list[str]] = {}
    for seat in row.seats:
        before = [past.get((seat.seat, since)) for since in claims.get(seat.seat, [])]
        players[seat.seat] = [
            shown_names.of_holder(h, seat)
            if h is not None
            else shown_names.shown("", shown_names.number(seat))
            for h in before
        ] + [shown_names.of_seat(seat)]
    return players


def entries(record: Record, viewer: Viewer) -> list[Entry]:
    found: list[Entry] = []
    for i, (event, payload) in enumerate(zip(record.events, record.payloads, strict=True)):
        before = record.steps[i - 1] if i else record.before
        names = record.names_at(event.seq)
        of_table = is_table(payload)
        decided = event.move is not None and not of_table
        # Each run of decisions by one seat is a turn: the table counts them as it folds.
        turn = record.steps[i].table.turns
        label = _decision(record, viewer, event, before) if decided else None
        hidden = payload["type"] == ev.SAID and not _hears(viewer, payload, event.seq)
        if hidden:  # words to one player: only they and the speaker read them (issue 35 §2)
            text, bookkeeping = "", False
        elif of_table:
            text, bookkeeping = _table_text(record, event, payload, names, before), False
        else:
            text, bookkeeping = _game_text(record, viewer, event, payload, before, names)
            bookkeeping = bookkeeping and not decided
        details = _details(event, payload) if record.finished else None
        found.append(
            Entry(
                seq=event.seq,
                recorded_at=event.recorded_at,
                seat=event.seat,
                name=names.get(event.seat) if event.seat else None,
                by_bot=bool(before and event.seat in before.table.bots and decided),
                turn=turn,
                table=of_table,
                decision=label,
                decided=decided,
                bookkeeping=bookkeeping,
                text=text,
                details=details,
                hash=event.hash if record.finished else None,
                undone=event.seq in record.undone,
                talk=payload["type"] == ev.SAID and not hidden,
                hidden=hidden,
                planned=decided and _planned(record, i, event.seat),
            )
        )
    return found


def _planned(record: Record, i: int, seat: str | None) -> bool:
    """Whether the decision at ``i`` of the stretch was played by its seat's plan."""
    if not i:
        return False
    fired = record.payloads[i - 1]
    return fired["type"] == ev.PLAN_FIRED and fired.get("seat") == seat


def _hears(viewer: Viewer, payload: dict[str, Any], seq: int) -> bool:
    """Whether the viewer held, at ``seq``, a seat that may read the words said there."""
    to = payload.get("to")
    if to is None:
        return True
    return any(viewer.holds(seat, seq) for seat in (to, payload.get("seat")) if seat is not None)


def _decision(record: Record, viewer: Viewer, event: EventRow, before: Folded | None) -> str | None:
    """The move's label, when the viewer may read it: once the game is over, else only to
    whoever held the seat then."""
    if event.move is None or not (record.finished or viewer.holds(event.seat, event.seq)):
        return None
    return _label(record.game, before.state if before else None, event.move)


def _table_text(
    record: Record,
    event: EventRow,
    payload: dict[str, Any],
    names: dict[str, str],
    before: Folded | None,
) -> str:
    undoer = None
    if payload["type"] == ev.TAKEN_BACK:
        undone_seq = payload.get("first_seq")
        if isinstance(undone_seq, int):
            undoer = record.undoers.get(undone_seq)
    replaced = None
    if payload["type"] == ev.SEAT_CLAIMED:
        replaced = record.names_at(event.seq - 1).get(str(payload.get("seat")))
    said = record.said.get(event.seq) if payload["type"] == ev.SAID else None
    if payload["type"] == ev.PLAN_SET and isinstance(payload.get("order"), dict):
        state = before.state if before is not None else None
        said = plans.label(record.game, state, payload["order"])
    return describe_table(payload, event.seat, names, undoer=undoer, replaced=replaced, words=said)


def _game_text(
    record: Record,
    viewer: Viewer,
    event: EventRow,
    payload: dict[str, Any],
    before: Folded | None,
    names: dict[str, str],
) -> tuple[str, bool]:
    """The game's sentence for the event as this viewer may read it, and whether the game
    told nothing of it (it only keeps the engine's books)."""
    reader = event.seat if record.finished else record.seat_for_view(viewer, event.seq)
    told = _narration(record.game, before.state if before else None, payload, reader)
    return with_names(told, names) or _bookkeeping(record.game, payload), not told


def _details(event: EventRow, payload: dict[str, Any]) -> str:
    """Payload (and move) as JSON, once the game is over."""
    shown = {"payload": payload, "move": event.move} if event.move else payload
    return json.dumps(shown, sort_keys=True, ensure_ascii=False)


def concerns(entry: Entry, payload: dict[str, Any], seat: str) -> bool:
    """For the seat filter: events the seat recorded, and table events about the seat (a
    game event's payload is never read for it: that could tell where a secret went)."""
    return entry.seat == seat or (entry.table and payload.get("seat") == seat)


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


def _bookkeeping(game: Game, payload: dict[str, Any]) -> str:
    """The row of an event that only keeps the engine's books: every event keeps its row,
    named in the reader's words by the game's vocabulary (issue 32 §2), else by its type."""
    kind = str(payload["type"])
    vocabulary = getattr(game, "events", None)
    named = vocabulary.name(kind) if isinstance(vocabulary, Vocabulary) else None
    return _("({event}: bookkeeping)", event=named or humanise(kind).lower())


def _day(iso: Any) -> str:
    """A recorded day (ISO) as the reader's language writes it (issue 32 §2)."""
    try:
        return words.day_words(date.fromisoformat(str(iso)))
    except ValueError:
        return str(iso)


def humanise(kind: str) -> str:
    return contract.humanise(kind.removeprefix(PREFIX))


@dataclass(frozen=True)
class Told:
    """What a ``table.*`` event's sentence may say: its payload, and the names of the seat
    that recorded it (``who``), of the seat it is about (``them``), of the seat whose
    decision a takeback undid (``undoer``) and of whom a hand-over replaced (``replaced``)."""

    payload: dict[str, Any]
    names: dict[str, str]
    who: str | None
    them: str | None
    undoer: str | None
    replaced: str | None
    words: str | None = None
    """What a seat said (``table.said``, issue 35 §2), read beside the log; None: erased."""

    def name(self, seat: Any) -> str:
        return self.names.get(seat, str(seat))

    @property
    def first(self) -> str:
        return str(self.payload.get("first_seq"))

    @property
    def last(self) -> str:
        return str(self.payload.get("last_seq"))


def describe_table(
    payload: dict[str, Any],
    by: str | None,
    names: dict[str, str],
    *,
    undoer: str | None = None,
    replaced: str | None = None,
    words: str | None = None,
) -> str:
    """A ``table.*`` event in plain words; ``by`` is the seat that recorded it, ``undoer``
    the seat whose decision a takeback undid, ``replaced`` whom a hand-over replaced. Names
    come from ``names`` (the holders at that event), never from the payload: events name
    nobody (issue 30), and the names of older ones are read away (:mod:`service.store.upcast`)."""
    kind = payload["type"].removeprefix(PREFIX)

    def name(seat: Any) -> str:
        return names.get(seat, str(seat))

    who = name(by) if by else None
    them = name(payload.get("seat")) if payload.get("seat") else None
    teller = TELLERS.get(PREFIX + kind)
    if teller is None:  # an event the fold refuses: the history still names it
        return humanise(payload["type"])
    return teller(Told(payload, names, who, them, undoer, replaced, words))


def _pace_set(told: Told) -> str:
    payload = told.payload
    return _(
        "Pace set: {days} per decision, first reminder after {hours} h ({zone})",
        days=n_("{n} day", "{n} days", n=int(payload.get("days") or 0)),
        hours=str(payload.get("remind_after_hours")),
        zone=words.zone_name(str(payload.get("timezone"))),
    )


def _reminded(told: Told) -> str:
    return _(
        "Reminder {number} sent to {name}",
        number=str(told.payload.get("number")),
        name=told.them,
    )


def _said(told: Told) -> str:
    to = told.payload.get("to")
    if to is not None:
        if told.words is None:
            return _(
                "{who} said something to {name} alone (erased)", who=told.who, name=told.name(to)
            )
        return _(
            "{who} said to {name} alone: {words}",
            who=told.who,
            name=told.name(to),
            words=told.words,
        )
    if told.words is None:
        return _("{who} said something (erased)", who=told.who)
    return _("{who} said: {words}", who=told.who, words=told.words)


def _nudged(told: Told) -> str:
    return _("{who} nudged {name}", who=told.who, name=told.them)


def _away(told: Told) -> str:
    return _(
        "{name} is away from {first} to {last}",
        name=told.them,
        first=_day(told.payload.get("first")),
        last=_day(told.payload.get("last")),
    )


def _deadline_passed(told: Told) -> str:
    return _("{name}'s deadline passed; the others vote", name=told.them)


def _seat_offered(told: Told) -> str:
    # A newcomer is named once they take the seat: until then they agreed to nothing.
    # Issue 32 §1: the seat is said by whom it was, never by its id.
    return _("{name}'s seat was offered to a new player", name=told.them)


def _seat_claimed(told: Told) -> str:
    return _(
        "{name} took over the seat of {old}",
        name=told.them,
        old=told.replaced or told.name(told.payload.get("seat")),
    )


def _player_left(told: Told) -> str:
    return _("{name}: this player left the game", name=told.them)


def _unreachable(told: Told) -> str:
    return _("{name}'s address no longer receives our emails; the others were told", name=told.them)


def _reachable(told: Told) -> str:
    return _("{name} gave an address that receives our emails again", name=told.them)


def _closed(_told: Told) -> str:
    return _("The host closed the game: it ended as it stood")


def _plan_set(told: Told) -> str:
    """Issue 38: a plan, told when it first played or when the game ended (``words``: the
    plan in words)."""
    return _(
        "{name} had planned ahead (plan {number}): {plan}",
        name=told.them,
        number=str(told.payload.get("plan")),
        plan=told.words or "",
    )


def _plan_fired(told: Told) -> str:
    return _(
        "{name}'s plan {number} plays the next move",
        name=told.them,
        number=str(told.payload.get("plan")),
    )


def _plan_dropped(told: Told) -> str:
    reason = plans.TOLD.get(str(told.payload.get("reason")))
    return _(
        "{name}'s plan {number} stopped at event {seq}: {reason}",
        name=told.them,
        number=str(told.payload.get("plan")),
        seq=str(told.payload.get("at_seq")),
        reason=reason if reason is not None else str(told.payload.get("reason")),
    )


def _bot_seated(told: Told) -> str:
    """Issue 37 §3: a seat a bot holds from the start (its name says its level)."""
    return _("{name} takes a seat: a bot, which plays as soon as its turn comes", name=told.them)


def _level(told: Told) -> Any:
    """The level a vote's payload names for its bot, if any but the stand-in's."""
    level = told.payload.get("level")
    return shown_names.level_word(level) if isinstance(level, str) and level != "stand-in" else None


def _player_returned(told: Told) -> str:
    return _("{name} is back and plays again (no more bot)", name=told.them)


def _dormant(told: Told) -> str:
    if told.them:
        return _(
            "{name}'s deadline passed with nobody else to vote: the game went quiet",
            name=told.them,
        )
    return _("Nobody answered the vote: the game went quiet")


def _resumed(told: Told) -> str:
    if told.payload.get("imported_from"):
        return _(
            "The game resumed on this server (imported from game {game})",
            game=str(told.payload["imported_from"]),
        )
    return _("{who} woke the game up", who=told.who) if told.who else _("The game resumed")


def _abandoned(_told: Told) -> str:
    return _("The game was ended as it stood")


def _revive_agreed(told: Told) -> str:
    return _("{who} agreed to revive the game", who=told.who)


def _revived(_told: Told) -> str:
    return _("Every player agreed: the game goes on")


def _takeback_requested(told: Told) -> str:
    return _(
        "{who} asked to take back their last decision (events {first}–{last})",
        who=told.who,
        first=told.first,
        last=told.last,
    )


def _takeback_approved(told: Told) -> str:
    return _("{who} agreed to the takeback", who=told.who)


def _takeback_refused(told: Told) -> str:
    return _("{who} refused the takeback", who=told.who)


def _taken_back(told: Told) -> str:
    if told.undoer:
        return _(
            "{name}'s last decision was taken back (events {first}–{last} undone)",
            name=told.name(told.undoer),
            first=told.first,
            last=told.last,
        )
    return _(
        "The last decision was taken back (events {first}–{last} undone)",
        first=told.first,
        last=told.last,
    )


def _resigned(told: Told) -> str:
    """Issue 32: who resigned, and who won if that ended the game."""
    them, names = told.them, told.names
    standing = told.payload.get("standing")
    if not isinstance(standing, dict):
        return _("{name} resigned; the others decide what becomes of their seat", name=them)
    ranking = standing.get("ranking") or [[]]
    first = [names.get(s, str(s)) for s in ranking[0]] if isinstance(ranking[0], list) else []
    if not first:
        return _("{name} resigned: the game is over", name=them)
    return _("{name} resigned: {winners} wins", name=them, winners=listing(first))


def _vote_cast(told: Told) -> str:
    payload, who = told.payload, told.who
    ballot = str(payload.get("ballot"))
    choice = str(payload.get("choice"))
    if choice == "wait":
        return _("{who} voted to wait longer (vote {ballot})", who=who, ballot=ballot)
    level = _level(told)
    if choice == "bot" and level is not None:
        return _(
            "{who} voted to let a bot ({level}) play their decisions until they come back "
            "(vote {ballot})",
            who=who,
            level=level,
            ballot=ballot,
        )
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


def _vote_decided(told: Told) -> str:
    payload, them = told.payload, told.them
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
    level = _level(told)
    if choice == "bot" and level is not None:
        return n_(
            "Vote {ballot}: a bot ({level}) plays for {name} ({n} answer)",
            "Vote {ballot}: a bot ({level}) plays for {name} ({n} answers)",
            n=n,
            ballot=ballot,
            level=level,
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


TELLERS: dict[str, Callable[[Told], str]] = EVENTS.table(
    "history",
    {
        ev.PACE_SET: _pace_set,
        ev.REMINDED: _reminded,
        ev.NUDGED: _nudged,
        ev.AWAY: _away,
        ev.DEADLINE_PASSED: _deadline_passed,
        ev.VOTE_CAST: _vote_cast,
        ev.VOTE_DECIDED: _vote_decided,
        ev.SEAT_OFFERED: _seat_offered,
        ev.SEAT_CLAIMED: _seat_claimed,
        ev.PLAYER_RETURNED: _player_returned,
        ev.BOT_SEATED: _bot_seated,
        ev.PLAYER_LEFT: _player_left,
        ev.RESIGNED: _resigned,
        ev.UNREACHABLE: _unreachable,
        ev.REACHABLE: _reachable,
        ev.SAID: _said,
        ev.PLAN_SET: _plan_set,
        ev.PLAN_FIRED: _plan_fired,
        ev.PLAN_DROPPED: _plan_dropped,
        ev.CLOSED: _closed,
        ev.DORMANT: _dormant,
        ev.RESUMED: _resumed,
        ev.ABANDONED: _abandoned,
        ev.REVIVE_AGREED: _revive_agreed,
        ev.REVIVED: _revived,
        ev.TAKEBACK_REQUESTED: _takeback_requested,
        ev.TAKEBACK_APPROVED: _takeback_approved,
        ev.TAKEBACK_REFUSED: _takeback_refused,
        ev.TAKEN_BACK: _taken_back,
    },
)
"""Each ``table.*`` event's sentence, one per type of the vocabulary (checked on import)."""
