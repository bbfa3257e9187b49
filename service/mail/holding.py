"""No one is flooded, no one is spammed through us (issue 31 §3; docs/mail.md): which email
goes now, and which is held for its address.

- **The cap.** An address is sent at most ``MAIL_HOURLY_CAP`` emails in any hour, over all
  its games, counted in the ledger (its index on the address and the time): every email of
  ours to it except those its player asked for (a sign-in link, the link confirming a new
  address, the answer to their own reply), which are never held. A game's email beyond the
  cap is not dropped: it is held (``OutboxRow.held_for``, ``held_until``: when the hour has
  room again), and so is every email after it while one waits. When the hour has room, the
  sweep hands them to one job (:func:`release`), which sends them as one email of a
  section per game (:mod:`service.mail.bundle`), or as itself when only one is still worth
  sending. The digest, itself one email a day for many games, counts and is never held.
- **A newcomer** is an address that never acted on an email of ours (no move, reply,
  sign-in or form sent from a link: :func:`service.store.people.heard_from`). Its first
  email is an invitation that says who asked us to write and offers never to be emailed
  again (:func:`service.mail.compose.first_contact`); after it, one reminder at most: the
  next email offering its decision in that game. Everything else is held until it acts,
  then goes as above.
- **Links asked for** (sign-in links, new-address confirmations) are capped per address
  too, ``SIGN_IN_ADDRESS_CAP`` an hour whoever asks (:func:`links_refusal`): many clients
  cannot mail-bomb one address through the desk's form.

Counting and holding for one address are serialised (:func:`lock`), so two jobs sending to
it at once cannot both take the last place of the hour. The caller owns the transaction.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import exists, func, or_, select, text
from sqlalchemy.orm import Session

from service.addresses import normal
from service.config import Settings
from service.mail import kinds as outbox_kinds
from service.mail.compose import Plan, plan
from service.mail.kinds import ANSWER
from service.store.models import HELD, AddressRow, EmailRow, OutboxRow

WINDOW = timedelta(hours=1)
"""The cap counts the emails of the last hour (a sliding window, not a clock hour)."""
ASKED_FOR = ("answer", "sign_in", "address_check", "join_check")
"""Ledger kinds the player asked for themselves: never held, not counted by the cap."""
LINKS = ("sign_in", "address_check", "join_check")
"""Ledger kinds of the links asked for from a form, capped per address by
``SIGN_IN_ADDRESS_CAP``."""
NEWCOMER = "the address has not answered its invitation"
"""Why a sign-in link or a digest did not go to an address that never acted."""
TOO_MANY_LINKS = "too many links asked for this address this hour"
"""Why a sign-in link (or a new address's confirmation) did not go (the ledger's job says
so; the page that asked says the same as ever)."""


@dataclass(frozen=True)
class Gate:
    """What the send path does with one outbox row's email."""

    held: bool
    contact: str | None = None
    """``invitation`` or ``reminder``: the recipient never played, and this email is their
    invitation or their one reminder (:data:`service.mail.compose.FIRST_CONTACT`)."""


def lock(session: Session, key: str) -> None:
    """Serialise counting and holding for the address ``key`` until the transaction ends:
    a PostgreSQL advisory lock of the transaction; SQLite's transactions are serialised
    already (every one begins IMMEDIATE, :mod:`service.store.db`)."""
    if session.get_bind().dialect.name != "postgresql":
        return
    number = int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big", signed=True)
    session.execute(text("SELECT pg_advisory_xact_lock(:n)"), {"n": number})


def counted(
    session: Session, key: str, moment: datetime, kinds: tuple[str, ...] = ()
) -> list[datetime]:
    """When each email of the last hour to ``key`` was written, oldest first: those the cap
    counts, or with ``kinds`` those of these kinds. An email given up unsent counts not."""
    query = select(EmailRow.created_at).where(
        EmailRow.address_key == key,
        EmailRow.created_at > moment - WINDOW,
        or_(EmailRow.sent_at.is_not(None), EmailRow.raw.is_not(None)),
    )
    if kinds:
        query = query.where(EmailRow.kind.in_(kinds))
    else:
        query = query.where(EmailRow.kind.not_in(ASKED_FOR))
    return list(session.scalars(query.order_by(EmailRow.created_at)))


def room_at(stamps: list[datetime], cap: int) -> datetime | None:
    """When the hour has room for one more email, given ``stamps`` (oldest first) in it;
    None when it has room now."""
    if cap <= 0 or len(stamps) < cap:
        return None  # 0: no cap
    return stamps[len(stamps) - cap] + WINDOW  # once that one is an hour old


def gate(
    session: Session, settings: Settings, row: OutboxRow, address: str, moment: datetime
) -> Gate:
    """Whether ``row``'s email to ``address`` goes now; held, it is marked so (and not sent).
    An answer to the player's own reply always goes."""
    key = normal(address)
    if row.kind == ANSWER or key is None:
        return Gate(held=False)
    lock(session, key)
    state = session.get(AddressRow, key)
    contact = None
    if state is None or state.acted_at is None:
        if state is None or state.invited_at is None:
            contact = "invitation"
        elif (
            outbox_kinds.of(row.kind).reminds
            and state.reminded_at is None
            and _about(session, key, row)
        ):
            contact = "reminder"
        else:
            hold(row, key, None)
            return Gate(held=True)
    until = _held_until(session, settings, key, row, moment)
    if until is not None:
        hold(row, key, until)
        return Gate(held=True)
    if contact is not None:
        if state is None:
            state = AddressRow(key=key)
            session.add(state)
        if contact == "invitation":
            state.invited_at = moment
        else:
            state.reminded_at = moment
        session.flush()
    return Gate(held=False, contact=contact)


def _about(session: Session, key: str, row: OutboxRow) -> bool:
    """Whether an email went to ``key`` about ``row``'s game and seat: a newcomer's one
    reminder is of the game its invitation was for."""
    return bool(
        session.scalar(
            select(
                exists().where(
                    EmailRow.address_key == key,
                    EmailRow.game_id == row.game_id,
                    EmailRow.seat == row.seat,
                )
            )
        )
    )


def _held_until(
    session: Session, settings: Settings, key: str, row: OutboxRow, moment: datetime
) -> datetime | None:
    """Until when ``row`` waits for its address's hour: the cap is full, or others wait
    already (it joins them); None: it goes now."""
    room = room_at(counted(session, key, moment), settings.mail_hourly_cap)
    waiting = session.scalar(
        select(
            exists().where(
                OutboxRow.held_for == key,
                OutboxRow.held_until.is_not(None),
                OutboxRow.sent_at.is_(None),
                OutboxRow.skipped.is_(None),
                OutboxRow.id != row.id,
            )
        )
    )
    if room is None and not waiting:
        return None
    return max(room or moment, moment)


def hold(row: OutboxRow, key: str, until: datetime | None) -> None:
    """``row`` waits for its address ``key`` until ``until`` (None: until it acts)."""
    row.held_for, row.held_until, row.claimed_at = key, until, None


def links_refusal(
    session: Session, settings: Settings, address: str, moment: datetime
) -> str | None:
    """Why a link asked for from a form (a sign-in, a new address's confirmation) does not
    go to ``address`` now: :data:`TOO_MANY_LINKS` when it had ``SIGN_IN_ADDRESS_CAP`` of
    them this hour, whoever asked; else None."""
    key = normal(address)
    if key is None:
        return None
    lock(session, key)
    if len(counted(session, key, moment, LINKS)) >= settings.sign_in_address_cap:
        return TOO_MANY_LINKS
    return None


@dataclass
class Released:
    """What :func:`release` made of the emails held for one address."""

    rows: list[OutboxRow] = field(default_factory=list)
    """The emails still worth sending, in the order they were written."""
    plans: list[Plan] = field(default_factory=list)
    one_by_one: list[int] = field(default_factory=list)
    """Emails that go as themselves (through the send path, which judges them again)."""
    until: datetime | None = None
    """The hour has no room yet: they wait until then."""
    skipped: int = 0
    waited: bool = False
    """Some were held while the address had not answered its invitation (not for the
    cap): the email says so."""


def release(session: Session, settings: Settings, key: str, moment: datetime) -> Released:
    """The emails held for ``key`` whose hour has come: still held until the hour has room
    (it may have filled again), each judged again (the decision it offered was made
    meanwhile, the player chose a digest, the address was blocked...: skipped, saying
    why), and what is left to go as one email (``rows``), or one by one when only one is
    left, or when the address is still a newcomer."""
    lock(session, key)
    rows = list(
        session.scalars(
            select(OutboxRow)
            .where(
                OutboxRow.held_for == key,
                OutboxRow.held_until <= moment,
                text(HELD),
            )
            .order_by(OutboxRow.id)
            .with_for_update()
        )
    )
    done = Released()
    if not rows:
        return done
    state = session.get(AddressRow, key)
    if state is None or state.acted_at is None:
        for row in rows:  # the send path's gate judges each, as a newcomer's
            row.held_for, row.held_until = None, None
        done.one_by_one = [row.id for row in rows]
        return done
    room = room_at(counted(session, key, moment), settings.mail_hourly_cap)
    if room is not None:
        for row in rows:
            row.held_until = room
        done.until = room
        return done
    done.waited = any(row.created_at < state.acted_at for row in rows)
    for row in rows:
        planned = plan(session, row)
        row.held_for, row.held_until = None, None
        if isinstance(planned, str):
            row.skipped = planned
            done.skipped += 1
        else:
            done.rows.append(row)
            done.plans.append(planned)
    if len(done.rows) == 1:
        done.one_by_one = [done.rows[0].id]
        done.rows, done.plans = [], []
    return done


def due(session: Session, moment: datetime, claim_ttl: timedelta, limit: int = 500) -> list[int]:
    """For :func:`workers.jobs.send_held`: one held email of each address whose hour has
    come (the smallest id: the job's name), and one of each email of several that a job
    composed and none sent (Redis lost its retry, or its worker died: its claim ran out)."""
    held = session.scalars(
        select(func.min(OutboxRow.id))
        .where(OutboxRow.held_until <= moment, text(HELD))
        .group_by(OutboxRow.held_for)
        .limit(limit)
    ).all()
    stranded = session.scalars(
        select(func.min(OutboxRow.id))
        .where(
            OutboxRow.bundle_id.is_not(None),
            OutboxRow.sent_at.is_(None),
            OutboxRow.skipped.is_(None),
            or_(OutboxRow.claimed_at.is_(None), OutboxRow.claimed_at <= moment - claim_ttl),
        )
        .group_by(OutboxRow.bundle_id)
        .limit(limit)
    ).all()
    return sorted({*held, *stranded})


def held_count(session: Session) -> dict[str, int]:
    """Emails held now, by why: ``cap`` (the hour is full) or ``newcomer`` (its address has
    not answered its invitation); for ``/metrics``."""
    rows = session.execute(
        select(OutboxRow.held_until.is_(None), func.count())
        .where(text(HELD))
        .group_by(OutboxRow.held_until.is_(None))
    ).all()
    found = {"cap": 0, "newcomer": 0}
    for waiting_for_act, count in rows:
        found["newcomer" if waiting_for_act else "cap"] += count
    return found
