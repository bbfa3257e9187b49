"""Reading a reply and answering it (issue 18): the email is the interface.

:func:`read` runs inside the reading job's transaction (``workers.jobs.read_inbox``), once per
received message. Robots (RFC 3834 auto-replies, bounces, lists) are ignored and never
answered; an address we did not sign names no seat and is dropped unanswered (we would not
know whom to answer, and we never answer the sender); a sender who is not the seat's player
is refused with a warning to the SEAT's own address. Otherwise each meaningful line is option
codes (applied through :func:`service.play.moves.make_move`, as a link applies them) or a
table command (:func:`service.mail.reply_commands.run`), and one answer email says what happened.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import Message
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from engine import Move
from service import words
from service.addresses import normal
from service.config import Settings
from service.errors import Conflict, ServiceError
from service.links import bundles, decisions, replyto, tableseats
from service.links.decisions import Named, Verdict
from service.mail import (
    authenticity,
    filler,
    inbox,
    keywords,
    parsing,
    reading,
    reply_commands,
    tablereplies,
)
from service.mail import bounces as reports
from service.play import moves
from service.play.holders import seat_row
from service.present import codes
from service.store import eventstore, people
from service.store.eventstore import Loaded, now
from service.store.models import BundleRow, GameRow, InboxRow, OutboxRow
from service.words import _

log = logging.getLogger(__name__)

MAX_RAW = 4 * 1024 * 1024
"""Bytes of a message we read at all (the inbound server caps what it takes; this is the
reader's own bound)."""
QUOTE_LIMIT = 120
MESSAGE_ID = re.compile(r"<[\x21-\x3b\x3d\x3f-\x7e]{1,250}>")
"""A Message-ID we may echo in In-Reply-To: printable ASCII, no brackets inside, no space."""
UNCHECKED = _(
    "Your reply could not be checked: the DNS of your address's domain did not answer. "
    "Nothing was done; please reply again later."
)
NAME_THE_GAME = _(
    "This email is about several games: begin the line with its game's letter, as in B2 "
    "or B status."
)
ONE_GAME_A_LINE = _("One game a line, please: nothing was done with this line.")


def short_help() -> str:
    """The answer to a line that is neither codes nor a command (a code in a sentence, two
    numbers, prose): write the code alone, or a command, in the reader's words."""
    return str(
        words.text(
            _(
                "Write only an option's code on its own line, such as 1 or 2b (several codes "
                "on one line are played in order), or one of these commands: {commands}.",
                commands=keywords.named(keywords.IN_SHORT_HELP),
            )
        )
    )


def read(
    session: Session, settings: Settings, row: InboxRow, *, last_try: bool = True
) -> list[int]:
    """Act on the received message ``row``; the outbox ids to enqueue once committed.

    Read in the order of what each step costs (issue 31 §4): the recipient's token (an HMAC,
    no parse), then the headers alone (robots, the sender, DKIM and DMARC), then the number
    of MIME parts (one pass over the bytes), and only then the body. A check the DNS could
    not answer raises :class:`service.mail.authenticity.DnsUnavailable` for the job to read the
    message again later, unless this is its ``last_try``: then the seat is told its reply
    could not be checked, and nothing is played.

    The seat a reply address names is noted as soon as the token is read, whatever the
    message turns out to be (a robot's bounce holds the player's address too): forgetting a
    player finds it there (issue 30).

    A delivery report or a complaint about an email we sent is no reply: it is read by
    :mod:`service.mail.bounces` and never answered (issue 31 §2), before postmaster's mail is
    kept (a feedback loop may be registered at postmaster@)."""
    raw = bytes(row.raw or b"")
    rcpt = row.rcpt_to or ""
    if reports.concerns(settings, row):
        return reports.read(session, settings, row)
    if rcpt.rpartition("@")[0].casefold() == inbox.POSTMASTER:
        row.outcome = "kept: mail to postmaster"  # for the operator; never parsed or answered
        return []
    table_seat = tableseats.decode(settings.secret_key, rcpt)
    if table_seat is not None:  # an open table's email (issue 35 §1): no game's yet
        return _table_reply(session, settings, row, raw, table_seat, last_try)
    sections = None
    bundle_id = bundles.decode(settings.secret_key, rcpt)
    if bundle_id is not None:
        # An email of several games (issue 31 §3): its first game's seat stands for the
        # reader until each line names its own.
        sections = _sections(session, settings, bundle_id)
        address = next(iter(sections.values()), None)
    else:
        address = replyto.decode(settings.secret_key, rcpt)
    game = None if address is None else session.get(GameRow, address.game_id)
    loaded = None
    if address is not None and game is not None:
        loaded = eventstore.load(session, address.game_id)
        if address.seat_index < len(loaded.table.seats):
            row.game_id, row.seat = loaded.row.id, loaded.table.seats[address.seat_index]
    if len(raw) > MAX_RAW:
        row.outcome = "ignored: too large"
        return []
    if address is None or loaded is None or row.seat is None:
        row.outcome = "refused: bad address"
        return []
    head = _worth_reading(row, raw)
    if head is None:
        return []
    seat = row.seat
    if address.generation != loaded.table.generation(seat):
        # An address of the seat's earlier player: the seat's present player did not write.
        row.outcome = "refused: the seat has a new player"
        return []
    holder = seat_row(loaded.row, seat)
    if holder.left_at is not None:
        # Its player asked to be forgotten (issue 30): nothing of the message is kept.
        forget_message(row, "refused: the seat's player left")
        return []
    if seat in loaded.table.resigned:
        row.outcome = "refused: the seat's player resigned"  # they hear no more (issue 32)
        return []
    with words.speaking(holder.language, holder.time_zone):
        return _read(session, settings, row, raw, head, address, loaded, seat, last_try, sections)


def _worth_reading(row: InboxRow, raw: bytes) -> Message | None:
    """The message's headers when its body is worth reading: no robot's mail, not too many
    MIME parts (counted in one pass over the bytes); else None, the row's outcome saying
    why."""
    head = reading.head(raw)
    automatic = reading.robot(head, row.mail_from or "")
    if automatic is not None:
        row.outcome = f"ignored: {automatic}"[:120]
        return None
    if reading.too_many_parts(raw):
        row.outcome = "ignored: too many MIME parts"
        return None
    return head


def _table_reply(
    session: Session, settings: Settings, row: InboxRow, raw: bytes, seat_id: int, last_try: bool
) -> list[int]:
    """A reply to an open table's email, read in the same order of cost as a game's."""
    if len(raw) > MAX_RAW:
        row.outcome = "ignored: too large"
        return []
    head = _worth_reading(row, raw)
    if head is None:
        return []
    return tablereplies.read(
        session,
        settings,
        row,
        seat_id,
        head,
        raw,
        lambda email: _forged(settings, row, raw, head, email),
        last_try,
    )


def _sections(session: Session, settings: Settings, bundle_id: int) -> dict[str, replyto.ReplyTo]:
    """The sections of an email of several games, by letter: the reply address each game's
    own email would have had (:class:`service.store.models.BundleRow`)."""
    held = session.get(BundleRow, bundle_id)
    found: dict[str, replyto.ReplyTo] = {}
    for part in held.parts if held is not None else []:
        reply = part.get("reply")
        fields = replyto.decode(settings.secret_key, reply) if isinstance(reply, str) else None
        if fields is not None:
            found[str(part["letter"]).casefold()] = fields
    return found


def _forged(
    settings: Settings, row: InboxRow, raw: bytes, head: Message, seat_email: str
) -> str | None:
    """Why the reply is not the seat player's own (an outcome of :data:`FORGED`), or None.
    :class:`service.mail.authenticity.DnsUnavailable` when the DNS could not say."""
    if len(reading.fields(head, "From")) > 1:
        return SEVERAL_FROM  # RFC 5322 §3.6: one From field; never read as the first's
    if not authenticity.is_seat(seat_email, head, row.mail_from or ""):
        return NOT_THE_SEAT
    signed = authenticity.dkim_results(settings, raw, head)
    if authenticity.dkim_verdict(settings, head, signed) is False:
        return DKIM_FAILS
    disposition = authenticity.dmarc_verdict(
        settings, head, row.mail_from or "", row.client_ip, signed
    )
    return None if disposition is None else f"{DMARC_FAILS} ({disposition})"


def forget_message(row: InboxRow, outcome: str) -> None:
    """Keep no byte of a received message, nor its sender: only that it came and why it
    was not read (issue 30)."""
    row.raw, row.mail_from, row.client_ip, row.answer = b"", "", None, None
    row.outcome = outcome[:120]


@dataclass(frozen=True)
class _Target:
    """The game and seat a line of a reply plays in: the one its address names, or, in a
    reply to an email of several games, the one its letter names (issue 31 §3)."""

    address: replyto.ReplyTo
    game_id: str
    seat: str
    email: str
    letter: str | None = None


def _read(
    session: Session,
    settings: Settings,
    row: InboxRow,
    raw: bytes,
    head: Message,
    address: replyto.ReplyTo,
    loaded: Loaded,
    seat: str,
    last_try: bool,
    sections: dict[str, replyto.ReplyTo] | None = None,
) -> list[int]:
    holder = seat_row(loaded.row, seat)
    assert holder.email is not None
    received = reading.header(head, "Message-ID")
    answer: dict[str, Any] = {
        "in_reply_to": received if MESSAGE_ID.fullmatch(received) else None,
        "steps": [],
        "decision": True,
    }
    refused, warning = _refused_sender(
        session, settings, row, raw, head, holder.email, seat, last_try
    )
    if refused:
        if warning is None:
            return []  # one warning an hour: forged mail must not become a way to flood a seat
        answer["decision"] = False
        answer["warning"] = warning
        return [_answer(session, row, loaded, seat, answer)]
    # Before its sign of life: a reply of "stop" to a newcomer's invitation asks never to
    # be emailed again (issue 31 §3).
    first_contact = people.newcomer(session, holder.email)
    people.heard_from(session, holder.email)  # the seat's player wrote: a sign of life (issue 31)
    message = reading.body(raw)
    if message is None:  # counted above; never parsed
        row.outcome = "ignored: too many MIME parts"
        return []
    lines = reading.meaningful(reading.text(message))
    own = _Target(address, loaded.row.id, seat, holder.email)
    route = (lambda line: (own, line)) if sections is None else _router(session, own, sections)
    read = _Reading(session, settings, sections, first_contact, answer)
    for number, line in enumerate(lines):
        if not read.line(route, number, line, lines[number + 1 :]):
            break
    if not lines:
        read.steps.append({"line": "", "ok": False, "said": [words.text(_help(sections))]})
        read.outcome = "refused: empty reply"
    row.outcome = read.outcome
    if sections is not None:
        # The answer is an email of several games too: those the reply touched, else all.
        shown = read.touched or [own]
        answer["sections"] = [
            {"letter": t.letter or "A", "game": t.game_id, "seat": t.seat} for t in shown
        ]
    loaded = eventstore.load(session, loaded.row.id)
    if seat in loaded.table.resigned:
        answer["decision"] = False  # they resigned: nothing of the game is theirs to decide
    return [_answer(session, row, loaded, seat, answer), *read.outbox_ids]


def _refused_sender(
    session: Session,
    settings: Settings,
    row: InboxRow,
    raw: bytes,
    head: Message,
    email: str,
    seat: str,
    last_try: bool,
) -> tuple[bool, str | None]:
    """Whether the reply is refused as not its seat's player's (the inbox row's outcome says
    why), and the warning its answer gives (None: no answer at all)."""
    given = authenticity.sender(head) or reading.header(head, "From")
    try:
        forged = _forged(settings, row, raw, head, email)
    except authenticity.DnsUnavailable as exc:
        if not last_try:
            raise
        log.warning("inbox #%s: gave up checking the sender: %s", row.id, exc)
        row.outcome = "refused: sender could not be checked"
        return True, words.text(UNCHECKED)
    if forged is None:
        return False, None
    row.outcome = forged
    if _warned_lately(session, row, seat):
        return True, None
    return True, words.text(
        _(
            "Someone tried to play for you by email from {sender}; nothing was done. "
            "If it was you, reply from this address.",
            sender=_quote(given or "?"),
        )
    )


@dataclass
class _Reading:
    """A reply's lines read so far: each line's step in the answer, the outbox rows its
    moves and commands wrote, the games it touched, and how it ended."""

    session: Session
    settings: Settings
    sections: dict[str, replyto.ReplyTo] | None
    first_contact: bool
    answer: dict[str, Any]
    outbox_ids: list[int] = field(default_factory=list)
    touched: list[_Target] = field(default_factory=list)
    outcome: str = "answered"
    first_codes: set[str | None] = field(default_factory=set)

    @property
    def steps(self) -> list[dict[str, Any]]:
        steps: list[dict[str, Any]] = self.answer["steps"]
        return steps

    def line(
        self,
        route: Callable[[str], tuple[_Target, str] | str],
        number: int,
        line: str,
        below: Sequence[str] = (),
    ) -> bool:
        """Read one line; False once the reply's reading stops there. ``below``: the lines
        after it, the rest of a note begun on this line (issue 35 §3)."""
        routed = route(line)
        if isinstance(routed, str):
            self.steps.append({"line": _quote(line), "ok": False, "said": [routed], "letter": None})
            self.outcome = "refused: no game named"
            return False
        target, said_line = routed
        if target not in self.touched:
            self.touched.append(target)
        step: dict[str, Any] = {"line": _quote(line), "letter": target.letter}
        if parsing.runs_on(said_line):
            # A note or talk is the rest of the reply: no line below it is read.
            self.command(target, step, said_line, below)
            return False
        found = codes.read(said_line)
        if found is None and number == 0:
            # Issue 32: "２です", "Option 2 please": one code and polite filler, first line only.
            polite = filler.code_in(said_line)
            found = None if polite is None else [polite]
        if found is None:
            # Issue 35 §2: words that open a reply and are no code or command are table
            # talk, with the lines below them; a lone word still gets the help, and so do
            # words to an email that asks for a confirmation ("yes, I am sure" is no talk).
            prose = not self.steps and not target.address.asks and parsing.prose(said_line)
            return self.command(target, step, said_line, below if prose else (), prose=prose)
        return self.codes(target, step, found)

    def command(
        self,
        target: _Target,
        step: dict[str, Any],
        said_line: str,
        below: Sequence[str] = (),
        *,
        prose: bool = False,
    ) -> bool:
        said = reply_commands.run(
            self.session, self.settings, target.game_id, target.seat, target.address.generation,
            target.email, said_line, asks=target.address.asks, first_contact=self.first_contact,
            more=below, prose=prose,
        )  # fmt: skip
        if said is None:
            if self.steps:
                return False  # prose or a signature below what the player asked: not a command
            self.steps.append({**step, "ok": False, "said": [words.text(_help(self.sections))]})
            self.outcome = "refused: not understood"
            return False
        self.steps.append({**step, "ok": said.ok, "said": said.text.splitlines()})
        self.outbox_ids += said.outbox_ids
        if said.asks:
            self.answer["asks"] = said.asks  # the answer's reply address asks to confirm
        self.outcome = "command" if said.ok else "refused: command"
        return said.ok

    def codes(self, target: _Target, step: dict[str, Any], found: list[str]) -> bool:
        said_lines: list[str] = []
        stop = False
        for code in found:
            first = target.letter not in self.first_codes
            self.first_codes.add(target.letter)
            done, text, ids = _play(
                self.session, self.settings, target.game_id, target.seat, target.address, code,
                first,
            )  # fmt: skip
            said_lines += text
            self.outbox_ids += ids
            if not done:
                self.outcome, stop = "refused: code", True
                break
            self.outcome = "applied"
        self.steps.append({**step, "ok": not stop, "said": said_lines})
        return not stop


def _help(sections: dict[str, replyto.ReplyTo] | None) -> Any:
    """What a reply not understood is told: the commands, and in a reply to an email of
    several games, to name the game."""
    if sections is None or len(sections) < 2:
        return short_help()
    return NAME_THE_GAME


PERSONAL = frozenset({"away", "digest", "each", "none", "help"})
"""Commands that act for the player in all their games alike: a reply to an email of
several games may give them without a game's letter."""
LETTER = re.compile(r"([a-z]{1,2})(?:\s*[:.)\-]\s*|\s+)(.+)", re.DOTALL | re.IGNORECASE)
"""A game's letter and a command after it (``B status``, ``b: nudge Ann``)."""


def _router(
    session: Session, own: _Target, sections: dict[str, replyto.ReplyTo]
) -> Callable[[str], tuple[_Target, str] | str]:
    """How each line of a reply to an email of several games finds its game: by the
    letter written before its codes (``B2``, ``B 2 3a``, ``b2 b3``) or its command (``B
    status``); a line without one goes to the only game there is, or, for a command that
    acts in every game alike (``stop``, ``away``...), to the first; else it is refused,
    saying how to name the game."""
    single = len(sections) == 1
    first = next(iter(sections))
    targets: dict[str, _Target | str] = {}

    def target(letter: str) -> _Target | str:
        if letter not in targets:
            targets[letter] = _section_target(session, own, letter, sections.get(letter))
        return targets[letter]

    def route(line: str) -> tuple[_Target, str] | str:
        lettered = codes.read_lettered(line)
        if lettered is not None:
            letters = {mark or (first if single else None) for mark, _code in lettered}
            if None in letters:
                return words.text(NAME_THE_GAME)
            if len(letters) > 1:
                return words.text(ONE_GAME_A_LINE)
            found = target(letters.pop() or first)
            if isinstance(found, str):
                return found
            return found, " ".join(code for _mark, code in lettered)
        command = parsing.parse(line)
        if command is not None:
            if single or command[0] in PERSONAL:
                found = target(first)
                return found if isinstance(found, str) else (found, line)
            return words.text(NAME_THE_GAME)
        match = LETTER.fullmatch(unicodedata.normalize("NFKC", line).strip())
        if match is not None and match.group(1).casefold() in sections:
            found = target(match.group(1).casefold())
            return found if isinstance(found, str) else (found, match.group(2).strip())
        found = target(first)
        return found if isinstance(found, str) else (found, line)

    return route


def _section_target(
    session: Session, own: _Target, letter: str, address: replyto.ReplyTo | None
) -> _Target | str:
    """Section ``letter``'s game and seat, or why a line cannot play there: no such
    section, or its seat is no longer its reader's (handed on, or the reader left)."""
    shown = letter.upper()
    if address is None:
        return words.text(_("That email has no game {letter}.", letter=shown))
    if session.get(GameRow, address.game_id) is None:
        return words.text(_("That email has no game {letter}.", letter=shown))
    loaded = eventstore.load(session, address.game_id)
    if address.seat_index >= len(loaded.table.seats):
        return words.text(_("That email has no game {letter}.", letter=shown))
    seat = loaded.table.seats[address.seat_index]
    holder = seat_row(loaded.row, seat)
    if (
        address.generation != loaded.table.generation(seat)
        or holder.email is None
        or normal(holder.email) != normal(own.email)
    ):
        return words.text(
            _("Game {letter} has another player in your seat now: nothing was done.", letter=shown)
        )
    return _Target(address, loaded.row.id, seat, holder.email, shown)


def _play(
    session: Session,
    settings: Settings,
    game_id: str,
    seat: str,
    address: replyto.ReplyTo,
    code: str,
    first: bool,
) -> tuple[bool, list[str], list[int]]:
    """Apply one code: (done, what to say, outbox ids). The first code of a reply is read
    against the decision the reply's address names; each next one against the seat's
    decision after the previous code (its codes renumbered for it)."""
    loaded = eventstore.load(session, game_id)
    current = decisions.named(loaded, seat)
    if first:
        # A reply to an older email of the seat: its codes fit only while the decision it
        # offered is still the seat's (the address carries where it began and its digest).
        named = Named(
            address.turn_seq,
            address.began,
            current.digest if address.fits(current.digest) else address.digest,
        )
    else:
        named = current
    verdict = decisions.judge(loaded, seat, named)
    if verdict is Verdict.OVER:
        return False, [words.text(_("The game is over: nothing was played."))], []
    if verdict is Verdict.NOT_YOURS:
        return False, [words.text(_("It is not your turn: {code} was not played.", code=code))], []
    if verdict is Verdict.STALE:
        return (
            False,
            [
                words.text(
                    _(
                        "The game has moved on since that email: {code} was not played. "
                        "Your decision now is below.",
                        code=code,
                    )
                )
            ],
            [],
        )
    options = loaded.game.legal_moves(loaded.state, seat)
    chosen = codes.find(codes.assign(options, loaded.row.game), code)
    if chosen is None:
        said = _("There is no option {code} in this decision: nothing was played.", code=code)
        return False, [words.text(said)], []
    if isinstance(chosen, codes.Group):
        listed = [f"  {o.code}  {words.text(loaded.game.describe(loaded.state, o.move))}"
                  for o in chosen.options]  # fmt: skip
        said = _("Group {code} holds these options; reply with one of their codes:", code=code)
        return False, [words.text(said), *listed], []
    return _move(session, settings, loaded, seat, address.generation, named, chosen, code)


def _move(
    session: Session,
    settings: Settings,
    loaded: Loaded,
    seat: str,
    generation: int,
    named: Named,
    move: Move,
    code: str,
) -> tuple[bool, list[str], list[int]]:
    label = words.text(loaded.game.describe(loaded.state, move))
    try:
        # A savepoint: a refused move leaves nothing behind in the reading's transaction.
        with session.begin_nested():
            applied = moves.make_move(
                session, loaded.row.id, seat, named, move, None, settings.snapshot_every,
                generation=generation,
            )  # fmt: skip
    except Conflict:
        raise  # another writer, again and again: the job's retry reads the message anew
    except ServiceError as exc:
        said = _("{code} ({label}) was not played: {reason}", code=code, label=label,
                 reason=exc.message)  # fmt: skip
        return False, [words.text(said)], []
    played = words.text(_("Played {code}: {label}.", code=code, label=label))
    return True, [played], applied.outbox_ids


def _quote(line: str) -> str:
    """A player's line as we echo it: one line, short, nothing invisible kept."""
    flat = " ".join("".join(c if c.isprintable() else " " for c in line).split())
    return flat if len(flat) <= QUOTE_LIMIT else flat[: QUOTE_LIMIT - 1] + "…"


NOT_THE_SEAT = "refused: sender is not the seat's player"
SEVERAL_FROM = "refused: several From fields"
DKIM_FAILS = "refused: DKIM signature does not verify"
DMARC_FAILS = "refused: DMARC policy of the sender's domain"
FORGED = (
    NOT_THE_SEAT,
    SEVERAL_FROM,
    DKIM_FAILS,
    f"{DMARC_FAILS} (quarantine)",
    f"{DMARC_FAILS} (reject)",
)
WARN_EVERY = timedelta(hours=1)
"""A seat is warned of mail forged in its name at most this often."""


def _warned_lately(session: Session, row: InboxRow, seat: str) -> bool:
    """Whether another forged message for this seat was refused, and so warned of, lately."""
    return bool(
        session.scalar(
            select(func.count())
            .select_from(InboxRow)
            .where(
                InboxRow.game_id == row.game_id,
                InboxRow.seat == seat,
                InboxRow.id != row.id,
                InboxRow.outcome.in_(FORGED),
                InboxRow.received_at > now() - WARN_EVERY,
            )
        )
    )


def _answer(
    session: Session, row: InboxRow, loaded: Loaded, seat: str, answer: dict[str, Any]
) -> int:
    """The answer's outbox row (one per received message), its words kept on ``row``."""
    row.answer = answer
    outbox = OutboxRow(
        game_id=loaded.row.id,
        seq=loaded.row.last_seq,
        seat=seat,
        kind="answer",
        created_at=now(),
        attempts=0,
        inbox_id=row.id,
    )
    session.add(outbox)
    session.flush()
    return outbox.id
