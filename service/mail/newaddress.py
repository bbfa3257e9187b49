"""The email that confirms a player's new address (issue 31 §2): sent to the new address,
with one link that moves every game of the old one there. A player whose address no longer
receives our emails asks for it from their seat page, any player from their desk.

Like the sign-in email it belongs to no game, so it has a job of its own
(``workers.jobs.send_address_check``), retried by RQ; it goes even to an address marked
unreachable (it is how an address shows it receives again), never to a blocked one."""

from __future__ import annotations

import logging
import secrets
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

from redis.exceptions import RedisError

from service import words
from service.config import Settings
from service.links import tokens
from service.mail import smtp
from service.mail.compose import render
from service.mail.queue import queue, retry_policy
from service.store.eventstore import now
from service.words import _, n_

log = logging.getLogger(__name__)
ADDRESS_JOB = "workers.jobs.send_address_check"
"""The RQ job that sends one confirmation, named (RQ imports it in the worker)."""


def confirm_url(settings: Settings, old: str, new: str) -> str:
    token = tokens.address_token(settings.secret_key, old, new)
    return f"{settings.base_url.rstrip('/')}/address/{token}"


def message(settings: Settings, new: str, language: str, url: str) -> EmailMessage:
    """The confirmation to ``new``, in ``language``. It never names the old address: whoever
    holds ``new`` learns nothing of the player they would take the games of."""
    with words.speaking(language):
        days = tokens.ADDRESS_MAX_AGE // 86400
        context = {
            "url": url,
            "email": new,
            "lasts": n_("{n} day", "{n} days", n=days),
            "desk_url": f"{settings.base_url.rstrip('/')}/me",
        }
        sent = smtp.message()
        sent["From"] = settings.mail_from
        sent["To"] = smtp.recipient("", new)
        sent["Subject"] = words.text(_("Confirm your new address for your games"))
        sent["Date"] = format_datetime(now())
        sent["Message-ID"] = make_msgid("address", domain=settings.mail_domain)
        sent["Auto-Submitted"] = "auto-generated"
        sent.set_content(render("address.txt", context))
        sent.add_alternative(render("address.html", context), subtype="html")
    return sent


def enqueue(settings: Settings, old: str, new: str, language: str) -> bool:
    """Hand the confirmation to RQ, best effort: with Redis down, none (the player asks
    again; nothing was promised to anyone)."""
    if not settings.redis_url:
        return False
    try:
        queue(settings).enqueue(
            ADDRESS_JOB,
            old,
            new,
            language,
            secrets.token_hex(16),
            retry=retry_policy(settings),
            description="send a link confirming a new address",  # no address in RQ's log
        )
    except RedisError as exc:
        log.warning("could not enqueue an address confirmation: %s", type(exc).__name__)
        return False
    return True
