"""The tables of DESIGN.md §4 (games, seats, events, snapshots, outbox, used links), the
players' own settings of issue 4 (people, seat offers, digests) and what we learn about each
address we email (issue 31: the ledger, bounces, newcomers, suppression, held emails)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
    func,
    literal_column,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

EVENT_SCHEMA_VERSION = 2
"""2 (issue 30): no ``table.*`` event names a player; names and addresses are kept beside the
chain (seat rows, :class:`SeatHolderRow`, :class:`SeatOfferRow`), so a player can be forgotten
while every log still verifies. Version 1's seat hand-overs are read without their names
(:mod:`service.store.upcast`)."""


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC, read back timezone-aware whatever the database (SQLite keeps no zone)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is not None and value.tzinfo is None:
            raise ValueError("store aware datetimes only")
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def partial_index(name: str, *columns: str, where: str, unique: bool = False) -> Index:
    """An index of the rows ``where`` holds, on PostgreSQL and SQLite alike."""
    return Index(
        name, *columns, unique=unique, postgresql_where=text(where), sqlite_where=text(where)
    )


class Base(DeclarativeBase):
    __table__: ClassVar[Table]  # every model is mapped to a Table (its statements' target)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        datetime: UTCDateTime,
    }


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    ruleset: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]]
    seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime]
    last_seq: Mapped[int] = mapped_column(Integer, default=0)
    head_hash: Mapped[str] = mapped_column(String(64))
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    due_at: Mapped[datetime | None] = mapped_column(index=True)
    """When the scheduler next has something to do for this game (a cache of the log)."""
    private_talk_after: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The table's choice at creation (issue 35 §2), never changed: the finished game's
    published log carries the words said to one player alone too. Off: they stay private
    even after the game (the public words are published either way)."""
    channels: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many working channels the table has (issue 36): a webhook of its own. Read with
    the game, so an email's job asks nothing more of a table without one."""
    plans: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many plans wait to act in this game (issue 38, :class:`PlanRow`): read with the
    game, so a move in a game without one asks nothing more. A move made from a row not
    read is refused when it changed meanwhile (``eventlog.Riders.unchanged``)."""

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="game_row", order_by="SeatRow.position"
    )
    holders: Mapped[list[SeatHolderRow]] = relationship(
        order_by="SeatHolderRow.until_seq", viewonly=True
    )
    """Who held each seat before it was handed on (issue 30), oldest first."""
    caught_up: Mapped[list[EventRow]] = relationship(
        order_by="EventRow.seq", viewonly=True, lazy="raise"
    )
    """Events read with the row by a load that holds an older state of the game (issue 34
    §1: the row and the events since in one round trip); never loaded otherwise."""


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("game_id", "seat"),
        # The desk (issue 20) finds an address's seats whatever the case it was typed in.
        Index("ix_seats_email_lower", func.lower(literal_column("email"))),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seat: Mapped[str] = mapped_column(String(8))
    position: Mapped[int]
    email: Mapped[str | None] = mapped_column(String(320), index=True)
    """Indexed: a player's digest and desk find their seats by address (issue 19). None once
    the seat's player left and was forgotten (issue 30, :attr:`left_at`)."""
    name: Mapped[str] = mapped_column(String(120))
    """The name the player gave, or ``""``: then readers see "Player 2" (the seat's number,
    in their language: :mod:`service.store.names`), never a part of the address."""
    left_at: Mapped[datetime | None]
    """When the seat's player asked to be forgotten (issue 30): their address and name are
    gone, readers see "Player 2 (left)", and the table's absent-seat rules hold the seat."""
    muted_at: Mapped[datetime | None]
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    """What the seat's emails and pages speak (``service.words.LANGUAGES``)."""
    time_zone: Mapped[str | None] = mapped_column(String(64))
    """The seat's IANA time zone for dates and deadlines; UTC when unset."""
    notify: Mapped[str | None] = mapped_column(String(16))
    """This game's email style when the player chose one for it alone (issue 20): 'each',
    'digest' or 'none'; unset, the player's own (:attr:`PersonRow.notify`)."""
    bot: Mapped[str | None] = mapped_column(String(16))
    """The level of the bot that holds the seat from the game's creation (issue 37 §3), as
    the log's ``table.bot_seated`` says; no address, no emails. None: a person's seat."""

    game_row: Mapped[GameRow] = relationship(back_populates="seats")


class TalkRow(Base):
    """The words of one ``table.said`` event (issue 35 §2), kept beside the log: the event's
    payload holds only their salted digest, so the words can be erased (their player was
    forgotten) while the chain still verifies, and the digest of words that stay tells
    whether they were changed. ``salt`` goes with the words: erased words cannot be guessed
    back from the digest."""

    __tablename__ = "talk"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[str] = mapped_column(String(8))
    said_at: Mapped[datetime]
    salt: Mapped[str | None] = mapped_column(String(64))
    text: Mapped[str | None] = mapped_column(Text)
    """At most :data:`service.play.talk.LONGEST` characters; None once erased."""


class PlanRow(Base):
    """A seat's plan ahead (issue 38): a standing order (``engine.kit.plans``) kept beside
    the log, private to its seat, while it waits. Its events enter the log when it becomes
    public: ``table.plan_set`` and ``table.plan_fired`` with the move it plays, and, for
    every plan, set and ``table.plan_dropped`` when the game ends, so the finished log shows
    every plan and nobody else learns of one before (:mod:`service.play.plans`)."""

    __tablename__ = "plans"
    __table_args__ = (Index("ix_plans_game", "game_id", "live"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seat: Mapped[str] = mapped_column(String(8))
    generation: Mapped[int] = mapped_column(Integer, default=0)
    """The seat's holder it was set by (``Table.generation``): another holder's plan is not
    theirs."""
    number: Mapped[int] = mapped_column(Integer)
    """Its number among the seat's plans in this game (1, 2, ...), as pages and replies
    name it."""
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The standing order (``engine.kit.plans``)."""
    ruleset: Mapped[str] = mapped_column(String(64))
    set_seq: Mapped[int] = mapped_column(Integer)
    """The game's newest event when it was set: it acts on decisions begun after it."""
    set_at: Mapped[datetime]
    live: Mapped[bool] = mapped_column(Boolean, default=True)
    fired: Mapped[int] = mapped_column(Integer, default=0)
    """The moves it played."""
    logged: Mapped[bool] = mapped_column(Boolean, default=False)
    """Its ``table.plan_set`` is in the log (it fired, or the game ended)."""
    reason: Mapped[str | None] = mapped_column(String(32))
    """Why it stopped: ``played`` (a plan that acts once did), ``cancelled``, or what it did
    not foresee (:data:`service.play.plans.REASONS`)."""
    ended_seq: Mapped[int | None] = mapped_column(Integer)
    ended_at: Mapped[datetime | None]
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    """Its end is in the log too (the game ended): nothing more to write."""


class MuteRow(Base):
    """A seat's player reads no more of another seat's talk in this game (issue 35 §2): their
    own choice, kept beside the game, never in its log."""

    __tablename__ = "mutes"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(8), primary_key=True)
    muted: Mapped[str] = mapped_column(String(8), primary_key=True)


class NoteRow(Base):
    """A player's private note on one seat of one game (issue 35 §3): kept beside the game,
    never in its log nor its hash chain, shown only to the seat's own player (their seat
    and turn pages, their turn emails) and in their own data download. It goes when the
    seat is handed to someone else and when its player is forgotten."""

    __tablename__ = "notes"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(8), primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    """At most :data:`service.play.notes.LONGEST` characters, never empty (an empty note is
    no row)."""
    updated_at: Mapped[datetime]


class RematchRow(Base):
    """A rematch of a finished game (issue 35 §4): one per finished game, proposed by one of
    its players; a second proposal joins the first. Kept beside the games, never in a log:
    the finished game's log and seed are closed. ``new_game_id`` is set, once, in the
    transaction that creates the new game; ``lapsed`` when its wait passed with too few."""

    __tablename__ = "rematches"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    proposed_by: Mapped[str] = mapped_column(String(8))
    proposed_at: Mapped[datetime]
    due_at: Mapped[datetime | None] = mapped_column(index=True)
    """When its wait passes; None once settled (started or lapsed)."""
    new_game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), unique=True)
    lapsed: Mapped[bool] = mapped_column(Boolean, default=False)

    players: Mapped[list[RematchPlayerRow]] = relationship(order_by="RematchPlayerRow.position")


class RematchPlayerRow(Base):
    """A seat of the finished game in its rematch: the proposer (confirmed when proposing)
    and every player asked. Seats whose players cannot be asked have no row."""

    __tablename__ = "rematch_players"

    game_id: Mapped[str] = mapped_column(ForeignKey("rematches.game_id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(8), primary_key=True)
    position: Mapped[int]
    """The seat's place in the finished game: the new game's order is this, rotated."""
    confirmed_at: Mapped[datetime | None]


class OpenTableRow(Base):
    """A table waiting for players (issue 35 §1): the game, its options and pace as its
    creator chose them, how many seats it has, and whether it is listed on the open tables
    page. No game row, no seed and no event exist until the last seat is taken: then the
    game is created under this same id (:func:`service.play.opentables.confirm`), so no
    one can learn the shuffle from the order in which players joined."""

    __tablename__ = "open_tables"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    pace: Mapped[dict[str, Any]] = mapped_column(JSON)
    language: Mapped[str] = mapped_column(String(8))
    """The creator's: the page and the game's default language."""
    seats: Mapped[int]
    """Players the game is made for, seated or not."""
    languages: Mapped[list[str]] = mapped_column(JSON)
    """The languages the table welcomes, as its listing says."""
    listed: Mapped[bool] = mapped_column(Boolean, default=True)
    """Shown on the open tables page; unlisted, only an invitation link seats a stranger."""
    private_talk_after: Mapped[bool] = mapped_column(Boolean, default=False)
    """The creator's choice for its game (:attr:`GameRow.private_talk_after`)."""
    created_at: Mapped[datetime] = mapped_column(index=True)
    closes_at: Mapped[datetime | None] = mapped_column(index=True)
    """When an unfilled table closes (``TABLE_WAIT`` after its creation); None once it
    started or closed."""
    state: Mapped[str] = mapped_column(String(16), default="open")
    """``open``, ``started`` (its game has this id) or ``closed``."""
    ended_at: Mapped[datetime | None]

    places: Mapped[list[OpenSeatRow]] = relationship(order_by="OpenSeatRow.id")


class OpenSeatRow(Base):
    """A player at an open table, or one asked to confirm joining it: seated from
    ``confirmed_at`` (the creator's named players from the start), until ``left_at``. The
    game's seats follow the order in which they were taken."""

    __tablename__ = "open_seats"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("open_tables.id"), index=True)
    email: Mapped[str] = mapped_column(String(320), index=True)
    name: Mapped[str] = mapped_column(String(120))
    language: Mapped[str] = mapped_column(String(8))
    time_zone: Mapped[str | None] = mapped_column(String(64))
    asked_at: Mapped[datetime] = mapped_column(index=True)
    confirmed_at: Mapped[datetime | None]
    left_at: Mapped[datetime | None]
    invitation: Mapped[str | None] = mapped_column(String(32))
    """The nonce of the creator's invitation this join came by, if any."""
    host: Mapped[bool] = mapped_column(Boolean, default=False)
    """The table's creator (its first named player): told the invitation links."""


class TableInvitationRow(Base):
    """A private invitation to an open table (issue 35 §1): a signed link the creator
    passes on; it seats one player, once, listed table or not."""

    __tablename__ = "table_invitations"

    nonce: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("open_tables.id"), index=True)
    used_by: Mapped[int | None] = mapped_column(ForeignKey("open_seats.id"))


class ChannelRow(Base):
    """A way to reach a player beside email (issue 36): a webhook (Discord, Slack, generic
    JSON), Web Push for one browser, or a private Atom feed. A player's channel (``email``
    set) follows their per-game choice (every turn, digest, none) and their absences, in
    every game of theirs or only in ``game_id``; a table's channel (``email`` None, ``game_id``
    set) is one webhook for the whole game, posted once per event for all its seats."""

    __tablename__ = "channels"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str | None] = mapped_column(String(320), index=True)
    """The player's address, as their seats hold it; None for a table's channel."""
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``webhook``, ``push`` or ``feed``."""
    flavour: Mapped[str] = mapped_column(String(16))
    """A webhook's receiver (``discord``, ``slack``, ``json``); ``webpush``; ``atom``."""
    target: Mapped[str] = mapped_column(Text, default="")
    """The webhook's URL or the push subscription's endpoint; empty for a feed."""
    keys: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    """A push subscription's keys (``p256dh``, ``auth``)."""
    secret: Mapped[str] = mapped_column(String(64))
    """Random: the HMAC key of a generic JSON webhook's signature, a feed's secret URL."""
    label: Mapped[str] = mapped_column(String(120), default="")
    created_at: Mapped[datetime]
    failures: Mapped[int] = mapped_column(Integer, default=0)
    """Failed deliveries in a row; reset by a success."""
    disabled_at: Mapped[datetime | None]
    disabled_reason: Mapped[str | None] = mapped_column(String(120))


class NotificationRow(Base):
    """One notification owed to one channel: keyed by channel, game, event and kind (and
    the seat it is for, ``""`` for a table's channel), so it is never written, nor sent,
    twice (issue 36 §2)."""

    __tablename__ = "notifications"
    __table_args__ = (
        UniqueConstraint("channel_id", "game_id", "seq", "kind", "seat", name="uq_notifications"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel_id: Mapped[int] = mapped_column(ForeignKey("channels.id"), index=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id"))
    """None for a test its player asked for (*Send a test*)."""
    outbox_id: Mapped[int | None]
    """The outbox row whose job owed it: what it says is built as that row's email is."""
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(32))
    seat: Mapped[str] = mapped_column(String(8), default="")
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None] = mapped_column(index=True)
    claimed_at: Mapped[datetime | None]
    """A job is delivering it since (others leave it alone until the claim runs out)."""
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    skipped: Mapped[str | None] = mapped_column(String(120))
    last_error: Mapped[str | None] = mapped_column(Text)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    type: Mapped[str] = mapped_column(String(64))
    payload: Mapped[dict[str, Any]]
    move: Mapped[dict[str, Any] | None]
    """On the first event of a decision: the move that produced it (DESIGN.md §6: with the
    revealed seed, anyone can decide it again and get the same events)."""
    seat: Mapped[str | None] = mapped_column(String(8))
    recorded_at: Mapped[datetime]
    schema_version: Mapped[int] = mapped_column(Integer, default=EVENT_SCHEMA_VERSION)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    state: Mapped[dict[str, Any]]


HELD = "held_for IS NOT NULL AND sent_at IS NULL AND skipped IS NULL"
"""An outbox row held for its address (issue 31 §3), neither sent nor given up."""


class BundleRow(Base):
    """One email carrying several held ones to one address (issue 31 §3; docs/mail.md): a
    section per game, lettered ``A``, ``B``..., each naming the seat's decision when it was
    written, as a reply address does. A reply to it (``games+<token>@MAIL_DOMAIN``,
    :mod:`service.links.bundles`) reads ``B2`` as the code 2 of section B's game. The answer
    to such a reply is one too, of the games it touched."""

    __tablename__ = "bundles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime]
    parts: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """``[{"letter": "A", "reply": "play+..."}]``: each section's letter and the local part
    of the reply address its game's own email would have carried (the game, the seat, its
    holder and its decision, sealed); no address of anyone."""


class OutboxRow(Base):
    __tablename__ = "outbox"
    __table_args__ = (
        # One email per (game, seq, seat, kind); an answer to a reply (issue 18) is one
        # per received message instead, however many a seat sends at one seq.
        partial_index(
            "uq_outbox_message",
            "game_id",
            "seq",
            "seat",
            "kind",
            where="inbox_id IS NULL",
            unique=True,
        ),
        partial_index("uq_outbox_answer", "inbox_id", where="inbox_id IS NOT NULL", unique=True),
        # Issue 19: the sweeper reads only rows still to send, however many were sent.
        partial_index("ix_outbox_pending", "id", where="sent_at IS NULL AND skipped IS NULL"),
        # Issue 31 §3: the emails held for an address, and those whose hour has come.
        partial_index("ix_outbox_held_for", "held_for", where=HELD),
        partial_index("ix_outbox_held_until", "held_until", where=HELD),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    seat: Mapped[str] = mapped_column(String(8))
    kind: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime]
    claimed_at: Mapped[datetime | None]
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    sent_at: Mapped[datetime | None]
    skipped: Mapped[str | None] = mapped_column(String(120))
    message_id: Mapped[str | None] = mapped_column(String(255))
    last_error: Mapped[str | None] = mapped_column(Text)
    inbox_id: Mapped[int | None] = mapped_column(ForeignKey("inbox.id"))
    """The received message this row answers (issue 18); None for every other email."""
    held_for: Mapped[str | None] = mapped_column(String(320))
    """The address (as compared, :func:`service.addresses.normal`) this email is held for
    (issue 31 §3): not sent while that address's hourly cap is full, or while it has not
    answered its invitation; it then goes with the others held for it, as one email."""
    held_until: Mapped[datetime | None]
    """When a held email may go (the hour has room again); None while its address has not
    answered its invitation, set when it does."""
    bundle_id: Mapped[int | None] = mapped_column(ForeignKey("bundles.id"))
    """The email that carried it with others held for its address (:class:`BundleRow`)."""


class InboxRow(Base):
    """A message received for ``MAIL_DOMAIN`` (issue 18), stored before the sending server
    is told 250, then read by one job exactly once."""

    __tablename__ = "inbox"
    __table_args__ = (
        partial_index("ix_inbox_pending", "id", where="processed_at IS NULL"),
        partial_index("ix_inbox_email", "email_id", where="email_id IS NOT NULL"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_key: Mapped[str] = mapped_column(String(255), unique=True)
    """The message's Message-ID, or a digest of its bytes when it has none, and the address
    it was delivered to (:func:`service.mail.inbox.message_key`): a message delivered twice
    is stored once, one sent to two of our addresses once for each."""
    received_at: Mapped[datetime]
    mail_from: Mapped[str] = mapped_column(String(320))
    """The envelope sender, as the sending server gave it (``""`` for a bounce)."""
    rcpt_to: Mapped[str] = mapped_column(String(320))
    """The envelope recipient at ``MAIL_DOMAIN`` it was accepted for."""
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    client_ip: Mapped[str | None] = mapped_column(String(45))
    """The IP address of the server that handed the message over (issue 31): SMTP's peer,
    or ``POST /inbound/mime``'s ``ip``; None over LMTP (the peer is the MTA in front) and
    for messages stored before. SPF is checked against it."""
    claimed_at: Mapped[datetime | None]
    processed_at: Mapped[datetime | None]
    outcome: Mapped[str | None] = mapped_column(String(120))
    """What reading it did ("applied", "refused: ...", "ignored: auto-reply"...)."""
    game_id: Mapped[str | None] = mapped_column(String(16))
    seat: Mapped[str | None] = mapped_column(String(8))
    answer: Mapped[dict[str, Any] | None]
    """What the answer email says, written when the message is read."""
    email_id: Mapped[int | None]
    """The email of ours (:class:`EmailRow`) a delivery report or a complaint is about
    (issue 31 §2): named by the bounce address it came to, or by the one its returned
    original carries. No foreign key: the outbox names the inbox, the ledger the outbox."""


class UsedLinkRow(Base):
    """A consumed action link, so a reused link is told apart from a stale one."""

    __tablename__ = "used_links"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int]
    used_at: Mapped[datetime]


class PersonRow(Base):
    """A player across games, by email: how they want to hear about their turns."""

    __tablename__ = "people"

    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    notify: Mapped[str] = mapped_column(String(16), default="each")
    """'each' (an email every turn), 'digest' (one a day), 'none'."""
    digest_hour: Mapped[int] = mapped_column(Integer, default=7)
    """UTC hour of the daily digest."""
    next_digest_at: Mapped[datetime | None] = mapped_column(index=True)
    signed_out_before: Mapped[datetime | None]
    """Every desk sign-in issued before this moment is revoked ("sign out everywhere",
    issue 20). Kept on the row of the address in lower case, as the desk knows it."""


class SeatHolderRow(Base):
    """A player who held a seat before it was handed to a newcomer (issue 30): their name
    is kept here, beside the chain, rather than in the ``table.seat_claimed`` event, so the
    history still names them and forgetting them changes no event."""

    __tablename__ = "seat_holders"
    __table_args__ = (UniqueConstraint("game_id", "seat", "until_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seat: Mapped[str] = mapped_column(String(8))
    until_seq: Mapped[int]
    """The ``table.seat_claimed`` event that handed the seat on: they held it before."""
    email: Mapped[str | None] = mapped_column(String(320), index=True)
    """None when unknown (hand-overs recorded before issue 30) or forgotten."""
    name: Mapped[str] = mapped_column(String(120))
    left_at: Mapped[datetime | None]
    """When they asked to be forgotten: readers see "Player 2 (left)" for their stretch."""


class SignInRow(Base):
    """A sign-in to the desk (issue 20), named by the nonce of the link that made it: a link
    is good once, and a browser's sign-in stands while its row says so (signing out ends it
    here, so a copy of the cookie taken before is refused too). A row older than a sign-in
    lasts proves nothing more and may go."""

    __tablename__ = "sign_ins"

    nonce: Mapped[str] = mapped_column(String(32), primary_key=True)
    used_at: Mapped[datetime] = mapped_column(index=True)
    ended_at: Mapped[datetime | None]
    """When this browser signed out."""
    address: Mapped[str | None] = mapped_column(String(320), index=True)
    """Whose sign-in, as the desk knows the address (lower case): what a player's own copy
    of their data lists, and what forgetting them ends (issue 30). None for sign-ins made
    before, which end within :data:`service.play.signin.LASTS` anyway."""


class DigestRow(Base):
    """One daily digest per player and day, claimed before it is sent (sent once)."""

    __tablename__ = "digests"

    email: Mapped[str] = mapped_column(String(320), primary_key=True)
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]
    games: Mapped[int] = mapped_column(Integer, default=0)


class SeatOfferRow(Base):
    """A seat handed to a newcomer by the others' vote: the address stays out of the log."""

    __tablename__ = "seat_offers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seat: Mapped[str] = mapped_column(String(8))
    ballot: Mapped[int]
    proposed_by: Mapped[str] = mapped_column(String(8))
    email: Mapped[str | None] = mapped_column(String(320))
    """None once its newcomer was forgotten (migration 0009)."""
    name: Mapped[str] = mapped_column(String(120))
    created_at: Mapped[datetime]
    claimed_at: Mapped[datetime | None]

    __table_args__ = (UniqueConstraint("game_id", "ballot", "proposed_by"),)


class BlockedRow(Base):
    """An address or a whole domain the operator blocked (``pbem block``, issue 30): no
    email goes to it, and it is refused as a new player."""

    __tablename__ = "blocked"

    pattern: Mapped[str] = mapped_column(String(320), primary_key=True)
    """``local@domain`` or ``@domain`` (which covers its subdomains too), as
    :func:`service.play.blocklist.pattern` writes it: lower case, the domain in ASCII
    (punycode), so every spelling of one address is one pattern."""
    created_at: Mapped[datetime]


class EmailRow(Base):
    """Every email handed to the relay (issue 31): the ledger, one row per email.

    It is composed and DKIM-signed once, when it is first to be sent, and its bytes are
    kept until the relay takes them, so every retry sends the very same message. Its id is
    what its envelope sender, the bounce address ``bounce+<token>@MAIL_DOMAIN``
    (:mod:`service.links.bounces`), names: a delivery report about it finds it here, and
    its verdict is kept on it. docs/mail.md says what each column is for."""

    __tablename__ = "emails"
    __table_args__ = (
        partial_index("uq_emails_outbox", "outbox_id", where="outbox_id IS NOT NULL", unique=True),
        partial_index("uq_emails_key", "key", where="key IS NOT NULL", unique=True),
        # The emails of one address over an hour (issue 31 §3's flood cap) and over the
        # bounce window: an index range, however many emails others were sent.
        Index("ix_emails_address", "address_key", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    """The outbox row's kind (``invitation``, ``turn``, ``answer``...), else ``sign_in``,
    ``digest`` or ``address_check``."""
    outbox_id: Mapped[int | None] = mapped_column(ForeignKey("outbox.id"))
    """The outbox row it was composed for; None for an email no game step wrote."""
    key: Mapped[str | None] = mapped_column(String(64))
    """How a job without an outbox row finds its own earlier attempt: a digest of what the
    job was asked (the sign-in request, the day's digest of an address)."""
    game_id: Mapped[str | None] = mapped_column(String(16))
    seat: Mapped[str | None] = mapped_column(String(8))
    address: Mapped[str | None] = mapped_column(String(320))
    """The recipient, as it was given to the relay; None once its player is forgotten."""
    address_key: Mapped[str | None] = mapped_column(String(320))
    """The recipient as addresses are compared (:func:`service.addresses.normal`)."""
    message_id: Mapped[str] = mapped_column(String(255))
    raw: Mapped[bytes | None] = mapped_column(LargeBinary)
    """The signed bytes, until the relay has taken them (then None: an email's text is
    kept nowhere once sent)."""
    created_at: Mapped[datetime]
    """When it was composed and signed."""
    sent_at: Mapped[datetime | None]
    """When the relay took it."""
    verdict: Mapped[str | None] = mapped_column(String(16))
    """What came back: ``hard`` (a permanent failure), ``soft`` (a temporary one),
    ``complaint`` (its recipient called it spam), ``delivered`` (a report said so)."""
    verdict_at: Mapped[datetime | None]


class AddressRow(Base):
    """What mail that came back taught us about an address (issue 31 §2), by the address
    as addresses are compared (:func:`service.addresses.normal`)."""

    __tablename__ = "addresses"
    __table_args__ = (
        partial_index("ix_addresses_unreachable", "key", where="unreachable_at IS NOT NULL"),
    )

    key: Mapped[str] = mapped_column(String(320), primary_key=True)
    unreachable_at: Mapped[datetime | None]
    """Since when it receives nothing of ours: a permanent failure, or too many temporary
    ones. No email goes to it until its player gives an address that does."""
    complained_at: Mapped[datetime | None]
    """When its player called an email of ours spam (a feedback-loop report): no email
    goes to it until they ask for email again from their settings."""
    heard_at: Mapped[datetime | None]
    """Its newest sign of life: a move or reply from it, a sign-in, a delivery report, a
    new address confirmed. Temporary failures before it are forgiven."""
    acted_at: Mapped[datetime | None]
    """When its player first acted on an email of ours (issue 31 §3): a move, a reply, a
    sign-in, a form sent from a link. Until then it is a newcomer: after its invitation it
    gets one reminder at most, and whatever else is held until it acts. Addresses that held
    a seat before migration 0012 were taken as having acted."""
    invited_at: Mapped[datetime | None]
    """When the first email went to it while it had never acted: its invitation."""
    reminded_at: Mapped[datetime | None]
    """When the one reminder a newcomer gets went."""
    channels: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """How many working channels beside email the address has (issue 36): read with the
    row an email's job reads anyway, so a player without channels costs no query."""


class SuppressedRow(Base):
    """An address whose owner asked never to be emailed again (issue 31 §3): no email of
    any kind goes to it, and it is refused as a player. Kept as the SHA-256 of the address
    as compared (:func:`service.play.suppression.digest`), so that forgetting a player keeps
    their wish while keeping no address."""

    __tablename__ = "suppressed"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime]


class BenchRow(Base):
    """Rows written by the benchmark's baseline endpoint (enabled only for ``make bench``)."""

    __tablename__ = "bench_rows"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime]
