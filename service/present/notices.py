"""What the table rules of issue 4 say to players, as plain dicts for emails and pages:
the game's pace and deadlines, and one notice per kind of email."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any, cast

from babel.dates import format_date, format_time
from sqlalchemy.orm import Session

from engine.kit.words import Msg
from service import words
from service.config import Settings
from service.links import urls as links
from service.present import presentation
from service.store import names as shown_names
from service.store import people
from service.store.eventstore import Loaded, now
from service.table import schedule
from service.table.events import TAKEN_BACK
from service.table.state import CHOICE_LABELS, CHOICES, STAND_IN, Table
from service.words import _, n_


def _decided(choice: str, name: str) -> Msg:
    """The headline of a vote's result: the choice's label as the end of a sentence."""
    if choice == "bot":
        return _(
            "The vote about {name} is decided: let a bot play their decisions until they come back",
            name=name,
        )
    if choice == "replace":
        return _("The vote about {name} is decided: hand their seat to someone new", name=name)
    if choice == "end":
        return _("The vote about {name} is decided: end the game, scored as it stands", name=name)
    return _("The vote about {name} is decided: wait longer", name=name)


def when(table: Table, moment: datetime) -> str:
    """A moment in the reader's time zone (a seat's own, else the game's), as this context's
    language writes dates; a deadline at midnight reads 'end of <day>'."""
    zone = words.reader_zone() or table.pace.timezone
    local = moment.astimezone(words.zone(zone))
    lang = words.language()
    if (local.hour, local.minute) == (0, 0):
        day = local - timedelta(days=1)
        return _("the end of {day} ({zone} time)", day=_day(day, lang), zone=words.zone_name(zone))
    return _(
        "{day}, {time} ({zone} time)",
        day=_day(local, lang),
        time=f"{local:%H:%M}" if lang == "en" else format_time(local, "short", locale=lang),
        zone=words.zone_name(zone),
    )


def away_span(table: Table, first: str, last: str) -> tuple[str, str, str]:
    """An absence's first and last days (ISO, days of the game's zone, as recorded) as the
    reader writes them, in the reader's zone (issue 32 §2: "2026-11-27から2026-12-05まで
    （日付は UTC 時間）"): days where the zone's midnights are the game's, else the moments it
    begins and ends; and the zone they are in."""
    zone = words.reader_zone() or table.pace.timezone
    start, end = schedule.absence_span(table, first, last)
    local_start, local_end = start.astimezone(words.zone(zone)), end.astimezone(words.zone(zone))
    if (local_start.time(), local_end.time()) == (time(0), time(0)):
        days = local_start.date(), (local_end - timedelta(days=1)).date()
        return words.day_words(days[0]), words.day_words(days[1]), zone
    return words.moment_words(local_start), words.moment_words(local_end), zone


def _day(moment: datetime, lang: str) -> str:
    if lang == "en":
        return f"{moment:%A} {moment.day} {moment:%B %Y}"
    return format_date(moment, "full", locale=lang)


def _hours(n: int) -> str:
    if n % 24 == 0:
        return n_("{n} day", "{n} days", n=n // 24)
    return n_("{n} hour", "{n} hours", n=n)


def _every(n: int) -> str:
    if n == 24:
        return _("every day")
    if n % 24 == 0:
        return n_("every {n} day", "every {n} days", n=n // 24)
    return n_("every {n} hour", "every {n} hours", n=n)


def pace(loaded: Loaded, seat: str | None = None) -> dict[str, Any]:
    """The game's pace (issue 4: shown in every email), and the seat's own deadline."""
    table = loaded.table
    p = table.pace
    summary = _(
        "{per} per decision; a reminder after {after}, then {every}; deadlines in {zone} time.",
        per=_hours(p.days * 24),
        after=_hours(p.remind_after_hours),
        every=_every(p.remind_every_hours),
        zone=words.zone_name(p.timezone),
    )
    clock = table.clock(seat) if seat else None
    deadline = deadline_at = None
    if clock is not None and seat not in table.bots and not loaded.row.over:
        deadline_at = schedule.deadline(table, clock)
        deadline = when(table, deadline_at)
    return {
        "summary": summary,
        "days": p.days,
        "timezone": p.timezone,
        "deadline": deadline,
        "deadline_at": deadline_at,
    }


def nothing_waiting(session: Session, loaded: Loaded, seat: str) -> str:
    """For a seat with nothing to decide: that nothing waits for it, and when it will hear
    from us (issue 14), as its own email settings make it true."""
    if loaded.row.over:
        return _(
            "Nothing is waiting for you: the game is over, and its final scores are on its page."
        )
    whose = presentation.whose_turn(loaded, seat)
    player = next(s for s in loaded.row.seats if s.seat == seat)
    style = people.notify_of(session, player)
    if player.muted_at is not None:
        return _(
            "Nothing is waiting for you in this game right now ({whose} to play). You "
            "unsubscribed from this game's emails: its page shows when it is your turn.",
            whose=whose,
        )
    if style == "digest":
        return _(
            "Nothing is waiting for you in this game right now ({whose} to play). When it is "
            "your turn, your daily digest will list it.",
            whose=whose,
        )
    if style == "none":
        return _(
            "Nothing is waiting for you in this game right now ({whose} to play). You chose no "
            "turn emails: the game's page shows when it is your turn.",
            whose=whose,
        )
    return _(
        "Nothing is waiting for you in this game right now ({whose} to play). We will email "
        "you when it is your turn.",
        whose=whose,
    )


def statuses(loaded: Loaded) -> list[dict[str, Any]]:
    """Per player: deciding since (the ``turn_seq`` at which the decision its links name
    began), deadline, away, played by a bot, handed over."""
    table = loaded.table
    acting = loaded.game.to_act(loaded.state) if not loaded.row.over else frozenset()
    moment = now()
    rows = []
    for s in loaded.row.seats:
        clock = table.clock(s.seat)
        notes = []
        if s.seat in table.seated_bots:  # issue 37 §3: its name says its level
            notes.append(_("a bot: it plays as soon as its turn comes"))
        elif s.seat in table.bots and table.level(s.seat) != STAND_IN:
            level = shown_names.level_word(table.level(s.seat))
            notes.append(_("a bot ({level}) plays for them until they come back", level=level))
        elif s.seat in table.bots:
            notes.append(_("a bot plays for them until they come back"))
        if s.seat in table.resigned:
            notes.append(_("resigned: the others decide for their seat"))
        if table.offered_to(s.seat) is not None:
            # A newcomer is named once they take the seat: until then they agreed to nothing.
            notes.append(_("handed to a new player, who has not taken the seat yet"))
        for first, last in schedule.absences(table, s.seat):
            if last > moment:
                notes.append(
                    _(
                        "away from {first} to {last}",
                        first=when(table, first),
                        last=when(table, last),
                    )
                )
        deadline = None
        waits = s.seat not in table.bots and not table.has_left(s.seat)
        if clock is not None and s.seat in acting and waits:
            deadline = when(table, schedule.deadline(table, clock))
        unreachable = s.seat in table.unreachable and s.left_at is None
        if unreachable:
            notes.append(
                _("our emails to them come back undelivered: they may not see their turns")
            )
        rows.append(
            {
                "seat": s.seat,
                "name": shown_names.of_seat(s),
                "left": s.left_at is not None,
                "unreachable": unreachable,
                "to_act": s.seat in acting,
                "decision_seq": table.decision_seq(s.seat) if s.seat in acting else None,
                "deadline": deadline,
                "notes": notes,
            }
        )
    return rows


def _name(loaded: Loaded, seat: str | None) -> str:
    for s in loaded.row.seats:
        if s.seat == seat:
            return shown_names.of_seat(s)
    return seat or _("the service")


@dataclass(frozen=True)
class Asked:
    """What a table email is written for: the game, the seat it goes to, the event it tells
    (``event``, recorded by ``by``), the name of the seat the event is about, and the seat's
    page."""

    settings: Settings
    loaded: Loaded
    seat: str
    by: str | None
    event: dict[str, Any]
    name: str
    page: str

    def by_name(self) -> str:
        return _name(self.loaded, self.by)

    def link(self, label: Msg, action: str) -> dict[str, str]:
        return {
            "label": label,
            "url": links.seat_url(self.settings, self.loaded, self.seat, action),
        }


def notice(
    settings: Settings,
    loaded: Loaded,
    kind: str,
    seat: str,
    cause: tuple[str | None, dict[str, Any]] | None,
) -> dict[str, Any] | None:
    """The headline, sentences and links of a table email; ``cause`` is the event (its seat
    and payload) the email was written for. None for a kind of email with no notice."""
    by, event = cause if cause is not None else (None, {})
    name = _name(loaded, event.get("seat"))
    page = links.seat_url(settings, loaded, seat)
    told = NOTICES.get(kind)
    return None if told is None else told(Asked(settings, loaded, seat, by, event, name, page))


def _said(headline: Msg, *lines: Msg, actions: tuple[dict[str, str], ...] = ()) -> dict[str, Any]:
    return {"headline": headline, "lines": list(lines), "actions": list(actions)}


def _reminder(asked: Asked) -> dict[str, Any]:
    headline = _("A reminder: your decision is waiting")
    deadline = pace(asked.loaded, asked.seat)["deadline"]
    return _said(
        headline, *([_("Please decide by {deadline}.", deadline=deadline)] if deadline else [])
    )


def _nudge(asked: Asked) -> dict[str, Any]:
    headline = _("{name} nudged you: your decision is waiting", name=asked.by_name())
    deadline = pace(asked.loaded, asked.seat)["deadline"]
    return _said(
        headline, *([_("Your deadline is {deadline}.", deadline=deadline)] if deadline else [])
    )


def _away(asked: Asked) -> dict[str, Any]:
    name, event = asked.name, asked.event
    headline = _("{name} is away", name=name)
    first, last, zone = away_span(asked.loaded.table, str(event["first"]), str(event["last"]))
    return _said(
        headline,
        _(
            "{name} is away from {first} to {last} ({zone} time). Their deadlines pause meanwhile.",
            name=name,
            first=first,
            last=last,
            zone=words.zone_name(zone),
        ),
    )


def _ballot(asked: Asked) -> dict[str, Any]:
    name, table = asked.name, asked.loaded.table
    headline = _("{name}'s deadline has passed: what should we do?", name=name)
    lines = [
        _(
            "{name} has not decided in time. The players who answer decide by majority; "
            "a tie means we wait.",
            name=name,
        )
    ]
    if table.ballot is None:
        return _said(headline, *lines)
    closes = schedule.ballot_closes(table)
    assert closes is not None
    lines.append(_("The vote closes at {moment}.", moment=when(table, closes)))
    votes = tuple(
        {"label": CHOICE_LABELS[choice], "url": f"{asked.page.split('#')[0]}?vote={choice}#vote"}
        for choice in CHOICES
    )
    return _said(headline, *lines, actions=votes)


def _ballot_result(asked: Asked) -> dict[str, Any]:
    choice = str(asked.event.get("choice", "wait"))
    answered = int(asked.event.get("answers", 0))
    lines = [n_("{n} player answered.", "{n} players answered.", n=answered)]
    if choice == "replace":
        lines.append(_("The new player has been invited; the seat waits for them meanwhile."))
    elif choice == "bot":
        lines.append(
            _("{name} takes the seat back with any link from their emails.", name=asked.name)
        )
    return _said(_decided(choice, asked.name), *lines)


def _dormant(asked: Asked) -> dict[str, Any]:
    quiet = asked.event.get("seat")
    if quiet is None:
        line = _(
            "Nobody answered the last vote, so we stopped sending reminders. The game "
            "waits exactly where it stopped; one click wakes it up for everyone."
        )
    elif quiet == asked.seat:
        line = _(
            "Your deadline has passed, and nobody else at the table votes on what to "
            "do, so we stopped sending reminders. The game waits exactly where it "
            "stopped; the next move, or one click, wakes it up."
        )
    else:
        line = _(
            "{name}'s deadline has passed, and nobody else at the table votes on what "
            "to do, so we stopped sending reminders. The game waits exactly where it "
            "stopped; the next move, or one click, wakes it up.",
            name=asked.name,
        )
    wake = asked.link(_("Wake the game up"), "resume")
    return _said(_("The game is asleep"), line, actions=(wake,))


def _resumed(asked: Asked) -> dict[str, Any]:
    headline = _("{name} woke the game up", name=asked.by_name())
    return _said(headline, _("Deadlines start afresh from now."))


def _returned(asked: Asked) -> dict[str, Any]:
    return _said(_("{name} is back and plays their own seat again", name=asked.name))


def _seat_claimed(asked: Asked) -> dict[str, Any]:
    loaded = asked.loaded
    replaced = shown_names.replaced(loaded.row, str(asked.event.get("seat")), loaded.seq)
    return _said(_("{name} now plays {replaced}'s seat", name=asked.name, replaced=replaced))


def _voted_on() -> Msg:
    return _(
        "Whenever the game waits for their seat, the players vote on it as for a "
        "player who went quiet: wait, let a bot play it, hand it to someone new, or "
        "end the game."
    )


def _left(asked: Asked) -> dict[str, Any]:
    seats = asked.loaded.row.seats
    number = next((shown_names.number(s) for s in seats if s.seat == asked.event.get("seat")), 0)
    return _said(
        _("Player {number} left the game", number=number),
        _("They asked to be forgotten: their name and address are no longer kept here."),
        _voted_on(),
    )


def _resigned(asked: Asked) -> dict[str, Any]:
    return _said(
        _("{name} resigned", name=asked.name),
        _voted_on(),
        _("They will get no more emails about this game."),
    )


def _unreachable(asked: Asked) -> dict[str, Any]:
    name = asked.name
    return _said(
        _("{name}'s address no longer receives our emails", name=name),
        _("Our emails to {name} come back undelivered: they may not see their turns.", name=name),
        _(
            "If their deadline passes, you vote on their seat as for any player who went "
            "quiet: wait, let a bot play it, hand it to someone new, or end the game. They "
            "can give a new address from their seat page."
        ),
    )


def _reachable(asked: Asked) -> dict[str, Any]:
    return _said(
        _("{name} receives our emails again", name=asked.name),
        _("They gave a new address; their deadlines run as before."),
    )


def _closed(_asked: Asked) -> dict[str, Any]:
    return _said(
        _("The host closed this game"),
        _("It ended as it stood, and it cannot go on. Its page and its history stay public."),
    )


def _revive_request(asked: Asked) -> dict[str, Any]:
    return _said(
        _("{name} wants to play on", name=asked.by_name()),
        _("The game ended as abandoned. It continues where it stopped once everyone agrees."),
        actions=(asked.link(_("Agree to play on"), "revive"),),
    )


def _revived(_asked: Asked) -> dict[str, Any]:
    return _said(_("Everyone agreed: the game continues where it stopped"))


def _takeback_request(asked: Asked) -> dict[str, Any]:
    return _said(
        _("{name} asks to take back their last decision", name=asked.by_name()),
        _("It is undone only if every other player approves."),
        actions=(asked.link(_("Approve or refuse"), "takeback"),),
    )


def _takeback_result(asked: Asked) -> dict[str, Any]:
    if asked.event.get("type") == TAKEN_BACK:
        return _said(
            _("A decision was taken back"),
            _("Everyone approved; the game is back to where it was before it."),
        )
    return _said(_("{name} refused to take that decision back", name=asked.by_name()))


def _rematch_request(asked: Asked) -> dict[str, Any]:
    lines = [
        _(
            "The same game with the same players and options, the seats' order turned by one. "
            "It starts when everyone has confirmed."
        )
    ]
    due = asked.event.get("due")
    if isinstance(due, str):
        lines.append(
            _(
                "If not everyone has confirmed by {moment}, it starts with those who did, if "
                "the game is played by that many.",
                moment=when(asked.loaded.table, datetime.fromisoformat(due)),
            )
        )
    confirm = {
        "label": _("Confirm the rematch"),
        "url": links.rematch_url(asked.settings, asked.loaded, asked.seat),
    }
    return _said(_("{name} proposes a rematch", name=asked.by_name()), *lines, actions=(confirm,))


def _rematch_lapsed(_asked: Asked) -> dict[str, Any]:
    return _said(
        _("The rematch lapsed"),
        _("Too few players confirmed it in time, so no new game was started."),
    )


def _rematch_without_you(asked: Asked) -> dict[str, Any]:
    headline = _("The rematch started without you")
    said = _(
        "Those who confirmed it in time play it; you were not among them, so it started "
        "without you."
    )
    started = asked.event.get("game")
    if not isinstance(started, str):
        return _said(headline, said)
    watch = {"label": _("Watch the rematch"), "url": links.game_url(asked.settings, started)}
    return _said(headline, said, actions=(watch,))


def _talk(asked: Asked) -> dict[str, Any]:
    """What another player said (issue 35 §2): the words as they wrote them, escaped by the
    template; said again in the next turn email's news."""
    said = asked.event.get("words")
    if "to" in asked.event:
        headline = _("{name} says to you alone", name=asked.by_name())
    else:
        headline = _("{name} says to the table", name=asked.by_name())
    if not isinstance(said, str):
        return _said(headline, _("(erased)"))
    return _said(headline, cast(Msg, said))


NOTICES: dict[str, Callable[[Asked], dict[str, Any]]] = {
    "reminder": _reminder,
    "nudge": _nudge,
    "away": _away,
    "ballot": _ballot,
    "ballot_result": _ballot_result,
    "dormant": _dormant,
    "resumed": _resumed,
    "returned": _returned,
    "seat_claimed": _seat_claimed,
    "left": _left,
    "resigned": _resigned,
    "unreachable": _unreachable,
    "reachable": _reachable,
    "closed": _closed,
    "revive_request": _revive_request,
    "revived": _revived,
    "takeback_request": _takeback_request,
    "takeback_result": _takeback_result,
    "rematch_request": _rematch_request,
    "rematch_lapsed": _rematch_lapsed,
    "rematch_without_you": _rematch_without_you,
    "talk": _talk,
}
"""Each kind of table email's notice, by the outbox row's kind."""
