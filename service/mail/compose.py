"""Building one outbox row's email (DESIGN.md §7) from the game as it stands now."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, PackageLoader, StrictUndefined, Template, select_autoescape
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service import boards, words
from service.config import Settings
from service.links import decisions, replyto
from service.links import urls as links
from service.mail import ics, keywords, kinds, news, smtp
from service.mail.kinds import ANSWER
from service.play import blocklist, notes, plans_shown, reach, rematch, resigning, talk
from service.play.forgetting import LEFT
from service.play.holders import seat_row
from service.present import notices, presentation
from service.present.seat_email import SeatEmail, seat_email
from service.store import eventstore, people
from service.store import names as shown_names
from service.store.eventstore import Loaded, now
from service.store.models import EventRow, InboxRow, OutboxRow, SeatOfferRow, SeatRow
from service.words import _

# templates/email/ at the top of the repository, installed as this package (setup.py).
_env = Environment(
    loader=PackageLoader("service.mail.templates", "."),
    autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    finalize=words.finalize,
)
_env.globals.update(
    _=words._, n_=words.n_, p_=words.p_, language=words.language, listing=words.listing
)

NEWS_TOLD = 30
"""Sentences of "Since your last turn" an email tells: every other player's turn in full in
each game (a player must learn what was done to them), after the decision and the picture so
that it never pushes the first choice down; past it, the history page holds the rest."""


@dataclass(frozen=True)
class Outgoing:
    message: EmailMessage
    to: str
    """The one envelope recipient: the address itself, never read back from a header."""


FIRST_CONTACT = ("invitation", "reminder")
"""How an email to an address that never played is written (issue 31 §3): as the
invitation (who asked us to write, how to answer, never email me again), or as its one
reminder (the last email until they answer)."""


def compose(
    session: Session,
    settings: Settings,
    row: OutboxRow,
    *,
    contact: str | None = None,
    planned: Plan | None = None,
) -> Outgoing | str:
    """The message for ``row`` and its recipient, in the seat's language (its subject, both
    parts and its picture), or the reason it is no longer worth sending. ``contact``: the
    recipient never played, and this is their invitation or their one reminder
    (:data:`FIRST_CONTACT`, :mod:`service.mail.holding`). ``planned``: what :func:`plan`
    found for ``row`` in this transaction, not asked again (issue 34 §2)."""
    loaded = eventstore.load(session, row.game_id) if planned is None else planned.loaded
    seat = seat_row(loaded.row, row.seat)
    players = shown_names.Players(loaded.row)
    with words.speaking(seat.language, seat.time_zone), words.naming(players):
        if row.kind == ANSWER:
            return _answer(session, settings, row, loaded, seat)
        if planned is None:
            worth = worth_sending(session, row, loaded, seat)
            if isinstance(worth, str):
                return worth
            planned = worth
        email = _email(session, settings, row, loaded, planned, contact)
        return Outgoing(message(settings, email), planned.recipient[1])


def plan(session: Session, row: OutboxRow, *, channels: bool = False) -> Plan | str:
    """Whom ``row``'s email goes to and what it offers, or why it is not worth sending
    now; an answer to a reply goes to its seat's own address. ``channels``: for the
    player's channels beside email (issue 36), which a player who chose
    :data:`CHANNELS_ONLY` gets every turn on."""
    loaded = eventstore.load(session, row.game_id)
    seat = seat_row(loaded.row, row.seat)
    if row.kind == ANSWER:
        refused = _answer_refusal(session, row, seat)
        if refused is not None:
            return refused
        assert seat.email is not None
        return Plan((seat.name, seat.email), None, False, False, loaded)
    return worth_sending(session, row, loaded, seat, channels=channels)


def still_wanted(session: Session, row: OutboxRow) -> str | None:
    """Why an email composed before, and not yet taken by the relay, is no longer worth
    sending (the decision was made meanwhile, the address was blocked...), else None: it
    is sent as it was composed (issue 31: every attempt sends the same bytes)."""
    loaded = eventstore.load(session, row.game_id)
    seat = seat_row(loaded.row, row.seat)
    if row.kind == ANSWER:
        return _answer_refusal(session, row, seat)
    planned = worth_sending(session, row, loaded, seat)
    return planned if isinstance(planned, str) else None


BLOCKED = "the address is blocked"
"""Why an email to an address the operator blocked was not sent (``OutboxRow.skipped``);
:data:`service.play.forgetting.LEFT` for a seat whose player asked to be forgotten."""


@dataclass(frozen=True)
class Plan:
    """Whom an outbox row's email goes to, and what it offers."""

    recipient: tuple[str, str]
    offer: SeatOfferRow | None
    acting: bool
    owns: bool
    loaded: Loaded
    """The game as it stood when the plan was made, in the plan's transaction."""

    def greeted(self, seat: str) -> str:
        """The name the email greets its reader by, read in this context's language when
        it is told (a plan is made before: an unnamed player is "Player 2" in the reader's
        own words): the newcomer offered the seat by their own name, else its player."""
        if self.offer is not None:
            return self.offer.name
        return shown_names.of_seat(seat_row(self.loaded.row, seat))


CHANNELS_ONLY = "the player chose their other channels"
"""Why a turn email was not sent to a player who chose every turn on their channels beside
email and no turn emails (the style ``channels``, issue 36)."""
STYLE_SKIPS = {
    "digest": "the player chose a daily digest",
    "none": "the player chose no turn emails",
    "channels": CHANNELS_ONLY,
}


def worth_sending(
    session: Session, row: OutboxRow, loaded: Loaded, seat: SeatRow, *, channels: bool = False
) -> Plan | str:
    """Whom the row's email goes to, and what it offers, or why it is not worth sending now
    (``channels``: to the player's channels beside email, issue 36)."""
    kind = kinds.of(row.kind)
    addressed = _addressee(session, row, loaded, seat)
    if isinstance(addressed, str):
        return addressed
    recipient, offer = addressed
    acting = row.seat in loaded.game.to_act(loaded.state) and not loaded.row.over
    owns = _owns(session, row, loaded, kind)
    if kind.decision:
        stale = _stale(row, loaded, acting, owns)
        if stale is not None:
            return stale
    if kind.turn_news:
        style = people.notify_of(session, seat)
        if style != "each" and not (channels and style == "channels"):
            return STYLE_SKIPS.get(style, STYLE_SKIPS["none"])
    return Plan(recipient, offer, acting, owns, loaded)


def _addressee(
    session: Session, row: OutboxRow, loaded: Loaded, seat: SeatRow
) -> tuple[tuple[str, str], SeatOfferRow | None] | str:
    """The recipient and the seat offered to them, or why nobody can be written to."""
    offer = None
    if row.kind == "seat_offer":
        offer = _offer(session, row, loaded)
        if offer is None:
            return "the seat was taken"
        if offer.email is None:
            return LEFT
        recipient = (offer.name, offer.email)
    elif seat.email is None:
        return LEFT
    elif row.seat in loaded.table.resigned:
        return resigning.SKIPPED  # issue 32: no more emails for that game
    elif seat.muted_at is not None:
        return "unsubscribed"
    else:
        recipient = (seat.name, seat.email)
    if blocklist.blocked(session, recipient[1]):
        return BLOCKED
    # Issue 31: it bounces, or its player called our email spam.
    return reach.refusal(session, recipient[1]) or (recipient, offer)


def _owns(session: Session, row: OutboxRow, loaded: Loaded, kind: kinds.Kind) -> bool:
    """Whether the row still owns the seat's decision."""
    if kind.reoffer:
        # Still the decision this row was written for: the seat has not moved since (another
        # seat's move leaves it the same decision, issue 14).
        began = loaded.table.decision_seq(row.seat)
        return began is not None and began <= row.seq
    return _announcing_seq(session, row) == row.seq


def _stale(row: OutboxRow, loaded: Loaded, acting: bool, owns: bool) -> str | None:
    """Why an email offering the seat its decision no longer should."""
    if not acting or (row.kind != "turn" and not owns):
        return "decision already made"
    if not owns:
        return "a newer email announces this decision"
    if row.seat in loaded.table.bots:
        return "a bot plays this seat"
    return None


def told(
    session: Session, settings: Settings, row: OutboxRow, loaded: Loaded, planned: Plan
) -> SeatEmail:
    """What ``row``'s email tells, in this context's language: its own email's, or a
    section of an email of several games (:mod:`service.mail.bundle`)."""
    kind = kinds.of(row.kind)
    notice = None
    if kind.notice:
        notice = notices.notice(settings, loaded, row.kind, row.seat, _cause(session, row))
    if planned.offer is not None:
        notice = _offer_notice(settings, loaded, planned.offer)
    offer = planned.acting and planned.owns
    # Issue 35 §3: the seat's own note, to its own player (never to a newcomer the seat is
    # offered to), in an email that offers the seat's decision.
    note = notes.of(session, loaded.row.id, row.seat) if offer and planned.offer is None else None
    # Issue 38 §1: likewise its own plans ahead, only in a game where somebody planned.
    plans = None
    if offer and planned.offer is None and loaded.row.plans:
        plans = plans_shown.news(session, loaded, row.seat, _previous_email(session, row))
    return seat_email(
        settings, loaded, row.seat, row.kind,
        name=planned.greeted(row.seat), address=planned.recipient[1],
        offer=offer, notice=notice,
        news=_news(session, loaded, row.seat) if kind.news else None, note=note, plans=plans,
    )  # fmt: skip


def _previous_email(session: Session, row: OutboxRow) -> int:
    """The event the seat's email before ``row`` announced (0: none): a turn email tells
    the plans that stopped after it (issue 38 §1), so each stop is told once, including a
    plan's move played for a decision no email announced."""
    found = session.scalar(
        select(func.max(OutboxRow.seq)).where(
            OutboxRow.game_id == row.game_id,
            OutboxRow.seat == row.seat,
            OutboxRow.kind.in_(kinds.ANNOUNCING),
            OutboxRow.seq < row.seq,
        )
    )
    return int(found) if found is not None else 0


def _news(session: Session, loaded: Loaded, seat: str) -> dict[str, Any]:
    since = news.since_last_decision(session, loaded, seat)
    lines = since.lines[-NEWS_TOLD:]
    return {"lines": lines, "earlier": since.earlier + len(since.lines) - len(lines)}


@dataclass(frozen=True)
class Email:
    """One email as it goes out, before it is MIME: its headers' values, its templates and
    what they read, its picture and its calendar event."""

    recipient: tuple[str, str]
    subject: str
    message_id: str
    thread: tuple[str, str] | None
    """``In-Reply-To`` and ``References``: the game's first email, or the reply answered."""
    list_id: str
    unsubscribe: str
    auto_submitted: str
    reply_to: str | None
    template: str
    """``message`` or ``answer``: its ``.txt`` and ``.html``."""
    context: dict[str, Any]
    png: bytes | None = None
    image_cid: str = ""
    png_name: str = ""
    calendar: str | None = None


def _email(
    session: Session,
    settings: Settings,
    row: OutboxRow,
    loaded: Loaded,
    planned: Plan,
    contact: str | None,
) -> Email:
    """Everything ``row``'s email says and links, gathered once."""
    seat_told = told(session, settings, row, loaded, planned)
    acting = seat_told.decision["acting"]
    # Issue 34 §2: the picture is the table's (the spectator's view), one drawing for every
    # seat reading this language; what the seat's own picture said only to it is said
    # beside it (``picture["yours"]``), and the text part is still the seat's own board.
    table = loaded.game.view(loaded.state, None)
    names = presentation.seat_names(loaded)
    board = boards.render(
        loaded.row.game, seat_told.view, "png", names, panels_with_picture=False, table=table
    )
    image_cid = make_msgid("board", domain=settings.mail_domain)
    picture = boards.context(board, image_cid[1:-1])
    picture["alt"] = presentation.picture_alt(
        loaded, row.seat, table, seat_told.decision["prompt"] if acting else None, shared=True
    )
    picture["yours"] = _yours(loaded, seat_told, names) if board.png is not None else []
    reply_to = None
    kind = kinds.of(row.kind)
    answered = seat_told.notice is not None or contact is not None or kind.rematch
    if planned.offer is None and (acting or answered):
        # A reply to an email that offers a decision or a table notice reaches this seat;
        # so does one to a newcomer's invitation, whose reply may be "stop", and one to the
        # game's last email, whose reply may be "rematch" (issue 35 §4). An email asking
        # to confirm (a rematch) has an address that asks it.
        reply_to = replyto.address(
            settings.secret_key, settings.mail_domain, loaded, row.seat, kind.asks
        )
    welcome = None
    if contact is not None:
        welcome = first_contact(
            settings, loaded, row.seat, seat_told.links, contact,
            offer=planned.offer, by_reply=reply_to,
        )  # fmt: skip
    context = _fields(seat_told)
    context.update(
        board=picture,
        first_contact=welcome,
        reply_by_code=reply_to is not None and bool(seat_told.decision["coded"]),
        notice=_with_hint(seat_told.notice, row.kind) if reply_to is not None else seat_told.notice,
        preheader=seat_told.preheader(),
        rematch=_rematch_offer(session, settings, loaded, row.seat) if kind.rematch else None,
        rematch_of=_rematch_of(session, settings, loaded) if kind.rematch_of else None,
    )
    return Email(
        recipient=planned.recipient,
        subject=subject(loaded),
        message_id=_message_id(settings, row),
        thread=None if row.kind == "invitation" else (_root(settings, row),) * 2,
        list_id=_list_id(settings, loaded),
        # One click asks a newcomer never to be emailed again (issue 31 §3), not just about
        # this game.
        unsubscribe=seat_told.links.never if contact is not None else seat_told.links.unsubscribe,
        auto_submitted="auto-generated",
        reply_to=reply_to,
        template="message",
        context=context,
        png=board.png,
        image_cid=image_cid,
        png_name=f"{row.game_id}-board.png",
        calendar=_deadline(settings, loaded, row, seat_told)
        if kinds.of(row.kind).calendar and acting
        else None,
    )


def _rematch_offer(
    session: Session, settings: Settings, loaded: Loaded, seat: str
) -> dict[str, str] | None:
    """The finished game's offer of a rematch (issue 35 §4): its page and the reply word;
    None for a seat it cannot be offered to."""
    if rematch.refusal(session, loaded, seat) is not None:
        return None
    return {
        "url": links.rematch_url(settings, loaded, seat),
        "command": keywords.word("rematch"),
    }


def _rematch_of(session: Session, settings: Settings, loaded: Loaded) -> dict[str, str] | None:
    """The finished game this one is the rematch of, and its page (issue 35 §4), or None."""
    before = rematch.of_new(session, loaded.row.id)
    if before is None:
        return None
    return {"id": before.game_id, "url": links.game_url(settings, before.game_id)}


def _yours(loaded: Loaded, seat_told: SeatEmail, names: dict[str, str]) -> list[Any]:
    """What the seat's own picture told only the seat, said beside the table's picture
    (issue 34 §2): which player and colour they are ("(you)" in a legend, "you are ..." in a
    header), and whatever else its game says the table's picture lacks for them (their own
    island drawn large...)."""
    seat = seat_told.player["seat"]
    you = _(
        "On the board you are {name}; your colour is {colour}.",
        name=names.get(seat, seat),
        colour=seat_told.player["colour"],
    )
    return [you, *boards.beside_picture(loaded.row.game, seat_told.view)]


def _fields(seat_told: SeatEmail) -> dict[str, Any]:
    """What the email's templates read: what the email tells, and what only an email has
    (its reply commands), with nothing of the latter said yet."""
    return {
        **seat_told.fields(),
        "first_contact": None,
        "prefix": "",
        "reply_by_code": False,
        "reply_commands": keywords.named(keywords.IN_TURN_EMAILS),
        "note_command": keywords.word("note"),
        "rematch": None,
        "rematch_of": None,
        "answer": None,
        "preheader": "",
    }


def _with_hint(notice: dict[str, Any] | None, kind: str) -> dict[str, Any] | None:
    """A table notice that a reply answers, with what replying does (issue 32: the takeback
    request says replying yes or no works)."""
    hint = keywords.reply_hint(kind)
    if notice is None or hint is None:
        return notice
    return {**notice, "lines": [*notice["lines"], hint]}


def message(settings: Settings, email: Email) -> EmailMessage:
    """``email`` as MIME: its headers, its text and HTML parts, its picture inline in the
    HTML part, its calendar event attached."""
    message = smtp.message()
    message["From"] = settings.mail_from
    message["To"] = smtp.recipient(*email.recipient)
    message["Subject"] = email.subject
    message["Date"] = format_datetime(now())
    message["Message-ID"] = email.message_id
    if email.thread is not None:
        message["In-Reply-To"], message["References"] = email.thread
    # Every email of a game names the game as its list (RFC 2919) and carries a one-click
    # unsubscribe (RFC 8058), as Gmail, Yahoo and Outlook ask of mail sent in bulk (issue 31).
    message["List-Id"] = email.list_id
    message["List-Unsubscribe"] = f"<{email.unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = email.auto_submitted
    if email.reply_to is not None:
        message["Reply-To"] = email.reply_to
    message.set_content(render(f"{email.template}.txt", email.context))
    message.add_alternative(render(f"{email.template}.html", email.context), subtype="html")
    if email.png is not None:
        html_part = list(message.iter_parts())[1]
        html_part.add_related(
            email.png, "image", "png", cid=email.image_cid, filename=email.png_name,
            disposition="inline",
        )  # fmt: skip
    if email.calendar is not None:
        message.add_attachment(
            email.calendar, subtype="calendar", filename="deadline.ics",
            params={"method": "PUBLISH"},
        )  # fmt: skip
    return message


def _root(settings: Settings, row: OutboxRow) -> str:
    """The Message-ID of the game's first email to the seat, its invitation: the thread."""
    return f"<{row.game_id}.{row.seat}@{settings.mail_domain}>"


def _message_id(settings: Settings, row: OutboxRow) -> str:
    """The invitation starts the seat's thread. Any other email: one Message-ID per outbox
    row, the same on every attempt: a copy sent again after a worker died between the
    relay's acceptance and marking the row sent is recognisably the same message, and
    mailboxes that dedupe by Message-ID keep one."""
    if row.kind == "invitation":
        return _root(settings, row)
    return f"<{row.game_id}.{row.seat}.{row.id}@{settings.mail_domain}>"


def _list_id(settings: Settings, loaded: Loaded) -> str:
    game_id = loaded.row.id
    return f"{loaded.game.title} game {game_id} <{game_id}.games.{settings.mail_domain}>"


def first_contact(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    seat_links: links.SeatLinks,
    contact: str,
    *,
    offer: SeatOfferRow | None,
    by_reply: str | None,
) -> dict[str, Any]:
    """What an email to an address that never played adds (issue 31 §3): who asked us to
    write (we do not know the game's creator: the names the other seats were given, which
    nobody checked), how to answer, and never email me again. ``contact``: its invitation,
    or its one reminder (the last email until they answer)."""
    others = [s for s in loaded.row.seats if s.seat != seat]
    named = [shown_names.of_seat(s) for s in others]
    return {
        "reminder": contact == "reminder",
        "site": urlsplit(settings.base_url).hostname or settings.base_url,
        "others": words.listing(named) if named else None,
        "join_url": links.claim_url(settings, offer.id) if offer is not None else seat_links.join,
        "never_url": seat_links.never,
        "by_reply": by_reply is not None,
        "stop": keywords.word("none"),
    }


def _deadline(
    settings: Settings, loaded: Loaded, row: OutboxRow, seat_told: SeatEmail
) -> str | None:
    """The decision's deadline as a calendar event (issue 20), when it has one."""
    deadline = seat_told.pace["deadline_at"]
    if deadline is None:
        return None
    summary = words.text(_("Decide in {game}", game=subject(loaded)))
    url = seat_told.decision["turn_url"]
    return ics.deadline_event(
        uid=ics.uid(
            row.game_id, row.seat, loaded.table.decision_seq(row.seat), settings.mail_domain
        ),
        sequence=row.id,
        deadline=deadline,
        stamp=now(),
        summary=summary,
        description=f"{summary}\n{words.text(seat_told.decision['prompt'])}\n{url}",
        url=url,
    )


def _answer(
    session: Session, settings: Settings, row: OutboxRow, loaded: Loaded, seat: SeatRow
) -> Outgoing | str:
    """The answer to one received reply (issue 18): to the seat's own address only, in its
    thread, what each line of the reply did, then the seat's decision now with its codes."""
    refusal = _answer_refusal(session, row, seat)
    if refusal is not None:
        return refusal
    received = session.get(InboxRow, row.inbox_id)
    assert received is not None and received.answer is not None and seat.email is not None
    said = received.answer
    acting = decisions.deciding(loaded, row.seat) and bool(said.get("decision"))
    seat_told = seat_email(
        settings, loaded, row.seat, row.kind,
        name=shown_names.of_seat(seat), address=seat.email, offer=acting,
    )  # fmt: skip
    board = boards.render(loaded.row.game, seat_told.view, None, presentation.seat_names(loaded))
    # An answer asking to confirm (issue 32: "resign") has an address that asks it: a "yes"
    # to it answers that question.
    asks = str(said.get("asks") or "")
    reply_to = replyto.address(settings.secret_key, settings.mail_domain, loaded, row.seat, asks)
    context = _fields(seat_told)
    context.update(
        board=boards.context(board, ""),
        answer={"steps": said.get("steps") or [], "warning": said.get("warning")},
        reply_by_code=reply_to is not None and bool(seat_told.decision["coded"]),
    )
    root, answered = _root(settings, row), said.get("in_reply_to")
    email = Email(
        recipient=(seat.name, seat.email),
        subject="Re: " + subject(loaded),
        message_id=f"<{row.game_id}.{row.seat}.{row.id}@{settings.mail_domain}>",
        thread=(answered or root, f"{root} {answered}" if answered else root),
        list_id=_list_id(settings, loaded),
        unsubscribe=seat_told.links.unsubscribe,
        # RFC 3834 §5: an answer to a message, so other robots do not answer it in turn.
        auto_submitted="auto-replied",
        reply_to=reply_to if reply_to is not None and (said.get("decision") or asks) else None,
        template="answer",
        context=context,
    )
    return Outgoing(message(settings, email), seat.email)


def _answer_refusal(session: Session, row: OutboxRow, seat: SeatRow) -> str | None:
    received = session.get(InboxRow, row.inbox_id) if row.inbox_id is not None else None
    if received is None or received.answer is None:
        return "nothing to answer"
    if seat.email is None:
        return LEFT
    if blocklist.blocked(session, seat.email):
        return BLOCKED
    return reach.refusal(session, seat.email, answering=True)


def render(template: str, context: dict[str, Any]) -> str:
    return _env.get_template(template).render(**context)


def template(name: str) -> Template:
    """The email template ``name``, compiled once per process (a worker compiles the common
    ones when it starts, :mod:`workers.warm`)."""
    return _env.get_template(name)


def _announcing_seq(session: Session, row: OutboxRow) -> int | None:
    """The seq of the seat's newest invitation or turn row. Those rows are written when a
    seat starts deciding, so the newest one owns the seat's current decision: sent late,
    an older email must not offer it a second time (its links would soon be stale)."""
    return session.scalar(
        select(func.max(OutboxRow.seq)).where(
            OutboxRow.game_id == row.game_id,
            OutboxRow.seat == row.seat,
            OutboxRow.kind.in_(kinds.ANNOUNCING),
        )
    )


def _offer(session: Session, row: OutboxRow, loaded: Loaded) -> SeatOfferRow | None:
    """The offer the row's seat is handed to now (the table names its ballot and voter),
    while it is unclaimed."""
    offered = loaded.table.offered_to(row.seat)
    if offered is None:
        return None
    ballot, proposer = offered
    query = select(SeatOfferRow).where(
        SeatOfferRow.game_id == row.game_id,
        SeatOfferRow.seat == row.seat,
        SeatOfferRow.ballot == ballot,
        SeatOfferRow.claimed_at.is_(None),
    )
    if proposer is not None:
        query = query.where(SeatOfferRow.proposed_by == proposer)
    return session.scalars(query.order_by(SeatOfferRow.id).limit(1)).one_or_none()


def _offer_notice(settings: Settings, loaded: Loaded, offer: SeatOfferRow) -> dict[str, Any]:
    return {
        "headline": _("You are invited to take over a seat in {title}", title=loaded.game.title),
        "lines": [
            _(
                "The players of game #{id} voted to hand seat {seat} to you, as its player "
                "went quiet. You continue the game where it stands.",
                id=str(loaded.row.id),
                seat=offer.seat,
            ),
        ],
        "actions": [{"label": _("Take the seat"), "url": links.claim_url(settings, offer.id)}],
    }


def _cause(session: Session, row: OutboxRow) -> tuple[str | None, dict[str, Any]] | None:
    """The event a table email was written for: who did what; for an email of a rematch
    (kept beside the game, not in its log), the rematch."""
    beside = CAUSES.get(row.kind)
    if beside is not None:
        return beside(session, row)
    event = session.scalars(
        select(EventRow).where(EventRow.game_id == row.game_id, EventRow.seq == row.seq)
    ).one_or_none()
    return None if event is None else (event.seat, event.payload)


def _rematch_cause(session: Session, row: OutboxRow) -> tuple[str | None, dict[str, Any]] | None:
    found = rematch.of(session, row.game_id)
    if found is None:
        return None
    due = found.due_at.isoformat() if found.due_at is not None else None
    return found.proposed_by, {"seat": found.proposed_by, "due": due, "game": found.new_game_id}


def _talk_cause(session: Session, row: OutboxRow) -> tuple[str | None, dict[str, Any]] | None:
    """The talk an email at once tells (issue 35 §2): its event, with the words kept beside
    it (None once erased)."""
    event = session.scalars(
        select(EventRow).where(EventRow.game_id == row.game_id, EventRow.seq == row.seq)
    ).one_or_none()
    if event is None:
        return None
    said = talk.words_at(session, row.game_id, [row.seq]).get(row.seq)
    return event.seat, {**event.payload, "words": said}


CAUSES = dict.fromkeys(rematch.KINDS, _rematch_cause) | {"talk": _talk_cause}
"""Table emails told from what is kept beside the game, by kind."""


NAME_LONGEST = 24
NAMES_LONGEST = 60
"""Characters of one player's name, and of all of them, a subject shows (a phone's list of
conversations shows about 40 in all)."""


def subject(loaded: Loaded) -> str:
    """The game's one subject (issue 20), the same on every email of it, so that every mail
    client threads the game as one conversation: ``Origin #nga428mn · Ann, Bob``. What each
    email says is in its preheader and body (:func:`headline`). The names are the players'
    own text: no control character (a header line break) survives, long names are cut."""
    names = ", ".join(_short(shown_names.of_seat(s), NAME_LONGEST) for s in loaded.row.seats)
    # Issue 32 §2: the title as the game's catalog names it in the reader's language.
    title = words.text(loaded.game.title)
    return f"{title} #{loaded.row.id} · {_short(names, NAMES_LONGEST)}"


def _short(text: str, longest: int) -> str:
    spaced = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    plain = " ".join(spaced.split())
    return plain if len(plain) <= longest else plain[: longest - 1].rstrip(" ,") + "…"
