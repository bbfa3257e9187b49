"""The table around a game, as it stands: pace, reminders, absences, votes, bots, seats,
takebacks.

These rules belong to the service, not to any game, yet DESIGN.md §4 wants every correction
in the game's log. So they are events too, typed ``table.*``, appended to the same chain and
folded here, beside the game's own state; the engine never sees them (issue 4). Their types
are declared once in :mod:`.events`; :data:`FOLD` has one handler for each.

When the table must act next (deadlines, reminders, ballots) is :mod:`.schedule`'s.
Everything here is pure: times come from the events' ``recorded_at`` or from arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.kit.events import UnknownEvent
from engine.kit.words import markers
from service.table import events as ev
from service.table.events import EVENTS

_, n_, p_ = markers("messages")
"""The service's own words (``service.words``), marked here without importing it: the table
is pure, like the engine."""

PREFIX = "table."
CHOICES = ("wait", "bot", "replace", "end")
STAND_IN = "stand-in"
"""The level of today's greedy bot (engine contract ``bot_move``); the searching bot's are
``engine.kit.search.LEVELS`` (issue 37)."""
CHOICE_LABELS = {
    "wait": _("Wait longer"),
    "bot": _("Let a bot play their decisions until they come back"),
    "replace": _("Hand their seat to someone new"),
    "end": _("End the game, scored as it stands"),
}
NOTIFY = ("each", "digest", "none", "channels")
"""How a player hears of their turns: an email each turn, a daily digest, no turn emails, or
every turn on their channels beside email and no turn emails (issue 36)."""
NUDGE_EVERY = timedelta(hours=24)
MAX_ZONE_NAME = 64
"""IANA zone names are at most 30-odd characters; a longer one is not looked up at all."""


class UnknownTableEvent(UnknownEvent):
    """A ``table.*`` event of a type the service never wrote (a misspelling, a newer
    server's log)."""


def is_table(event: dict[str, Any]) -> bool:
    return str(event.get("type", "")).startswith(PREFIX)


class PaceError(ValueError):
    pass


@dataclass(frozen=True)
class Pace:
    """Chosen at creation (issue 4): days per decision, when to remind, the deadline's zone."""

    days: int = 3
    remind_after_hours: int = 24
    remind_every_hours: int = 24
    timezone: str = "UTC"

    @classmethod
    def from_options(cls, raw: Any) -> Pace:
        if raw is None:
            return cls()
        if not isinstance(raw, dict):
            raise PaceError(_("'pace' must be an object."))
        unknown = set(raw) - {f.name for f in fields(cls)}
        if unknown:
            raise PaceError(_("Unknown pace setting {name}.", name=repr(sorted(unknown)[0])))
        pace = cls(**raw)
        for name, low, high in (
            ("days", 1, 60),
            ("remind_after_hours", 1, 24 * 60),
            ("remind_every_hours", 1, 24 * 60),
        ):
            value = getattr(pace, name)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise PaceError(
                    _(
                        "Pace '{name}' must be a whole number from {low} to {high}.",
                        name=name,
                        low=str(low),
                        high=str(high),
                    )
                )
        bad_zone = PaceError(_("Unknown time zone {zone}.", zone=repr(str(pace.timezone)[:40])))
        if not isinstance(pace.timezone, str) or len(pace.timezone) > MAX_ZONE_NAME:
            raise bad_zone
        try:
            ZoneInfo(pace.timezone)
        except (ZoneInfoNotFoundError, ValueError, OSError) as exc:  # OSError: name too long
            raise bad_zone from exc
        return pace

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def as_event(self) -> dict[str, Any]:
        return {"type": "table.pace_set", **asdict(self)}


@dataclass(frozen=True)
class Clock:
    """A seat's current decision: since when it waits, and how many reminders went out."""

    seat: str
    since_seq: int
    since: str
    decision_seq: int
    """The ``turn_seq`` at which this decision began: the seat newly asked to decide, its own
    move (the next decision of its turn), or its decision taken back. Its links name it, so
    another seat's move leaves them valid (issue 14). A vote to wait or a wake-up restarts
    the deadline (``since``), not the decision."""
    reminders: int = 0


@dataclass(frozen=True)
class Ballot:
    """The vote the others hold once a seat's deadline has passed."""

    number: int
    seat: str
    opened: str
    votes: tuple[tuple[str, str], ...] = ()
    levels: tuple[tuple[str, str], ...] = ()
    """(voter, level) for voters who chose a bot and named its level (issue 37 §3)."""


@dataclass(frozen=True)
class Takeback:
    seat: str
    first_seq: int
    last_seq: int
    approvals: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    seats: tuple[str, ...] = ()
    pace: Pace = field(default_factory=Pace)
    clocks: tuple[Clock, ...] = ()
    away: tuple[tuple[str, str, str], ...] = ()
    """(seat, first day, last day), ISO dates in the pace's time zone."""
    nudged: tuple[tuple[str, str], ...] = ()
    """(seat, when it was last nudged)."""
    ballot: Ballot | None = None
    ballots: int = 0
    bots: tuple[str, ...] = ()
    levels: tuple[tuple[str, str, int], ...] = ()
    """(seat, level, iterations) for each seat in :attr:`bots` whose bot's level was
    recorded when it took the seat (issue 37): ``stand-in`` (0 iterations), ``casual`` or
    ``strong`` and the budget it searches with. A bot voted in before issue 37 has none: it
    is the stand-in."""
    seated_bots: tuple[str, ...] = ()
    """Seats a bot held from the game's creation (issue 37 §3): no player behind them."""
    offered: tuple[tuple[str, int, str | None], ...] = ()
    """(seat, ballot, proposer) for seats handed to someone who has not claimed them yet:
    the newcomer the voter ``proposer`` named in that ballot (None: a hand-over recorded
    before issue 30, which named the newcomer instead). Names stay out of the log."""
    holders: tuple[tuple[str, int], ...] = ()
    """(seat, from seq) for each seat handed over: from when its new player played it (who
    they are is kept beside the chain, issue 30)."""
    left: tuple[tuple[str, int], ...] = ()
    """(seat, seq of the newest vote to wait for it) for seats whose player left the game,
    forgotten (issue 30) or resigned (issue 32): nobody to remind, no vote of theirs, and
    no deadline to wait for unless the others voted to wait (0: they have not)."""
    resigned: tuple[str, ...] = ()
    """Seats whose player resigned from a game of more than two seats (issue 32): the
    seat is the absent-seat rules' (it is in :attr:`left` too) until a newcomer takes it,
    and its player acts and hears no more. A resignation that ends the game is in the
    standing it ended on (:attr:`final`)."""
    closed: bool = False
    """The operator closed the game (``pbem close``): it ended as it stood, for good."""
    unreachable: tuple[str, ...] = ()
    """Seats whose player's address no longer receives our emails (issue 31): the table
    was told once (``table.unreachable``), until they give one that does
    (``table.reachable``) or the seat changes hands."""
    generations: tuple[tuple[str, int], ...] = ()
    dormant_since: str | None = None
    abandoned: dict[str, Any] | None = None
    revive: tuple[str, ...] = ()
    last_decision: tuple[str, int, int] | None = None
    """(seat, first seq, last seq) of the newest decision, while it can still be taken back."""
    takeback: Takeback | None = None
    undone: tuple[tuple[int, int], ...] = ()
    turn_seq: int = 0
    """The seq of the newest event that changed the game (links name it, beside the seat's
    own :attr:`Clock.decision_seq`)."""
    turns: int = 0
    """Turns begun: each run of decisions by one seat is a turn (as the history counts)."""
    turn_of: str | None = None
    """The seat whose turn is the newest."""

    def turn_for(self, seat: str) -> int:
        """The number of ``seat``'s turn to come, or going on: the newest if it is theirs,
        else the next one."""
        return self.turns if seat == self.turn_of else self.turns + 1

    def clock(self, seat: str) -> Clock | None:
        return next((c for c in self.clocks if c.seat == seat), None)

    def decision_seq(self, seat: str) -> int | None:
        """Where ``seat``'s current decision began (None: it has none)."""
        clock = self.clock(seat)
        return None if clock is None else clock.decision_seq

    @property
    def final(self) -> bool:
        """Over for good, no revival: the host closed it, or a player's resignation ended it."""
        return self.closed or bool((self.abandoned or {}).get("resigned"))

    def generation(self, seat: str) -> int:
        return dict(self.generations).get(seat, 0)

    def offered_to(self, seat: str) -> tuple[int, str | None] | None:
        """The (ballot, proposer) of the newcomer ``seat`` is handed to, if it is."""
        return next(((b, p) for s, b, p in self.offered if s == seat), None)

    def holders_since(self, seat: str) -> int:
        """The event from which ``seat``'s player now holds it: its newest hand-over, else
        0 (from the start)."""
        return max((since for s, since in self.holders if s == seat), default=0)

    def has_left(self, seat: str) -> bool:
        return any(s == seat for s, _ in self.left)

    def last_nudged(self, seat: str) -> datetime | None:
        when = dict(self.nudged).get(seat)
        return moment(when) if when else None

    def voters(self) -> tuple[str, ...]:
        """Who votes on the late seat of the open ballot."""
        if self.ballot is None:
            return ()
        return self.voters_on(self.ballot.seat)

    def voters_on(self, seat: str) -> tuple[str, ...]:
        """Who would vote on ``seat`` were it late: the others, less bots, seats not yet
        claimed and seats whose player left. Nobody in a solo game, or when every other seat
        is played by a bot."""
        absent = self.bots_set | {s for s, *_ in self.offered} | {s for s, _ in self.left}
        return tuple(s for s in self.seats if s != seat and s not in absent)

    @property
    def bots_set(self) -> frozenset[str]:
        return frozenset(self.bots)

    def recorded(self, seat: str) -> bool:
        """Whether the log recorded the level of the bot playing ``seat`` (issue 37): its
        moves are then decided again from the seed by ``verify``."""
        return any(s == seat for s, *_ in self.levels)

    def level(self, seat: str) -> str:
        """The level of the bot playing ``seat`` (the stand-in unless chosen otherwise)."""
        return next((level for s, level, _ in self.levels if s == seat), STAND_IN)

    def iterations(self, seat: str) -> int:
        """The searching budget of the bot playing ``seat`` (0: the stand-in's, no search)."""
        return next((n for s, _, n in self.levels if s == seat), 0)


def stamp(when: datetime) -> str:
    return when.astimezone(UTC).isoformat(timespec="microseconds")


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _without(pairs: tuple[Any, ...], seat: str) -> tuple[Any, ...]:
    return tuple(p for p in pairs if p[0] != seat)


def _rewound(clock: Clock, seq: int, when: str) -> Clock:
    """The deadline starts afresh; the decision stays the same one."""
    return replace(clock, since_seq=seq, since=when, reminders=0)


def _restart(table: Table, seat: str, seq: int, when: str) -> Table:
    clocks = tuple(_rewound(c, seq, when) if c.seat == seat else c for c in table.clocks)
    return replace(table, clocks=clocks)


@dataclass(frozen=True)
class Recorded:
    """Where a ``table.*`` event stands in the log: its seq, the seat that recorded it (None:
    the service did), and when (:func:`stamp`)."""

    seq: int
    seat: str | None
    at: str


Handler = Callable[[Table, dict[str, Any], Recorded], Table]


def fold_event(
    table: Table, seq: int, seat: str | None, when: datetime, event: dict[str, Any]
) -> Table:
    """One ``table.*`` event. ``table.taken_back`` also rewinds the game: the caller does that."""
    handler = FOLD.get(event["type"])
    if handler is None:
        raise UnknownTableEvent(f"no table event of type {event['type']!r}")
    return handler(table, event, Recorded(seq, seat, stamp(when)))


def _pace_set(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    known = {f.name for f in fields(Pace)}
    return replace(table, pace=Pace(**{k: v for k, v in event.items() if k in known}))


def _reminded(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    number = int(event.get("number", 0))
    clocks = tuple(
        replace(c, reminders=max(c.reminders + 1, number)) if c.seat == event["seat"] else c
        for c in table.clocks
    )
    return replace(table, clocks=clocks)


def _said(table: Table, _event: dict[str, Any], _at: Recorded) -> Table:
    return table  # talk (issue 35 §2) changes nothing the table decides


def _plan(table: Table, _event: dict[str, Any], _at: Recorded) -> Table:
    return table  # a plan (issue 38) plays ordinary moves: the table decides nothing of it


def _nudged(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    return replace(table, nudged=(*_without(table.nudged, event["seat"]), (event["seat"], at.at)))


def _away(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    return replace(
        table, away=with_absence(table.away, event["seat"], event["first"], event["last"])
    )


def _deadline_passed(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    number = table.ballots + 1
    return replace(table, ballot=Ballot(number, event["seat"], at.at), ballots=number)


def _vote_cast(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    if table.ballot is None or at.seat is None:
        return table
    votes = (*(v for v in table.ballot.votes if v[0] != at.seat), (at.seat, event["choice"]))
    levels = _without(table.ballot.levels, at.seat)
    if event["choice"] == "bot" and isinstance(event.get("level"), str):
        levels = (*levels, (at.seat, event["level"]))
    return replace(table, ballot=replace(table.ballot, votes=votes, levels=levels))


def _with_bot(table: Table, seat: str, event: dict[str, Any]) -> Table:
    levels = _without(table.levels, seat)
    level, iterations = event.get("level"), event.get("iterations")
    if isinstance(level, str) and isinstance(iterations, int):
        levels = (*levels, (seat, level, iterations))
    return replace(table, bots=(*(b for b in table.bots if b != seat), seat), levels=levels)


def _bot_seated(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    table = _with_bot(table, event["seat"], event)
    return replace(table, seated_bots=(*table.seated_bots, event["seat"]))


def _vote_decided(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    table = replace(table, ballot=None)
    if event["choice"] == "wait":
        if table.has_left(event["seat"]):  # the others chose to wait: their deadline runs
            table = replace(
                table, left=(*_without(table.left, event["seat"]), (event["seat"], at.seq))
            )
        return _restart(table, event["seat"], at.seq, at.at)
    if event["choice"] == "bot":
        return _with_bot(table, event["seat"], event)
    return table


def _seat_offered(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    # One recorded before issue 30 names the newcomer, not their ballot: the one just
    # decided, whoever proposed them.
    ballot = event.get("ballot")
    proposer = event.get("proposed_by")
    offer = (
        event["seat"],
        ballot if isinstance(ballot, int) else table.ballots,
        proposer if isinstance(proposer, str) else None,
    )
    table = replace(table, offered=(*_without(table.offered, event["seat"]), offer))
    return _restart(table, event["seat"], at.seq, at.at)


def _seat_claimed(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    target = event["seat"]
    generations = (
        *_without(table.generations, target),
        (target, table.generation(target) + 1),
    )
    table = replace(
        table,
        offered=_without(table.offered, target),
        bots=tuple(b for b in table.bots if b != target),
        levels=_without(table.levels, target),
        holders=(*table.holders, (target, at.seq)),
        left=_without(table.left, target),
        resigned=tuple(s for s in table.resigned if s != target),
        unreachable=tuple(s for s in table.unreachable if s != target),
        generations=generations,
    )
    return _restart(table, target, at.seq, at.at)


def _player_left(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    # Issue 30: nobody holds the seat now; a takeback in the air lapses (ask again).
    target = event["seat"]
    return replace(
        table,
        left=(*_without(table.left, target), (target, 0)),
        revive=tuple(s for s in table.revive if s != target),
        unreachable=tuple(s for s in table.unreachable if s != target),
        takeback=None,
    )


def _resigned(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    """A player resigned (issue 32). With a standing, it ended the game (two seats or one:
    the other player wins); else the seat goes to the absent-seat rules, as a seat whose
    player left (issue 30), and a takeback in the air lapses (ask again)."""
    standing = event.get("standing")
    if isinstance(standing, dict):
        return replace(table, abandoned=standing, ballot=None, takeback=None, revive=())
    target = event["seat"]
    return replace(
        table,
        left=(*_without(table.left, target), (target, 0)),
        resigned=(*(s for s in table.resigned if s != target), target),
        revive=tuple(s for s in table.revive if s != target),
        unreachable=tuple(s for s in table.unreachable if s != target),
        takeback=None,
    )


def _unreachable(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    # Issue 31: nothing else changes; the seat's deadline runs as any silent seat's.
    seats = (*(s for s in table.unreachable if s != event["seat"]), event["seat"])
    return replace(table, unreachable=seats)


def _reachable(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    return replace(table, unreachable=tuple(s for s in table.unreachable if s != event["seat"]))


def _closed(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    return replace(table, abandoned=event["standing"], closed=True, ballot=None, takeback=None)


def _player_returned(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    seat = event["seat"]
    table = replace(
        table,
        bots=tuple(b for b in table.bots if b != seat),
        levels=_without(table.levels, seat),
    )
    return _restart(table, seat, at.seq, at.at)


def _dormant(table: Table, _event: dict[str, Any], at: Recorded) -> Table:
    return replace(table, dormant_since=at.at)


def _resumed(table: Table, _event: dict[str, Any], at: Recorded) -> Table:
    clocks = tuple(_rewound(c, at.seq, at.at) for c in table.clocks)
    return replace(table, dormant_since=None, clocks=clocks)


def _abandoned(table: Table, event: dict[str, Any], _at: Recorded) -> Table:
    return replace(table, abandoned=event["standing"], ballot=None, takeback=None)


def _revive_agreed(table: Table, _event: dict[str, Any], at: Recorded) -> Table:
    if at.seat is None:
        return table
    return replace(table, revive=(*(s for s in table.revive if s != at.seat), at.seat))


def _revived(table: Table, _event: dict[str, Any], at: Recorded) -> Table:
    clocks = tuple(_rewound(c, at.seq, at.at) for c in table.clocks)
    return replace(table, abandoned=None, revive=(), dormant_since=None, clocks=clocks)


def _takeback_requested(table: Table, _event: dict[str, Any], _at: Recorded) -> Table:
    if table.last_decision is None:
        return table
    who, first, last = table.last_decision
    return replace(table, takeback=Takeback(who, first, last))


def _takeback_approved(table: Table, _event: dict[str, Any], at: Recorded) -> Table:
    if table.takeback is None or at.seat is None:
        return table
    approvals = (*(s for s in table.takeback.approvals if s != at.seat), at.seat)
    return replace(table, takeback=replace(table.takeback, approvals=approvals))


def _takeback_refused(table: Table, _event: dict[str, Any], _at: Recorded) -> Table:
    return replace(table, takeback=None)


def _taken_back(table: Table, event: dict[str, Any], at: Recorded) -> Table:
    # The seat whose decision is undone decides it afresh: its links from after that
    # decision name a position that no longer exists. The others' decisions are as they
    # were (their links' digests say whether their options changed).
    undone = table.takeback.seat if table.takeback is not None else None
    clocks = tuple(
        replace(c, decision_seq=at.seq) if undone in (None, c.seat) else c for c in table.clocks
    )
    return replace(
        table,
        clocks=clocks,
        takeback=None,
        last_decision=None,
        undone=(*table.undone, (event["first_seq"], event["last_seq"])),
        turn_seq=at.seq,
    )


FOLD: dict[str, Handler] = EVENTS.table(
    "fold",
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
        ev.PLAN_SET: _plan,
        ev.PLAN_FIRED: _plan,
        ev.PLAN_DROPPED: _plan,
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
"""Each ``table.*`` event's handler, one per type of the vocabulary (checked on import)."""


def with_absence(
    away: tuple[tuple[str, str, str], ...], seat: str, first: str, last: str
) -> tuple[tuple[str, str, str], ...]:
    """The absences once ``seat`` declares itself away from ``first`` to ``last`` (ISO
    days): the new absence replaces any earlier one of the seat that it overlaps, whose
    days before ``first`` stay (they were lived, and deadlines counted them); an absence
    apart from it stays too (issue 32: "away until the 8th" after "away until the 12th"
    shortens the absence, it does not add to it)."""
    kept: list[tuple[str, str, str]] = []
    for entry in away:
        whose, begins, ends = entry
        if whose != seat or ends < first or begins > last:
            kept.append(entry)
        elif begins < first:
            eve = date.fromisoformat(first) - timedelta(days=1)
            kept.append((whose, begins, eve.isoformat()))
    return (*kept, (seat, first, last))


def days_away(away: tuple[tuple[str, str, str], ...], seat: str) -> frozenset[date]:
    """Every day ``seat`` is away, whichever absence declared it."""
    days: set[date] = set()
    for whose, first, last in away:
        if whose == seat:
            day, end = date.fromisoformat(first), date.fromisoformat(last)
            while day <= end:
                days.add(day)
                day += timedelta(days=1)
    return frozenset(days)


def game_changed(
    table: Table, seq: int, seat: str | None, starts_decision: bool, when: datetime
) -> Table:
    """A game event was applied: links move on, pending votes and requests lapse (the seat
    acted, or the position they were about changed). A move wakes a sleeping game as
    "Wake the game up" would: every clock starts afresh."""
    if starts_decision and seat is not None:
        last: tuple[str, int, int] | None = (seat, seq, seq)
    elif table.last_decision is not None and seat == table.last_decision[0]:
        last = (table.last_decision[0], table.last_decision[1], seq)
    else:
        last = None
    ballot = table.ballot
    if ballot is not None and seat == ballot.seat:
        ballot = None
    dormant = None if seat is not None else table.dormant_since
    clocks = table.clocks
    if table.dormant_since is not None and dormant is None:
        clocks = tuple(_rewound(c, seq, stamp(when)) for c in clocks)
    if seat is not None:
        # The seat's own move ends its decision; if it decides again (the rest of its turn),
        # that is a new decision (its old links are spent).
        clocks = tuple(replace(c, decision_seq=seq) if c.seat == seat else c for c in clocks)
    turns, turn_of = table.turns, table.turn_of
    if starts_decision and seat is not None and seat != turn_of:
        turns, turn_of = turns + 1, seat
    return replace(
        table,
        clocks=clocks,
        turn_seq=seq,
        turns=turns,
        turn_of=turn_of,
        last_decision=last,
        takeback=None,
        ballot=ballot,
        dormant_since=dormant,
    )


def settle_clocks(table: Table, to_act: frozenset[str], seq: int, when: datetime) -> Table:
    """After a batch of events: a seat newly asked to decide starts its clock, and its
    decision begins at the newest game event (what changed the game to ask it)."""
    kept = tuple(c for c in table.clocks if c.seat in to_act)
    known = {c.seat for c in kept}
    fresh = tuple(
        Clock(seat=s, since_seq=seq, since=stamp(when), decision_seq=table.turn_seq)
        for s in sorted(to_act - known)
    )
    ballot = table.ballot
    if ballot is not None and ballot.seat not in to_act:
        ballot = None
    return replace(table, clocks=kept + fresh, ballot=ballot)
