"""Several emails held for one address, as one email (issue 31 §3; docs/mail.md): "your turn
in 3 games", a section per game, each with what its held emails said, its decision now with
its options, their codes and their links, and its seat's page, in the reader's language.

Its sections are lettered ``A``, ``B``...; each option's code is written with its section's
letter (``B2``), and the email's ``Reply-To`` (``games+<token>``, :mod:`service.links.bundles`)
names a :class:`service.store.models.BundleRow` that keeps, per letter, the reply address
its game's own email would have had (the game, the seat, its holder and its decision): a
reply of ``B2`` is read as a reply of ``2`` to that game's own email
(:mod:`service.mail.replies`). The answer to such a reply is written the same way, a
section per game it touched, so a reply to the answer works as well.
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any

from sqlalchemy.orm import Session

from service import words
from service.config import Settings
from service.links import bundles, decisions, replyto
from service.links import urls as links
from service.mail import compose, keywords, smtp
from service.mail.compose import Outgoing, Plan
from service.mail.kinds import ANSWER
from service.play.holders import seat_row
from service.present import codes, notices, presentation
from service.present.seat_email import SeatEmail
from service.store import eventstore
from service.store import names as shown_names
from service.store.eventstore import Loaded, now
from service.store.models import BundleRow, InboxRow, OutboxRow, SeatRow
from service.words import _, n_

BUNDLE = "bundle"
"""The ledger's kind of an email carrying several held ones."""


def letter(index: int) -> str:
    """The letter of the ``index``-th section: ``A``..``Z``, then ``AA``..."""
    return codes.letters(index).upper()


def compose_held(
    session: Session,
    settings: Settings,
    rows: list[OutboxRow],
    plans: list[Plan],
    *,
    waited: bool = False,
) -> tuple[BundleRow, Outgoing]:
    """The one email carrying ``rows`` (held for one address, each with its plan), and its
    :class:`BundleRow`, written in the caller's transaction. ``waited``: some were held
    until the address answered its invitation, not for its hour's cap."""
    recipient = plans[-1].recipient
    games: dict[str, list[tuple[OutboxRow, Plan]]] = {}
    for row, planned in zip(rows, plans, strict=True):
        games.setdefault(row.game_id, []).append((row, planned))
    held = BundleRow(created_at=now(), parts=[])
    session.add(held)
    session.flush()
    speaks = _language(session, rows, plans)
    sections = []
    for index, (game_id, items) in enumerate(games.items()):
        loaded = eventstore.load(session, game_id)
        seat = items[0][0].seat
        holder = seat_row(loaded.row, seat)
        with words.speaking(speaks, holder.time_zone):
            told = [compose.told(session, settings, r, loaded, p) for r, p in items]
            offers = all(p.offer is not None for _, p in items)
            section = _section(settings, loaded, seat, letter(index), told, by_reply=not offers)
            # Issue 32 §1: each game's seats are its own players, named before games mix.
            sections.append(words.bound(section, shown_names.of_game(loaded.row)))
    held.parts = [{"letter": s["letter"], "reply": s["reply"]} for s in sections]
    with words.speaking(speaks):
        acting = sum(1 for s in sections if s["decision"] is not None)
        subject = (
            n_("Your turn in {n} game", "Your turn in {n} games", n=acting)
            if acting
            else n_("News of {n} game", "News of {n} games", n=len(sections))
        )
        message = _message(
            settings, held, recipient, words.text(subject), sections, steps=None,
            cap=settings.mail_hourly_cap, waited=waited,
        )  # fmt: skip
    return held, Outgoing(message, recipient[1])


def _language(session: Session, rows: list[OutboxRow], plans: list[Plan]) -> str:
    """What the email speaks: the language of the newest seat it is about whose own player
    it goes to (a seat offered to the reader speaks its giver's language)."""
    newest = None
    for row, planned in zip(rows, plans, strict=True):
        if planned.offer is None:
            seat = seat_row(eventstore.load(session, row.game_id).row, row.seat)
            newest = seat if newest is None or seat.id > newest.id else newest
    return words.known(newest.language if newest else None) or "en"


def _section(
    settings: Settings,
    loaded: Loaded,
    seat: str,
    mark: str,
    told: list[SeatEmail],
    *,
    by_reply: bool,
    offer_now: bool = False,
) -> dict[str, Any]:
    """One game's section, in this context's language: what each held email said, the
    seat's decision now when one of them offered it (or ``offer_now``), its links."""
    entries = []
    decision = None
    note = None
    plans = None
    pace = notices.pace(loaded, seat)
    for one in told:
        notice = one.notice
        entries.append(
            {
                "headline": one.headline(),
                "lines": list(notice["lines"]) if notice else [],
                "actions": list(notice["actions"]) if notice else [],
            }
        )
        if one.decision["acting"]:
            decision = one.decision
            note = one.note  # issue 35 §3: the seat's own note, beside its decision
            plans = one.plans  # issue 38 §1: and its own plans ahead
    if decision is None and offer_now:
        view = loaded.game.view(loaded.state, seat)
        decision = presentation.decision(settings, loaded, seat, view, offer=True)
    fields = replyto.for_seat(loaded, seat) if by_reply else None
    return {
        "letter": mark,
        "game_id": loaded.row.id,
        "seat": seat,
        "subject": compose.subject(loaded),
        "entries": entries,
        "decision": decision if decision is not None and decision["acting"] else None,
        "note": note if decision is not None and decision["acting"] else None,
        "plans": plans if decision is not None and decision["acting"] else None,
        "deadline": pace["deadline"],
        "page_url": links.decision_url(settings, loaded, seat),
        "seat_url": links.seat_url(settings, loaded, seat),
        "game_url": links.game_url(settings, loaded.row.id),
        "reply": None if fields is None else replyto.encode(settings.secret_key, fields),
    }


def _message(
    settings: Settings,
    held: BundleRow,
    recipient: tuple[str, str],
    subject: str,
    sections: list[dict[str, Any]],
    *,
    steps: list[dict[str, Any]] | None,
    cap: int,
    answering: str | None = None,
    waited: bool = False,
) -> EmailMessage:
    replies = [s for s in sections if s["reply"] is not None]
    example = None
    if replies:
        coded = next((s for s in replies if s["decision"] and s["decision"]["coded"]), None)
        example = (
            f"{coded['letter']}{coded['decision']['coded'][0]['options'][0]['code']}"
            if coded
            else f"{replies[0]['letter']}1"
        )
    context = {
        "name": recipient[0],
        "sections": sections,
        "steps": steps,
        "cap": cap,
        "waited": waited,
        "example": example,
        "status": f"{replies[-1]['letter'] if replies else 'A'} {keywords.word('status')}",
        "settings_url": links.person_url(settings, recipient[1]),
        "preheader": _preheader(sections, steps),
    }
    message = smtp.message()
    message["From"] = settings.mail_from
    message["To"] = smtp.recipient(*recipient)
    message["Subject"] = subject
    message["Date"] = format_datetime(now())
    message["Message-ID"] = f"<bundle.{held.id}@{settings.mail_domain}>"
    if answering:
        message["In-Reply-To"] = answering
        message["References"] = answering
    # One click stops turn emails in every game, as "none" in the settings does: the
    # sections are of several games.
    message["List-Unsubscribe"] = f"<{context['settings_url']}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-replied" if steps is not None else "auto-generated"
    if replies:
        message["Reply-To"] = bundles.address(settings.secret_key, settings.mail_domain, held.id)
    message.set_content(compose.render("bundle.txt", context))
    message.add_alternative(compose.render("bundle.html", context), subtype="html")
    return message


def _preheader(sections: list[dict[str, Any]], steps: list[dict[str, Any]] | None) -> str:
    """The line a mail client shows under the subject: the first thing said."""
    if steps:
        said = next((line for step in steps for line in step.get("said") or []), None)
        return str(said or words.text(_("We read your reply.")))
    first = sections[0]["entries"]
    said = first[0]["headline"] if first else sections[0]["subject"]
    return f"{sections[0]['letter']}. {words.text(said)}"


def answers_sections(session: Session, row: OutboxRow) -> bool:
    """Whether ``row`` answers a reply to an email of several games."""
    if row.kind != ANSWER or row.inbox_id is None:
        return False
    received = session.get(InboxRow, row.inbox_id)
    return received is not None and bool((received.answer or {}).get("sections"))


def compose_answer(session: Session, settings: Settings, row: OutboxRow) -> Outgoing | str:
    """The answer to a reply to an email of several games: what each line did, with its
    game's letter, then each game it touched as it stands, lettered as before, and a reply
    address of its own (a reply to it is read as one to the email it answers would be)."""
    planned = compose.plan(session, row)
    if isinstance(planned, str):
        return planned
    received = session.get(InboxRow, row.inbox_id)
    assert received is not None and received.answer is not None
    said = received.answer
    first = seat_row(eventstore.load(session, row.game_id).row, row.seat)
    speaks = words.known(first.language) or "en"
    held = BundleRow(created_at=now(), parts=[])
    session.add(held)
    session.flush()
    sections = []
    for part in said["sections"]:
        loaded = eventstore.load(session, part["game"])
        holder: SeatRow = seat_row(loaded.row, part["seat"])
        if holder.email is None or holder.email.casefold() != planned.recipient[1].casefold():
            continue  # the seat has another player now: nothing of it goes to this one
        with words.speaking(speaks, holder.time_zone):
            section = _section(
                settings, loaded, part["seat"], part["letter"], [], by_reply=True,
                offer_now=decisions.deciding(loaded, part["seat"]),
            )  # fmt: skip
            sections.append(words.bound(section, shown_names.of_game(loaded.row)))
    held.parts = [{"letter": s["letter"], "reply": s["reply"]} for s in sections]
    with words.speaking(speaks):
        subject = words.text(
            n_("Re: your reply about {n} game", "Re: your reply about {n} games", n=len(sections))
        )
        message = _message(
            settings, held, planned.recipient, subject, sections,
            steps=said.get("steps") or [], cap=settings.mail_hourly_cap,
            answering=said.get("in_reply_to"),
        )  # fmt: skip
    return Outgoing(message, planned.recipient[1])
