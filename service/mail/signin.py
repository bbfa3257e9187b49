"""The sign-in email of the player's desk (issue 20): one link, good once, for
``SIGN_IN_MAX_AGE`` seconds, in the language the asking page was shown in.

It is no game's email (the outbox's rows belong to a game, a seat and a step of its log), so
it has a job of its own, ``workers.jobs.send_sign_in``, retried by RQ like every send; the
request only enqueues it, after its response is on the way."""

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
SIGN_IN_JOB = "workers.jobs.send_sign_in"
"""The RQ job that sends one sign-in email, named (RQ imports it in the worker)."""


def sign_in_url(settings: Settings, email: str, nonce: str, language: str | None = None) -> str:
    """The link, carrying the language its email is written in (issue 32 §2)."""
    token = tokens.sign_in_token(settings.secret_key, email, nonce, words.known(language))
    return f"{settings.base_url.rstrip('/')}/me/sign-in/{token}"


def message(settings: Settings, email: str, language: str, url: str) -> EmailMessage:
    """The sign-in email to ``email``, in ``language``."""
    with words.speaking(language):
        minutes = max(1, settings.sign_in_max_age // 60)
        context = {
            "url": url,
            "email": email,
            "lasts": n_("{n} minute", "{n} minutes", n=minutes),
            "desk_url": f"{settings.base_url.rstrip('/')}/me",
        }
        sent = smtp.message()
        sent["From"] = settings.mail_from
        sent["To"] = smtp.recipient("", email)
        sent["Subject"] = words.text(_("Your sign-in link to your games"))
        sent["Date"] = format_datetime(now())
        sent["Message-ID"] = make_msgid("signin", domain=settings.mail_domain)
        sent["Auto-Submitted"] = "auto-generated"
        sent.set_content(render("signin.txt", context))
        sent.add_alternative(render("signin.html", context), subtype="html")
    return sent


def enqueue(settings: Settings, email: str, language: str) -> bool:
    """Hand the sign-in email to RQ, best effort: with Redis down, no email (the player asks
    again; there is nothing to sweep, since nothing was promised to anyone)."""
    if not settings.redis_url:
        return False
    try:
        queue(settings).enqueue(
            SIGN_IN_JOB,
            email,
            language,
            # This request's name: a second run of the job sends the email the first
            # composed, never a second link (issue 31).
            secrets.token_hex(16),
            retry=retry_policy(settings),
            description="send a sign-in link",
        )
    except RedisError as exc:
        log.warning("could not enqueue a sign-in email: %s", exc)
        return False
    return True
