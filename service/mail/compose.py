"""Building one outbox row's email (DESIGN.md §7) from the game as it stands now."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service import boards, words
from service.config import Settings
from service.links import decisions, replyto
from service.links import urls as links
from service.mail import commands, ics, kinds, news, smtp
from service.mail.kinds import ANSWER
from service.play import blocklist, reach, resigning
from service.play.forgetting import LEFT
from service.play.moves import seat_row
from service.present import notices, presentation
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
    session: Session, settings: Settings, row: OutboxRow, *, contact: str | None = None
) -> Outgoing | str:
    """The message for ``row`` and its recipient, in the seat's language (its subject, both
    parts and its picture), or the reason it is no longer worth sending. ``contact``: the
    recipient never played, and this is their invitation or their one reminder
    (:data:`FIRST_CONTACT`, :mod:`service.mail.holding`)."""
    loaded = eventstore.load(session, row.game_id)
    seat = seat_row(loaded.row, row.seat)
    players = shown_names.Players(loaded.row)
    with words.speaking(seat.language, seat.time_zone), words.naming(players):
        if row.kind == ANSWER:
            return _answer(session, settings, row, loaded, seat)
        return _compose(session, settings, row, loaded, seat, contact)


def plan(session: Session, row: OutboxRow) -> Plan | str:
    """Whom ``row``'s email goes to and what it offers, or why it is not worth sending
    now; an answer to a reply goes to its seat's own address."""
    loaded = eventstore.load(session, row.game_id)
    seat = seat_row(loaded.row, row.seat)
    if row.kind == ANSWER:
        refused = _answer_refusal(session, row, seat)
        if refused is not None:
            return refused
        assert seat.email is not None
        return Plan((seat.name, seat.email), shown_names.of_seat(seat), None, False, False)
    return _plan(session, row, loaded, seat)


def still_wanted(session: Session, row: OutboxRow) -> str | None:
    """Why an email composed before, and not yet taken by the relay, is no longer worth
    sending (the decision was made meanwhile, the address was blocked...), else None: it
    is sent as it was composed (issue 31: every attempt sends the same bytes)."""
    loaded = eventstore.load(session, row.game_id)
    seat = seat_row(loaded.row, row.seat)
    if row.kind == ANSWER:
        return _answer_refusal(session, row, seat)
    plan = _plan(session, row, loaded, seat)
    return plan if isinstance(plan, str) else None


BLOCKED = "the address is blocked"
"""Why an email to an address the operator blocked was not sent (``OutboxRow.skipped``);
:data:`service.play.forgetting.LEFT` for a seat whose player asked to be forgotten."""


@dataclass(frozen=True)
class Plan:
    """Whom an outbox row's email goes to, and what it offers."""

    recipient: tuple[str, str]
    greeted: str
    offer: SeatOfferRow | None
    acting: bool
    owns: bool


def _plan(session: Session, row: OutboxRow, loaded: Loaded, seat: SeatRow) -> Plan | str:
    """Whom the row's email goes to, or why it is not worth sending now."""
    offer = None
    if row.kind == "seat_offer":
        offer = _offer(session, row, loaded)
        if offer is None:
            return "the seat was taken"
        if offer.email is None:
            return LEFT
        # The newcomer's own name, or none: they are greeted plainly.
        recipient = (offer.name, offer.email)
        greeted = offer.name
    elif seat.email is None:
        return LEFT
    elif row.seat in loaded.table.resigned:
        return resigning.SKIPPED  # issue 32: no more emails for that game
    elif seat.muted_at is not None:
        return "unsubscribed"
    else:
        recipient = (seat.name, seat.email)
        greeted = shown_names.of_seat(seat)
    if blocklist.blocked(session, recipient[1]):
        return BLOCKED
    refused = reach.refusal(session, recipient[1])
    if refused is not None:  # issue 31: it bounces, or its player called our email spam
        return refused
    kind = kinds.of(row.kind)
    acting = row.seat in loaded.game.to_act(loaded.state) and not loaded.row.over
    if kind.reoffer:
        # Still the decision this row was written for: the seat has not moved since (another
        # seat's move leaves it the same decision, issue 14).
        began = loaded.table.decision_seq(row.seat)
        owns = began is not None and began <= row.seq
    else:
        owns = _announcing_seq(session, row) == row.seq
    if kind.decision:
        if not acting or (row.kind != "turn" and not owns):
            return "decision already made"
        if not owns:
            return "a newer email announces this decision"
        if row.seat in loaded.table.bots:
            return "a bot plays this seat"
    if kind.turn_news:
        style = people.notify_of(session, seat)
        if style != "each":
            chosen = "a daily digest" if style == "digest" else "no turn emails"
            return f"the player chose {chosen}"
    return Plan(recipient, greeted, offer, acting, owns)


def row_context(
    session: Session, settings: Settings, row: OutboxRow, loaded: Loaded, planned: Plan
) -> dict[str, Any]:
    """What ``row``'s email says, for its templates (its picture aside), in this context's
    language: its own email's, or a section of an email of several games
    (:mod:`service.mail.bundle`)."""
    greeted, offer = planned.greeted, planned.offer
    view = loaded.game.view(loaded.state, row.seat)
    context = _context(
        settings, loaded, row, greeted, planned.recipient[1], view,
        offer=planned.acting and planned.owns,
    )  # fmt: skip
    kind = kinds.of(row.kind)
    if kind.notice:
        cause = _cause(session, row)
        context["notice"] = notices.notice(settings, loaded, row.kind, row.seat, cause)
    if offer is not None:
        context["notice"] = _offer_notice(settings, loaded, offer)
    if kind.news:
        told = news.since_last_decision(session, loaded, row.seat)
        lines = told.lines[-NEWS_TOLD:]
        context["news"] = {"lines": lines, "earlier": told.earlier + len(told.lines) - len(lines)}
    context["view"] = view
    return context


def _compose(
    session: Session,
    settings: Settings,
    row: OutboxRow,
    loaded: Loaded,
    seat: SeatRow,
    contact: str | None,
) -> Outgoing | str:
    planned = _plan(session, row, loaded, seat)
    if isinstance(planned, str):
        return planned
    recipient, offer = planned.recipient, planned.offer
    context = row_context(session, settings, row, loaded, planned)
    view = context.pop("view")
    board = boards.render(loaded.row.game, view, "png", presentation.seat_names(loaded))
    image_cid = make_msgid("board", domain=settings.mail_domain)
    context["board"] = boards.context(board, image_cid[1:-1])
    context["board"]["alt"] = presentation.picture_alt(
        loaded,
        row.seat,
        view,
        context["decision"]["prompt"] if context["decision"]["acting"] else None,
    )
    reply_to = None
    if offer is None and (
        context["decision"]["acting"] or context["notice"] is not None or contact is not None
    ):
        # A reply to an email that offers a decision or a table notice reaches this seat;
        # so does one to a newcomer's invitation, whose reply may be "stop".
        reply_to = replyto.address(settings.secret_key, settings.mail_domain, loaded, row.seat)
    context["reply_by_code"] = reply_to is not None and bool(context["decision"]["coded"])
    if contact is not None:
        context["first_contact"] = first_contact(
            settings, loaded, row.seat, recipient[1], contact, offer=offer, by_reply=reply_to
        )
    if reply_to is not None and context["notice"] is not None:
        hint = commands.reply_hint(row.kind)
        if hint is not None:  # issue 32: the takeback request says replying yes or no works
            context["notice"]["lines"].append(hint)
    context["preheader"] = _preheader(context)
    message = smtp.message()
    message["From"] = settings.mail_from
    message["To"] = smtp.recipient(*recipient)
    message["Subject"] = subject(loaded)
    message["Date"] = format_datetime(now())
    root = f"<{row.game_id}.{row.seat}@{settings.mail_domain}>"
    if row.kind == "invitation":
        message["Message-ID"] = root
    else:
        # One Message-ID per outbox row, the same on every attempt: a copy sent again
        # after a worker died between the relay's acceptance and marking the row sent is
        # recognisably the same message, and mailboxes that dedupe by Message-ID keep one.
        message["Message-ID"] = f"<{row.game_id}.{row.seat}.{row.id}@{settings.mail_domain}>"
        message["In-Reply-To"] = root
        message["References"] = root
    # One click asks a newcomer never to be emailed again (issue 31 §3), not just about
    # this game.
    never = context["first_contact"]["never_url"] if contact is not None else None
    _list_headers(message, settings, loaded, row, unsubscribe=never)
    message["Auto-Submitted"] = "auto-generated"
    if reply_to is not None:
        message["Reply-To"] = reply_to
    message.set_content(_env.get_template("message.txt").render(**context))
    message.add_alternative(_env.get_template("message.html").render(**context), subtype="html")
    if board.png is not None:
        html_part = list(message.iter_parts())[1]
        html_part.add_related(
            board.png,
            "image",
            "png",
            cid=image_cid,
            filename=f"{row.game_id}-board.png",
            disposition="inline",
        )
    if kinds.of(row.kind).calendar and context["decision"]["acting"]:
        _add_deadline(message, settings, loaded, row, context)
    return Outgoing(message, recipient[1])


def first_contact(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    address: str,
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
        "join_url": links.claim_url(settings, offer.id)
        if offer is not None
        else links.seat_url(settings, loaded, seat, "join"),
        "never_url": links.never_url(settings, address),
        "by_reply": by_reply is not None,
        "stop": commands.word("none"),
    }


def _add_deadline(
    message: EmailMessage, settings: Settings, loaded: Loaded, row: OutboxRow, context: Any
) -> None:
    """The decision's deadline as a calendar event (issue 20), when it has one."""
    deadline = context["pace"]["deadline_at"]
    if deadline is None:
        return
    summary = words.text(_("Decide in {game}", game=subject(loaded)))
    url = context["decision"]["turn_url"]
    event = ics.deadline_event(
        uid=ics.uid(
            row.game_id, row.seat, loaded.table.decision_seq(row.seat), settings.mail_domain
        ),
        sequence=row.id,
        deadline=deadline,
        stamp=now(),
        summary=summary,
        description=f"{summary}\n{words.text(context['decision']['prompt'])}\n{url}",
        url=url,
    )
    message.add_attachment(
        event, subtype="calendar", filename="deadline.ics", params={"method": "PUBLISH"}
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
    view = loaded.game.view(loaded.state, row.seat)
    board = boards.render(loaded.row.game, view, None, presentation.seat_names(loaded))
    context = _context(
        settings, loaded, row, shown_names.of_seat(seat), seat.email, view, offer=acting
    )
    context["board"] = boards.context(board, "")
    context["answer"] = {
        "steps": said.get("steps") or [],
        "warning": said.get("warning"),
    }
    # An answer asking to confirm (issue 32: "resign") has an address that asks it: a "yes"
    # to it answers that question.
    asks = str(said.get("asks") or "")
    reply_to = replyto.address(settings.secret_key, settings.mail_domain, loaded, row.seat, asks)
    context["reply_by_code"] = reply_to is not None and bool(context["decision"]["coded"])
    message = smtp.message()
    message["From"] = settings.mail_from
    message["To"] = smtp.recipient(seat.name, seat.email)
    message["Subject"] = "Re: " + subject(loaded)
    message["Date"] = format_datetime(now())
    root = f"<{row.game_id}.{row.seat}@{settings.mail_domain}>"
    message["Message-ID"] = f"<{row.game_id}.{row.seat}.{row.id}@{settings.mail_domain}>"
    answered = said.get("in_reply_to")
    message["In-Reply-To"] = answered or root
    message["References"] = f"{root} {answered}" if answered else root
    _list_headers(message, settings, loaded, row)
    # RFC 3834 §5: an answer to a message, so other robots do not answer it in turn.
    message["Auto-Submitted"] = "auto-replied"
    if reply_to is not None and (said.get("decision") or asks):
        message["Reply-To"] = reply_to
    message.set_content(_env.get_template("answer.txt").render(**context))
    message.add_alternative(_env.get_template("answer.html").render(**context), subtype="html")
    return Outgoing(message, seat.email)


def _list_headers(
    message: EmailMessage,
    settings: Settings,
    loaded: Loaded,
    row: OutboxRow,
    *,
    unsubscribe: str | None = None,
) -> None:
    """Every email of a game names the game as its list (RFC 2919) and carries a one-click
    unsubscribe (RFC 8058), as Gmail, Yahoo and Outlook ask of mail sent in bulk (issue 31):
    from that game's emails, answers to a player's replies too, unless ``unsubscribe`` says
    otherwise."""
    unsubscribe = unsubscribe or links.unsubscribe_url(settings, row.game_id, row.seat)
    message["List-Id"] = (
        f"{loaded.game.title} game {row.game_id} <{row.game_id}.games.{settings.mail_domain}>"
    )
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"


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
    """The event a table email was written for: who did what."""
    event = session.scalars(
        select(EventRow).where(EventRow.game_id == row.game_id, EventRow.seq == row.seq)
    ).one_or_none()
    return None if event is None else (event.seat, event.payload)


def _context(
    settings: Settings,
    loaded: Loaded,
    row: OutboxRow,
    name: str,
    address: str,
    view: dict[str, Any],
    *,
    offer: bool,
) -> dict[str, Any]:
    decision = presentation.decision(settings, loaded, row.seat, view, offer=offer)
    return {
        "options_elsewhere": not offer and row.seat in loaded.game.to_act(loaded.state),
        "kind": row.kind,
        "game": presentation.game_info(settings, loaded),
        "player": {
            "seat": row.seat,
            "name": name,
            "colour": boards.seat_colours(loaded.row.game, [s.seat for s in loaded.row.seats])[
                row.seat
            ],
            "turn_order": presentation.turn_order(loaded, row.seat, view)
            if row.kind == "invitation"
            else [],
        },
        "players": presentation.players(loaded, row.seat),
        "whose_turn": presentation.whose_turn(loaded, row.seat),
        "decision": decision,
        "outcome": presentation.outcome(loaded),
        "unsubscribe_url": links.unsubscribe_url(settings, row.game_id, row.seat),
        "page_url": decision["turn_url"],
        "pace": notices.pace(loaded, row.seat),
        "seat_url": links.seat_url(settings, loaded, row.seat),
        "settings_url": links.person_url(settings, address),
        "notice": None,
        "news": None,
        "first_contact": None,
        "prefix": "",
        "turn": loaded.table.turn_for(row.seat),
        "reply_by_code": False,
        "reply_commands": commands.named(commands.IN_TURN_EMAILS),
        "answer": None,
        "history_url": links.seat_url(settings, loaded, row.seat).split("#")[0] + "/history",
        "preheader": "",
    }


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


def _preheader(context: dict[str, Any]) -> str:
    """What changed, for the line a mail client shows under the game's subject: the
    headline, and the newest thing that happened since the seat last decided."""
    said = headline(context)
    news = context["news"]
    if news and news["lines"]:
        return f"{said} — {news['lines'][-1]}"
    return said


def headline(context: dict[str, Any]) -> str:
    """What this email says, in a few words and the seat's language (this context's): the
    preheader a mail client shows beside the game's subject, and the text part's first
    line."""
    game = context["game"]
    if context["kind"] == "game_over":
        outcome = context["outcome"]
        if outcome and outcome["resigned"]:  # issue 32
            if outcome["winners"]:
                said = _(
                    "Game over after turn {turn}: {winners} won by resignation",
                    turn=game["turns"],
                    winners=outcome["together"],
                )
            else:
                said = _("Game over after turn {turn}, by resignation", turn=game["turns"])
        elif outcome and outcome["winners"]:
            said = _(
                "Game over after turn {turn}: {winners} won",
                turn=game["turns"],
                winners=outcome["together"],
            )
        else:
            said = _("Game over after turn {turn}: nobody won", turn=game["turns"])
        return words.text(said)
    yours = context["decision"]["acting"] or context["options_elsewhere"]
    whose = context["whose_turn"]
    if context["kind"] == "invitation":
        said = (
            _("You are invited to play: your turn")
            if yours
            else _("You are invited to play: {whose} to play", whose=whose)
        )
    elif context["kind"] == "fresh_link":
        said = (
            _("Turn {turn}: your turn (fresh link)", turn=context["turn"])
            if yours
            else _("Turn {turn}: {whose} to play (fresh link)", turn=context["turn"], whose=whose)
        )
    elif context["notice"] is not None:
        said = context["notice"]["headline"]
    elif yours:
        said = _("Turn {turn}: your turn", turn=context["turn"])
    else:
        said = _("Turn {turn}: {whose} to play", turn=context["turn"], whose=whose)
    return words.text(said)
