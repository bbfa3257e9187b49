"""What the processes count as it happens (issue 19), for ``GET /metrics``
(:mod:`service.web.metrics`): moves accepted and refused by reason, emails sent, failed and
retried, and what came back about them (bounces, complaints: issue 31).

Why counters and not figures read from the database at scrape, as the other gauges are: a
refused move writes nothing, so no query could count refusals; and what is in the database
(sent rows, a row's attempts, its last error) grows with history or is overwritten by the
next attempt, so counting from it would cost more with every month served or miss a failure
that a retry then sent. Moves are made in web requests and in workers (replies read, bots'
moves); emails are sent by workers: so these are prometheus_client counters in its
multiprocess mode. Every process of one machine (gunicorn's workers, ``rq worker``) is
started with the same ``PROMETHEUS_MULTIPROC_DIR``, each writes its counts to its own file
there, and a scrape of any web process sums the files. Without that variable (tests, one
process) they are ordinary in-process counters.

Label values come from fixed sets (:data:`REFUSALS`), never from a request or a message.
"""

from __future__ import annotations

from prometheus_client import Counter

from service.errors import Conflict, Illegal, NotFound, Replaced, Reused, ServiceError, Stale

MOVES = Counter(
    "pbem_moves",
    "Moves decided: accepted, or refused and why",
    ("outcome",),
    registry=None,
)
EMAILS = Counter(
    "pbem_emails",
    "Emails handed to SMTP (sent), refused by it or unreachable (failed), not sent because "
    "nobody is left to read them (skipped), or held for their address's hour or until it "
    "answers its invitation (held, issue 31 §3: they go later, together)",
    ("outcome",),
    registry=None,
)
BOUNCES = Counter(
    "pbem_emails_bounced",
    "Delivery failures reported about emails we sent (issue 31): permanent (hard) or "
    "temporary (soft), from delivery reports and from the relay's own refusals",
    ("kind",),
    registry=None,
)
COMPLAINTS = Counter(
    "pbem_email_complaints",
    "Feedback-loop reports of a recipient calling an email of ours spam (issue 31)",
    registry=None,
)
EMAIL_RETRIES = Counter(
    "pbem_email_retries",
    "Attempts to send an email that an earlier attempt failed to send",
    registry=None,
)
REFUSALS: dict[type[ServiceError], str] = {
    Stale: "stale",
    Reused: "reused",
    Conflict: "conflict",
    Illegal: "illegal",
    Replaced: "replaced",
    NotFound: "not_found",
}
"""A refused move's reason as a label; any other refusal is ``refused``."""
EMAIL_OUTCOMES = ("sent", "failed", "skipped", "held")
BOUNCE_KINDS = ("hard", "soft")
ALL = (MOVES, EMAILS, EMAIL_RETRIES, BOUNCES, COMPLAINTS)


def move_accepted() -> None:
    MOVES.labels("accepted").inc()


def move_refused(error: ServiceError) -> None:
    MOVES.labels(REFUSALS.get(type(error), "refused")).inc()


def email(outcome: str) -> None:
    if outcome not in EMAIL_OUTCOMES:
        raise ValueError(f"not an email outcome: {outcome!r}")
    EMAILS.labels(outcome).inc()


def email_retried() -> None:
    EMAIL_RETRIES.inc()


def bounced(kind: str) -> None:
    if kind not in BOUNCE_KINDS:
        raise ValueError(f"not a kind of bounce: {kind!r}")
    BOUNCES.labels(kind).inc()


def complaint() -> None:
    COMPLAINTS.inc()
