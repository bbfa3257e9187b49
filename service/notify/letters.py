"""The email telling a player one of their channels beside email was disabled, and why
(issue 36 §2), in their language (their newest seat's): sent by
``workers.jobs.send_channel_letter``, as an open table's emails are."""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from sqlalchemy.orm import Session

from service import words
from service.config import Settings
from service.mail import smtp
from service.mail.compose import render
from service.mail.digest import language_of
from service.play import channels, signin
from service.store.eventstore import now
from service.store.models import ChannelRow
from service.words import _

CHANNEL_OFF = "channel_off"
"""The ledger's kind of this email."""
GONE_REASON = channels.GONE
FAILED_REASON = "it failed {n} times in a row"


@dataclass(frozen=True)
class Letter:
    message: EmailMessage
    to: str


def message(session: Session, settings: Settings, channel_id: int) -> Letter | str:
    """The email to ``channel_id``'s player, or why none goes."""
    channel = session.get(ChannelRow, channel_id)
    if channel is None or channel.email is None:
        return "no player to tell"
    if channel.disabled_at is None:
        return "the channel works again"
    if channel.disabled_reason == "removed by its owner":
        return "its player removed it"
    seats = signin.seats_of(session, channel.email)
    with words.speaking(language_of(seats), seats[0].time_zone if seats else None):
        subject = words.text(_("One of your channels beside email was turned off"))
        context = {
            "subject": subject,
            "label": words.text(channels.label(channel)),
            "reason": words.text(channels.reason(channel)),
            "desk_url": settings.base_url.rstrip("/") + "/me",
        }
        sent = smtp.message()
        sent["From"] = settings.mail_from
        sent["To"] = channel.email
        sent["Subject"] = subject
        sent["Date"] = format_datetime(now())
        sent["Message-ID"] = make_msgid("channel", domain=settings.mail_domain)
        sent["Auto-Submitted"] = "auto-generated"
        sent.set_content(render("channel.txt", context))
        sent.add_alternative(render("channel.html", context), subtype="html")
    return Letter(sent, channel.email)
