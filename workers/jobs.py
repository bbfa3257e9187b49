"""RQ jobs (DESIGN.md §5.5, §10.5): they take ids, reload what they need, and are safe twice."""

from __future__ import annotations

import logging
from collections.abc import Callable

from rq import get_current_job
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from service import counters, dkim_keys, secret_key
from service.config import Settings, load_extra_games
from service.errors import Conflict
from service.mail import botwake, bundle, holding, ledger, newaddress, replies, tableletters
from service.mail import signin as signin_mail
from service.mail.compose import Outgoing, Plan, compose, plan, still_wanted
from service.mail.queue import claim_ttl, enqueue_outbox, sweep, sweep_inbox
from service.mail.smtp import deliver, refused_for_good
from service.notify import delivery, fanout, letters
from service.play import blocklist, opentables, reach, signin, suppression
from service.store import people
from service.store.db import sessions
from service.store.eventstore import now
from service.store.models import EmailRow, InboxRow, OpenSeatRow, OutboxRow

log = logging.getLogger(__name__)
SIGN_IN = "sign_in"
"""The ledger's kind of a sign-in email (:data:`service.mail.signin.SIGN_IN_JOB`'s)."""
ADDRESS_CHECK = "address_check"
"""The ledger's kind of the email confirming a new address (issue 31)."""


def settings_for_job() -> Settings:
    """The settings every job runs with; a key anyone could know fails the job (the row
    stays unsent for the sweeper) rather than sign a link with it (issue 14)."""
    settings = Settings.from_env()
    secret_key.require(settings.secret_key)
    dkim_keys.require(settings)  # no email goes out unsigned when a key was meant to sign it
    load_extra_games(settings)
    botwake.wake_with(settings)
    return settings


def send_outbox(outbox_id: int) -> str:
    """Send one outbox row's email; a row already sent or skipped sends nothing.

    Its email is composed and signed once, by the first attempt, in the transaction that
    claims the row (:mod:`service.mail.ledger`); an attempt after it sends those bytes,
    unless the email is no longer worth sending (:func:`service.mail.compose.still_wanted`).
    Before it is composed, the address's hour and whether it ever played may hold it
    (:mod:`service.mail.holding`, issue 31 §3): it then waits for :func:`send_held`."""
    settings = settings_for_job()
    session_factory = sessions(settings.database_url)
    with session_factory.begin() as session:
        row = session.get(OutboxRow, outbox_id, with_for_update=True)
        if row is None:
            return "missing"
        if row.sent_at is not None or row.skipped is not None:
            return "already done"
        if row.bundle_id is not None or row.held_for is not None:
            return "held"  # one email with the others held for its address: send_held's
        if row.claimed_at is not None and now() - row.claimed_at < claim_ttl(settings):
            return "being sent by another job"
        retry = row.attempts > 0  # an earlier attempt failed, or its worker died
        written = ledger.of_outbox(session, outbox_id)
        skipped: str | None = None
        if written is None:
            planned = plan(session, row)
            # Issue 36: what the channels beside email are owed, once, whatever the email.
            delivery.after_commit(session, settings, fanout.owed(session, row, planned))
            if isinstance(planned, str):
                row.attempts += 1
                skipped = planned
            else:
                passed = holding.gate(session, settings, row, planned.recipient[1], now())
                if passed.held:
                    counters.email("held")
                    return "held"
                row.attempts += 1
                outgoing = compose_any(session, settings, row, passed.contact, planned)
                if isinstance(outgoing, str):
                    skipped = outgoing
                else:
                    row.claimed_at = now()  # one UPDATE with the attempt, as the ledger flushes
                    written = ledger.write(
                        session, settings, outgoing, row.kind, outbox_id=row.id,
                        game_id=row.game_id, seat=row.seat,
                    )  # fmt: skip
        else:
            row.attempts += 1
            skipped = still_wanted(session, row)
            if skipped is not None:
                ledger.dropped(session, written.id)
            else:
                row.claimed_at = now()
        if skipped is not None:
            row.skipped = skipped
        letter = None if written is None else ledger.letter(settings, written)
    # Counted once committed, as the row now says.
    if skipped is not None or letter is None or written is None:
        counters.email("skipped")
        if skipped == reach.UNREACHABLE:
            _tell_table(settings, outbox_id)
        return f"skipped: {skipped}"
    return _deliver_rows(settings, letter, [outbox_id], written.message_id, retry=retry)


def compose_any(
    session: Session, settings: Settings, row: OutboxRow, contact: str | None, planned: Plan
) -> Outgoing | str:
    """``row``'s email (``planned`` as :func:`plan` found it): its own, or the answer to a
    reply to an email of several games."""
    if bundle.answers_sections(session, row):
        return bundle.compose_answer(session, settings, row)
    return compose(session, settings, row, contact=contact, planned=planned)


def send_held(outbox_id: int) -> str:
    """Send what is held for the address of the held row ``outbox_id`` (issue 31 §3), once
    its hour has room: one email of a section per game (:mod:`service.mail.bundle`), or,
    when only one is still worth sending, that one as itself. A second run, or a retry,
    sends the one email the first composed (its bytes are in the ledger), or nothing."""
    settings = settings_for_job()
    letter: ledger.Letter | None = None
    carried: list[int] = []
    single: list[int] = []
    message_id, retry, dropped = "", False, 0
    with sessions(settings.database_url).begin() as session:
        row = session.get(OutboxRow, outbox_id)
        if row is None:
            return "missing"
        if row.sent_at is not None or row.skipped is not None:
            return "already done"
        if row.bundle_id is not None:
            attempt = _bundle_attempt(session, settings, row.bundle_id)
            if isinstance(attempt, str):
                return attempt
            letter, carried, message_id = attempt
            retry = True
        elif row.held_for is None:
            single = [outbox_id]  # released to go as itself
        else:
            released = holding.release(session, settings, row.held_for, now())
            if released.until is not None:
                return f"held until {released.until.isoformat()}"
            single, dropped = released.one_by_one, released.skipped
            if released.rows:
                held, outgoing = bundle.compose_held(
                    session, settings, released.rows, released.plans, waited=released.waited
                )
                written = ledger.write(
                    session, settings, outgoing, bundle.BUNDLE,
                    found_by=ledger.key(bundle.BUNDLE, str(held.id)),
                )  # fmt: skip
                moment = now()
                for carried_row in released.rows:
                    carried_row.bundle_id = held.id
                    carried_row.claimed_at = moment
                    carried_row.attempts += 1
                letter = ledger.letter(settings, written)
                carried = [r.id for r in released.rows]
                message_id = written.message_id
    for _each in range(dropped):  # counted once committed, as the rows now say
        counters.email("skipped")
    if letter is None:
        said = [send_outbox(one) for one in single]
        return "; ".join(said) or "nothing to send"
    return _deliver_rows(settings, letter, carried, message_id, retry=retry)


def _bundle_attempt(
    session: Session, settings: Settings, bundle_id: int
) -> tuple[ledger.Letter, list[int], str] | str:
    """Another attempt at a bundle a job composed: its bytes, unless none of the emails it
    carries is still worth sending (then nothing is sent) or another job is sending it."""
    rows = list(
        session.scalars(
            select(OutboxRow)
            .where(OutboxRow.bundle_id == bundle_id)
            .order_by(OutboxRow.id)
            .with_for_update()
        )
    )
    waiting = [r for r in rows if r.sent_at is None and r.skipped is None]
    if not waiting:
        return "already done"
    if any(r.claimed_at and now() - r.claimed_at < claim_ttl(settings) for r in waiting):
        return "being sent by another job"
    written = ledger.of_key(session, ledger.key(bundle.BUNDLE, str(bundle_id)))
    if written is None:
        return "missing"
    wanted = []
    for row in waiting:
        row.attempts += 1
        reason = still_wanted(session, row)
        if reason is None:
            wanted.append(row)
        else:
            row.skipped = reason
    if not wanted:
        ledger.dropped(session, written.id)
        return "skipped: nothing it carries is still worth sending"
    for row in wanted:
        row.claimed_at = now()
    letter = ledger.letter(settings, written)
    if letter is None:
        return "already done"
    return letter, [r.id for r in wanted], written.message_id


def _deliver_rows(
    settings: Settings,
    letter: ledger.Letter,
    outbox_ids: list[int],
    message_id: str,
    *,
    retry: bool,
) -> str:
    """Hand one email to the relay for the outbox rows it carries (one, or those of a
    bundle), and mark them sent; a relay's refusal leaves them for RQ's retry, unless it
    refused the recipient for good (issue 31 §2)."""
    if retry:
        counters.email_retried()
    try:
        deliver(settings.smtp_url, letter.raw, sender=letter.sender, to=letter.to)
    except Exception as exc:
        counters.email("failed")
        answer = refused_for_good(exc)
        told: list[int] = []
        with sessions(settings.database_url).begin() as session:
            for outbox_id in outbox_ids:
                failed = session.get(OutboxRow, outbox_id)
                assert failed is not None
                failed.claimed_at = None
                failed.last_error = f"{type(exc).__name__}: {exc}"[:2000]
                if answer is not None:
                    # The relay refused the recipient for good (550 5.1.1): no retry
                    # would do, and the address is unreachable (issue 31 §2).
                    failed.skipped = reach.UNREACHABLE
            if answer is not None:
                told = _hard(session, letter.email_id)
        if answer is None:
            raise
        # Named by its rows and the relay's words, the address already written <recipient>.
        log.warning(
            "outbox %s: the relay refused its recipient for good: %s",
            ", ".join(f"#{i}" for i in outbox_ids),
            answer,
        )
        enqueue_outbox(settings, told)
        return f"refused: {answer}"
    counters.email("sent")
    with sessions(settings.database_url).begin() as session:
        moment = now()
        session.execute(
            update(OutboxRow)
            .where(OutboxRow.id.in_(outbox_ids))
            .values(sent_at=moment, message_id=message_id, last_error=None)
        )
        ledger.sent(session, letter.email_id, moment)
    return "sent"


def _hard(session: Session, email_id: int) -> list[int]:
    """The relay refused this email's recipient for good: a permanent failure, as a
    delivery report's would be; its bytes go. The outbox ids that tell the tables."""
    counters.bounced("hard")
    sent = session.get(EmailRow, email_id, with_for_update=True)
    assert sent is not None
    ledger.dropped(session, email_id)
    return reach.judged(session, sent, "hard", now())


def _tell_table(settings: Settings, outbox_id: int) -> None:
    """An email skipped because its address no longer receives ours: the seat's table is
    told, once, if it was not (a game begun, or a seat taken, since the address was
    marked). A game that moved meanwhile is told by its next email."""
    try:
        with sessions(settings.database_url).begin() as session:
            row = session.get(OutboxRow, outbox_id)
            if row is None or row.kind == "seat_offer":
                return  # a newcomer's address: the seat's own player is not the one lost
            told = reach.tell(session, row.game_id, row.seat)
    except Conflict:
        return
    enqueue_outbox(settings, told)


def sweep_outbox(older_than: int | None = None) -> list[int]:
    """The scheduler's sweep (:func:`service.mail.queue.sweep`) with the job's settings,
    and the notifications' on the channels beside email (issue 36)."""
    settings = settings_for_job()
    swept = sweep(settings, older_than)
    delivery.sweep(settings, older_than)
    return swept


def sweep_inbox_job(older_than: int | None = None) -> list[int]:
    """The scheduler's sweep of unread messages (:func:`service.mail.queue.sweep_inbox`)."""
    return sweep_inbox(settings_for_job(), older_than)


def read_inbox(inbox_id: int) -> str:
    """Read one received message exactly once (issue 18): claim it, let
    :func:`service.mail.replies.read` act on it and mark it read in one transaction, then
    enqueue the emails that reading queued.

    A second job on the same message, at once or later, does nothing. A failure rolls the
    reading back and leaves the message for RQ's next retry; after the last retry it is
    marked failed, never read again. A sender the DNS could not check now is such a
    failure, until the last try, which tells the seat so (issue 31 §4)."""
    settings = settings_for_job()
    job = get_current_job()
    last_try = job is None or not job.retries_left
    session_factory = sessions(settings.database_url)
    with session_factory.begin() as session:
        row = session.get(InboxRow, inbox_id, with_for_update=True)
        if row is None:
            return "missing"
        if row.processed_at is not None:
            return "already done"
        if row.claimed_at is not None and now() - row.claimed_at < claim_ttl(settings):
            return "being read by another job"
        claim = row.claimed_at = now()
    try:
        with session_factory.begin() as session:
            row = session.get(InboxRow, inbox_id, with_for_update=True)
            assert row is not None
            if row.processed_at is not None or row.claimed_at != claim:
                # Our claim ran out and another job took the message over.
                return "taken over by another job"
            outbox_ids = replies.read(session, settings, row, last_try=last_try)
            row.processed_at = now()
            row.claimed_at = None
    except Exception as exc:
        _failed(settings, inbox_id, exc)
        raise
    enqueue_outbox(settings, outbox_ids)
    return row.outcome or "read"


def _failed(settings: Settings, inbox_id: int, exc: Exception) -> None:
    """Free the message for RQ's retry, or, when no retry is left, mark it failed so that
    neither RQ nor the sweeper reads it again (a message that always fails is no loop)."""
    job = get_current_job()
    last = job is None or not job.retries_left
    with sessions(settings.database_url).begin() as session:
        row = session.get(InboxRow, inbox_id, with_for_update=True)
        if row is None or row.processed_at is not None:
            return
        row.claimed_at = None
        if last:
            row.processed_at = now()
            row.outcome = f"failed: {type(exc).__name__}: {exc}"[:120]
            log.error("gave up reading inbox #%d: %s", inbox_id, row.outcome)


def send_sign_in(email: str, language: str, attempt: str | None = None) -> str:
    """Send a sign-in link to the desk of ``email`` (issue 20), made here so the link never
    waits in Redis: never held, but none to an address that never answered its invitation,
    nor past ``SIGN_IN_ADDRESS_CAP`` links to it this hour, whoever asked (issue 31 §3).
    ``attempt`` names this request (the desk draws it): a second run of the job finds the
    email the first composed and sends those bytes, or nothing once sent. A job queued
    before it had one sends a new link each run, each good once."""
    settings = settings_for_job()

    def refusal(session: Session, new: bool) -> str | None:
        refused = "the address is blocked" if blocklist.blocked(session, email) else None
        refused = refused or reach.refusal(session, email)  # issues 30, 31
        if new and refused is None:
            # Issue 31 §3: one that never answered its invitation gets nothing more, and
            # no address more than SIGN_IN_ADDRESS_CAP links an hour, whoever asks.
            refused = holding.NEWCOMER if people.newcomer(session, email) else None
            refused = refused or holding.links_refusal(session, settings, email, now())
        return refused

    def composed(_session: Session) -> Outgoing:
        url = signin_mail.sign_in_url(settings, email, signin.nonce(), language)
        return Outgoing(signin_mail.message(settings, email, language, url), email)

    found_by = ledger.key(SIGN_IN, attempt) if attempt else None
    return send_letter(settings, SIGN_IN, found_by, refusal, composed)


def send_address_check(old: str, new: str, language: str, attempt: str) -> str:
    """Send the link that moves the games of ``old`` to ``new`` (issue 31), to ``new``:
    even when ``new`` is marked unreachable (the link is how it shows it receives), never
    when it is blocked or its owner asked never to be emailed, nor past the hour's links
    to it (issue 31 §3). ``attempt`` names the request: a second run sends the same email."""
    settings = settings_for_job()

    def refusal(session: Session, first: bool) -> str | None:
        refused = "the address is blocked" if blocklist.blocked(session, new) else None
        if suppression.suppressed(session, new):
            refused = suppression.SUPPRESSED  # issue 31 §3: its owner asked for none, ever
        if first and refused is None:
            refused = holding.links_refusal(session, settings, new, now())
        return refused

    def composed(_session: Session) -> Outgoing:
        url = newaddress.confirm_url(settings, old, new)
        return Outgoing(newaddress.message(settings, new, language, url), new)

    found_by = ledger.key(ADDRESS_CHECK, attempt)
    return send_letter(settings, ADDRESS_CHECK, found_by, refusal, composed)


def send_table_letter(seat_id: int, kind: str, attempt: str) -> str:
    """Send an open table's email ``kind`` to the seat ``seat_id`` (issue 35 §1): composed
    here, so no link waits in Redis; a second run sends the bytes the first composed. None
    to a blocked or suppressed address, none once its news is stale (the seat was left, the
    table started or closed), and a join's link counts among the links an address may be
    sent in an hour, as a sign-in's does (issue 31 §3)."""
    settings = settings_for_job()

    def refusal(session: Session, new: bool) -> str | None:
        seat = session.get(OpenSeatRow, seat_id)
        return _table_letter_refusal(session, settings, seat, kind, new)

    def composed(session: Session) -> Outgoing:
        seat = session.get(OpenSeatRow, seat_id)  # the refusal's, from the identity map
        assert seat is not None
        return Outgoing(tableletters.message(session, settings, seat, kind), seat.email)

    return send_letter(settings, kind, ledger.key(kind, attempt), refusal, composed)


def send_letter(
    settings: Settings,
    kind: str,
    found_by: str | None,
    refusal: Callable[[Session, bool], str | None],
    composed: Callable[[Session], Outgoing],
) -> str:
    """Send an email no outbox row names (a sign-in link, a new address's confirmation, an
    open table's or a channel's letter), kept in the ledger as ``kind`` under ``found_by``
    (the job's request: a second run finds the email the first composed and sends those
    bytes, or nothing once sent; None, a new email each run). ``refusal(session, new)``
    says why nothing goes now (``new``: no email was composed yet), and drops one that was;
    ``composed`` makes the email, once."""
    with sessions(settings.database_url).begin() as session:
        written = ledger.of_key(session, found_by) if found_by else None
        if written is not None and written.sent_at is not None:
            return "already done"
        refused = refusal(session, written is None)
        if refused is not None:
            if written is not None:
                ledger.dropped(session, written.id)
            return f"skipped: {refused}"
        if written is None:
            written = ledger.write(session, settings, composed(session), kind, found_by=found_by)
        letter = ledger.letter(settings, written)
    if letter is None:
        return "already done"
    return deliver_letter(settings, letter)


def _table_letter_refusal(
    session: Session, settings: Settings, seat: OpenSeatRow | None, kind: str, new: bool
) -> str | None:
    if seat is None:
        return "no such seat"
    table = opentables.get(session, seat.table_id)
    if seat.left_at is not None and kind != opentables.LEFT:
        return "the player left the table"
    if kind == opentables.JOIN_CHECK and (seat.confirmed_at is not None or table.state != "open"):
        return "the join was settled"
    if kind == opentables.SEATED and table.state != "open":
        return "the table started or closed"
    if blocklist.blocked(session, seat.email):
        return "the address is blocked"
    refused = reach.refusal(session, seat.email)
    if refused is None and new and kind == opentables.JOIN_CHECK:
        refused = holding.links_refusal(session, settings, seat.email, now())
    return refused


def deliver_letter(settings: Settings, letter: ledger.Letter) -> str:
    """Hand an email no outbox row names to the relay, and note it sent; RQ retries a
    failure (the next run sends the same bytes), unless the relay refused its recipient
    for good."""
    try:
        deliver(settings.smtp_url, letter.raw, sender=letter.sender, to=letter.to)
    except Exception as exc:
        counters.email("failed")
        answer = refused_for_good(exc)
        if answer is None:
            raise
        with sessions(settings.database_url).begin() as session:
            told = _hard(session, letter.email_id)
        log.warning(
            "email #%d: the relay refused its recipient for good: %s", letter.email_id, answer
        )
        enqueue_outbox(settings, told)
        return f"refused: {answer}"
    counters.email("sent")
    with sessions(settings.database_url).begin() as session:
        ledger.sent(session, letter.email_id)
    return "sent"


def send_notification(notification_id: int) -> str:
    """Deliver one notification on its channel beside email (issue 36): a second run, or
    one on a notification another job is sending, sends nothing; a failure is raised for
    RQ's retry, until the channel is disabled (:mod:`service.notify.delivery`)."""
    return delivery.send(settings_for_job(), notification_id)


def send_channel_letter(channel_id: int, attempt: str) -> str:
    """Tell a channel's player by email that it was disabled, and why (issue 36 §2), in
    their language: composed here, so a second run sends the bytes the first composed."""
    settings = settings_for_job()
    built: list[letters.Letter] = []

    def refusal(session: Session, _new: bool) -> str | None:
        found = letters.message(session, settings, channel_id)
        if isinstance(found, str):
            return found
        built.append(found)
        if blocklist.blocked(session, found.to):
            return "the address is blocked"
        return reach.refusal(session, found.to)

    def composed(_session: Session) -> Outgoing:
        return Outgoing(built[0].message, built[0].to)

    found_by = ledger.key(letters.CHANNEL_OFF, attempt)
    return send_letter(settings, letters.CHANNEL_OFF, found_by, refusal, composed)
